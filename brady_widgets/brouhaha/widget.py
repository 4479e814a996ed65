"""BrouhahaWidget: Brouhaha in a notebook, in real time, against bots.

>>> from brady_widgets.brouhaha.widget import BrouhahaWidget
>>> w = BrouhahaWidget(players=5, seed=7)                 # you are seat 0, four bots
>>> w = BrouhahaWidget(players=4, party={0: "a", 1: "l"})  # two people, one keyboard
>>> w.act({"type": "play", "card": "cow"})                 # the Python API mirrors the keys

The clock starts when the view first shows (or on ``w.run_bots()`` /
``w.advance_time(ms)`` in tests). Every key press and click is stamped in the
browser and the kernel settles the races (``lag``: see ``docs/realtime.md``).

Keys (``action_keys`` and the view's own): **Space** slaps; **1..9** play (in the
pass phase: pass) the n-th distinct card of your hand; **T** or **Backspace** take
your face-down card back; **H** then a seat number (1..9, 0 for the tenth seat)
plays a Hunter on that seat's card (or click its speech bubble); **Escape** cancels.

The odds panel (``view["odds"]``) is computed from the shown seat's own view only
(``odds.share_chance``): the exact chance that another face-down card is the same
animal as yours, as a fraction and a float.

**One keyboard, several players** (``party={seat: key}``). Hot-seat does not fit a
game where everyone acts at once, and Brouhaha's cards are secret, so on one shared
screen nobody's cards can be shown. In this mode the screen shows the *public* view
only (cries, Reserves, reveals: nobody's hand or face-down animal) and each person
has a slap key (default keys ``a l z m q p x n w o``). A helper (the chosen bot,
minus its slaps) plays each person's cards, takes them back, hunts and passes for
them; the person decides only *when to slap*, from the cries. The limit: a person
never learns which animal their own card is, so with shared cries
(``cries="shared"``, three species per cry) a slap is a bet on the public odds;
with ``cries="solo"`` a cry names its species and the game becomes a fair
reflex race. A key press acts for its seat with ``{"type": "slap", "seat": s}``
(the view sends it; ``w.act`` takes it too).

Stable ``data-testid`` attributes of the view (for browser tests):

=======================  =========================================================
``data-testid``          element
=======================  =========================================================
(root)                   ``.bw-brouhaha``: ``data-phase`` = play|slap|reveal|hunt|
                         pass|over, ``data-frozen`` = true|false, ``data-party``
``me``                   who you are and your face-down card
``prompt``               what you can do now (``aria-live``)
``slap``                 the Slap button (Space)
``play-<animal>``        play a card of your hand (key 1..9)
``pass-<card>``          pass that card to the left (pass phase)
``my-down``              your face-down card; ``take-back`` its button (T)
``hunt``                 the Hunter button (H; ``aria-pressed`` while choosing)
``bubble-<seat>``        a seat's speech bubble (``data-cry``): the hunt target button
``revealed-<seat>``      a card shown at the reveal; ``reveal`` the reveal banner
``slapped-<seat>``       "slapped first/second"; ``hunter-<seat>`` the announced Hunter
``reserve-<seat>``       a seat's Reserve (face up)
``odds``                 the odds panel: ``odds-fraction``, ``odds-text``
``speech``               the speech-synthesis toggle (``aria-pressed``, off by default)
``legend``               which species share a cry
``party-keys``           the slap keys (one-keyboard mode); ``party-key-<seat>``
``clock``, ``log``, ``error``, ``seat-<n>``, ``winner``, ``replay``   the shared frame's
=======================  =========================================================
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.errors import IllegalAction
from ..scheduler import Later
from ..widget import STATIC, GameWidget, _error_dict, short
from . import text as _text
from .rules import Brouhaha

__all__ = ["BrouhahaWidget", "PARTY_KEYS"]

#: the slap keys of the one-keyboard mode, in seat order when not given (far apart on
#: a QWERTY keyboard; none is a key of the view: not t, h, digits or Space)
PARTY_KEYS = ("a", "l", "z", "m", "q", "p", "x", "n", "w", "o")
_RESERVED_KEYS = frozenset("th0123456789 ")


class _Helper:
    """A person's helper in the one-keyboard mode: a bot that plays, takes back, hunts
    and passes for that seat, and never slaps (the person does). It sees only the
    seat's view, like any bot."""

    def __init__(self, bot: Any):
        self.bot = bot

    @staticmethod
    def _no_slap(legal: list[dict]) -> list[dict]:
        return [a for a in legal if a.get("type") != "slap"]

    def plan(self, view: dict, legal: list[dict]) -> Any:
        legal = self._no_slap(legal)
        if not legal:
            return None
        ask = getattr(self.bot, "plan", None)
        answer = ask(view, legal) if ask is not None else self.bot.choose(view, legal)
        action = answer.action if isinstance(answer, Later) else answer
        if isinstance(action, dict) and action.get("type") == "slap":
            return None
        return answer

    def choose(self, view: dict, legal: list[dict]) -> dict:
        legal = self._no_slap(legal)
        return self.bot.choose(view, legal)


