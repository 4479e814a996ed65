"""Snap race bots. They see only ``(view, legal)`` and their own seeded RNG.

A real-time bot answers ``plan(view, legal)``: an action (act now),
``Later(ms, action)`` (act ``ms`` from now: its reaction time) or ``None``
(wait); :class:`brady_widgets.scheduler.Scheduler` asks again after every step
of the game. ``choose(view, legal)`` gives one legal action at once, for code
that only calls ``choose``.

Reaction times are measured from the moment a bot first sees a situation (a
window, a new top card): it answers the same ``Later(reaction, action)`` every
time it is asked about it, and the Scheduler keeps a plan already under way
(same action, not later), so asking again does not restart the reaction. The
Scheduler asks every bot after every step, so on virtual time with no settle lag
a bot first sees a window at the moment it opens; with a lag of ``lag`` ms (a
notebook widget) a deadline's outcome, a flip, is applied and shown ``lag`` ms
after its game time, and a bot, like a person, reacts from then.
"""

from __future__ import annotations

import random

from brady_widgets.scheduler import Later

SLAP = {"type": "slap"}
#: ``steady``'s reaction time to a window, in ms (a browser test relies on it)
STEADY_MS = 1000
#: ``reflex``'s reaction times, in ms (uniform, whole ms)
REFLEX_MS = (250, 700)


class RandomBot:
    """Plans a random legal action at a random delay, or sometimes waits."""

    name = "random"

    def __init__(self, seat, seed):
        self.seat = seat
        self.rng = random.Random(f"toy_snap:{seat}:{seed}")

    def choose(self, view, legal):
        return self.rng.choice(legal)

    def plan(self, view, legal):
        if not legal or self.rng.random() < 0.3:
            return None
        return Later(self.rng.randint(0, 2000), self.rng.choice(legal))


class ReflexBot(RandomBot):
    """Slaps every window after a seeded reaction time (250..700 ms, drawn once per
    window); plays a hand card that matches the top of the pile after a reaction
    time drawn once per card put on the pile."""

    name = "reflex"

    def __init__(self, seat, seed):
        super().__init__(seat, seed)
        self._seen = None  # the situation its current reaction time was drawn for
        self._react = 0

    def _reaction(self, key):
        if key != self._seen:
            self._seen, self._react = key, self.rng.randint(*REFLEX_MS)
        return self._react

    def plan(self, view, legal):
        window = view["window"]
        if window is not None:
            if SLAP not in legal:
                return None
            return Later(self._reaction(("window", window["opened_at"])), SLAP)
        top = view["top"]
        want = {"type": "play", "card": top}
        if top is None or want not in legal:
            return None
        return Later(self._reaction(("top", view["stream"])), want)

    def choose(self, view, legal):
        want = {"type": "play", "card": view["top"]}
        for action in (SLAP, want):
            if action in legal:
                return action
        return self.rng.choice(legal)


class SteadyBot(RandomBot):
    """Slaps exactly ``STEADY_MS`` (1000 ms) after it sees a window open (on virtual
    time with no settle lag: 1000 ms after ``opened_at``); never plays a card. It
    does not try when the window is not longer than that."""

    name = "steady"

    def plan(self, view, legal):
        window = view["window"]
        if window is None or SLAP not in legal or window["closes_at"] - window["opened_at"] <= STEADY_MS:
            return None
        return Later(STEADY_MS, SLAP)

    def choose(self, view, legal):
        return SLAP if SLAP in legal else legal[0]


BOTS = {"random": RandomBot, "reflex": ReflexBot, "steady": SteadyBot}
