"""The settings a teacher may choose for a new Big Brother table (the rooms page's form).

Each is a keyword option of :class:`~.rules.BigBrother` (docs/big_brother.md); the track
and the neck tags stay the notebook's to change."""

from ..engine.registry import Option
from .rules import MAX_GOSSIP_MS

OPTIONS = (
    Option(
        "gossip_ms",
        "ms",
        10_000,
        "How long two players have to gossip (the rulebook: 10 seconds); more for a new group.",
        label="Gossip countdown",
        min=3000,
        max=MAX_GOSSIP_MS,
    ),
    Option("first_seat", "seat", 0, "Who moves first (the rulebook: the youngest player).", label="First player"),
)
