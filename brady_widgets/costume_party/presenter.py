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
        return _odds.screen_panel(seat_view)

    @classmethod
    def forecast_event(cls, game, seat: int, event) -> dict:
        """``{"opponent": seat, "figure": index}``: "this figure is that opponent", the event
        of the identity odds (``notebooks/calibration.ipynb`` plots the panel's own); the panel's
        probability is read from ``seat``'s view only."""
        if not isinstance(event, dict) or set(event) != {"opponent", "figure"}:
            raise ValueError("A forecast names an opponent and a figure.")
        opp, fig = event["opponent"], event["figure"]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (opp, fig)):
            raise ValueError("A forecast names an opponent and a figure by their numbers.")
        odds = _odds.identity_odds(game.view(seat))
        if opp not in odds:
            raise ValueError("Your odds give no chances for that player: choose an opponent still in the game.")
        if not 0 <= fig < len(CHARACTERS):
            raise ValueError("There is no figure with that number.")
        return {"opponent": opp, "figure": fig, "panel": round(float(odds[opp].get(fig, 0)), 4)}

    @classmethod
    def forecast_outcome(cls, game, record: dict) -> bool | None:
        return game.secrets[record["opponent"]] == record["figure"] if game.over else None

    def display_content(self) -> dict:
        return {
            "rooms": [{"id": r, "name": ROOM_NAMES[r], "color": ROOM_COLORS[r]} for r in ROOMS],
            "figures": [{"name": n, "costume": c, "emoji": e} for n, c, e in CHARACTERS],
        }

    def text_body(self, view: dict) -> list[str]:
        """The board as text (``costume_party/text.py``), from the synced view only."""
        return _text.body(view, list(self.names))

    def refusal(self, code: str, action, view: dict | None) -> str | None:
        """A click the rules refuse, in the party's words: what this phase of the turn asks for."""
        if view is None or view.get("over") or code != "illegal_action":
            return None
        phase = view.get("phase")
        if phase == "roll":
            return "First roll the die."
        if phase == "move":
            return "Move a figure into or out of the room the die shows."
        if phase == "black":
            return self._black_refusal(action, view) or "You rolled black: make a kill or draw a card."
        return None

    @staticmethod
    def _black_refusal(action, view: dict) -> str | None:
        """Which rule of black refused the click (rules-decisions.md: three face-up cards or
        an empty deck force a kill; no killing yourself while another figure shares your room;
        a kill is in your own character's room), read from the seat's own view."""
        if not isinstance(action, dict):
            return None
        me, mine = view.get("viewer"), view.get("my_character")
        kind = action.get("type")
        if kind == "draw":
            if not view.get("deck_count"):
                return "The deck is empty: you must kill."
            face_up = view.get("face_up") or []
            if isinstance(me, int) and 0 <= me < len(face_up) and len(face_up[me]) >= 3:
                return "You have three face-up cards: you must kill."
            return None
        fig = action.get("figure")
        if kind != "kill" or not isinstance(fig, int) or isinstance(fig, bool) or not 0 <= fig < len(CHARACTERS):
            return None
        here = next((figs for figs in (view.get("rooms") or {}).values() if mine in figs), None)
        if here is None:
            return None
        if fig not in here:
            if fig in (view.get("killed") or []) or fig in (view.get("left") or []):
                return f"{figure_label(fig)} is no longer at the party."
            return f"You can only kill a figure in your own room: {figure_label(fig)} is elsewhere."
        if fig == mine and len(here) > 1:
            return "You may not kill yourself while another figure shares your room."
        return None

    def end_reason(self, view: dict) -> str:
        """Rulebook: "The game is over when only one player's character remains on the
        board": whose character was found last, by whom, where."""
        log = view.get("log") or []
        out = next((ev for ev in reversed(log) if ev.get("type") == "eliminated"), None)
        if out is None:
            return "the last character left at the party"
        kill = next(
            (ev for ev in reversed(log) if ev.get("type") == "kill" and ev.get("figure") == out.get("figure")), None
        )
        victim, by = out.get("seat"), out.get("by")
        name = self.names[victim] if isinstance(victim, int) and 0 <= victim < len(self.names) else "the last rival"
        where = f" in {ROOM_NAMES[kill['room']]}" if kill and kill.get("room") in ROOM_NAMES else ""
        figure = figure_label(out["figure"]) if isinstance(out.get("figure"), int) else "their character"
        if by == victim:
            return f"the last character left at the party, after {name} killed {figure}{where}, their own character"
        killer = self.names[by] if isinstance(by, int) and 0 <= by < len(self.names) else "someone"
        return f"the last character left at the party, after {killer} found {name} as {figure}{where}"

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
