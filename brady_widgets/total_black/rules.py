"""The registered Total Black: the lesson's engine under its own name, with a class's pace.

:class:`TotalBlack` is :class:`brady_widgets.brouhaha.total_black.TotalBlack` (its
rules, RNG streams and views, documented there) with four things of its own: the
registry name ``total_black`` (``Game.to_json`` writes it); 4 to 42 players (two
pairs at least); the default round length ``bump_ms`` = 3000 (a person hears a cry
and taps Hold within a round; the lesson's notebook keeps the engine's 1000); and the
view key ``found_pairs`` (who was found with whom, as the ``found`` events told
everyone). The lesson keeps importing ``brady_widgets.brouhaha.total_black``.
"""

from __future__ import annotations

from ..brouhaha.total_black import TotalBlack as _LessonTotalBlack
from ..brouhaha.total_black import rounds_until_all_found

#: the round length a class plays at, in ms: time to hear a cry and tap Hold
CLASS_BUMP_MS = 3000


class TotalBlack(_LessonTotalBlack):
    """Total Black at a table (see :mod:`brady_widgets.brouhaha.total_black`)."""

    name = "total_black"
    title = "Brouhaha: Total Black"
    #: at a table, two pairs at least: with one pair the two players bump into each other
    #: in the first round and nothing is ever hidden (the lesson's engine still takes 2)
    player_counts = range(4, 43, 2)
    default_options = {**_LessonTotalBlack.default_options, "bump_ms": CLASS_BUMP_MS}

    def _view(self, seat, reveal=False):
        """The lesson's view plus ``found_pairs``: ``[seat, seat, animal]`` per pair found,
        in the order found (public: the ``found`` events everyone heard), which the
        screen lists by name and animal."""
        view = super()._view(seat, reveal)
        view["found_pairs"] = [[*e["seats"], e["card"]] for e in self.events if e["type"] == "found"]
        return view


__all__ = ["CLASS_BUMP_MS", "TotalBlack", "rounds_until_all_found"]
