"""Total Black: Brouhaha's variant for up to 42 players in the dark, as a game of its own.

The engine is :class:`brady_widgets.brouhaha.total_black.TotalBlack` (the lesson's,
unchanged: its RNG streams are the notebook's); :mod:`.rules` registers it under the
name ``total_black`` with durations a class can play at (a round of bumps lasts 3 s
by default instead of the lesson's 1 s). A table of up to 42 phones plays it on the
rooms server: each player sees only its own card and cry, the cry it heard in this
round's bump, a Hold button, the pairs found and the round's countdown.
"""

from ..engine.registry import GameEntry

GAME = GameEntry(
    "total_black",
    package=__name__,
    engine=".rules:TotalBlack",
    presenter=".presenter:TotalBlackPresenter",
    widget=".widget:TotalBlackWidget",
    bots=".bots:BOTS",
    invariants=".invariants",
    fields=".fields:simulation_fields",
    positions=".positions",
    view="total_black",
    secrets=".text:secrets",
    options=".options:OPTIONS",
)
