"""The game registry: every game registers itself under a short name."""

from __future__ import annotations

import importlib

# name -> "module:Class"; modules are imported only when a game is asked for,
# so ``import brady_widgets`` stays light.
_GAMES: dict[str, str] = {
    "costume_party": "brady_widgets.costume_party.rules:CostumeParty",
    "brady_bunch": "brady_widgets.brady_bunch.rules:BradyBunch",
}


def games() -> dict:
    """Return ``{name: GameClass}`` for every game in the package."""
    return {name: load_game(name) for name in _GAMES}


def load_game(name: str):
    """Return the engine class registered as ``name``."""
    try:
        target = _GAMES[name]
    except KeyError:
        raise KeyError(f"no game named {name!r}; known games: {sorted(_GAMES)}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)
