"""The engine kernel shared by every game."""

from .errors import ERROR_CODES, IllegalAction
from .game import Game
from .registry import games, load_game

__all__ = ["ERROR_CODES", "Game", "IllegalAction", "games", "load_game"]
