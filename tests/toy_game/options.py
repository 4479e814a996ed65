"""The settings a teacher may choose for a Swap table (the rooms page's form)."""

from brady_widgets.engine.registry import Option

OPTIONS = (Option("rounds", "int", 2, "How many rounds the game lasts.", label="Rounds", min=1, max=3),)
