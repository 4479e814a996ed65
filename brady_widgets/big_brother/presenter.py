"""BigBrotherPresenter: how Big Brother: The Game is shown (its log texts, odds panel, display content and
text view), apart from any transport: the game's widget and a room's table both use it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..presenter import Presenter
from . import text as _text
from .rules import BigBrother

__all__ = ["BigBrotherPresenter"]

_WHY = {
    "garden": "for gardening (the Garden)",
    "living_room": "as the highest roller (the Living Room)",
    "storeroom": "for a treat (the Storeroom)",
    "bedroom": "in the bedroom",
    "diary_room": "as named in the Diary Room",
    "gossip": "after a gossip match",
    "camera": "caught on camera",
}
#: the kind of move each phase waits for (a camera catch aside)
_PHASE_ACTION = {
    "roll": "roll",
    "gossip_pick": "gossip",
    "gossip": "gossip_card",
    "vote": "vote",
    "evict_vote": "vote",
    "final_vote": "vote",
    "choose": "choose",
    "pay": "pay",
    "return": "rank",
}
#: what a refused move of the wrong kind is told, by phase
_NOT_NOW = {
    "roll": "Not now: roll the dice.",
    "gossip_pick": "Not now: pick a housemate to gossip with and a side of the gossip table.",
    "gossip": "Not now: pick your gossip card before the countdown ends.",
    "vote": "Not now: vote in secret on the question.",
    "evict_vote": "Not now: vote in secret on the eviction question.",
    "final_vote": "Not now: vote in secret on the final question.",
    "choose": "Not now: make your choice for the room you landed in.",
    "pay": "Not now: choose the card you put in the box instead of the one you owe.",
    "return": "Not now: rank the evicted housemates, best first.",
}
_BEDROOM_TAG = {"Men's Bedroom": "man", "Women's Bedroom": "woman"}
_PURPOSE = {
    "confrontation": "a confrontation",
    "eviction": "the eviction",
    "final": "the final vote",
    "nominations": "nominations",
}


@lru_cache(maxsize=512)
def _rolls_left(track: tuple, start: int) -> float:
    """The expected rolls left in a turn from ``start`` (exact, then rounded): cached, as
    every refresh of a turn asks it for the same space."""
    from .odds import expected_rolls

    return round(float(expected_rolls(track, start)), 3)


class BigBrotherPresenter(Presenter):
    """The presentation of Big Brother: The Game (see :class:`~brady_widgets.presenter.Presenter`)."""

    game_class = BigBrother

    default_bot = "medium"

    action_keys = {"r": "roll", "R": "roll"}

    log_limit = 25

    # ------------------------------------------------------------ per-game hooks
    def countdowns(self, view: dict) -> dict:
        """The gossip countdown, labelled "Gossip" (the game has no time limit of its own):
        from the seat's view, the open gossip's deadline; nothing while no gossip is open."""
        gossip = view.get("gossip")
        window = gossip.get("deadline") if isinstance(gossip, dict) else None
        return {"end": None, "window": window, "label": "Gossip" if window is not None else ""}

    @classmethod
    def bot_registry(cls) -> dict:
        from . import bots

        return dict(bots.BOTS)

    def display_content(self) -> dict:
        """The board and the room texts, sent once (the ``content`` trait): the track
        as ``[kind, room]`` pairs, what each room does, the seats' tags, the countdown."""
        from .content import ROOMS

        g = self.game
        return {
            "title": self.game_class.title,
            "track": [[k, r] for k, r in zip(g.kinds, g.rooms)],
            "rooms": dict(ROOMS),
            "tags": list(g.options["tags"]) if g.options["tags"] else None,
            "gossip_ms": g.options["gossip_ms"],
        }

    def finish_state(self, state: dict) -> dict:
        view = state["view"]
        names = list(state["settings"]["names"])
        # the seats by the names the seat bar and the log use ("Bot 3"), not the engine's
        # neck-tag labels ("Player 3"): drawn from this screen's view only
        view["prompt"] = _text.prompt(view, names)
        if isinstance(view.get("viewer"), int) and view.get("me") is not None:
            view["me"] = names[view["viewer"]]
        state["view"].pop("track", None)  # the board is in `content`, sent once
        state["view"].pop("land_odds", None)  # sent once, as `odds.land` (the odds panel and the board)
        return state

    def odds(self, seat_view: dict) -> dict | None:
        """From ``seat_view`` only: the two-dice sums (ways out of 36, for 2..12) and,
        while the mover will roll again this turn, the chance of landing on each space
        during the rest of the turn (``land``), from the mover's space ``from``."""
        out: dict[str, Any] = {"sums": [6 - abs(s - 7) for s in range(2, 13)]}
        land = seat_view.get("land_odds")
        mover = seat_view.get("mover")
        positions = seat_view.get("positions") or []
        track = seat_view.get("track") or []
        if land and isinstance(mover, int) and mover < len(positions) and positions[mover] is not None and track:
            start = positions[mover]
            out.update(land=list(land), mover=mover, start=start, rolls=_rolls_left(tuple(track), start))
        return out

    def text_body(self, view: dict) -> list[str]:
        return _text.body(view, list(self.names), self.display_content())

    # ------------------------------------------------------------------ the log
    def _name(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "?"

    def refusal(self, code: str, action: Any, view: dict | None) -> str | None:
        """A move the rules refuse, in the house's words, from the seat's own view: the rule
        that refused it (your own number, the evicted, the cards you still hold, the
        bedroom's tag, the gossip partner, the ranking, the card paid instead), else what
        this moment of the game asks of you."""
        if view is None or view.get("over") or code != "illegal_action" or not isinstance(action, dict):
            return None
        kind, me = action.get("type"), view.get("viewer")
        who = next((action.get(k) for k in ("target", "partner", "culprit") if k in action), None)
        seat = who if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(self.names) else None
        if seat is None and isinstance(who, int) and not isinstance(who, bool):
            # a number no housemate wears (Player 7 of 6 typed as 6, not 5): said, never "not now"
            n = len(self.names)
            return f"There is no such housemate: a seat is 0 to {n - 1} (Player 1 to Player {n})."
        card = view.get("card") or {}
        evicted = [s for s in view.get("evicted") or [] if s != view.get("returned")]
        if kind in ("vote", "choose", "gossip_card") and who == me:
            return "You can never vote for yourself."
        if kind in ("vote", "choose") and seat is not None and seat in evicted:
            return f"{self._name(seat)} has been evicted: nobody may vote for them."
        if kind == "vote" and me in (card.get("voted") or []):
            return "You have already voted on this question."
        if kind == "vote" and card.get("targets") and who not in card["targets"]:
            return f"You may vote only for {self._who(card['targets'])} now."
        if kind == "claim":
            if view.get("phase") not in ("roll", "gossip_pick", "gossip", "vote", "choose"):
                return "Camera catches can only be claimed during a round, not at a count, an eviction or the final."
            return "You cannot claim that camera catch now."
        return self._phase_refusal(kind, me, seat, action, view)

    def _phase_refusal(self, kind: Any, me: Any, seat: int | None, action: dict, view: dict) -> str | None:
        """:meth:`refusal` for a move of the wrong kind for this moment, or of the right kind
        that this moment's rule refuses (None: the shared words)."""
        phase = view.get("phase")
        wanted = _PHASE_ACTION.get(phase)
        if kind == "gossip_card" and phase == "gossip" and me in ((view.get("gossip") or {}).get("picked") or []):
            return "You have already picked your gossip card."
        if me not in (view.get("to_act") or []) or wanted is None:
            return None  # (only a camera catch was open to this seat)
        if kind != wanted:
            return _NOT_NOW.get(phase)
        mine = view.get("my_cards") or []
        naming = phase == "choose" and (view.get("choosing") or {}).get("mode") == "diary"  # no card of yours
        if kind in ("vote", "choose", "gossip_card", "pay") and seat is not None and seat < len(mine):
            if not mine[seat] and not naming:
                return f"You have no vote card left with {self._name(seat)}'s number: choose from the cards you still hold."
        if phase == "choose":
            room = (view.get("choosing") or {}).get("room")
            tag = _BEDROOM_TAG.get(room)
            if tag:
                return f"In the {room} you vote openly for a housemate tagged {tag} (any card only if you hold none for one)."
            return None
        if phase == "gossip_pick":
            if action.get("side") not in ("+", "-"):
                return "The gossip table has a + side and a - side: pick one of them."
            return "Gossip with another housemate who is still in the house."
        if phase == "return":
            return "Rank each evicted housemate once, best first: that housemate is not one left to rank."
        if phase == "pay":
            return "Pay with a card you still hold for a housemate in the house, not one on the Toilet/Shower."
        return None

    def end_reason(self, view: dict) -> str:
        """The final vote (rulebook: "The final vote decides which of these 3 players is
        the ultimate winner"): the winner's votes at the count, the other finalists', and a
        roll-off when the votes tied."""
        log = view.get("log") or []
        won = next((ev for ev in reversed(log) if ev.get("type") == "winner"), None)
        if won is None:
            return ""
        seat = won.get("seat")
        totals = won.get("totals") or []
        finalists = next((ev.get("candidates") for ev in reversed(log) if ev.get("type") == "returned"), None)
        among = [s for s in (finalists or range(len(totals))) if isinstance(s, int) and 0 <= s < len(totals)]
        mine = totals[seat] if isinstance(seat, int) and 0 <= seat < len(totals) else None
        others = ", ".join(f"{self._name(s)} {totals[s]}" for s in among if s != seat)
        rolled = any(ev.get("type") == "roll_off" and ev.get("why") == "final" for ev in log[-12:])
        if mine is None:
            return "the most votes in the final vote"
        votes = f"{mine} vote{'s' if mine != 1 else ''}"
        if rolled:
            return f"tied at {votes} in the final vote and won the roll of the dice"
        return f"the most votes in the final vote ({votes}; {others})" if others else f"the final vote ({votes})"

    def _who(self, seats: Any) -> str:
        names = [self._name(s) for s in seats or []]
        if not names:
            return "nobody"
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def _card_no(self, t: Any) -> str:
        return f"card {t + 1} ({self._name(t)})" if isinstance(t, int) else "?"

    def _yours(self, ev: dict, mine: str, theirs: str) -> str:
        """A private line's subject: ``mine`` ("your ranking") on its own seat's screen, else
        (the teacher's reveal, a replay of another seat) the seat's name and ``theirs``
        (``theirs`` with ``{name}``: "{name}'s ranking"): there "you" would be nobody."""
        seat = ev.get("seat")
        if not self.revealed and seat == self.shown_seat:
            return mine
        return theirs.format(name=self._name(seat))

    def describe(self, ev: dict) -> str:
        from .content import CONFRONTATION_CARDS

        kind = ev["type"]
        name = self._name(ev.get("seat"))
        if kind == "setup":
            return (
                f"{ev.get('players')} housemates move in: {ev.get('rounds')} rounds on a {ev.get('spaces')}-space house"
            )
        if kind == "round":
            return f"Round {ev.get('round')}: turns {', '.join(str(s + 1) for s in ev.get('order') or [])}"
        if kind == "turn":
            return f"{name}'s turn"
        if kind == "roll":
            a, b = (ev.get("dice") or [0, 0])[:2]
            return f"{name} rolls {a} + {b} = {a + b} and moves to space {ev.get('to')}"
        if kind == "room":
            return f"{name} is in the {ev.get('room')}"
        if kind == "shielded":
            return f"{name} is on the Toilet/Shower: no votes for them this turn"
        if kind == "highest":
            return f"{name} rolled highest"
        if kind == "roll_off":
            rolls = ev.get("rolls") or {}
            why = {"garden": "Garden", "living_room": "Living Room", "eviction": "eviction tie",
                   "final": "final tie", "return": "return tie"}.get(ev.get("why"), str(ev.get("why")))  # fmt: skip
            return f"Roll-off ({why}): " + ", ".join(f"{self._name(int(s))} {r}" for s, r in rolls.items())
        if kind == "diary":
            return f"{name} grumbles in the Diary Room about {self._name(ev.get('named'))}"
        if kind == "open_vote":
            why = _WHY.get(ev.get("why"), "")
            if isinstance(ev.get("instead"), int):
                return (
                    f"{name} has no card for {self._name(ev['instead'])} left and pays {why} "
                    f"with a card for {self._name(ev.get('target'))}"
                )
            return f"{name} openly votes for {self._name(ev.get('target'))} {why}".rstrip()
        if kind == "owes":
            why = _WHY.get(ev.get("why"), "")
            return f"{name} owes {self._name(ev.get('target'))} a vote {why} but has no such card left: {name} chooses another card"
        if kind == "no_card":
            if ev.get("target") is None:
                return f"{name} has no card to give: nothing goes in the box"
            return f"{name} cannot give a vote for {self._name(ev.get('target'))}: nothing goes in the box"
        if kind == "card":
            card = ev.get("card")
            c = CONFRONTATION_CARDS[card] if isinstance(card, int) and 0 <= card < len(CONFRONTATION_CARDS) else None
            question = (c["plus"] if ev.get("sign") == "+" else c["minus"]) if c else "?"
            return f"Card for {_PURPOSE.get(ev.get('purpose'), 'a question')} ({ev.get('sign')}): {question}"
        if kind == "my_vote":
            who = self._yours(ev, "you secretly vote", "{name} secretly votes")
            return f"({who} with {self._card_no(ev.get('target'))})"
        if kind == "votes_in":
            voters = ev.get("voters") or []
            return f"{len(voters)} secret vote{'s' if len(voters) != 1 else ''} in the box"
        if kind == "count":
            among = ev.get("among") or []
            totals = ev.get("totals") or []
            shown = ", ".join(f"{self._name(s)} {totals[s] if s < len(totals) else '?'}" for s in among)
            return f"The box is counted ({_PURPOSE.get(ev.get('purpose'), ev.get('purpose'))}): {shown}"
        if kind == "cards_back":
            return "Every vote card goes back to its owner"
        if kind == "nominated":
            return f"Nominated: {self._who(ev.get('seats'))}"
        if kind == "tie":
            return f"A tie between {self._who(ev.get('tied'))}: extra card {ev.get('extra')}"
        if kind == "evicted":
            return f"{name} is evicted from the house"
        if kind == "return_vote":
            return f"Finalists {self._who(ev.get('finalists'))} rank the evicted to bring one back"
        if kind == "ranked":
            return f"{name} has ranked the evicted" if ev.get("done") else f"{name} ranks one more"
        if kind == "my_rank":
            whose = self._yours(ev, "your ranking", "{name}'s ranking")
            return f"({whose}: {', '.join(self._name(s) for s in ev.get('order') or [])})"
        if kind == "ranks":
            sums = ev.get("sums") or {}
            return "Rankings shown: " + ", ".join(f"{self._name(int(s))} {v}" for s, v in sums.items())
        if kind == "returned":
            return f"{name} returns to the house: the final is {self._who(ev.get('candidates'))}"
        if kind == "winner":
            return f"{name} wins Big Brother!"
        if kind == "camera_drawn":
            return f"{name} draws a camera card ({ev.get('left')} left)"
        if kind == "camera_card":
            whose = self._yours(ev, "your camera card", "{name}'s camera card")
            return f"({whose}: {ev.get('text')})"
        if kind == "camera_empty":
            return f"{name} is on a camera space, but the camera cards have run out"
        if kind == "claim":
            return f"{name} shows a camera card: {self._name(ev.get('culprit'))} was caught ({ev.get('text')})"
        if kind == "gossip":
            side = "nice" if ev.get("side") == "+" else "not so nice"
            return f"{name} gossips with {self._name(ev.get('partner'))} ({side}): who is '{ev.get('word')}'?"
        if kind == "gossip_picked":
            return f"{name} picked a gossip card"
        if kind == "my_gossip_card":
            whose = self._yours(ev, "your gossip card", "{name}'s gossip card")
            return f"({whose}: {self._card_no(ev.get('target'))})"
        if kind == "gossip_reveal":
            shown = ev.get("shown") or {}
            cards = ", ".join(f"{self._name(int(s))} {self._card_no(t)}" for s, t in shown.items()) or "no cards"
            why = (
                " (time ran out)"
                if ev.get("why") == "time"
                else " (no card to pick)"
                if ev.get("why") == "no_card"
                else ""
            )
            return f"Gossip cards shown{why}: {cards}: {'a match!' if ev.get('match') else 'no match'}"
        return kind.replace("_", " ")
