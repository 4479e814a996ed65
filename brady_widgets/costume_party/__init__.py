"""Costume Party Detective: engine (``rules``), bots, odds, widget, lesson positions.

This module only declares the game to the registry (strings, nothing imported):
``import brady_widgets`` stays light, and each part loads when first used.
"""

from ..engine.registry import GameEntry

GAME = GameEntry(
    "costume_party",
    package=__name__,
    engine=".rules:CostumeParty",
    presenter=".presenter:CostumePartyPresenter",
    widget=".widget:CostumePartyWidget",
    bots=".bots:BOTS",
    invariants=".invariants",
    fields=".fields:simulation_fields",
    positions=".positions",
    exercises=".exercises:EXERCISES",
    view="costume_party",
    view_root=".bw-costume",
    secrets=".text:secrets",
    options=".options:OPTIONS",
)
