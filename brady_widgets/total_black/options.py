"""The settings a teacher may choose for a new Total Black table (the rooms page's form).

Each is a keyword option of :class:`~.rules.TotalBlack`; durations are in ms for the
engine and in seconds on the page."""

from ..brouhaha.total_black import MAX_MS
from ..engine.registry import Option
from .rules import CLASS_BUMP_MS

OPTIONS = (
    Option(
        "bump_ms",
        "ms",
        CLASS_BUMP_MS,
        "How long each round in the dark lasts: bump into someone, listen, hold hands or not.",
        label="Round length",
        min=1000,
        max=60_000,
    ),
    Option(
        "time_limit_ms",
        "ms",
        600_000,
        "How long the whole game lasts; empty: until every pair is found.",
        label="Game length",
        min=10_000,
        max=MAX_MS,
        none="no limit",
    ),
    Option(
        "cries",
        "choice",
        "shared",
        "Shared: three animals make each cry, so a cry you know may not be your partner; solo: one cry per animal.",
        label="Cries",
        choices=(("shared", "shared by three animals"), ("solo", "one cry per animal")),
    ),
)
