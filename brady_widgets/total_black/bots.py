"""Total Black bots: they hear only their own view (their card's cry, the cry of this
round's bump) and hold hands or not.

``hold`` holds, at once, iff the cry it heard equals its own
(:class:`brady_widgets.brouhaha.bots.TBHoldBot`, the lesson's bot: with shared cries a
look-alike's cry sounds the same, so it may hold a stranger's hand). ``sloppy`` is a
person in the dark: it reacts after a seeded time (``REACT_MS``, never past the round)
and errs with chance ``ERR`` each round (holds at a cry not its own, or lets its own
go by). ``random`` holds in half of its rounds, whatever it heard. Each decision is drawn once per round from the bot's own seeded RNG, so the
same seed and the same actions give the same game.
"""

from __future__ import annotations

import random

from ..brouhaha.bots import TBHoldBot
from ..scheduler import Later

HOLD = {"type": "hold"}
#: ``sloppy``'s reaction time to a bump, in ms (uniform, whole ms)
REACT_MS = (300, 1500)
#: ``sloppy``'s chance to get a round wrong
ERR = 0.15


class SloppyBot:
    """Holds iff the cry heard equals its own, except in a seeded ``ERR`` of the rounds
    (then the other way round), after a seeded reaction time within the round."""

    name = "sloppy"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(f"total_black:sloppy:{seat}:{seed}")
        self._drawn_for: tuple | None = None  # the moment (see _moment) its plan was drawn for
        self._plan: tuple[bool, int] = (False, 0)

    @staticmethod
    def _moment(view: dict) -> tuple:
        """What a round's decision is drawn for: the round, what it heard and its own card
        and cry. A view of another game (a bot moved to another table, a replay) that is
        at the same round number is another moment: it decides afresh, never on what it
        heard at the last table."""
        return (view.get("round"), view.get("heard"), view.get("my_cry"), view.get("my_card"))

    def _decide(self, view: dict) -> tuple[bool, int]:
        """This moment's plan, drawn once for it: (hold, reaction time)."""
        moment = self._moment(view)
        if moment != self._drawn_for:
            self._drawn_for = moment
            self._plan = self._draw(view)
        return self._plan

    def _draw(self, view: dict) -> tuple[bool, int]:
        same = view.get("heard") is not None and view.get("heard") == view.get("my_cry")
        wrong = self.rng.random() < ERR
        return (same != wrong, self.rng.randint(*REACT_MS))

    def plan(self, view: dict, legal: list):
        if HOLD not in legal:
            return None
        hold, react = self._decide(view)
        if not hold:
            return None
        ends, now = view.get("round_ends"), view.get("clock")
        if isinstance(ends, int) and isinstance(now, int):
            react = max(0, min(react, ends - now - 1))
        return Later(react, HOLD)

    def choose(self, view: dict, legal: list) -> dict:
        return legal[0]


class RandomBot(SloppyBot):
    """Holds hands in a seeded half of its rounds, whatever it heard, after a seeded
    reaction time within the round (a baseline: it finds its partner only by luck)."""

    name = "random"

    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self.rng = random.Random(f"total_black:random:{seat}:{seed}")

    def _draw(self, view: dict) -> tuple[bool, int]:
        return (self.rng.random() < 0.5, self.rng.randint(*REACT_MS))

    def choose(self, view: dict, legal: list) -> dict:
        return self.rng.choice(legal)


BOTS = {"random": RandomBot, "hold": TBHoldBot, "sloppy": SloppyBot}
