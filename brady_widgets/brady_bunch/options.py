"""The settings a teacher may choose for a new Brady Bunch table (the rooms page's form).

Each is a keyword option of :class:`~.rules.BradyBunch` (docs/brady_bunch.md); which kids
play (``kids``, ``silent``) stays the notebook's to change."""

from ..engine.registry import Option

OPTIONS = (
    Option(
        "volunteer",
        "bool",
        True,
        "Kids may speak up before Alice asks (the claims phase); off: they answer only when asked.",
        label="Kids volunteer claims",
    ),
    Option(
        "max_questions",
        "int",
        None,
        "The most questions Alice may ask in a round; empty: as many as she likes.",
        label="Questions per round",
        min=0,
        max=50,
        none="no limit",
    ),
    Option(
        "cousin_oliver",
        "bool",
        False,
        "Cousin Oliver plays, for 6 to 8 players only.",
        label="Cousin Oliver variant",
    ),
)
