"""The engine kernel shared by every game."""

from .errors import ERROR_CODES, IllegalAction
from .game import FrozenAction, FrozenEvent, FrozenList, Game, LegalList
from .registry import (
    GameEntry,
    game_entry,
    games,
    load_bots,
    load_fields,
    load_game,
    load_invariants,
    load_positions,
    load_widget,
    register,
    unregister,
)

__all__ = [
    "ERROR_CODES",
    "FrozenAction",
    "FrozenEvent",
    "FrozenList",
    "Game",
    "GameEntry",
    "IllegalAction",
    "LegalList",
    "game_entry",
    "games",
    "load_bots",
    "load_fields",
    "load_game",
    "load_invariants",
    "load_positions",
    "load_widget",
    "register",
    "unregister",
]
