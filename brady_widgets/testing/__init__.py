"""Testing tools for brady_widgets games, importable from any test or notebook.

* :mod:`.conformance`: the conformance kit every game engine must pass (random
  playouts, invariants, JSON round trip, determinism, the leak test, bots see only
  views, malformed-action fuzz). Start with :func:`check_game`.

This package is the shared kit only and names no game. A game's own test and
lesson helpers live in its folder: its invariants (the ``INVARIANTS`` list of
``<game>/invariants.py``, found through the registry by :func:`invariants_for`; a game
imports nothing from this kit) and its position builders
(``<game>/positions.py``, :func:`brady_widgets.engine.registry.load_positions`).
"""

from .conformance import (
    ConformanceError,
    LeakStats,
    Report,
    Ticker,
    ValuePools,
    all_views,
    bot_choose,
    bot_playout,
    bots_for,
    check_bots,
    check_determinism,
    check_game,
    check_invariants,
    check_leaks,
    check_legal_is_the_truth,
    check_private_steps,
    check_round_trip,
    check_view_snapshot,
    fuzz_malformed,
    generic_invariants,
    invariants_for,
    malformed_cases,
    random_playout,
    widget_state,
)

__all__ = [
    "ConformanceError",
    "LeakStats",
    "Report",
    "Ticker",
    "ValuePools",
    "all_views",
    "bot_choose",
    "bot_playout",
    "bots_for",
    "check_bots",
    "check_determinism",
    "check_game",
    "check_invariants",
    "check_leaks",
    "check_legal_is_the_truth",
    "check_private_steps",
    "check_round_trip",
    "check_view_snapshot",
    "fuzz_malformed",
    "generic_invariants",
    "invariants_for",
    "malformed_cases",
    "random_playout",
    "widget_state",
]
