"""The Brady Bunch Party Game: engine (``rules``), bots, odds, widget, lesson positions.

This module only declares the game to the registry (strings, nothing imported):
``import brady_widgets`` stays light, and each part loads when first used.
"""

from ..engine.registry import GameEntry

GAME = GameEntry(
    "brady_bunch",
    package=__name__,
    engine=".rules:BradyBunch",
    presenter=".presenter:BradyBunchPresenter",
    widget=".widget:BradyBunchWidget",
    bots=".bots:BOTS",
    invariants=".invariants",
    positions=".positions",
    exercises=".exercises:EXERCISES",
    view="brady_bunch",
    view_root=".bw-brady",
    secrets=".text:secrets",
    options=".options:OPTIONS",
)
