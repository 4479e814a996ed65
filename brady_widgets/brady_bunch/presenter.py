"""BradyBunchPresenter: how the Brady Bunch Party Game is shown (its log texts, odds panel, display content and
text view), apart from any transport: the game's widget and a room's table both use it."""

from __future__ import annotations

import collections
import copy
import json
from typing import Any

from ..frames import WidgetError, short
from ..presenter import Presenter
from . import text as _text
from .content import HELPS, KID_COLORS, KIDS, MISCHIEF, QUESTIONS, TOKEN_NAMES, TOKEN_PEEKS
from .rules import ALICE, ANSWERS, ASKS, NOBODY, PHASE_TEXT, BradyBunch

__all__ = ["BradyBunchPresenter"]

#: odds panels kept per table (a panel is ~1-2 KB; an 8-player game has about 130 steps)
ODDS_MEMO = 300

#: Log events only their own seat sees.
PRIVATE_EVENTS = frozenset({"hand", "my_card", "peek", "draw", "my_sign"})
VIA_TEXT = {
    "snoop": "as a Snoop",
    "cookie": "with the Cookie",
    "woman": "with the woman's token",
    "man": "with the man's token",
    "dog": "with the dog's token",
}


def card(value: int) -> str:
    """``5 (Broken Lamp)``."""
    return f"{value} ({MISCHIEF.get(value, '?')})"


def and_list(items: list[str]) -> str:
    items = list(items)
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


#: the answers each of Alice's questions takes ("nobody" answers "What number did they play?")
_ANSWER_KINDS = {
    "ask_played": ("say_card",),
    "ask_looked": ("say_looked",),
    "ask_number": ("say_number", "say_looked"),
    "ask_truth": ("say_yes_no",),
    "ask_suspect": ("say_suspect",),
}


