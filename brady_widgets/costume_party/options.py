"""The settings a teacher may choose for a new Costume Party table (the rooms page's form).

Each is a keyword option of :class:`~.rules.CostumeParty` (docs/costume_party.md); the
die's faces stay the notebook's to change (a list is no one-line setting)."""

from ..engine.registry import Option

OPTIONS = (
    Option(
        "adjacency",
        "choice",
        "ring_and_middle",
        "Which rooms touch: more doors mean more moves and harder hiding.",
        label="Board",
        choices=(
            ("ring_and_middle", "four rooms in a ring, the hall in the middle (the box's board)"),
            ("open_plan", "every room touches every other room"),
            ("ring", "five rooms in a ring"),
        ),
    ),
    Option(
        "first_seat",
        "seat",
        0,
        "Who rolls first (the rulebook: the player with the next birthday).",
        label="First player",
    ),
)
