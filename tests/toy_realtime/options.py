"""The settings a teacher may choose for a Snap race table (the rooms page's form)."""

from brady_widgets.engine.registry import Option

OPTIONS = (
    Option("flip_ms", "ms", 1500, "Time between two flips.", label="Flip time", min=100, max=60_000),
    Option(
        "window_ms", "ms", 1200, "How long a slap may come after a match.", label="Slap window", min=100, max=60_000
    ),
    Option("hand", "int", 2, "Cards each player starts with.", label="Hand size", min=0, max=3),
)
