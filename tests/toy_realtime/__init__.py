"""Snap race: a toy real-time game that lives outside brady_widgets, to prove the
engine's time layer (clock, deadlines, races, the one Scheduler) on one folder.

``tests/test_toy_realtime.py`` adds it with one ``register(GAME)`` call.
The rules are in :mod:`.rules`.
"""

from brady_widgets.engine.registry import GameEntry

GAME = GameEntry(
    "toy_snap",
    package=__name__,
    engine=".rules:SnapGame",
    presenter=".presenter:SnapPresenter",
    widget=".widget:SnapWidget",
    bots=".bots:BOTS",
    invariants=".invariants",
    fields=".fields:simulation_fields",
    view="generic",
    options=".options:OPTIONS",
)
