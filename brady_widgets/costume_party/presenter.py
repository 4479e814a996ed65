"""CostumePartyPresenter: how Costume Party Detective is shown (its log texts, odds panel, display content and
text view), apart from any transport: the game's widget and a room's table both use it."""

from __future__ import annotations

from ..presenter import Presenter
from . import odds as _odds
from . import text as _text
from .content import CHARACTERS, ROOM_COLORS, ROOM_NAMES, ROOMS, figure_label
from .rules import CostumeParty

__all__ = ["CostumePartyPresenter"]


def _face_text(face: str) -> str:
    return "black" if face == "black" else f"{face} ({ROOM_NAMES[face]})"


class CostumePartyPresenter(Presenter):
    """The presentation of Costume Party Detective (see :class:`~brady_widgets.presenter.Presenter`)."""

    game_class = CostumeParty

    default_bot = "detective"

    def odds(self, seat_view: dict) -> dict | None:
        return _odds.panel(seat_view)

    def display_content(self) -> dict:
        return {
            "rooms": [{"id": r, "name": ROOM_NAMES[r], "color": ROOM_COLORS[r]} for r in ROOMS],
            "figures": [{"name": n, "costume": c, "emoji": e} for n, c, e in CHARACTERS],
        }

    def text_body(self, view: dict) -> list[str]:
        """The board as text (``costume_party/text.py``), from the synced view only."""
        return _text.body(view, list(self.names))

    def describe(self, ev: dict) -> str:
        kind = ev["type"]
        name = self.names[ev["seat"]] if isinstance(ev.get("seat"), int) else ""
        if kind == "secret":
            return f"{name} is secretly {figure_label(ev['figure'])}."
        if kind == "start":
            return f"The party starts: {name} rolls first."
        if kind == "roll":
            return f"{name} rolled {_face_text(ev['face'])}."
        if kind == "no_move":
            return f"No figure can move into or out of {ROOM_NAMES[ev['face']]}: the turn passes."
        if kind == "move":
            return f"{name} moved {figure_label(ev['figure'])} from {ROOM_NAMES[ev['from']]} to {ROOM_NAMES[ev['to']]}."
        if kind == "draw":
            label = figure_label(ev["card"])
            if ev.get("gone"):
                return f"{name} drew {label}, who was already gone."
            return f"{name} drew {label}, who left the party."
        if kind == "kill":
            return f"{name} killed {figure_label(ev['figure'])} in {ROOM_NAMES[ev['room']]}."
        if kind == "eliminated":
            return f"{name} was {figure_label(ev['figure'])} and is out of the game."
        if kind == "game_over":
            winners = [self.names[s] for s in ev.get("winners", [])]
            return f"Game over: {' and '.join(winners) or 'nobody'} won."
        return kind
