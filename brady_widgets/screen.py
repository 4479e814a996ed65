"""Screen: what one viewer sees of a table, as a small immutable value.

A notebook widget has one screen (the shown seat, the hot-seat curtain, the teacher's
reveal, the replay step, the last page asked for, the view options); a room has one per
device. The table renders the synced state of any screen it is given
(:func:`brady_widgets.render.render`); changing what a viewer sees is replacing its screen
(``dataclasses.replace``), never changing the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

__all__ = ["Screen"]


@dataclass(frozen=True)
class Screen:
    """One viewer's screen of a table."""

    #: the seat shown, or None: the public view
    seat: int | None = None
    #: hot-seat: the seat the curtain waits for (the screen shows the public view until it is lifted)
    curtain: int | None = None
    #: the teacher's reveal: every secret and the unfiltered log
    reveal: bool = False
    #: a finished game's replay step shown, or None: the live game
    replay_step: int | None = None
    #: the last page asked for: (the position it was computed for, the answer), or None
    page: tuple | None = None
    #: the view options, ``(name, value)`` pairs in the presenter's order
    options: tuple[tuple[str, Any], ...] = ()

    def option_dict(self) -> dict[str, Any]:
        """The view options as a new dict."""
        return dict(self.options)

    def with_options(self, options: Mapping[str, Any]) -> Screen:
        """This screen with other view options."""
        return replace(self, options=tuple(options.items()))
