"""brady_widgets: four party and board games as live Jupyter widgets.

``brady_widgets.games()`` lists the engines; each game's widget is importable
from ``brady_widgets`` (``CostumePartyWidget``, ``BradyBunchWidget``) and loads only when first used.
"""

from .engine import Game, IllegalAction, games, load_game

__version__ = "0.1.0"

_LAZY = {
    "GameWidget": "brady_widgets.widget:GameWidget",
    "CostumePartyWidget": "brady_widgets.costume_party.widget:CostumePartyWidget",
    "CostumeParty": "brady_widgets.costume_party.rules:CostumeParty",
    "BradyBunchWidget": "brady_widgets.brady_bunch.widget:BradyBunchWidget",
    "BradyBunch": "brady_widgets.brady_bunch.rules:BradyBunch",
    "simulate": "brady_widgets.simulation:simulate",
}

__all__ = ["Game", "IllegalAction", "games", "load_game", "__version__", *_LAZY]


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        module, _, attr = _LAZY[name].partition(":")
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'brady_widgets' has no attribute {name!r}")
