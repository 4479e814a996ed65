"""Testing tools for brady_widgets games, importable from any test or notebook.

* :mod:`.conformance`: the conformance kit every game engine must pass (random
  playouts, invariants, JSON round trip, determinism, the leak test, bots see only
  views, malformed-action fuzz). Start with :func:`check_game`.
* :mod:`.positions`: :func:`position` builds a Costume Party position (who is
  where, who is who, the deck, then scripted steps with forced dice) for tests
  and lessons.
* :mod:`.brady_positions`: :func:`brady_position` builds a Brady Bunch position
  (the hands, the top of the deck, then scripted steps with forced Snoop cards)
  for tests and lessons.
* :mod:`.brady_bunch`: the Brady Bunch invariants (registered on import).
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
    check_round_trip,
    check_view_snapshot,
    fuzz_malformed,
    generic_invariants,
    invariants_for,
    malformed_cases,
    random_playout,
    register_invariants,
    widget_state,
)
from .brady_positions import brady_deal, brady_play, brady_position
from .positions import make_deal, play, position

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
    "brady_deal",
    "brady_play",
    "brady_position",
    "check_bots",
    "check_determinism",
    "check_game",
    "check_invariants",
    "check_leaks",
    "check_legal_is_the_truth",
    "check_round_trip",
    "check_view_snapshot",
    "fuzz_malformed",
    "generic_invariants",
    "invariants_for",
    "make_deal",
    "malformed_cases",
    "play",
    "position",
    "random_playout",
    "register_invariants",
    "widget_state",
]
