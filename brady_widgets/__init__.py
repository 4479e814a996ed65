"""brady_widgets: party and board games as live Jupyter widgets.

``brady_widgets.games()`` lists the engines of the registered games. Each game's
engine and widget classes (and any other names its ``GameEntry`` exports) are
importable from ``brady_widgets`` and load only when first used.
"""

from .engine import Game, GameEntry, IllegalAction, games, load_game, register, unregister
from .engine import registry as _registry

__version__ = "0.1.0"

_SHARED = {
    "GameWidget": "brady_widgets.widget:GameWidget",
    "simulate": "brady_widgets.simulation:simulate",
    "check": "brady_widgets.exercises:check",
}

__all__ = [
    "Game",
    "GameEntry",
    "IllegalAction",
    "games",
    "load_game",
    "register",
    "unregister",
    "__version__",
    *_SHARED,
    *_registry.exports(),
]


def __getattr__(name: str):
    target = _SHARED.get(name) or _registry.export_target(name)
    if target is None:
        raise AttributeError(f"module 'brady_widgets' has no attribute {name!r}")
    value = _registry.load_target(target)
    if name in _SHARED:  # a game's exports follow the registry (register/unregister)
        globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_SHARED) | set(_registry.exports()))
