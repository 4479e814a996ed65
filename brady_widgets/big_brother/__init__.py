"""Big Brother: The Game: engine (``rules``), content, odds and invariants, and its
widget (``widget``, the house board in a notebook).

The game is declared here (``GAME``); the lead lists it in ``engine/registry.py``'s
``GAME_PACKAGES``. The bots (``bots.BOTS``), the tutorial positions and the lessons'
exercises are separate modules of this folder.
"""

from ..engine.registry import GameEntry

GAME = GameEntry(
    "big_brother",
    package=__name__,
    engine=".rules:BigBrother",
    presenter=".presenter:BigBrotherPresenter",
    widget=".widget:BigBrotherWidget",
    bots=".bots:BOTS",
    invariants=".invariants",
    positions=".positions",
    exercises=".exercises:EXERCISES",
    view="big_brother",
    secrets=".text:secrets",
    options=".options:OPTIONS",
)
