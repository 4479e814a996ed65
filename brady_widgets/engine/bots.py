"""The base class of every game's bots.

A bot is built as ``Cls(seat, seed)`` and asked ``bot.choose(view, legal)``: it
sees only its seat's view and legal actions, never the engine, and draws its
randomness from its own seeded ``random.Random``.
"""

from __future__ import annotations

import random


class Bot:
    """Base bot: ``choose(view, legal) -> action``."""

    name = "bot"
    #: True promises: with exactly one legal action ``choose`` returns it, draws nothing
    #: and keeps nothing from the question, so a turn-based scheduler may take that forced
    #: move without asking (``scheduler.py``, "Forced moves"). A bot that draws to pick
    #: from one action (``rng.choice`` of a 1-element list does) must leave it False.
    forced_move_is_free = False
    #: begins the bot's RNG seed string, so bots of different games draw differently
    seed_prefix = ""

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(f"{self.seed_prefix}{self.name}:{seed}:{seat}")

    def choose(self, view: dict, legal: list[dict]) -> dict:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat} seed={self.seed}>"
