"""Typed errors raised by every game engine."""

from __future__ import annotations

from typing import Any

#: The machine-readable reasons an action can be refused.
ERROR_CODES = ("not_your_turn", "illegal_action", "malformed_action", "game_over")


class IllegalAction(ValueError):
    """An action was refused; the game state is unchanged.

    ``code`` is one of :data:`ERROR_CODES`; ``seat`` and ``action`` say what was
    tried; the message names the seat, the action and the reason.
    """

    def __init__(self, code: str, reason: str, seat: Any = None, action: Any = None):
        if code not in ERROR_CODES:
            raise ValueError(f"unknown IllegalAction code {code!r}")
        self.code = code
        self.reason = reason
        self.seat = seat
        self.action = action
        who = "the view" if seat is None else f"seat {seat}"
        super().__init__(f"[{code}] {who} tried {action!r}: {reason}")

    def to_dict(self) -> dict:
        """A JSON-safe form, used by widgets to show the error."""
        return {"code": self.code, "message": str(self), "reason": self.reason}
