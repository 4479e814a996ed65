"""Session: one game's engine, its bots and clock, and each screen's synced state.

A :class:`Session` is everything a game needs apart from Jupyter: the engine (held
privately), the bots (one registry of who plays each seat), one
:class:`~brady_widgets.scheduler.Scheduler` for bots and the clock, ``act``, and the
listeners that hear every change. The state a screen is sent (the same dict in every
transport)::

    seat, view, legal, log_lines, error, curtain, settings, content, replay, rev, page, clock

Two transports sit on a session (``architecture.md``, "One table, two transports"):

* :class:`~brady_widgets.widget.GameWidget` holds a session (its ``session``) and shows it
  through one notebook widget: its *screen* (the shown seat, the hot-seat curtain, the
  teacher's reveal, the replay step, the last page asked for) is the session's own, and
  every change is synced as traits (the widget :meth:`Session.attach`-es to the session and
  is its first listener).
* a room (:mod:`brady_widgets.rooms`) serves one session per table to many devices: each
  device has its own :class:`~brady_widgets.screen.Screen` (its seat, or the public view,
  or the teacher's reveal), and :meth:`Session.state_for` computes that screen's state alone.

The state a screen is sent is rendered by :mod:`brady_widgets.render`
(:func:`~brady_widgets.render.render`); the helpers that shape it are in
:mod:`brady_widgets.frames`; a screen is a :class:`~brady_widgets.screen.Screen`.

How a game is shown (its log texts, odds panel, display content, text view, view
options, bots, budgets) is its :class:`~brady_widgets.presenter.Presenter`, a plain class
written once in ``<game>/presenter.py``: every session holds one (``session.presenter``),
built for it. A plain session of a game is ``Session(presenter=ThatPresenter, ...)``
(:func:`session_for` finds the presenter in the game's registry entry), so a room needs no
kernel and no widget library. What a session subclass overrides of the *behaviour*
(``act``, ``_sync_seat``: e.g. several players on one keyboard) is named by its widget
class as ``session_class``.

Everything is validated as the widget always validated it: :meth:`Session.handle`
takes a view's message and raises :class:`WidgetError` or
:class:`~brady_widgets.engine.errors.IllegalAction` with the game unchanged.

The session was called ``Table`` (module ``brady_widgets.table``); that module remains,
re-exporting these names with ``Table = Session`` and ``table_for = session_for``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import json
import math
import time
import types
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, cast

from .engine.errors import IllegalAction
from .engine.game import Game
from .frames import (
    ERROR_CHARS,
    MODES,
    REFUSAL_LOG,
    WIDGET_ERROR_CODES,
    WidgetError,
    _error_dict,
    compact_legal,
    expand_legal,
    short,
)
from .presenter import PRESENTER_SETTINGS, Presenter
from .protocol import MSG, MSG_KEYS, MSG_OPTIONAL
from .render import PRIVATE_REPLAY, ScreenRendering, render
from .replay_cache import ReplayCache
from .scheduler import DEFAULT_LAG, BotError, BotsDoNotStop, Scheduler
from .screen import Screen

__all__ = [
    "ERROR_CHARS",
    "MSG",
    "PRESENTER_SETTINGS",
    "Presenter",
    "Screen",
    "Session",
    "WIDGET_ERROR_CODES",
    "WidgetError",
    "compact_legal",
    "expand_legal",
    "render",
    "session_for",
]


#: Real time on the kernel's loop: how long after a person's act the bots are asked about
#: it (s, wall clock), so that the act's update is sent and drawn before the bots' new plans
#: take the CPU. A page on the same machine (2 cores, 1 on Binder) draws an update 8-15 ms
#: after the kernel sends it; 50 ms covers that on a slow machine and is no wait a person
#: notices. The game's timing does not move: the bots are asked at the act's own game time
#: (the scheduler's clock stays there until this step), so a bot's reaction counts from the
#: act, and its action is stamped when it falls due.
ASK_AFTER_ACT_S = 0.050

#: the largest time stamp (game ms, either sign) an act may carry: about 31 years of play
MAX_STAMP_MS = 1e12

#: a seat's name at most: characters as typed, and bytes in a frame (JSON, UTF-8). Every
#: seat's name is in every update (a widget's settings, a rooms device's full snapshot): 42
#: names of 300 characters made a Total Black update 15 KB, 42 of 40 emoji 10 KB, past the 8 KB
#: a frame may take. 48 bytes hold 40 ASCII letters, 24 Cyrillic or Greek ones, 16 Chinese
#: characters or 12 emoji; the rooms server's join names (rooms.server.clean_name) share them
NAME_CHARS = 40
NAME_BYTES = 48


def _real(x: Any) -> bool:
    """Whether ``x`` is a number a float holds, finite (not a bool, not NaN, not an int past
    a float's range, whose ``math.isfinite`` raises OverflowError)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    try:
        return math.isfinite(x)
    except OverflowError:
        return False


def _fits_name(name: str) -> bool:
    """Whether ``name`` fits a frame as it is sent: its JSON's bytes (a control character is
    written ``\\u0001``, six bytes: 40 of them made a Total Black update 12.6 KB), and UTF-8
    at all (a lone surrogate cannot be sent: the widget's first update raised)."""
    if len(name) > NAME_CHARS:
        return False
    try:
        sent = json.dumps(name, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return len(sent) - 2 <= NAME_BYTES


def checked_names(names: Any, n: int) -> list[str]:
    """``names`` for ``n`` seats as a list, checked (a session's constructor, a widget's
    ``w.names = ...``): TypeError / ValueError with the limits otherwise."""
    if isinstance(names, str):
        raise TypeError(f"names must be a list of {n} names (one per seat), not one string: got {short(names)}")
    try:
        names = list(names)
    except TypeError:
        raise TypeError(f"names must be a list of {n} names (one per seat), got {short(names)}") from None
    if len(names) != n or not all(isinstance(x, str) and x.strip() and _fits_name(x) for x in names):
        raise ValueError(
            f"names must be {n} non-empty strings of at most {NAME_CHARS} characters "
            f"({NAME_BYTES} bytes as sent: fewer emoji, symbols or control characters), got {short(names)}"
        )
    return names


def checked_pace(pace: Any) -> float:
    """Seconds between bot actions, checked (ValueError naming the range)."""
    if not _real(pace) or pace < 0:
        raise ValueError(f"pace must be a number of seconds >= 0, got {short(pace)}")
    return float(pace)


def checked_lag(lag: Any) -> float:
    """A real-time table's lag allowance in ms, checked (ValueError naming the range)."""
    if not _real(lag) or not 0 <= lag <= 5000:
        raise ValueError(f"lag must be a number of ms from 0 to 5000, got {short(lag)}")
    return float(lag)


#: how many views' "on screen" answers a session keeps (the newest; one widget shown in a
#: few places at most, so more ids are a flood and the oldest are forgotten)
VIEWS_KEPT = 8


class Session(ScreenRendering):
    """One engine, its bots and clock, and each screen's state (see the module docstring).

    The constructor takes the widget's arguments (``players, seed, humans, mode, bot,
    pace, reveal, teacher, names, game, lag`` and the game's options), plus
    ``presenter``: the game's widget class whose hooks a plain table borrows.
    """

    #: the presenter of a game's widget class (a plain table is given one: ``presenter=``)
    presenter_class: ClassVar[type[Presenter] | None] = None

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        humans: Any = None,
        mode: str = "bots",
        bot: str | Callable | dict | None = None,
        pace: float = 0.6,
        reveal: bool = False,
        teacher: bool = False,
        names: list[str] | None = None,
        game: Game | None = None,
        lag: float = DEFAULT_LAG,
        presenter: type[Presenter] | None = None,
        **game_options: Any,
    ):
        cls = type(self)
        label = self.__dict__.get("_label") or cls.__name__  # a widget's session speaks as the widget
        if presenter is None:
            presenter = cls.presenter_class
        elif cls.presenter_class is not None and presenter is not cls.presenter_class:
            raise TypeError(f"{label} is presented by {cls.presenter_class.__name__}, not {presenter!r}")
        if not (isinstance(presenter, type) and issubclass(presenter, Presenter)) or presenter.game_class is None:
            from .engine.registry import exports

            widgets = sorted(k for k in exports() if k.endswith("Widget") and k != "GameWidget")
            raise TypeError(
                f"{label} needs a game's presenter (presenter=, a Presenter subclass with a game_class), "
                f"got {presenter!r}; or use a game's widget ({', '.join(widgets)})"
            )
        #: the game's presentation (plain: no kernel, no widget)
        self.presenter = P = presenter(self)
        game_class = cast("type[Game]", P.game_class)  # checked above: a game's presenter names its game
        # ---- validate everything before building anything
        options = dict(P.view_options)
        for key in [k for k in game_options if k in P.view_options]:
            try:
                options[key] = P.check_option(key, game_options.pop(key))
            except WidgetError as exc:
                raise ValueError(str(exc)) from None
        allowed = set(game_class.default_options) | {"deal"}
        unknown = sorted(set(game_options) - allowed)
        if unknown:
            raise TypeError(
                f"{label}() got unexpected keyword argument(s) {unknown}; "
                f"game options: {sorted(allowed)}"
                + (f"; view options: {sorted(P.view_options)}" if P.view_options else "")
            )
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {short(mode)}")
        checked_pace(pace)
        if not isinstance(reveal, bool):
            raise TypeError(f"reveal must be True or False, got {short(reveal)}")
        if not isinstance(teacher, bool):
            raise TypeError(f"teacher must be True or False, got {short(teacher)}")
        checked_lag(lag)
        if mode == "hotseat" and game_class.realtime and game_class.races:
            raise ValueError(
                f"{game_class.title or game_class.name} is played in real time: everyone acts at once, so it "
                "cannot pass one screen behind a curtain; play against bots (mode='bots')"
            )
        if game is not None:
            if not isinstance(game, game_class):
                raise TypeError(f"game must be a {game_class.__name__}, got {type(game).__name__}")
            if game_options:
                raise TypeError(f"pass game options {sorted(game_options)} to the engine, not with game=")
            engine = game
        else:
            engine = game_class(players, seed, **game_options)
        n = engine.players
        if humans is None:
            humans = range(n) if mode == "hotseat" else (0,)
        try:
            humans = list(humans)
        except TypeError:
            raise TypeError(f"humans must be a list of seats, got {short(humans)}") from None
        for s in humans:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n:
                raise ValueError(f"humans must be seats 0..{n - 1}, got {short(s)}")
        if len(set(humans)) != len(humans):
            raise ValueError(f"humans lists a seat twice: {short(humans)}")
        humans = sorted(humans)
        if names is None:
            names = P.default_names(engine, humans)
        else:
            names = checked_names(names, n)
        players_of = P.players_of(bot, n, humans)

        # ---- private state (never synced)
        self.game = engine
        self.mode = mode
        self.humans = tuple(humans)
        self.names = tuple(names)
        self.pace = float(pace)
        self.teacher = teacher
        # the engine's seed: the one given, or the one it drew for seed=None (engine/rng.py)
        bots = {s: players_of[s](s, engine.seed) for s in range(n) if s not in humans}
        #: this table's own screen (a widget's); a room renders one per device (see render)
        self.screen = Screen(
            seat=humans[0] if (humans and mode == "bots") else None, reveal=reveal, options=tuple(options.items())
        )
        self._pending = None  # the scheduled bot step (asyncio.TimerHandle)
        self._replay_cache: ReplayCache | None = None  # the finished game's past (see _replays)
        self.lag = float(lag)
        # one scheduler for bots and the clock (turn-based bots wait `pace` on the kernel's loop)
        self._sched = Scheduler(engine, bots, delay=self.pace * 1000, lag=self.lag, on_refused=self._refused)
        self._anchor: tuple | None = None  # (loop, loop.time(), scheduler ms) once time runs on the loop
        # a real-time clock starts when the person presses Start (``start``: the view's Start
        # button, a room's teacher or its ready players; from Python ``run_bots``) and, on a
        # notebook widget, pauses when no view of it is on screen (``pause``)
        self._running = not engine.realtime
        self._started = False  # real time: the clock has run (not running then means paused)
        self._locked = False  # a room's Lock: no bot acts (:meth:`lock`)
        #: a room's table: it waits for the teacher or for every seated person to be ready
        #: (its clock state says "table" rather than "waiting"); set by the rooms server
        self.table_start = False
        self._ready: set[int] = set()  # a room's seats whose person pressed "I'm ready"
        self._views_seen: dict[str, bool] = {}  # view id -> on screen (the newest VIEWS_KEPT views)
        #: the person's own odds forecasts (``MSG.FORECAST``; class data, never a move), oldest first
        self.forecasts: list[dict] = []
        self._forecast_at = -1e9  # time.monotonic() of the last one kept
        self._sync_id = ""
        self._sync_seat()
        first_error: dict = {}
        if game is None:  # a new game starts at once; a given position waits (see the docstring)
            try:
                self._start_bots()
            except Exception as exc:  # noqa: BLE001 -- shown in the view
                first_error = self._error_of(exc)
        self._first_error = first_error

    # ---------------------------------------------------------------- Python API
    @property
    def winners(self) -> list[int]:
        return list(self.game.winners)

    @property
    def reveal(self) -> bool:
        return self._reveal

    # the table's own screen, field by field (each change replaces the screen)
    @property
    def _shown(self) -> int | None:
        return self.screen.seat

    @_shown.setter
    def _shown(self, seat: int | None) -> None:
        self.screen = dataclasses.replace(self.screen, seat=seat)

    @property
    def _curtain_for(self) -> int | None:
        return self.screen.curtain

    @_curtain_for.setter
    def _curtain_for(self, seat: int | None) -> None:
        self.screen = dataclasses.replace(self.screen, curtain=seat)

    @property
    def _reveal(self) -> bool:
        return self.screen.reveal

    @_reveal.setter
    def _reveal(self, on: bool) -> None:
        self.screen = dataclasses.replace(self.screen, reveal=on)

    @property
    def _replay_step(self) -> int | None:
        return self.screen.replay_step

    @_replay_step.setter
    def _replay_step(self, step: int | None) -> None:
        self.screen = dataclasses.replace(self.screen, replay_step=step)

    @property
    def _page(self) -> tuple | None:
        return self.screen.page

    @_page.setter
    def _page(self, page: tuple | None) -> None:
        self.screen = dataclasses.replace(self.screen, page=page)

    @property
    def _options(self) -> dict:
        """The screen's view options (a new dict: change them with :meth:`set_option`)."""
        return self.screen.option_dict()

    @property
    def bots(self) -> Mapping[int, Any]:
        """Who plays each bot seat, ``{seat: bot}`` (read-only): the one registry, the
        scheduler's. :meth:`seat_bot` and :meth:`seat_human` change it."""
        return types.MappingProxyType(self._sched.bots)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def act(self, action: dict, at: float | None = None) -> None:
        """Act for the shown human seat, then let the bots answer.

        Real time: ``at`` is when the person acted, in game ms (the view stamps it in
        the browser; default: now); a stamp more than ``lag`` ms old counts as ``lag`` ms
        old. A race action waits ``lag`` ms for earlier stamps before it is decided.

        On bad input sets ``error`` and raises :class:`IllegalAction` (game unchanged).
        """
        self._act_on(self.screen, action, at)

    def _act_on(self, screen: Screen, action: Any, at: float | None = None, own: bool = True) -> None:
        """Act for ``screen``'s seat (see :meth:`act`); ``own``: the table's own screen, which
        then follows the turn (a room's device screen does not)."""
        # Real time on the kernel's loop: the person's own action is synced first, and the
        # bots are asked about the new position just after (ASK_AFTER_ACT_S later, as a
        # timer step): the click's answer does not wait for every bot's new plan.
        loop = self._loop() if self.game.realtime else None
        with self._batch():
            try:
                self._human_act(action, at, replan=loop is None, screen=screen)
            except IllegalAction as exc:
                self.error = self._error_of(exc)
                raise
            except (BotError, BotsDoNotStop) as exc:
                # real time: the bots are brought up to the act's moment around it, and one failed:
                # a bot_error as from any other step (not an internal error), and the clock stops
                failure = self._bot_failure(exc)
                self.error = self._error_of(failure)
                self._running = not self.game.realtime
                self._refresh()
                raise failure from exc
            self.error = {}
            if own:
                self._sync_seat()
            if loop is None:
                self._start_bots_guarded(sync=own)
            else:
                self._cancel_pending()
                self._pending = loop.call_later(ASK_AFTER_ACT_S, self._paced_step)
            self._refresh()

    def run_bots(self) -> None:
        """Bots play until a human must act or the game ends (synchronous when ``pace=0``);
        in real time, start (or restart) the clock.

        Raises :class:`WidgetError` (``bot_error``) if a bot fails; ``error`` says so too.
        """
        with self._batch():
            try:
                self._running = True
                self._started = self._started or self.game.realtime
                self._start_bots()
            except Exception as exc:
                self.error = self._error_of(exc)
                self._refresh()
                raise
            self._refresh()

    def start(self) -> None:
        """Real time: start the game's clock, or resume a paused one (the view's Start or
        Resume button; in a room, the teacher's start). Bots play from now on. Nothing
        happens for a turn-based game, a finished one or a clock that runs already."""
        g = self.game
        if not g.realtime or g.over or self._running or self._locked:
            return
        with self._batch():
            self._running = self._started = True
            self.error = {}
            self._start_bots_guarded()
            self._refresh()

    def pause(self) -> None:
        """Real time: stop the game's clock where it is (a notebook widget that left the
        screen): what was due by now is applied, then game time stands still, no bot acts,
        and :meth:`start` resumes from this very game time (no jump)."""
        g = self.game
        if not g.realtime or g.over or not self._running:
            return
        with self._batch():
            now = self._now()
            try:
                self._sched.run_until(now, self.presenter.max_bot_actions)
            except Exception as exc:  # noqa: BLE001 -- shown in the view; the clock stops anyway
                self.error = _error_dict(self._bot_failure(exc))
            self._sched.now = max(self._sched.now, now)
            self._cancel_pending()
            self._anchor = None  # the next start anchors the loop's clock at this game time
            self._running = False
            self._sync_seat()
            self._refresh()

    def lock(self, on: bool) -> None:
        """A room's Lock (``on``) and Unlock. Locked, no bot acts, whatever asks it to (a
        person's move, Run bots, a timer already set), and a real-time clock stands still
        (:meth:`pause`). Unlocked, a turn-based table's bots play on at once; a real-time
        clock runs again only with :meth:`start` (the room says when: a table that was
        started). People's moves are the room's to refuse."""
        on = bool(on)
        if on == self._locked:
            return
        with self._batch():
            if on:
                self.pause()  # (real time; nothing for a turn-based game)
                self._cancel_pending()
            self._locked = on
            if not on and not self.game.realtime:
                self._start_bots_guarded()
            self._refresh()

    def mark_ready(self, seat: int) -> frozenset[int]:
        """A room's seated person pressed "I'm ready" (real time, before the table starts):
        returns the seats ready now. The room decides when the table starts."""
        self._check_seat(seat)
        with self._batch():
            self._ready.add(seat)
            self._refresh()
        return frozenset(self._ready)

    def clear_ready(self, seat: int) -> None:
        """A room's seat changed hands (a bot, another person, another device): its
        "I'm ready" no longer stands; the new holder presses it again."""
        self._check_seat(seat)
        if seat in self._ready:
            with self._batch():
                self._ready.discard(seat)
                self._refresh()

    @property
    def ready(self) -> frozenset[int]:
        """The seats whose person pressed "I'm ready" (a room's table, real time)."""
        return frozenset(self._ready)

    @property
    def clock_state(self) -> str:
        """``"running"``, ``"waiting"`` (for Start), ``"paused"``, ``"table"`` (a room's
        table waiting for its teacher or players) or ``"over"``; a turn-based game's is
        ``"running"`` (its bots pace themselves)."""
        g = self.game
        if g.over:
            return "over"
        if self._running:
            return "running"
        if self.table_start and not self._started:
            return "table"
        return "paused" if self._started else "waiting"

    def lift_curtain(self) -> None:
        """Hot-seat: the player the curtain asks for takes the screen."""
        with self._batch():
            if self._curtain_for is not None:
                self._shown, self._curtain_for = self._curtain_for, None
            self._refresh()

    def set_reveal(self, on: bool) -> None:
        """Teacher mode: show every secret and the unfiltered log (and replay).

        From Python this works on any widget (whoever runs code in the kernel
        can read the engine anyway); the view's toggle only on ``teacher=True``."""
        if not isinstance(on, bool):
            err = WidgetError("malformed_message", f"reveal takes True or False, got {short(on)}")
            self.error = self._error_of(err)
            raise err
        with self._batch():
            self._reveal = on
            self._refresh()

    def replay_to(self, step: int) -> None:
        """After the game: show the position after ``step`` player actions (0..length)."""
        length = self._n_actions()
        with self._batch():
            if not self.game.over:
                err = WidgetError("replay_unavailable", "the replay opens when the game is over")
            elif self._hides_steps(self.screen):
                err = WidgetError("replay_unavailable", PRIVATE_REPLAY)
            elif isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= length:
                err = WidgetError("malformed_message", f"replay step must be an int 0..{length}, got {short(step)}")
            else:
                err = None
                self._replay_step = None if step == length else step
                self.error = {}
                self._refresh()
            if err is not None:
                self.error = self._error_of(err)
                raise err

    def option(self, name: str) -> Any:
        """The current value of a view option (see :attr:`Presenter.view_options`), on the
        screen being drawn (a room's device may have its own)."""
        return self.presenter.option(name)

    def set_option(self, name: str, value: Any) -> None:
        """Change a view option (the view's controls send ``{"type": "option"}``).

        Raises :class:`WidgetError` (and sets ``error``) for an unknown name or a bad value."""
        try:
            if not isinstance(name, str) or name not in self.presenter.view_options:
                raise WidgetError(
                    "malformed_message", f"unknown option {short(name)}; options: {sorted(self.presenter.view_options)}"
                )
            value = self.presenter.check_option(name, value)
        except WidgetError as exc:
            self.error = self._error_of(exc)
            raise
        with self._batch():
            self.screen = self.screen.with_options({**self.screen.option_dict(), name: value})
            self.error = {}
            self._refresh()

    def page_of(self, name: str, before: int) -> dict:
        """Older entries of the log (``name="log"``) or of a windowed view list,
        those with ``i < before`` that fit :attr:`page_budget` (the newest of them),
        as the view sees them now; also synced as the ``page`` trait."""
        answer = self._page_answer(self.screen, name, before)
        with self._batch():
            self._page = (self._position_key(), answer)
            self.error = {}
            self._refresh()
        return answer

    def advance_time(self, ms: float) -> None:
        """Let ``ms`` of game time pass on virtual time (tests, and widgets without a
        running event loop): bots act and deadlines pass as they would in that time.

        Raises :class:`WidgetError` (``malformed_message``) for a bad ``ms``, or when the
        widget runs on the kernel's clock; ``bot_error`` if a bot fails."""
        if not _real(ms) or not 0 <= ms <= 10**9:
            err = WidgetError("malformed_message", f"advance_time takes ms from 0 to 10**9, got {short(ms)}")
        elif self._anchor is not None:
            err = WidgetError("malformed_message", "this widget runs on the kernel's clock: time passes by itself")
        else:
            err = None
        if err is not None:
            self.error = self._error_of(err)
            raise err
        with self._batch():
            try:
                self._running = self._started = True
                self._sched.run_until(self._sched.now + ms, self.presenter.max_bot_actions)
                self._sync_seat()
            except Exception as exc:
                failure = self._bot_failure(exc)
                self.error = self._error_of(failure)
                self._refresh()
                raise failure from exc
            self._refresh()

    @property
    def now(self) -> float:
        """Game time now, in ms (the scheduler's: virtual, or mapped to the kernel's clock)."""
        return self._now()

    def refresh(self) -> None:
        """Re-sync the traits after changing ``w.game`` directly (e.g. ``w.game.act(...)``)."""
        with self._batch():
            self._sched.changed()
            self._replay_cache = None
            self._sync_seat()
            self._refresh()

    # ------------------------------------------------------------- transport
    def _batch(self):
        """A batch of changes sent as one update (a widget's: its ``hold_sync``)."""
        batch = self.__dict__.get("_batcher")
        return batch() if batch is not None else contextlib.nullcontext()

    def attach(self, batch: Callable[[], Any], on_error: Callable[[dict], None]) -> None:
        """A transport watches this session (a notebook widget): ``batch()`` opens a batch of
        changes sent as one update, ``on_error(error)`` hears every error set (numbered);
        :meth:`listen` hears every change."""
        self.__dict__["_batcher"] = batch
        self.__dict__["_on_error"] = on_error

    @property
    def error(self) -> dict:
        """The last refusal, ``{}`` or ``{"code", "message", "n"}`` (numbered, as the widget's trait)."""
        return self.__dict__.get("_error_value", {})

    @error.setter
    def error(self, value: dict) -> None:
        value = self.__dict__["_error_value"] = self._numbered(value)
        on_error = self.__dict__.get("_on_error")
        if on_error is not None:
            on_error(value)

    def _numbered(self, value: dict) -> dict:
        """An error as it is shown: ``{}``, or numbered with the next ``n``, so that the same
        refusal twice is still a change a screen sees (a view waits for one after an act)."""
        if not value:
            return {}
        self._errors = getattr(self, "_errors", 0) + 1
        return {**value, "n": self._errors}

    def _refresh(self) -> None:
        """The table changed: tell the listeners (a room sends each screen its state)."""
        for listener in list(self.__dict__.get("_listeners", ())):
            listener()

    def listen(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change (an action, a bot's step, the clock)."""
        self.__dict__.setdefault("_listeners", []).append(callback)

    def close(self) -> None:
        """Stop the bots' timer (the table plays no more by itself)."""
        self._closed = True
        self._cancel_pending()

    # ----------------------------------------------------------------- screens
    def screen_for(
        self,
        seat: int | None = None,
        *,
        reveal: bool = False,
        replay_step: int | None = None,
        options: dict | None = None,
    ) -> Screen:
        """A device's screen of this table: ``seat`` (None: the public view), the reveal, a
        finished game's replay step (None: live) and its view options (None: the table's)."""
        if options is not None:
            options = self._checked_options(options)
        return Screen(
            seat=seat,
            reveal=bool(reveal),
            replay_step=replay_step if self.game.over else None,
            options=self.screen.options if options is None else tuple(options.items()),
        )

    def _checked_options(self, options: Any) -> dict:
        """A screen's view options given from Python (``options=`` of :meth:`state_for`):
        the table's, with those given checked by the presenter and put in their place.
        Raises TypeError / ValueError naming the options a game has."""
        known = self.presenter.view_options
        if not isinstance(options, dict):
            raise TypeError(f"options must be a dict of view options {sorted(known)}, got {short(options)}")
        unknown = [k for k in options if not isinstance(k, str) or k not in known]
        if unknown:
            raise ValueError(f"unknown view option(s) {short(unknown)}; this game's options: {sorted(known)}")
        return {**self.screen.option_dict(), **{k: self.presenter.check_option(k, v) for k, v in options.items()}}

    def state_for(
        self,
        seat: int | None = None,
        *,
        reveal: bool = False,
        replay_step: int | None = None,
        options: dict | None = None,
    ) -> dict:
        """The state one screen is sent: ``seat``'s (None: the public view; ``reveal``:
        every secret), the live game or ``replay_step`` of a finished one (see :func:`render`).
        Never the table's error (a transport keeps each screen's own)."""
        state = render(
            self, self.screen_for(seat, reveal=reveal, replay_step=replay_step, options=options), self.presenter
        )
        state.pop("page", None)
        return state

    def act_for(self, seat: int, action: Any, rev: int | None = None, at: float | None = None) -> bool:
        """Act for ``seat`` (a room's device), exactly as its widget's view would:
        ``rev`` is the rev its buttons were drawn from (stale: dropped, False
        returned). Raises :class:`IllegalAction` (game unchanged)."""
        if not (isinstance(seat, int) and 0 <= seat < self.game.players and seat in self.humans):
            raise IllegalAction("not_your_turn", f"seat {short(seat)} is not a person's seat here", None, action)
        screen = Screen(seat=seat, options=self.screen.options)
        if rev is not None and rev != self._rev(screen):
            return False
        try:
            self._act_on(screen, action, at if self.game.realtime else None, own=False)
        finally:
            self.__dict__["_error_value"] = {}
        return True

    def page_for(
        self,
        seat: int | None,
        name: str,
        before: int,
        *,
        reveal: bool = False,
        replay_step: int | None = None,
        options: dict | None = None,
    ) -> dict:
        """Older entries of a list, as ``seat``'s screen sees them (see :meth:`page_of`)."""
        answer = self._page_answer(
            self.screen_for(seat, reveal=reveal, replay_step=replay_step, options=options), name, before
        )
        with self._batch():
            self._refresh()
        return answer

    def seat_bot(self, seat: int, bot: str | Callable | None = None) -> None:
        """Hand ``seat`` to a bot (a dropped device): it plays from the next turn on."""
        self._check_seat(seat)
        factory = self._bot_factory(bot if bot is not None else self.presenter.default_bot)
        self._sched.bots[seat] = factory(seat, self.game.seed)
        self.humans = tuple(s for s in self.humans if s != seat)
        self._sched.changed()
        with self._batch():
            self._start_bots_guarded()
            self._refresh()

    def seat_human(self, seat: int) -> None:
        """Take ``seat`` back from its bot: a person plays it from now on."""
        self._check_seat(seat)
        self._sched.bots.pop(seat, None)
        self.humans = tuple(sorted({*self.humans, seat}))
        self._sched.changed()
        self._refresh()

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise WidgetError("malformed_message", f"a seat is an int 0..{self.game.players - 1}, got {short(seat)}")

    def handle(self, msg: Any) -> None:
        """Handle one view message for the table's own screen (validated as the widget
        validates it); raises on refusal, the game unchanged."""
        self._dispatch(msg)

    def _dispatch(self, msg: Any) -> None:
        kind = self.check_message(msg)
        if kind == MSG.ACT:
            rev, at = msg["rev"], msg.get("at")
            if rev != self._rev():
                return  # drawn from an older screen (a double click): dropped quietly
            self.check_started(msg["action"])
            self.act(msg["action"], at if self.game.realtime else None)
        elif kind == MSG.LIFT_CURTAIN:
            self.lift_curtain()
        elif kind == MSG.REPLAY:
            self.replay_to(msg["step"])
        elif kind == MSG.REVEAL:
            if not self.teacher:
                raise WidgetError(
                    "teacher_only", "only a teacher's widget reveals secrets (build it with teacher=True)"
                )
            self.set_reveal(msg["on"])
        elif kind == MSG.CLEAR_ERROR:
            self.error = {}
        elif kind == MSG.RUN_BOTS:
            self.run_bots()
        elif kind == MSG.OPTION:
            self.set_option(msg["name"], msg["value"])
        elif kind == MSG.PAGE:
            self.page_of(msg["list"], msg["before"])
        elif kind == MSG.CLOCK:
            self._clock_sync(msg["id"])
        elif kind == MSG.START:
            self.start()
        elif kind == MSG.VISIBLE:
            self._visible(msg["id"], msg["on"])
        elif kind == MSG.FORECAST:
            self.forecast(msg["event"], msg["percent"])

    #: seconds between two forecasts a view may send (a held key or a script is refused)
    forecast_gap: ClassVar[float] = 2.0

    def forecast(self, event: Any, percent: Any) -> dict:
        """Keep the shown seat's own forecast of an event its odds panel gives (``percent``
        0-100; the game's presenter says which events, ``Presenter.forecast_event``): a note
        in :attr:`forecasts`, never a move. Refused (:class:`WidgetError` ``bad_forecast``, in
        words, nothing kept) without a seat, for a bad number or event, or sooner than
        :attr:`forecast_gap` seconds after the last one."""
        seat = self.screen.seat
        if seat is None or self.screen.replay_step is not None:
            raise WidgetError("bad_forecast", "Forecasts are made from your own seat while the game is played.")
        now = time.monotonic()
        if now - self._forecast_at < self.forecast_gap:
            raise WidgetError(
                "bad_forecast", f"One forecast every {self.forecast_gap:g} seconds: wait a moment and try again."
            )
        try:
            kept = self.presenter.make_forecast(self.game, seat, event, percent)
        except ValueError as exc:
            raise WidgetError("bad_forecast", str(exc)) from None
        self._forecast_at = now
        self.forecasts.append(kept)
        return kept

    def check_started(self, action: Any = None) -> None:
        """Real time: a view's action waits for the clock (Start, Resume, the teacher);
        raises :class:`WidgetError` (``not_started``) with nothing changed. From Python,
        :meth:`act` starts the clock itself (tests and lessons drive a game that way)."""
        g = self.game
        if not g.realtime or g.over or self._running or self.screen.curtain is not None:
            return  # (under the curtain the act is refused for that: the curtain speaks first)
        err = self.not_started_error()
        self.error = err.to_dict()
        raise err

    def not_started_error(self) -> WidgetError:
        """The refusal of an action before the clock runs, in words for the person."""
        state = self.clock_state
        if state == "paused":
            text = "The game is paused: the Resume button plays on."
        elif state == "table":
            text = "The game has not started yet: the teacher starts it, or everyone presses I'm ready."
        else:
            text = "The game has not started yet: the Start button starts it when you are ready."
        return WidgetError("not_started", text)

    def _visible(self, view_id: Any, on: Any) -> None:
        """A view says whether it is on screen. A real-time notebook widget pauses when none
        of its views is (it never starts or resumes by itself: that takes Start)."""
        self.check_visible(view_id, on)
        if not self.game.realtime:
            return
        seen = self._views_seen
        seen.pop(view_id, None)
        seen[view_id] = on
        while len(seen) > VIEWS_KEPT:  # a flood of made-up ids keeps the newest few
            del seen[next(iter(seen))]
        if not any(seen.values()):
            self.pause()

    @staticmethod
    def check_visible(view_id: Any, on: Any) -> None:
        """A 'visible' message's fields (raises :class:`WidgetError`)."""
        if not isinstance(view_id, str) or not 0 < len(view_id) <= 64:
            raise WidgetError(
                "malformed_message", f"a 'visible' message takes an id string (1-64 characters), got {short(view_id)}"
            )
        if not isinstance(on, bool):
            raise WidgetError("malformed_message", f"a 'visible' message's on is true or false, got {short(on)}")

    def check_message(self, msg: Any) -> str:
        """The type of a view's message whose shape is right (its keys, an act's ``rev``
        and ``at``); raises :class:`WidgetError` otherwise. Every transport checks here."""
        if not isinstance(msg, dict):
            raise WidgetError("malformed_message", f"a message must be a dict with a 'type', got {short(msg)}")
        kind = msg.get("type")
        if not isinstance(kind, str) or kind not in MSG.ALL:
            raise WidgetError("unknown_message", f"unknown message type {short(kind)}; known: {sorted(MSG.ALL)}")
        keys = set(msg) - {"type"}
        optional = MSG_OPTIONAL.get(kind, frozenset())
        if not (MSG_KEYS[kind] <= keys <= MSG_KEYS[kind] | optional):
            extra = f" (and optionally {sorted(optional)})" if optional else ""
            raise WidgetError(
                "malformed_message",
                f"a {kind!r} message takes keys {sorted(MSG_KEYS[kind])}{extra}, got {short(sorted(map(str, keys)))}",
            )
        if kind == MSG.ACT:
            rev = msg["rev"]
            if isinstance(rev, bool) or not isinstance(rev, int):
                raise WidgetError("malformed_message", f"an 'act' message's rev must be an int, got {short(rev)}")
            at = msg.get("at")
            if at is not None and (
                isinstance(at, bool)
                or not isinstance(at, (int, float))
                or (isinstance(at, float) and not math.isfinite(at))
            ):
                raise WidgetError("malformed_message", f"an 'act' message's at must be a time in ms, got {short(at)}")
            # a number, but past any game's length (a 400-digit int would overflow the float the
            # stamp is mapped with): the action's time is malformed
            if at is not None and not -MAX_STAMP_MS <= at <= MAX_STAMP_MS:
                raise IllegalAction(
                    "malformed_action",
                    f"an action's time must be ms of game time (at most {MAX_STAMP_MS:.0e}), got {short(at)}",
                    None,
                    msg.get("action"),
                )
        return kind

    # ---------------------------------------------------------------- internals
    def _bot_factory(self, bot: Any) -> Callable:
        """The factory of a bot name (see :meth:`Presenter.bot_factory`)."""
        return self.presenter.bot_factory(bot)

    def _human_act(
        self, action: Any, at: float | None = None, replan: bool = True, screen: Screen | None = None
    ) -> None:
        screen = self.screen if screen is None else screen
        if screen.curtain is not None and not self.game.over:
            raise IllegalAction(
                "not_your_turn",
                f"the screen is covered: pass it to {self.names[screen.curtain]}, who lifts the curtain first",
                None,
                action,
            )
        if screen.replay_step is not None and not self.game.over:  # pragma: no cover - replay needs game over
            raise IllegalAction("game_over", "a replay is showing", None, action)
        if screen.seat is None:
            raise IllegalAction("not_your_turn", "no player's seat is shown", None, action)
        g = self.game
        if not g.realtime:
            g.act(screen.seat, action)
            self._sched.changed()
            return
        # real time: bring the game up to now, judge the action against it, then queue it at
        # its stamp (a race waits `lag` ms for earlier stamps; anything else applies at once).
        # A refused action changes nothing, the run state included: only an accepted one starts
        # a clock that has not started (before it starts, time does not pass, so nothing is due).
        self._submit_realtime(screen.seat, action, at, replan)

    def _submit_realtime(self, seat: int, action: Any, at: float | None, replan: bool = True) -> None:
        """Judge a person's real-time ``action`` for ``seat`` at now and queue it at its stamp;
        raises :class:`IllegalAction` with nothing changed (the clock's run state included)."""
        g = self.game
        now = self._now()
        if self._running:
            self._sched.run_until(now, self.presenter.max_bot_actions)
        g.check(seat, action, g.clock)
        self._running = self._started = True
        stamp = now if at is None else min(now, max(float(at), now - self.lag))
        self._sched.submit(seat, copy.deepcopy(action), stamp)
        self._sched.run_until(now, self.presenter.max_bot_actions, replan=replan)

    def _sync_seat(self) -> None:
        """Follow the turn to the human who must act (hot-seat: behind the curtain)."""
        g = self.game
        if g.over:
            self._curtain_for = None
            return
        actor = next((s for s in g.to_act if s in self.humans), None)
        if actor is None or actor == self._shown or actor == self._curtain_for:
            return
        if self.mode == "hotseat":
            self._shown, self._curtain_for = None, actor
        else:
            self._shown = actor

    def _bot_to_act(self) -> int | None:
        if self.game.over:
            return None
        return next((s for s in self.game.to_act if s in self._sched.bots), None)

    def _bot_failure(self, exc: BaseException) -> BaseException:
        """A scheduler failure as the widget reports it (``bot_error``)."""
        if isinstance(exc, BotError):
            cause = exc.cause
            name = self.names[exc.seat]
            if isinstance(cause, IllegalAction):
                # the move a bot tried (and the rule's reason) may name what only its seat holds, and
                # the message is shown on every screen: the move goes to the refusals log (and stays
                # on the raised error's __cause__), the screen says what happened in words
                REFUSAL_LOG.warning("the bot playing %s made a move the game refused: %s", name, cause)
                return WidgetError("bot_error", f"The bot playing {name} made a move the rules refuse, so it stopped.")
            return WidgetError("bot_error", f"the bot playing {name} failed: {cause}")
        if isinstance(exc, BotsDoNotStop):
            return WidgetError("bot_error", f"the bots took {self.presenter.max_bot_actions} actions in a row")
        return exc

    def _error_of(self, exc: BaseException, seat: Any = None) -> dict:
        """The error a screen shows for ``exc``: a sentence in the game's words from the
        presenter (``frames._error_dict``); the code and the action go to the log only."""
        if seat is None and not isinstance(getattr(exc, "seat", None), int):
            seat = self.screen.seat
        return _error_dict(exc, self.presenter, seat)

    def _refused(self, seat: int, exc: IllegalAction) -> None:
        """A person's queued real-time action the game refused when its turn came (a race lost):
        the table's error, and every :meth:`on_refusal` callback (a room tells that seat's device)."""
        self.error = self._error_of(exc, seat)
        for callback in list(self.__dict__.get("_refusal_listeners", ())):
            callback(seat, self._error_of(exc, seat))

    def on_refusal(self, callback: Callable[[int, dict], None]) -> None:
        """Call ``callback(seat, error)`` when a person's queued real-time action is refused
        when it is applied (the race was lost): the error belongs to that seat alone."""
        self.__dict__.setdefault("_refusal_listeners", []).append(callback)

    def _running_loop(self):
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _loop(self):
        """The kernel's event loop when time runs on it (a real-time game, or paced
        bots), else None (bots play at once on virtual time)."""
        if not (self.game.realtime or self.pace > 0):
            return None
        return self._running_loop()

    def _now(self) -> float:
        """Scheduler time now (ms): mapped to the loop's clock once time runs on it."""
        if self._anchor is None:
            return self._sched.now
        loop, wall, at = self._anchor
        return max(self._sched.now, at + (loop.time() - wall) * 1000.0)

    def _start_bots(self, sync: bool = True) -> None:
        """Hand the game to the scheduler: now, on virtual time (pace 0 / no loop), or
        on the loop with one timer for the next pending event."""
        g = self.game
        if g.over or not self._running or self._locked:
            return
        loop = self._loop()
        if loop is None:
            try:
                if g.realtime:
                    self._sched.run_until(self._sched.now, self.presenter.max_bot_actions)
                else:
                    self._sched.run(self.presenter.max_bot_actions)
            except Exception as exc:
                raise self._bot_failure(exc) from exc
            finally:
                if sync:
                    self._sync_seat()
            return
        if self._anchor is None or self._anchor[0] is not loop:
            self._anchor = (loop, loop.time(), self._sched.now)
        try:
            self._sched.run_until(self._now(), self.presenter.max_bot_actions)
        except Exception as exc:
            raise self._bot_failure(exc) from exc
        finally:
            if sync:
                self._sync_seat()
        self._schedule(loop)

    def _schedule(self, loop) -> None:
        """One timer, for the next thing due (a bot's action, a deadline, a settled race)."""
        self._cancel_pending()
        wake = self._sched.next_wakeup()
        if wake is None or self.game.over:
            return
        _, wall, at = self._anchor  # type: ignore[misc]  # set by the clock's start, before any wake-up
        # call_later, never call_at: a wake-up already due (a busy machine) runs at once, where
        # Pyodide's WebLoop refuses a call_at in the past ("Can't schedule in the past")
        delay = wall + (wake - at) / 1000.0 - loop.time()
        self._pending = loop.call_later(max(0.0, delay), self._paced_step)

    def _clock_sync(self, sync_id: Any) -> None:
        """A view asks for the game time (it measures its clock offset from the answer);
        it starts nothing (:meth:`start` does)."""
        if not isinstance(sync_id, str) or not 0 < len(sync_id) <= 64:
            raise WidgetError(
                "malformed_message", f"a 'clock' message takes an id string (1-64 characters), got {short(sync_id)}"
            )
        if not self.game.realtime:
            return
        with self._batch():
            self._sync_id = sync_id
            self._refresh()

    def _start_bots_guarded(self, sync: bool = True) -> None:
        try:
            self._start_bots(sync)
        except Exception as exc:  # noqa: BLE001 -- shown in the view; the human's action stands
            self.error = self._error_of(exc)

    def _paced_step(self) -> None:
        """The timer fired: apply what is due by now, then set the next timer."""
        self._pending = None
        if getattr(self, "_closed", False):
            return
        try:
            with self._batch():
                try:
                    self._start_bots()
                except Exception as exc:  # noqa: BLE001 -- a callback's exception would vanish
                    self.error = self._error_of(exc)
                    self._running = not self.game.realtime  # real time: the clock stops ("let the bots play")
                self._refresh()
        except Exception:  # noqa: BLE001 -- a timer callback must not raise into the event loop
            pass

    def _cancel_pending(self) -> None:
        pending, self._pending = getattr(self, "_pending", None), None
        if pending is not None:
            pending.cancel()

    def _n_actions(self) -> int:
        """Steps of the live game that are not chance outcomes (the replay's length)."""
        return self._actions_before()[-1]

    def _prefix(self, step: int) -> list[dict]:
        """History up to (not including) player action number ``step``, chance outcomes kept."""
        count = 0
        for i, h in enumerate(self.game.history):
            if h.get("seat") != "chance":
                if count == step:
                    return self.game.history[:i]
                count += 1
        return list(self.game.history)

    def _actions_before(self) -> list[int]:
        """``[k]``: how many steps of the history before entry ``k`` are not chance
        outcomes (the replay's numbering), for ``k`` up to the history's length."""
        return self._tally()[0]

    def _tally(self) -> tuple[list[int], dict]:
        """``(actions before each history entry, steps per seat)`` of the live game,
        extended by the entries added since the last call: a history only grows (a
        new game has a new list), and counting it whole twice per click grew with the
        game. Read-only for callers."""
        history = self.game.history
        tally = self.__dict__.get("_history_tally")
        if tally is None or tally[0] is not history or tally[1] > len(history):
            tally = [history, 0, [0], {}]
            self.__dict__["_history_tally"] = tally
        counts, per_seat = tally[2], tally[3]
        for k in range(tally[1], len(history)):
            seat = history[k].get("seat")
            counts.append(counts[-1] + (seat != "chance"))
            per_seat[seat] = per_seat.get(seat, 0) + 1
        tally[1] = len(history)
        return counts, per_seat

    def _rev(self, screen: Screen | None = None) -> int:
        """How many actions the shown seat has taken in the live game (real time: and queued)."""
        screen = self.screen if screen is None else screen
        seat = screen.seat
        if seat is None:
            return 0
        done = self._tally()[1].get(seat, 0)
        return done + self._sched.pending(seat) if self.game.realtime else done


def session_for(name: str, /, **kwargs: Any) -> Session:
    """A plain table for the registered game ``name``, presented by its presenter;
    ``kwargs`` are the widget's (``game=`` an engine to resume, too)."""
    from .engine.registry import load_presenter

    return Session(presenter=load_presenter(name), **kwargs)


#: the session's former names (``brady_widgets.table`` re-exports them too)
Table = Session
table_for = session_for
