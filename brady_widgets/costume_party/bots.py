"""Bots for Costume Party Detective.

A bot is given only its seat's ``view`` and the list of ``legal`` actions, never
the engine, and returns one of the legal actions. Its choices depend only on
those and on its own seeded random generator.
"""

from __future__ import annotations

import random


class Bot:
    """Base bot: ``choose(view, legal) -> action``."""

    name = "bot"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(f"{self.name}:{seed}:{seat}")

    def choose(self, view: dict, legal: list[dict]) -> dict:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        return self.rng.choice(legal)


BOTS = {"random": RandomBot}