class BradyBunchPresenter(Presenter):
    """The presentation of the Brady Bunch Party Game (see :class:`~brady_widgets.presenter.Presenter`)."""

    game_class = BradyBunch

    default_bot = "smart"

    view_options = {"trust": 0.7}

    #: the table talk grows with every statement (no question cap at 8 players:
    #: hundreds): the view gets the newest statements and pages back for the rest
    windowed = ("talk",)

    # ------------------------------------------------------------ game hooks
    @classmethod
    def default_names(cls, game: BradyBunch, humans: list[int]) -> list[str]:
        """The characters name the seats (the curtain says "Pass to Greg")."""
        return ["Alice"] + [game.seat_kid[s] for s in range(1, game.players)]

    def check_option(self, name: str, value: Any) -> Any:
        """``trust``: one number from 0 to 1 for every speaker, or ``{kid: number}``, a
        trust per speaker (a speaker left out is not believed at all: its claims are
        ignored)."""

        def one(t: Any, who: str = "") -> float:
            if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t <= 1:
                raise WidgetError("malformed_message", f"trust{who} must be a number from 0 to 1, got {short(t)}")
            return round(float(t), 4)

        if isinstance(value, dict):
            if not value or len(value) > len(KIDS) or any(k not in KIDS for k in value):
                raise WidgetError(
                    "malformed_message",
                    f"a trust per speaker takes kids' names {list(KIDS)}, got {short(list(value)[: len(KIDS) + 1])}",
                )
            return {k: one(value[k], f" in {k}") for k in sorted(value)}
        return one(value)

    def odds(self, seat_view: dict) -> dict | None:
        """Alice's notebook (``odds.panel``) for Alice and the public view; None for a kid.

        The panel is a pure function of the view's ``odds.VIEW_KEYS`` and the trust
        option, and costs a Monte Carlo run (pure Python, ~25 ms of CPU at 8 players), so the panels
        computed are kept, keyed by those, the newest ODDS_MEMO of them: a question or a
        phase change alone does not recompute it, and a finished game's replay shows
        the panels its live screens (the projector, Alice's device) already computed
        instead of paying for each step again."""
        if seat_view.get("role") != "alice" and seat_view.get("viewer") is not None:
            return None
        from . import odds

        trust = self.option("trust")
        key = json.dumps([trust, [seat_view.get(k) for k in odds.VIEW_KEYS]], sort_keys=True, default=str)
        memo = self.__dict__.get("_odds_memo")
        if memo is None:
            memo = self.__dict__["_odds_memo"] = collections.OrderedDict()
        panel = memo.get(key)
        if panel is None:
            panel = memo[key] = odds.panel(seat_view, trust=trust)
            while len(memo) > ODDS_MEMO:
                memo.popitem(last=False)
        else:
            memo.move_to_end(key)
        return copy.deepcopy(panel)

    def display_content(self) -> dict:
        g = self.game
        return {
            "kids": [{"name": k, "color": KID_COLORS[k]} for k in KIDS],
            "cards": [{"value": v, "name": n, "helps": HELPS[v]} for v, n in MISCHIEF.items()],
            "tokens": [{"id": t, "name": n, "peeks": TOKEN_PEEKS[t]} for t, n in TOKEN_NAMES.items()],
            "questions": dict(QUESTIONS),
            "phases": dict(PHASE_TEXT),
            "seat_kid": {str(s): k for s, k in g.seat_kid.items()},
        }

    def text_body(self, view: dict) -> list[str]:
        """The table as text (``brady_bunch/text.py``), from the synced view only."""
        return _text.body(view, list(self.names))

    def entry_text(self, key: str, entry: dict) -> str:
        """A talk entry in the speaker's words (spelled here only; the view shows it)."""
        return self.statement_text(entry) if key == "talk" else ""

    def window_facts(self, view: dict) -> dict:
        """``pending_said``: asked whether a kid told the truth about the card the asked kid
        played (rulebook: "Is _____ telling the truth about the Mischief card you played?"),
        the asked kid sees what that kid said about its card in that round (the newest such
        statement, from the whole public talk: the synced talk is only its newest
        statements), or None."""
        q = view.get("pending") or {}
        if q.get("question") != "ask_truth":
            return {}
        rnd = q.get("round") if q.get("round") is not None else view.get("round")
        about, asked = q.get("about"), q.get("kid")
        said = [
            t
            for t in view.get("talk") or []
            if t["speaker"] == about
            and t["subject"] == asked
            and t["kind"] in ("played", "looked")
            and t.get("value") is not None
            and t["about_round"] == rnd
        ]
        return {"pending_said": self.statement_text(said[-1]) if said else None}

    # ------------------------------------------------------------ refusals
    @staticmethod
    def _said_refusal(kind: Any, kid: Any, action: dict, view: dict, entries: dict) -> str | None:
        """:meth:`refusal` for a move of the right kind at its time that the rule refuses:
        a Snoop request, a claim, an answer (else the caller's "Not now", which would say it is
        not the time when it is). Never repeats a value that was sent."""
        phase, value = view.get("phase"), action.get("value")
        bad_value = isinstance(value, int) and value not in MISCHIEF
        if kind == "request" and phase == "play" and isinstance(kid, str):
            about, snoops = action.get("about"), [k for k in view.get("snoops") or [] if isinstance(k, str)]
            if isinstance(about, str) and entries and about not in entries:
                return "There is no such kid at this table: ask the Snoop to look at one of the kids on the board."
            if kid not in snoops:
                who = ", ".join(dict.fromkeys(snoops)) or "nobody"
                return f"{kid} is not a Snoop this round: ask a Snoop ({who}) to look at a card."
            return "Ask each Snoop once, to look at another kid's card than their own."
        if kind == "claim" and phase == "claims" and bad_value:
            return f"A Mischief card is a number from {min(MISCHIEF)} to {max(MISCHIEF)}."
        pending = view.get("pending") or {}
        question = pending.get("question")
        if kind in ANSWERS and phase == "answer" and question in QUESTIONS:
            if kind in _ANSWER_KINDS.get(question, ()):
                if bad_value:
                    return f"A Mischief card is a number from {min(MISCHIEF)} to {max(MISCHIEF)}."
                if isinstance(kid, str) and kid == view.get("me"):
                    return "Name another kid than yourself (or nobody, if you looked at no card)."
            asked = QUESTIONS[question].replace("{about}", str(pending.get("about") or "that kid"))
            return f"Answer the question Alice asked: \u201c{asked}\u201d"
        return None

    def refusal(self, code: str, action: Any, view: dict | None) -> str | None:
        """A move the rules refuse, in the party's words, from the seat's own view only: the
        rule it broke where the view shows it (the question cap, a card not in the hand, a
        card already face up, the silent kid asked), else what this part of the round is for."""
        if view is None or view.get("over") or code != "illegal_action":
            return None
        phase = view.get("phase")
        kind = action.get("type") if isinstance(action, dict) else None
        kid = action.get("kid") if isinstance(action, dict) else None
        entries = {k.get("kid"): k for k in view.get("kids") or [] if isinstance(k, dict)}
        if kind in ASKS and phase in ("talk", "final"):
            cap, asked = view.get("max_questions"), view.get("questions")
            if isinstance(cap, int) and isinstance(asked, int) and asked >= cap:
                plural = "question" if cap == 1 else "questions"
                then = "give a Cookie" if phase == "talk" else "end the round"
                return f"Alice has asked her {cap} {plural} for this round: now {then}."
            if isinstance(kid, str) and entries.get(kid, {}).get("silent"):
                return f"{kid} is the silent kid and answers no questions."
            if kind == "ask_truth" and kid is not None and kid == action.get("about"):
                return f"Ask {kid} about another kid."
            # a kid not at the table asked about, a round not played yet: the rule, not "Not now"
            # (it is the time for questions); neither sentence repeats what was sent
            about = action.get("about")
            if kind == "ask_truth" and isinstance(about, str) and entries and about not in entries:
                return "There is no such kid at this table: ask about one of the kids on the board."
            rnd, now = action.get("round"), view.get("round")
            if isinstance(rnd, int) and isinstance(now, int) and now >= 1 and not 1 <= rnd <= now:
                rounds = "round 1" if now == 1 else f"rounds 1 to {now}"
                return f"Alice asks about this round or an earlier one: {rounds} so far."
        if kind == "play" and phase == "play" and view.get("hand") is not None:
            return "Play one of the Mischief cards in your hand."
        # the rulebook's limits, each in its own words (else "Not now", which names no rule)
        if kind == "peek" and phase in ("snoop", "cookie_peek", "help_peek") and isinstance(kid, str):
            if kid == view.get("me"):
                return "You cannot look at your own card: look at another kid's card."
            now = [p for p in view.get("peeks") or [] if isinstance(p, dict) and p.get("round") == view.get("round")]
            if phase != "cookie_peek" and any(p.get("kid") == kid for p in now):
                return f"You have just looked at {kid}'s card: look at a different kid's card."
        if kind == "cookie" and isinstance(kid, str):
            if phase == "talk" and entries.get(kid, {}).get("silent"):
                return f"{kid} is the silent kid and cannot take a Cookie."
            given = view.get("cookie")
            if isinstance(given, str) and phase != "reveal":
                return f"Alice gives one Cookie a round, and {given} has this round's Cookie."
        if kind == "use_token":
            token = action.get("token")
            if phase == "help" and token not in (view.get("tokens") or []):
                name = TOKEN_NAMES.get(token) if isinstance(token, str) else None
                return (
                    f"Alice does not hold {name}: she spends a Help Token she still has."
                    if name
                    else "Alice has no such Help Token."
                )
            if phase == "final":
                used = view.get("token_used")
                if isinstance(used, str) and used in TOKEN_NAMES:
                    return f"Alice spends one Help Token a round, and she has spent {TOKEN_NAMES[used]}."
                return "Alice spends a Help Token right after the Cookie kid looks, once a round: not now."
            if phase in ("reveal", "play", "talk"):
                return "Alice spends a Help Token after the kid given the Cookie has looked at a card."
        if kind == "accuse" and phase != "accuse":
            return "Alice accuses a kid at the end of the game, after round 4 and the Cookie signs."
        if isinstance(kid, str) and entries and kid not in entries and not (kid == NOBODY and kind == "say_looked"):
            return "There is no such kid at this table: choose one of the kids on the board."  # (never echoes the name)
        if kind in ("peek", "expose") and isinstance(kid, str) and entries.get(kid, {}).get("face_up") is not None:
            return f"{kid}'s card is already face up."
        if kind == "expose" and phase == "expose" and kid == view.get("me"):
            # Cousin Oliver: "selecting one kid and flipping over their Mischief card"
            return "Cousin Oliver turns another kid's card face up, not his own."
        said = self._said_refusal(kind, kid, action, view, entries)
        if said:
            return said
        now = PHASE_TEXT.get(phase) if isinstance(phase, str) else None
        return f"Not now: {now}." if now else None

    # ------------------------------------------------------------- log texts
    def end_reason(self, view: dict) -> str:
        """Rulebook: "To win as Alice, correctly identify the Troublemaker": whom Alice
        accused, and the Troublemaker(s) by their scores (highest total)."""
        log = view.get("log") or []
        acc = next((ev for ev in reversed(log) if ev.get("type") == "accusation"), None)
        over = next((ev for ev in reversed(log) if ev.get("type") == "game_over"), None)
        if acc is None or over is None:
            return ""
        roles = over.get("roles") or {}
        scores = over.get("scores") or {}
        tms = list(roles.get("troublemakers") or [])
        top = max((scores.get(k, 0) for k in tms), default=None)
        points = f" with {top} points" if isinstance(top, int) else ""
        kid = acc.get("kid")
        if acc.get("right"):
            return f"Alice accused {kid}, the Troublemaker{points}"
        role = "Troublemakers" if len(tms) > 1 else "Troublemaker"
        verb = "were" if len(tms) > 1 else "was"
        return f"Alice accused {kid}, but the {role} {verb} {and_list(tms)}{points}, and got away"

    def seat_name(self, seat: int) -> str:
        """Alice or the kid's name, as the board and the log name them (the kids are public)."""
        return self._who(seat) or self.names[seat]

    def _who(self, seat: Any) -> str:
        if not isinstance(seat, int):
            return ""
        return "Alice" if seat == ALICE else self.game.seat_kid.get(seat, f"Seat {seat}")

    def describe(self, ev: dict) -> str:
        kind = ev["type"]
        seat = ev.get("seat")
        who = self._who(seat)
        you = kind in PRIVATE_EVENTS and not self.revealed and seat == self.shown_seat
        subj = "You" if you else who
        rnd = ev.get("round")
        if kind == "setup":
            text = (
                f"Alice faces the kids {and_list(ev['kids'])}. "
                f"{ev['tattletales']} Tattletale{'s' if ev['tattletales'] != 1 else ''} this game; "
                f"Alice holds {and_list([TOKEN_NAMES[t] for t in ev['tokens']])}."
            )
            if ev.get("silent"):
                text += f" {ev['silent']} is the silent kid (plays the top card of the deck)."
            if ev.get("cousin_oliver"):
                text += " Cousin Oliver may expose two cards."
            return text
        if kind == "hand":
            return f"{subj} {'were' if you else 'was'} dealt {and_list([card(v) for v in ev['cards']])}."
        if kind == "round":
            return f"Round {rnd} begins."
        if kind == "snoops":
            return f"Alice reveals the Snoop cards of round {rnd}: {and_list(ev['kids'])}."
        if kind == "silent_play":
            return f"The top Mischief card goes face down on {ev['kid']}'s space (the silent kid)."
        if kind == "request":
            return f"Alice asks {ev['snoop']} to snoop on {ev['about']}'s card."
        if kind == "lights_out":
            return "Alice says: lights out!"
        if kind == "played":
            return f"{ev['kid']} plays a Mischief card face down."
        if kind == "my_card":
            return f"{subj} played {card(ev['value'])} face down."
        if kind == "eyes_closed":
            return "Everyone closes their eyes and hums the theme song."
        if kind == "peeked":
            if ev.get("via") in ("woman", "man", "dog"):
                return f"Alice looks at a card with {TOKEN_NAMES[ev['via']]}."
            return f"{who} looks at a card {VIA_TEXT.get(ev.get('via'), '')}.".replace(" .", ".")
        if kind == "peek":
            return f"{subj} looked at {ev['kid']}'s card {VIA_TEXT.get(ev['via'], '')}: {card(ev['value'])}."
        if kind == "eyes_open":
            return "Everyone opens their eyes."
        if kind == "claim":
            return f"{ev['speaker']}: “{self.statement_text(ev)}”"
        if kind == "silent":
            return f"{ev['kid']} has nothing to say."
        if kind == "question":
            return f"Alice asks {ev['kid']}: “{self.question_text(ev)}”"
        if kind == "cookie":
            return f"Alice gives {ev['kid']} a Cookie."
        if kind == "expose":
            return f"Cousin Oliver exposes {ev['kid']}'s card: {card(ev['value'])}."
        if kind == "no_expose":
            return "Cousin Oliver exposes nothing this round."
        if kind == "token":
            return f"Alice spends {TOKEN_NAMES[ev['token']]}."
        if kind == "no_token":
            return "Alice keeps her Help Tokens this round."
        if kind == "round_end":
            return f"Round {rnd} ends: the kids tuck their cards under their tiles."
        if kind == "draw":
            return f"{subj} drew {card(ev['value'])}."
        if kind == "scoring":
            return "After round 4: the kids with Cookies choose + or - in secret."
        if kind == "signed":
            return f"{ev['kid']} has chosen a Cookie sign."
        if kind == "my_sign":
            return f"{subj} chose {'+' if ev['plus'] else '-'} for {'your' if you else 'the'} Cookies."
        if kind == "signs":
            signs = ev.get("signs") or {}
            if not signs:
                return "No kid has a Cookie."
            return "Cookie signs: " + ", ".join(f"{k} {s}" for k, s in signs.items()) + "."
        if kind == "reveal":
            cards = ev["cards"]
            text = f"{ev['kid']} reveals {' + '.join(str(v) for v in cards)}"
            if ev.get("cookies"):
                sign = ev.get("sign") or "+"
                n = ev["cookies"]
                text += f", {sign}{n} for {n} Cookie{'s' if n != 1 else ''}"
            return f"{text} = {ev['score']}."
        if kind == "accusation":
            return f"Alice accuses {ev['kid']}: {'right, that is a Troublemaker!' if ev['right'] else 'wrong!'}"
        if kind == "game_over":
            roles = ev.get("roles") or {}
            winners = [self._who(s) for s in ev.get("winners", [])]
            parts = []
            for key, one, many in (
                ("troublemakers", "Troublemaker", "Troublemakers"),
                ("sidekicks", "Sidekick", "Sidekicks"),
                ("tattletales", "Tattletale", "Tattletales"),
            ):
                kids = roles.get(key) or []
                if kids:
                    parts.append(
                        f"{and_list(kids)} {'is the' if len(kids) == 1 else 'are the'} {one if len(kids) == 1 else many}"
                    )
            return f"Game over: {'; '.join(parts)}. {and_list(winners)} {'wins' if len(winners) == 1 else 'win'}."
        return kind

    @staticmethod
    def question_text(q: dict) -> str:
        kind = q.get("question")
        text = QUESTIONS.get(kind, str(kind))
        if kind == "ask_truth":
            text = text.format(about=q.get("about"))
        if kind != "ask_suspect" and q.get("round") is not None:
            text += f" (round {q['round']})"
        return text

    @staticmethod
    def statement_text(st: dict) -> str:
        """A public statement (``view["talk"]`` entry or ``claim`` event) in the speaker's words."""
        kind, subject, rnd = st["kind"], st["subject"], st.get("about_round")
        when = f"in round {rnd}"
        if kind == "played":
            if subject == st["speaker"]:
                return f"I played {card(st['value'])} {when}."
            return f"{subject} played {card(st['value'])} {when}."
        if kind == "looked":
            if subject == NOBODY:
                return f"I looked at nobody's card {when}."
            if st.get("value") is None:
                return f"I looked at {subject}'s card {when}."
            return f"I looked at {subject}'s card {when}: it was {card(st['value'])}."
        if kind == "vouch":
            if st.get("yes"):
                return f"Yes, {subject} told the truth about the card I played {when}."
            return f"No, {subject} did not tell the truth about the card I played {when}."
        if kind == "suspect":
            return f"I think {subject} is the Troublemaker."
        return kind
