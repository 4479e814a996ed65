"""The settings a teacher may choose for a new Brouhaha table (the rooms page's form).

Each is a keyword option of :class:`~.rules.Brouhaha` (docs/brouhaha.md, its options
table); durations are in ms for the engine and in seconds on the page."""

from ..engine.registry import Option
from .rules import MAX_MS

OPTIONS = (
    Option(
        "time_limit_ms",
        "ms",
        300_000,
        "How long the whole game lasts; empty: until the cards run out.",
        label="Game length",
        min=10_000,
        max=MAX_MS,
        none="no limit",
    ),
    Option(
        "cries",
        "choice",
        "shared",
        "Shared: three animals make each cry, so a match is a bet; solo: one cry per animal.",
        label="Cries",
        choices=(("shared", "shared by three animals"), ("solo", "one cry per animal")),
    ),
    Option(
        "bang",
        "bool",
        False,
        "The Bang variation: a wrong slap costs each of the two slappers a Reserve card, if they have one.",
        label="Bang variation",
    ),
    Option(
        "slap_ms",
        "ms",
        1000,
        "How long others may slap after the first slap.",
        label="Slap window",
        min=200,
        max=10_000,
    ),
    Option(
        "reveal_ms", "ms", 1500, "How long two slapped cards stay face up.", label="Reveal time", min=200, max=10_000
    ),
    Option("hunt_ms", "ms", 1500, "How long others may join a hunt.", label="Hunt window", min=200, max=10_000),
    Option(
        "pass_ms", "ms", 15_000, "How long a player has to pass a card on.", label="Pass time", min=1000, max=120_000
    ),
)
