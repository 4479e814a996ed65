"""Swap: a toy game that lives outside brady_widgets, to prove "one game, one folder".

Everything the shared code needs to know about it is this one entry;
``tests/test_registry.py`` adds it with one ``register(GAME)`` call and gets the
conformance kit, ``simulate`` rows with its own fields and a working widget.
"""

from brady_widgets.engine.registry import GameEntry

GAME = GameEntry(
    "toy_swap",
    package=__name__,
    engine=".rules:SwapGame",
    presenter=".presenter:SwapPresenter",
    widget=".widget:SwapWidget",
    bots=".bots:BOTS",
    invariants=".invariants",
    fields=".fields:simulation_fields",
    view="generic",
    options=".options:OPTIONS",
)
