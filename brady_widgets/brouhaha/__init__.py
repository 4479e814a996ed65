"""Brouhaha: a real-time card game of animal cries (issue 9), on the kernel's clock.

The rules are in :mod:`.rules` (engine), the cards in :mod:`.content`, the Total
Black variant in :mod:`.total_black`; docs/brouhaha.md says every choice the
rulebook leaves open.
"""

from ..engine.registry import GameEntry

GAME = GameEntry(
    "brouhaha",
    package=__name__,
    engine=".rules:Brouhaha",
    presenter=".presenter:BrouhahaPresenter",
    widget=".widget:BrouhahaWidget",
    bots=".bots:BOTS",
    invariants=".invariants",
    fields=".fields:simulation_fields",
    positions=".positions",
    exercises=".exercises:EXERCISES",
    view="brouhaha",
    secrets=".text:secrets",
    options=".options:OPTIONS",
)
