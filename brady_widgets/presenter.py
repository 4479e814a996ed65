"""Presenter: a game's presentation, apart from any transport.

A :class:`Presenter` says how a game is shown: the text of its log events
(:meth:`Presenter.describe`), its odds panel (:meth:`Presenter.odds`), its static display
content, its part of the text view, the texts of its windowed lists, the view options it
accepts, its bots and seat names, and the budgets its synced state is rendered under. It is
a plain class (no traitlets, anywidget or ipywidgets): a notebook widget and a room's
table both hold one, so the rooms server needs no kernel.

A game writes ``<game>/presenter.py`` with one subclass that sets :attr:`Presenter.game_class`
and overrides the hooks it needs, names it in its registry entry (``presenter=``), and its
widget class names it too (``presenter_class``). A game without one is presented by this
class as it is (the generic view's defaults, e.g. the toy games of ``tests/``).

A presenter is built for one table and reads only what that table shows everyone: the
engine (``self.game``), the seat names (``self.names``), the view options
(``self.option(name)``) and whose screen is drawn (``self.shown_seat``, ``self.revealed``);
hooks get the views they present as arguments.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, ClassVar

from .frames import _TEXT_SKIP, _compact, _cut, short

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Iterator

    from .engine.game import Game
    from .screen import Screen

__all__ = ["PRESENTER_SETTINGS", "REFUSALS", "Presenter", "join_names"]

#: what a person sees when a game or a table refuses something, by error code: a short
#: sentence in plain words (a game says it in its own with :meth:`Presenter.refusal`). The
#: code, the seat and the action tried stay with the developer: the ``error`` trait's
#: ``code`` (the banner's ``data-code``) and the ``brady_widgets.refusals`` logger.
REFUSALS = {
    # the engine's (IllegalAction)
    "not_your_turn": "You have nothing to do right now.",
    "illegal_action": "That move is not allowed right now.",
    "malformed_action": "That move was not understood, so nothing changed.",
    "game_over": "The game is over.",
    # the widget's (WidgetError)
    "malformed_message": "The game could not read that request, so nothing changed.",
    "unknown_message": "The game does not know that request, so nothing changed.",
    "replay_unavailable": "The replay opens when the game is over.",
    "teacher_only": "Only the teacher can do that.",
    "bot_error": "A bot could not play, so the game stopped.",
    "internal_error": "Something went wrong, so nothing changed. Try again.",
    "not_started": "The game has not started yet: the Start button starts it when you are ready.",
    "bad_forecast": "That forecast was not kept: give a number from 0 to 100.",
    # the rooms server's (RoomError)
    "rate_limited": "Too many clicks at once: wait a moment and try again.",
    "table_locked": "The teacher has paused this table: wait until it goes on.",
    "not_joined": "Join a table first.",
    "bad_code": "No table has that code: check it with your teacher.",
    "code_expired": "This table's code has expired: ask your teacher for a new one.",
    "bad_token": "This seat is no longer yours: join again with the table's code.",
    "stale_sequence": "That click came late, so it was skipped.",
    "bad_request": "The table could not do that.",
    "taken_over": "Your seat was opened on another device.",
}
#: the sentence for a code nobody listed (never the code itself)
REFUSAL_FALLBACK = "That is not possible right now."


def join_names(names: list[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``"Nobody"`` for none)."""
    names = [str(n) for n in names]
    if not names:
        return "Nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


#: the presenter's settings (class attributes) a game may set; a widget class shows them too
PRESENTER_SETTINGS = (
    "game_class",
    "default_bot",
    "log_limit",
    "log_budget",
    "windowed",
    "window_limit",
    "window_budget",
    "page_budget",
    "frame_budget",
    "max_bot_actions",
    "view_options",
    "text_width",
    "text_lines",
    "text_body_lines",
    "text_log_lines",
    "action_keys",
)


