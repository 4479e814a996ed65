"""BrouhahaWidget: Brouhaha in a notebook, in real time, against bots.

>>> from brady_widgets.brouhaha.widget import BrouhahaWidget
>>> w = BrouhahaWidget(players=5, seed=7)                 # you are seat 0, four bots
>>> w = BrouhahaWidget(players=4, party={0: "a", 1: "l"})  # two people, one keyboard
>>> w.act({"type": "play", "card": "cow"})                 # the Python API mirrors the keys

The clock starts when the person presses the view's Start (or on ``w.run_bots()`` /
``w.advance_time(ms)`` / ``w.act(...)`` from Python), and pauses while no view of it is
on screen (Resume goes on). Every key press and click is stamped in the
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

from typing import Any

from ..engine.errors import IllegalAction
from ..scheduler import Later
from ..session import Session
from ..widget import STATIC, GameWidget, short
from .presenter import BrouhahaPresenter

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


class BrouhahaSession(Session):
    """A Brouhaha session that may be played on one keyboard by several people
    (``party=``: see :class:`BrouhahaWidget`); otherwise a plain session."""

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
            chosen = (kw.get("presenter") or BrouhahaPresenter).players_of(kw.get("bot"), n, [])
            party_seats = set(self._party)
            kw["bot"] = lambda s, seed: _Helper(chosen[s](s, seed)) if s in party_seats else chosen[s](s, seed)
        super().__init__(players=players, seed=seed, humans=humans, **kw)
        if self._party:
            # the screen stays on the public view (no seat is shown)
            self.humans = tuple(sorted(self._party))
            if self.names == tuple(self.presenter.default_names(self.game, [])):
                self.names = tuple(self._party_names(self.game.players))

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
            if (
                not (isinstance(key, str) and len(key) == 1 and key.isalpha() and key.islower())
                or key in _RESERVED_KEYS
            ):
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
        """Act for the shown seat (see :meth:`Session.act`). In the one-keyboard mode
        the only action is a person's slap, ``{"type": "slap", "seat": s}``."""
        if not self._party:
            return super().act(action, at)
        with self._batch():
            try:
                seat = self._party_seat(action)
                self._submit_realtime(seat, {"type": "slap"}, at)  # refused: nothing changes, the clock included
            except IllegalAction as exc:
                self.error = self._error_of(exc)
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
        self.error = self._error_of(exc, seat)


class BrouhahaWidget(GameWidget):
    """Brouhaha as a widget (see the module docstring).

    Args (besides :class:`~brady_widgets.widget.GameWidget`'s):
        party: one keyboard, several players: ``{seat: key}`` (or a list of seats,
            given the keys of :data:`PARTY_KEYS` in order); the screen shows the
            public view only. Not with ``humans``.
        **game_options: the engine's options (``bang``, ``cries``, ``slap_ms``,
            ``reveal_ms``, ``hunt_ms``, ``pass_ms``, ``time_limit_ms``, ``deal``).
    """

    presenter_class = BrouhahaPresenter
    session_class = BrouhahaSession

    _esm = STATIC / "brouhaha.js"
    _css = STATIC / "brouhaha.css"
