"""TotalBlackPresenter: how Total Black is shown (its log texts, countdown, display
content, refusals and text view), apart from any transport: the widget and a room's
table both use it. Everything is drawn from the shown seat's own view: in the dark a
player knows its own card, the cries it heard and the pairs found, never whose hand it
held."""

from __future__ import annotations

from typing import Any

from ..presenter import Presenter
from . import text as _text
from .rules import TotalBlack

__all__ = ["TotalBlackPresenter"]

#: plural names where adding "s" is wrong (the found line: "the Cows", "the Mice")
_PLURALS = {
    "mouse": "Mice",
    "goose": "Geese",
    "sheep": "Sheep",
    "bison": "Bison",
    "wolf": "Wolves",
    "fox": "Foxes",
    "guinea_pig": "Guinea pigs",
}


class TotalBlackPresenter(Presenter):
    """The presentation of Total Black (see :class:`~brady_widgets.presenter.Presenter`)."""

    game_class = TotalBlack

    default_bot = "hold"

    #: H holds hands (the view's big Hold button)
    action_keys = {"h": "hold"}

    log_limit = 20

    # ------------------------------------------------------------------ per-game hooks
    def countdowns(self, view: dict) -> dict:
        """The game's time limit, and the current round's end ("Round")."""
        end = self.game.options.get("time_limit_ms")
        ends = view.get("round_ends")
        window = ends if ends is not None and (end is None or ends < end) else None
        return {"end": end, "window": window, "label": "Round" if window is not None else ""}

    @classmethod
    def bot_registry(cls) -> dict:
        from . import bots

        return dict(bots.BOTS)

    def display_content(self) -> dict:
        """The animals (names, emoji) and which species share each cry: sent once."""
        from ..brouhaha.content import ANIMALS

        solo = self.game.options.get("cries") == "solo"
        groups: dict[str, list[str]] = {}
        for a in ANIMALS:
            groups.setdefault(a["solo_cry"] if solo else a["cry"], []).append(a["id"])
        return {
            "title": "Brouhaha: Total Black",
            "animals": [{"id": a["id"], "name": a["name"], "emoji": a["emoji"]} for a in ANIMALS],
            "cries": groups,
        }

    def odds(self, seat_view: dict) -> dict | None:
        """The odds panel, from ``seat_view`` only (its card, the players, the pairs found):
        the exact chance of bumping into one's partner this round, and the chance that a
        cry equal to one's own is the partner's (:func:`.odds.partner_odds`)."""
        from .odds import panel

        return panel(seat_view)

    def text_body(self, view: dict) -> list[str]:
        return _text.body(view, list(self.names), self.display_content())

    # ------------------------------------------------------------- words for people
    def refusal(self, code: str, action: Any, view: dict | None) -> str | None:
        """A refused Hold in the game's words, from the seat's own view."""
        if code == "replay_unavailable" and (view is None or view.get("over")):
            return "Only the teacher's screen replays a game in the dark: a Hold stays secret, even after the game."
        if view is None or view.get("over") or code not in ("not_your_turn", "illegal_action"):
            return None
        me = view.get("viewer")
        found = view.get("found") or []
        if isinstance(me, int) and me < len(found) and found[me]:
            return "You found your partner already: you are out of the dark."
        if view.get("held"):
            return "You are already holding out your hand: wait for the end of the round."
        if view.get("heard") is None:
            return "Nobody is in front of you this round: wait for the next bump."
        return "Only holding hands is possible in the dark: press Hold."

    def end_reason(self, view: dict) -> str:
        """Why the game ended: every pair found (in how many rounds), or time up."""
        pairs, found = view.get("pairs") or 0, view.get("pairs_found") or 0
        rounds = view.get("round") or 0
        if view.get("reason") == "all_found":
            return f"every pair found each other in {rounds} round{'s' if rounds != 1 else ''}"
        if view.get("reason") == "time":
            return f"time ran out with {found} of {pairs} pairs found"
        return "the game ended"

    # ------------------------------------------------------------------------ the log
    def _name(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def _you(self, seat: Any) -> str:
        """ "You" on the seat's own screen, its name on the teacher's reveal."""
        return "You" if seat == self.shown_seat else self._name(seat)

    @staticmethod
    def _animal(card: Any) -> dict:
        from ..brouhaha.content import ANIMALS

        for a in ANIMALS:
            if a["id"] == card:
                return a
        return {"id": card, "name": str(card), "emoji": "?"}

    def _plural(self, card: Any) -> str:
        a = self._animal(card)
        return _PLURALS.get(a["id"], a["name"] + "s")

    def describe(self, ev: dict) -> str:
        kind = ev["type"]
        seat = ev.get("seat")
        you = self._you(seat)
        own = seat == self.shown_seat
        if kind == "deal":
            a = self._animal(ev.get("card"))
            verb = "are" if own else "is"
            return f"{you} {verb} a {a['emoji']} {a['name']}: {'you cry' if own else 'crying'} {ev.get('cry')}"
        if kind == "start":
            return (
                f"Lights out! {ev.get('players')} players, {ev.get('pairs')} pairs. Each round you bump into "
                "someone: hold hands if the cry is yours."
            )
        if kind == "round":
            left = ev.get("left")
            return f"Round {ev.get('round')}: {left} player{'s' if left != 1 else ''} still in the dark"
        if kind == "bump":
            return f"{you} bumped into someone who cries {str(ev.get('cry')).rstrip('!')}"
        if kind == "hold":
            return f"{you} held out {'your' if own else 'their'} hand"
        if kind == "let_go":
            return f"{you} held hands: not {'your' if own else 'their'} partner"
        if kind == "found":
            seats = ev.get("seats") or []
            names = " and ".join(self._name(s) for s in seats)
            return f"Found: {names}, the {self._plural(ev.get('card'))}"
        if kind == "game_over":
            if ev.get("reason") == "all_found":
                return "Lights on: every pair found each other!"
            found = sum(ev.get("scores") or []) // 2
            pairs = len(ev.get("scores") or []) // 2
            return f"Lights on: time is up, {found} of {pairs} pairs found"
        return kind
