"""BrouhahaPresenter: how Brouhaha is shown (its log texts, odds panel, display content and
text view), apart from any transport: the game's widget and a room's table both use it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..presenter import Presenter
from . import text as _text
from .rules import Brouhaha

__all__ = ["BrouhahaPresenter"]


class BrouhahaPresenter(Presenter):
    """The presentation of Brouhaha (see :class:`~brady_widgets.presenter.Presenter`)."""

    game_class = Brouhaha

    default_bot = "medium"

    #: Space slaps, T / Backspace take back (the view adds 1..9, H and the party keys)
    action_keys = {" ": "slap", "t": "take_back", "Backspace": "take_back"}

    log_limit = 25

    #: what each timed phase's countdown is called (the game's time limit has its own)
    window_labels = {"slap": "Slap", "reveal": "Cards shown", "hunt": "Hunt", "pass": "Pass"}

    # ------------------------------------------------------------------ per-game hooks
    def countdowns(self, view: dict) -> dict:
        """The game's time limit, and the timed phase's window with its name (the header
        no longer jumps from 298 s to the window's 0.7 s)."""
        end = self.game.options.get("time_limit_ms")  # a public option, set when the table was made
        deadline = view.get("deadline")
        label = self.window_labels.get(view.get("phase", ""), "")
        window = deadline if (label and deadline is not None and (end is None or deadline < end)) else None
        return {"end": end, "window": window, "label": label}

    @classmethod
    def bot_registry(cls) -> dict:
        from . import bots

        return dict(bots.BOTS)

    def display_content(self) -> dict:
        """Animals (names, emoji), which species share each cry, and the party keys:
        sent once (the ``content`` trait), not in every view."""
        from .content import ANIMALS

        solo = self.game.options.get("cries") == "solo"
        groups: dict[str, list[str]] = {}
        for a in ANIMALS:
            groups.setdefault(a["solo_cry"] if solo else a["cry"], []).append(a["id"])
        out = {
            "title": "Brouhaha",
            "animals": [{"id": a["id"], "name": a["name"], "emoji": a["emoji"]} for a in ANIMALS],
            "cries": groups,
        }
        party = getattr(self.table, "party", None)  # the one-keyboard mode's {seat: key}
        if party:
            out["party"] = {"keys": {str(s): k for s, k in party.items()}}
        return out

    def odds(self, seat_view: dict) -> dict | None:
        """The odds panel from ``seat_view`` only: the chance another face-down card is
        the same animal as the seat's own, exact (``fraction``) and as a float (``p``)."""
        mine = seat_view.get("my_down")
        if seat_view.get("viewer") is None or mine is None or mine == "hunter":
            return None
        from .odds import share_parts

        parts = share_parts(seat_view)
        p = Fraction(parts["chance"])
        return {
            "fraction": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
            "p": round(float(p), 6),
            "mine": mine,
            "cry": parts["cry"],
            "others": parts["m"] + parts["known"],
            "unseen": parts["n_mine"] + parts["n_other"],
            "same": parts["n_mine"],
        }

    def text_body(self, view: dict) -> list[str]:
        return _text.body(view, list(self.names), self.display_content())

    # ------------------------------------------------------------- words for people
    def refusal(self, code: str, action: Any, view: dict | None) -> str | None:
        """A refused key or click in Brouhaha's words, from the seat's own view: the
        phase (a slap window, the cards shown, a hunt, the pass) and its own cards."""
        if view is None or view.get("over") or code not in ("not_your_turn", "illegal_action"):
            return None
        kind = action.get("type") if isinstance(action, dict) else None
        phase = view.get("phase")
        me = view.get("viewer")
        slap = view.get("slap") or {}
        if phase == "reveal":
            return (
                "Two players have already slapped: the cards are being shown."
                if kind == "slap"
                else ("Wait: the slapped cards are being shown.")
            )
        if phase == "slap":
            if kind == "slap" and slap.get("first") == me:
                return "You have already slapped: wait for a second slap."
            if kind == "slap":
                return "Put an animal face down before you slap."
            return "Someone slapped: only a second slap counts until the window closes."
        if phase == "hunt":
            if kind == "hunt":
                if (view.get("hunt") or {}).get("hunter") == me:
                    return "Your Hunter is out: wait until the hunt is over."
                if "hunter" in (view.get("my_hand") or []):
                    # a Hunter imitates another player's face-down animal, never the Hunter out
                    return "A Hunter can only imitate another player's face-down animal, never a Hunter."
                return "A Hunter is out: only another Hunter can answer it now."
            return "A Hunter is out: wait until the hunt is over."
        if phase == "pass":
            if kind == "pass":
                return (
                    "You have already chosen your card to pass."
                    if me not in (view.get("to_act") or [])
                    else ("You do not hold that card.")
                )
            return "Everyone is passing a card to the left: choose yours first."
        # the play phase
        hand = view.get("my_hand") or []
        if kind in ("slap", "take_back") and view.get("my_down") is None:
            return (
                "Put an animal face down first." if kind == "take_back" else "Put an animal face down before you slap."
            )
        if kind == "play":
            if action.get("card") == "hunter" and "hunter" in hand:
                return "A Hunter is not played as an animal: use it to hunt a player's face-down animal."
            return "You do not hold that animal." if hand else "You have no cards left in your hand."
        if kind == "hunt":
            return "You hold no Hunter." if "hunter" not in hand else "Hunt a player who has an animal face down."
        if kind == "pass":
            return "Passing comes after a match."
        return None

    def end_reason(self, view: dict) -> str:
        """Why Brouhaha ended (a hand ran out, no pair left, time up) and the winners'
        Reserve ("time ran out, with 7 cards in Reserve"; a tie says so)."""
        why = {
            "no_cards": "a player ran out of cards",
            "no_pairs": "no pair can be made any more",
            "time": "time ran out",
        }.get(view.get("reason") or "", "the game ended")
        empty = [s for s, n in enumerate(view.get("hand_sizes") or []) if n == 0]
        if view.get("reason") == "no_cards" and empty:
            why = f"{self._who(empty)} ran out of cards"
        scores = view.get("scores") or []
        winners = view.get("winners") or []
        top = max(scores) if scores else 0
        cards = f"{top} card{'s' if top != 1 else ''} in Reserve"
        if len(winners) > 1:
            return f"{why}, tied at {cards}"
        return f"{why}, with the most cards in Reserve ({top})"

    # ------------------------------------------------------------------------ the log
    def _name(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def _card(self, card: Any) -> str:
        from .content import ANIMALS

        if card == "hunter":
            return "🏹 Hunter"
        for a in ANIMALS:
            if a["id"] == card:
                return f"{a['emoji']} {a['name']}"
        return str(card)

    def _who(self, seats: list) -> str:
        names = [self._name(s) for s in seats]
        if not names:
            return "nobody"
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def describe(self, ev: dict) -> str:
        kind = ev["type"]
        name = self._name(ev.get("seat"))
        card = ev.get("card")
        if kind == "deal":
            hand = ev.get("hand") or []
            return f"{name} is dealt {', '.join(self._card(c) for c in hand)}" if hand else f"{name} is dealt no cards"
        if kind == "start":
            removed = ev.get("removed") or []
            aside = f"; set aside face up: {', '.join(self._card(c) for c in removed)}" if removed else ""
            return f"{ev.get('hand_size', '?')} cards each{aside}. Play a card, listen to the cries, slap on a match!"
        if kind == "play":
            verb = "switched to a card" if ev.get("switch") else "played a card"
            return f"{name} {verb}: “{ev.get('cry')}”"
        if kind == "play_card":
            return f"({name}'s card: {self._card(card)})"
        if kind == "take_back":
            return f"{name} took their card back"
        if kind == "slap":
            return f"{name} slapped!"
        if kind == "slap_void":
            return f"Nobody slapped with {name}: play on"
        if kind == "reveal":
            seats, cards = ev.get("seats") or [], ev.get("cards") or []
            shown = ", ".join(f"{self._name(s)} {self._card(c)}" for s, c in zip(seats, cards))
            return f"Reveal: {shown}: {'a match!' if ev.get('match') else 'no match'}"
        if kind == "match":
            return f"Match! {self._who(ev.get('seats') or [])} put their {self._card(card)} in their Reserves"
        if kind == "mismatch":
            return f"No match: {self._who(ev.get('seats') or [])} take their cards back"
        if kind == "bang":
            return f"Bang! {name} loses {self._card(card)} from their Reserve"
        if kind == "hunt":
            return f"{name} plays a Hunter, crying “{ev.get('cry')}”: everyone freezes"
        if kind == "hunt_target":
            return f"({name}'s Hunter aims at {self._name(ev.get('target'))}'s card)"
        if kind == "pinned":
            return f"({self._name(ev.get('hunter'))}'s Hunter aims at {name}'s card: it is pinned)"
        if kind == "hunters_cancel":
            return f"Two Hunters! {self._who(ev.get('hunters') or [])} cancel each other out"
        if kind == "hunted":
            return f"{self._name(ev.get('hunter'))}'s Hunter takes {self._name(ev.get('target'))}'s {self._card(card)}"
        if kind == "pass_open":
            return "Everyone with a card in hand passes one to the left"
        if kind == "pass_chosen":
            return f"{name} chose a card to pass"
        if kind == "passed":
            to = ev.get("to")
            by_default = " (time ran out)" if ev.get("default") else ""
            if isinstance(to, int) and to != ev.get("seat"):
                return f"{name} passed {self._card(card)} to {self._name(to)}{by_default}"
            return f"{name} passed {self._card(card)}{by_default}"
        if kind == "passes_done":
            return "The passed cards went to the left"
        if kind == "game_over":
            winners = ev.get("winners") or []
            scores = ev.get("scores") or []
            top = max(scores) if scores else 0
            verb = "wins" if len(winners) == 1 else "tie"
            why = {"no_cards": "a player ran out of cards", "no_pairs": "no pair can be made", "time": "time is up"}
            reason = why.get(ev.get("reason"))
            return (
                f"Game over{' (' + reason + ')' if reason else ''}: {self._who(winners)} {verb} "
                f"with {top} card{'s' if top != 1 else ''} in Reserve"
            )
        return kind