class Presenter:
    """How one game is shown (see the module docstring); one instance per table."""

    #: the engine class (a :class:`~brady_widgets.engine.game.Game` subclass)
    game_class: ClassVar[type[Game] | None] = None
    #: the bot used when ``bot`` is not given
    default_bot: ClassVar[str] = "random"
    #: how many log entries are synced at most (the newest), and their JSON bytes at most
    log_limit: ClassVar[int] = 30
    log_budget: ClassVar[int] = 1500
    #: view keys whose lists grow without bound (e.g. the table talk): only the
    #: newest entries are synced, at most ``window_limit`` and ``window_budget`` bytes
    windowed: ClassVar[tuple[str, ...]] = ()
    window_limit: ClassVar[int] = 20
    window_budget: ClassVar[int] = 1000
    #: the JSON bytes of one answer to a ``page`` message, at most
    page_budget: ClassVar[int] = 4000
    #: the JSON bytes of one update of every trait but the static ``content`` and
    #: ``page``, an error included: the log window gets what the others leave (the
    #: Jupyter message around it adds about 0.8 KB; the frame target is 8 KB on the wire)
    frame_budget: ClassVar[int] = 6800
    #: how many bot actions one synchronous run may take before it is stopped
    max_bot_actions: ClassVar[int] = 100_000
    #: view options a user may change while playing (name -> default), e.g. the
    #: odds panel's trust; keyword arguments of the constructor too, validated by
    #: :meth:`check_option`, synced as ``settings["options"]``
    view_options: ClassVar[dict[str, Any]] = {}
    #: the text view: columns per line, lines at most, the body's default lines at most,
    #: and the newest log lines shown
    text_width: ClassVar[int] = 100
    text_lines: ClassVar[int] = 25
    text_body_lines: ClassVar[int] = 14
    text_log_lines: ClassVar[int] = 5
    #: keyboard shortcuts: ``KeyboardEvent.key`` -> action type (e.g. ``{" ": "slap"}``): the
    #: key acts with the first legal action of that type (synced as ``settings["keys"]``)
    action_keys: ClassVar[dict[str, str]] = {}

    _generic: ClassVar[dict[type, type[Presenter]]] = {}

    def __init__(self, table: Any):
        #: the table (session) this presenter shows: its engine, names and view options
        self.table = table
        self._drawing: Screen | None = None

    @classmethod
    def for_game(cls, game_class: type[Game]) -> type[Presenter]:
        """The presenter of a game that has none of its own: this class's defaults for
        ``game_class`` (one class per game, kept)."""
        found = Presenter._generic.get(game_class)
        if found is None:
            found = Presenter._generic[game_class] = type(
                f"{game_class.__name__}Presenter", (Presenter,), {"game_class": game_class, "__module__": __name__}
            )
        return found

    # -------------------------------------------------------- what a hook reads
    @property
    def game(self) -> Game:
        """The live engine (read it, never change it)."""
        return self.table.game

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, as every screen shows them."""
        return self.table.names

    @contextlib.contextmanager
    def drawing(self, screen: Screen) -> Iterator[Screen]:
        """Inside this block the hooks draw ``screen`` (the table's render sets it)."""
        outer, self._drawing = self._drawing, screen
        try:
            yield screen
        finally:
            self._drawing = outer

    def drawn_screen(self) -> Screen:
        """The screen being drawn: the one the table renders now, else the table's own."""
        return self._drawing if self._drawing is not None else self.table.screen

    @property
    def shown_seat(self) -> int | None:
        """The seat of the screen being drawn (None: the public view); a log text may
        say "you" to it."""
        return self.drawn_screen().seat

    @property
    def revealed(self) -> bool:
        """Whether the screen being drawn is the teacher's reveal."""
        return self.drawn_screen().reveal

    def option(self, name: str) -> Any:
        """The value of a view option (see :attr:`view_options`) on the screen being drawn."""
        return dict(self.drawn_screen().options)[name]

    # ------------------------------------------------------------------ hooks
    @classmethod
    def bot_registry(cls) -> dict:
        """``{name: BotClass}`` for this game (read when a table is built): the bots its
        registry entry names."""
        from .engine.registry import load_bots

        return load_bots(cls.game_class.name) if cls.game_class is not None else {}

    @classmethod
    def bot_factory(cls, bot: Any) -> Callable:
        """The factory ``(seat, seed) -> bot`` of a bot name of :meth:`bot_registry` (a
        factory is itself); ValueError for an unknown name."""
        if callable(bot):
            return bot
        registry = cls.bot_registry()
        if not isinstance(bot, str) or bot not in registry:
            raise ValueError(f"unknown bot {short(bot)}; bots: {sorted(registry)} (or a factory(seat, seed))")
        return registry[bot]

    @classmethod
    def players_of(cls, bot: Any, players: int, humans: list[int]) -> dict[int, Callable]:
        """The bot factory of every seat from a table's ``bot``: one bot (a name or a
        factory) for every bot seat, or ``{seat: bot}`` (the seats left out get
        :attr:`default_bot`). Raises ValueError for an unknown bot or a seat out of range."""
        if not isinstance(bot, dict):
            factory = cls.bot_factory(bot if bot is not None else cls.default_bot)
            return dict.fromkeys(range(players), factory)
        for seat in bot:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"bot: seats are 0..{players - 1}, got {short(seat)}")
            if seat in humans:
                raise ValueError(f"bot: seat {seat} is a person's (humans={humans})")
        default = cls.bot_factory(cls.default_bot)
        return {s: cls.bot_factory(bot[s]) if s in bot else default for s in range(players)}

    @classmethod
    def default_names(cls, game: Game, humans: list[int]) -> list[str]:
        """Seat names when ``names`` is not given: "Player n" for people, "Bot n" for bots."""
        return [f"Player {s + 1}" if s in humans else f"Bot {s + 1}" for s in range(game.players)]

    def check_option(self, name: str, value: Any) -> Any:
        """Validate a view option's value and return it (normalized); raise
        :class:`~brady_widgets.frames.WidgetError` (``malformed_message``) when it is not
        acceptable."""
        return value

    def describe(self, event: dict) -> str:
        """One short line of text for a log event."""
        return event["type"]

    def entry_text(self, key: str, entry: dict) -> str:
        """The display text of one entry of the windowed view list ``key``."""
        return ""

    def window_facts(self, view: dict) -> dict:
        """Extra view keys the screen needs from the whole of a windowed list (its
        window may no longer hold them), computed from ``view`` (the shown seat's,
        lists whole) only. Added to the synced view."""
        return {}

    def countdowns(self, view: dict) -> dict:
        """Real time: what the clock shows, from the shown seat's ``view`` only:
        ``{"end": ms or None, "window": ms or None, "label": str}``: ``end`` the game time
        when the game's own time runs out (its countdown, e.g. a 5-minute limit), ``window``
        when the current window closes (a second, labelled countdown), ``label`` the
        window's name in the game's words ("Slap"). By default one countdown, to the
        view's ``deadline``, unlabelled."""
        return {"end": None, "window": view.get("deadline"), "label": ""}

    def odds(self, seat_view: dict) -> dict | None:
        """JSON-safe odds computed only from ``seat_view`` (a seat's view, with its log)."""
        return None

    @classmethod
    def forecast_event(cls, game: Game, seat: int, event: Any) -> dict:
        """A student's own forecast (class data, never a move): check ``event`` (what the
        forecast is about, as the page sends it) against ``seat``'s own view and return what
        is kept of it, with ``"panel"``: the odds panel's probability of that event for this
        seat now. Raises ValueError with a plain sentence when ``event`` is not one the seat's
        panel gives. By default a game takes no forecast."""
        raise ValueError("This game has no odds to make a forecast about.")

    @classmethod
    def make_forecast(cls, game: Game, seat: int, event: Any, percent: Any) -> dict:
        """A checked forecast of ``seat``: ``{"seat", "step", "percent", "event"}`` (``event`` as
        :meth:`forecast_event` keeps it). Raises ValueError with a plain sentence, nothing kept:
        a percent that is not a number from 0 to 100, a finished game, an event the seat's
        panel does not give."""
        if (
            isinstance(percent, bool)
            or not isinstance(percent, (int, float))
            or percent != percent
            or not 0 <= percent <= 100
        ):
            raise ValueError("A forecast is a number from 0 to 100 (a percentage), so it was not kept.")
        if game.over:
            raise ValueError("The game is over: forecasts are made while it is played.")
        kept = cls.forecast_event(game, seat, event)
        return {"seat": seat, "step": len(game.history), "percent": round(float(percent), 2), "event": kept}

    @classmethod
    def forecast_outcome(cls, game: Game, record: dict) -> bool | None:
        """Whether a kept forecast's event happened (None while it is not known yet)."""
        return None

    def display_content(self) -> dict:
        """Static display data for the view (names, colors, labels): the ``content`` trait.
        By default the game's title, which the generic view shows."""
        title = self.game_class.title if self.game_class is not None else ""
        return {"title": title} if title else {}

    def finish_state(self, state: dict) -> dict:
        """A screen's synced state as the game sends it (e.g. without what ``content``
        already carries); by default unchanged."""
        return state

    def text_body(self, view: dict) -> list[str]:
        """The game's part of the text view: lines (at most ``text_width`` columns, about
        15 of them) drawn from ``view``, the synced ``view`` only (the shown seat's
        view, the public view under the curtain, or the teacher's reveal). By default
        the view's facts one per line (``key: value`` as compact JSON, cut to fit),
        without the log, the odds and what the header already says."""
        lines = []
        for key, value in view.items():
            if key in _TEXT_SKIP or key.startswith("_"):
                continue
            lines.append(_cut(f"{key}: {_compact(value)}", self.text_width))
        if len(lines) > self.text_body_lines:
            lines = lines[: self.text_body_lines - 1] + ["…"]
        return lines

    # ------------------------------------------------------- words for people
    def refusal(self, code: str, action: Any, view: dict | None) -> str | None:
        """Game hook: the sentence a person sees when ``action`` was refused with ``code``,
        in the game's words ("Two players have already slapped"), from ``view`` (the
        refused seat's own view, None for a screen without a seat); None: the shared
        wording (:meth:`shared_refusal`). Never the code, the seat number or the action."""
        return None

    def shared_refusal(self, code: str, action: Any, view: dict | None) -> str:
        """The wording every game shares: :data:`REFUSALS`, and for ``not_your_turn``
        whose turn it is (or the hot-seat curtain to lift)."""
        if code == "not_your_turn":
            screen = self.drawn_screen()
            curtain = getattr(screen, "curtain", None)
            if isinstance(curtain, int) and 0 <= curtain < len(self.names) and not self.game.over:
                return f"The screen is covered: pass it to {self.names[curtain]}, who lifts the curtain first."
            if view is None:
                return "This screen watches the game: it has no player to play for."
            me = view.get("viewer")
            waiting = [s for s in (getattr(self.game, "to_act", None) or []) if s != me]
            names = [self.seat_name(s) for s in waiting if isinstance(s, int) and 0 <= s < len(self.names)]
            if names:
                return f"It is {join_names(names)}'s turn." if len(names) == 1 else f"Waiting for {join_names(names)}."
        if self.game.over and code in ("not_your_turn", "illegal_action"):
            return REFUSALS["game_over"]
        if self.game.over and code == "replay_unavailable":  # (a game with private steps)
            return "Only the teacher's screen replays this game: it would show moves that only their player saw."
        return REFUSALS.get(code, REFUSAL_FALLBACK)

    def refusal_text(self, code: str, action: Any = None, seat: Any = None) -> str:
        """The sentence shown for a refusal of ``action`` by ``seat`` (None: a screen
        without a seat): the game's :meth:`refusal`, else the shared wording, both read
        that seat's own view only. A hook that fails falls back to the shared wording (a
        refusal never becomes a traceback)."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.game.players):
            seat = None
        try:
            view = self.game.view(seat) if seat is not None else None
        except Exception:  # noqa: BLE001 -- a view for words only
            view = None
        text = None
        try:
            text = self.refusal(code, action, view)
        except Exception:  # noqa: BLE001 -- the shared words instead
            text = None
        if not isinstance(text, str) or not text:
            try:
                text = self.shared_refusal(code, action, view)
            except Exception:  # noqa: BLE001
                text = REFUSALS.get(code, REFUSAL_FALLBACK)
        return text

    def end_reason(self, view: dict) -> str:
        """Game hook: why the game ended and how the winners won, read from ``view`` (the
        shown seat's, with its log) only, as a clause ("time ran out, tied at 7 points");
        empty: the banner names the winners alone."""
        return ""

    def seat_name(self, seat: int) -> str:
        """How the words for people name a seat (the end banner, "It is ...'s turn"):
        by default its seat name."""
        return self.names[seat]

    def end_banner(self, view: dict) -> str:
        """The end banner's sentence: who won and why ("Bot 2 and Bot 4 win: time ran
        out, tied at 7 points."), drawn by the shared frame."""
        winners = [s for s in view.get("winners") or [] if isinstance(s, int) and 0 <= s < len(self.names)]
        who = join_names([self.seat_name(s) for s in winners])
        verb = "wins" if len(winners) == 1 else "win"
        try:
            reason = self.end_reason(view)
        except Exception:  # noqa: BLE001 -- the winners alone
            reason = ""
        reason = reason.strip().rstrip(".") if isinstance(reason, str) else ""
        return f"{who} {verb}: {reason}." if reason else f"{who} {verb}!"