class BrouhahaWidget(GameWidget):
    """Brouhaha as a widget (see the module docstring).

    Args (besides :class:`~brady_widgets.widget.GameWidget`'s):
        party: one keyboard, several players: ``{seat: key}`` (or a list of seats,
            given the keys of :data:`PARTY_KEYS` in order); the screen shows the
            public view only. Not with ``humans``.
        **game_options: the engine's options (``bang``, ``cries``, ``slap_ms``,
            ``reveal_ms``, ``hunt_ms``, ``pass_ms``, ``time_limit_ms``, ``deal``).
    """

    _esm = STATIC / "brouhaha.js"
    _css = STATIC / "brouhaha.css"

    game_class = Brouhaha
    default_bot = "medium"
    #: Space slaps, T / Backspace take back (the view adds 1..9, H and the party keys)
    action_keys = {" ": "slap", "t": "take_back", "Backspace": "take_back"}
    log_limit = 25

    def __init__(self, players: int = 4, seed: int | None = None, humans: Any = None, party: Any = None, **kw: Any):
        self._party: dict[int, str] = {}
        if party is not None:
            if humans is not None:
                raise TypeError("give either humans (a screen per person) or party (one screen, a key each), not both")
            if kw.get("mode", "bots") != "bots":
                raise ValueError("party is its own mode: leave mode out")
            n = kw["game"].players if kw.get("game") is not None else players
            self._party = self._check_party(party, n)
            humans = ()
            # the people's seats get a helper (the chosen bot, without its slaps)
            chosen = self._players_of(kw.get("bot"), n, [])
            party_seats = set(self._party)
            kw["bot"] = lambda s, seed: _Helper(chosen[s](s, seed)) if s in party_seats else chosen[s](s, seed)
        super().__init__(players=players, seed=seed, humans=humans, **kw)
        if self._party:
            # the screen stays on the public view (no seat is shown)
            self.humans = tuple(sorted(self._party))
            if self.names == tuple(self.default_names(self.game, [])):
                self.names = tuple(self._party_names(self.game.players))
            with self.hold_sync():
                self._refresh()

    # ----------------------------------------------------------------- party mode
    @staticmethod
    def _check_party(party: Any, players: int) -> dict[int, str]:
        if isinstance(party, dict):
            pairs = list(party.items())
        else:
            try:
                seats = list(party)
            except TypeError:
                raise TypeError(f"party must be {{seat: key}} or a list of seats, got {party!r}") from None
            if len(seats) > len(PARTY_KEYS):
                raise ValueError(f"party: at most {len(PARTY_KEYS)} people share a keyboard")
            pairs = list(zip(seats, PARTY_KEYS))
        if not pairs:
            raise ValueError("party needs at least one seat")
        out: dict[int, str] = {}
        for seat, key in pairs:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"party: seats are 0..{players - 1}, got {seat!r}")
            if not (isinstance(key, str) and len(key) == 1 and key.isalpha() and key.islower()) or key in _RESERVED_KEYS:
                raise ValueError(f"party: a key is one lowercase letter other than t and h, got {key!r}")
            if seat in out:
                raise ValueError(f"party lists seat {seat} twice")
            if key in out.values():
                raise ValueError(f"party gives the key {key!r} to two seats")
            out[seat] = key
        return dict(sorted(out.items()))

    def _party_names(self, n: int) -> list[str]:
        return [f"Player {s + 1} ({self._party[s].upper()})" if s in self._party else f"Bot {s + 1}" for s in range(n)]

    @property
    def party(self) -> dict[int, str]:
        """``{seat: slap key}`` in the one-keyboard mode, else ``{}``."""
        return dict(self._party)

    def _sync_seat(self) -> None:
        if getattr(self, "_party", None):
            return  # one shared screen: it never shows a seat (the pass is the helpers')
        super()._sync_seat()

    def act(self, action: dict, at: float | None = None) -> None:
        """Act for the shown seat (see :meth:`GameWidget.act`). In the one-keyboard mode
        the only action is a person's slap, ``{"type": "slap", "seat": s}``."""
        if not self._party:
            return super().act(action, at)
        with self.hold_sync():
            try:
                seat = self._party_seat(action)
                self._submit_realtime(seat, {"type": "slap"}, at)  # refused: nothing changes, the clock included
            except IllegalAction as exc:
                self.error = _error_dict(exc)
                raise
            self.error = {}
            self._start_bots_guarded()
            self._refresh()

    def _party_seat(self, action: Any) -> int:
        if not (isinstance(action, dict) and action.get("type") == "slap" and set(action) == {"type", "seat"}):
            raise IllegalAction(
                "malformed_action",
                f"on a shared keyboard the only action is a person's slap {{'type': 'slap', 'seat': s}}, got {short(action)}",
                None,
                action,
            )
        seat = action["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self._party:
            raise IllegalAction(
                "not_your_turn", f"seat {short(seat)} has no slap key here (keys: {self._party})", None, action
            )
        return seat

    def _refused(self, seat: int, exc: IllegalAction) -> None:
        # a person's slap that lost its race (the window closed, two slapped already)
        self.error = _error_dict(exc)

    # ------------------------------------------------------------------ per-game hooks
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
        if getattr(self, "_party", None):
            out["party"] = {"keys": {str(s): k for s, k in self._party.items()}}
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
        return _text.body(view, list((self.settings or {}).get("names") or self.names), self.content or {})

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
