"""Rendering: the state a session sends one screen, under the presenter's byte budgets.

:func:`render` ``(session, screen, presenter)`` is the one entry point every transport calls
(a widget for its session's own screen, the rooms server for each device's
:class:`~brady_widgets.screen.Screen`). :class:`ScreenRendering` holds its helpers, the part
of a :class:`~brady_widgets.session.Session` that turns its engine and a screen into the synced
state (view, compact legal actions, the log window and the windowed lists that fit the frame
budget, settings, replay, clock, page). Rendering reads the session (engine, names, bots,
clock) and never changes it, nor the session's own screen.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from .engine.game import FrozenEvent, Game
from .frames import ERROR_CHARS, WidgetError, _fit, _json_size, compact_legal, short, to_json
from .presenter import Presenter
from .replay_cache import ReplayCache
from .screen import Screen

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session

__all__ = ["PRIVATE_REPLAY", "ScreenRendering", "render"]

#: the developer's reason a replay request is refused on a screen of a finished game with
#: private steps that is not the teacher's reveal (see ScreenRendering._hides_steps)
PRIVATE_REPLAY = "a game with private steps is replayed on the teacher's reveal only"

#: the bytes the log window always gets (its newest entry at least), whatever the view takes
LOG_FLOOR = 300

#: the screens (names, seat, reveal) whose log lines a table remembers at once: every seat of
#: a 42-seat table, the public view and the teacher's reveal, with room to spare
MEMO_SCREENS = 64


class ScreenRendering:
    """The rendering half of a table (see the module docstring)."""

    #: the finished game's replay (see :meth:`_replays`), set by the session
    _replay_cache: ReplayCache | None
    #: the log lines' memos, one per screen key (:meth:`_entry_memo`; made on first use)
    _entries_memo: dict[tuple, dict]

    # What the rendering reads from its host, the Session (annotations only: no attribute at run time).
    game: Game
    presenter: Presenter
    screen: Screen
    names: tuple[str, ...]
    humans: tuple[int, ...]
    mode: str
    pace: float
    teacher: bool
    lag: float
    _sync_id: str
    _running: bool
    _locked: bool
    _ready: set[int]
    _pending: asyncio.TimerHandle | None

    if TYPE_CHECKING:  # the Session's methods it calls (declared for mypy only, never shadowing them)

        def _rev(self, screen: Screen | None = None) -> int: ...
        def _n_actions(self) -> int: ...
        def _actions_before(self) -> list[int]: ...
        def _bot_to_act(self) -> int | None: ...
        def _now(self) -> float: ...
        @property
        def clock_state(self) -> str: ...

    def _page_answer(self, screen: Screen, name: Any, before: Any) -> dict:
        """The answer to a ``page`` message on ``screen`` (see :meth:`page_of`)."""
        lists = ("log", *self.presenter.windowed)
        if not isinstance(name, str) or name not in lists:
            raise WidgetError("malformed_message", f"page takes a list in {list(lists)}, got {short(name)}")
        if isinstance(before, bool) or not isinstance(before, int) or before < 0:
            raise WidgetError("malformed_message", f"page takes 'before' as an int >= 0, got {short(before)}")
        with self.presenter.drawing(screen):
            view, events, _, _ = self._seat_view(screen)
            if name == "log":  # the newest lines before ``before`` that fit the page
                items = self._log_lines(events, 0, min(before, len(events)), screen, self.presenter.page_budget)[0]
            else:
                entries = self._window_entries(name, view.get(name) or [], 0, before)
                items = _fit(entries, len(entries), self.presenter.page_budget)
        return {"list": name, "before": before, "items": items}

    def _shown_game(self, screen: Screen | None = None) -> Game:
        """The game the screen shows: the live one, or a finished game's replay step (the
        position ``Game.replay`` of ``_prefix(step)`` builds, from the table's replay cache:
        shared, read-only)."""
        screen = self.screen if screen is None else screen
        step = screen.replay_step
        if step is None or not self.game.over or self._hides_steps(screen):
            return self.game
        return self._replays().position(step)

    def _replays(self) -> ReplayCache:
        """The finished game's replay (:class:`~brady_widgets.replay_cache.ReplayCache`):
        snapshots, recent positions and screen states, shared by every screen of the
        table; a new one when the game changed (``refresh()`` drops it too)."""
        cache = self._replay_cache
        if cache is None or not cache.serves(self.game):
            cache = self._replay_cache = ReplayCache(self.game)
        return cache

    def _replay_key(self, screen: Screen | None = None) -> tuple:
        """What a replay screen's state depends on besides the finished game's step: the
        screen and the table's settings (see :meth:`state_for`)."""
        screen = self.screen if screen is None else screen
        return (
            screen.seat,
            screen.curtain,
            screen.reveal,
            screen.replay_step,
            self._public(screen),
            json.dumps(screen.option_dict(), sort_keys=True, default=repr),
            self.names,
            self.humans,
            self.mode,
            self.pace,
            self.teacher,
            self.lag,
            self._sync_id,
            self._running,
            self._rev(screen),
        )

    def _log_entries(
        self,
        events: list[dict],
        start: int | None = None,
        stop: int | None = None,
        budget: int | None = None,
        screen: Screen | None = None,
    ) -> list[dict]:
        """Log lines for ``events[start:stop]`` (default: the newest that fit the window
        of ``log_limit`` entries and ``budget`` bytes)."""
        screen = self.screen if screen is None else screen
        stop = len(events) if stop is None else min(stop, len(events))
        if start is not None:
            return self._log_lines(events, start, stop, screen)[0]
        budget = self.presenter.log_budget if budget is None else budget
        return self._log_lines(events, max(0, stop - self.presenter.log_limit), stop, screen, budget)[0]

    def _log_lines(
        self, events: list[dict], start: int, stop: int, screen: Screen | None = None, budget: int | None = None
    ) -> tuple[list[dict], list[str]]:
        """The log lines of ``events[start:stop]`` and each one's JSON text; with ``budget``,
        only the newest of them whose JSON list fits ``budget`` bytes (at least the newest
        one): what :func:`_fit` keeps of them. The lines are made newest first and the walk
        stops at the first that does not fit, so the older lines of the window that a full
        update never sends (about half of a 30-line window) are neither made nor looked up."""
        screen = self.screen if screen is None else screen
        out: list[dict] = []
        texts: list[str] = []
        actions = self._actions_before()
        last = len(actions) - 1
        memo = self._entry_memo(screen)
        hide = self._hides_steps(screen)
        used = 2  # the list's brackets (_fit's count)
        for i in range(stop - 1, start - 1, -1):
            ev = events[i]
            step = ev.get("step", 0)
            action = actions[step] if not hide and isinstance(step, int) and 0 <= step <= last else None
            hit = memo.get(id(ev))
            if hit is None or hit[0] is not ev or hit[1] != (i, action):
                entry = {"i": i, "type": ev["type"]}
                if not hide:  # (a screen that hides steps numbers none: see _hides_steps)
                    entry["step"] = step
                entry["text"] = self.presenter.describe(ev)
                if action is not None:
                    entry["action"] = action  # the replay's "Action n": player actions and clock steps
                if isinstance(ev.get("seat"), int):
                    entry["seat"] = ev["seat"]
                text = to_json(entry)
                hit = (ev, (i, action), entry, len(text.encode()), text)  # (hide: the memo's key decides it)
                if isinstance(ev, FrozenEvent):  # an event that can change is described afresh
                    memo[id(ev)] = hit
            if budget is not None:
                if out and used + hit[3] + 1 > budget:
                    break
                used += hit[3] + 1
            out.append(hit[2])
            texts.append(hit[4])
        out.reverse()
        texts.reverse()
        return out, texts

    def _hides_steps(self, screen: Screen) -> bool:
        """Whether ``screen`` must not count or number the game's steps: a game with
        private steps (:attr:`~brady_widgets.engine.game.Game.private_steps`) shown
        without the teacher's reveal. Its replay length, log numbers and view clock would
        move at another seat's secret action (a Hold in the dark), telling a student
        that it happened and when. Once the game is over too: a lone Hold is never heard,
        and a replay stepping through every action would show each one (a step that
        changes nothing on the screen but the time), so such a screen has no replay and
        only the teacher's reveal replays the game."""
        return self.game.private_steps and not screen.reveal

    def _entry_memo(self, screen: Screen | None = None) -> dict:
        """Log lines already built, by event (``id`` -> (event, (i, action), entry, size, JSON text)):
        a click's update re-sends the whole log window, and describing and measuring every
        entry again was the largest part of its work. Valid while what :meth:`describe`
        may read stays the same (the names, the shown seat, the reveal): otherwise a new
        memo; events are read-only (:class:`FrozenEvent`), so an entry never goes stale.
        Shared entries are never changed by their readers.

        One memo per such key, kept side by side (at most :data:`MEMO_SCREENS`): a room's
        update draws every seat's screen and the public one in turn, and a single memo
        replaced at each change of key was emptied on every screen (issue 28: the log
        lines were a fifth of a room's update)."""
        screen = self.screen if screen is None else screen
        key = (tuple(self.names), screen.seat, screen.reveal)
        memos = getattr(self, "_entries_memo", None)
        if memos is None:
            memos = self._entries_memo = {}
        memo = memos.get(key)
        if memo is None or len(memo) > 8 * max(self.presenter.log_limit, 32):
            if memo is None and len(memos) >= MEMO_SCREENS:
                memos.clear()  # renamed seats or many screens: start again
            memo = memos[key] = {}
        return memo

    def _window_entries(self, key: str, full: list, start: int = 0, stop: int | None = None) -> list[dict]:
        """Entries ``start..stop`` of the windowed list ``key``, each with ``i`` and ``text``."""
        stop = len(full) if stop is None else min(stop, len(full))
        out = []
        for i in range(start, stop):
            entry = full[i]
            entry = {**entry, "i": i} if isinstance(entry, dict) else {"i": i, "value": entry}
            entry["text"] = self.presenter.entry_text(key, entry)
            out.append(entry)
        return out

    def _seat_view(self, screen: Screen | None = None) -> tuple[dict, list[dict], Game, int | None]:
        """``(view without its log, events, shown game, seat)`` for what the screen shows:
        the teacher's reveal, the public view (curtain up, or a hot-seat game over) or the shown seat."""
        screen = self.screen if screen is None else screen
        g = self._shown_game(screen)
        seat = None if self._public(screen) else screen.seat
        # views are snapshots that share nothing with the engine (the conformance kit's
        # check_view_snapshot proves it for every game), so the trait may keep this one
        view = g.full_view() if screen.reveal else g.view(seat)
        events = view.pop("log")
        return view, events, g, seat

    def _curtain_up(self, screen: Screen | None = None) -> bool:
        screen = self.screen if screen is None else screen
        return screen.curtain is not None and not screen.reveal

    def _public(self, screen: Screen | None = None) -> bool:
        """Whether the screen shows the public view: the curtain is up, or a hot-seat
        game is over (everyone looks at the screen)."""
        screen = self.screen if screen is None else screen
        return self._curtain_up(screen) or (self.mode == "hotseat" and self.game.over)

    def _position_key(self, screen: Screen | None = None) -> tuple:
        """What the screen shows: a page answered for another one is not shown."""
        screen = self.screen if screen is None else screen
        return (screen.seat, screen.curtain, screen.reveal, screen.replay_step, self._public(screen))

    def _state(self, screen: Screen | None = None, texts: dict[int, tuple[Any, str]] | None = None) -> dict:
        """Every synced trait, computed from the shown seat's view (or the reveal); ``texts``:
        see :func:`render`."""
        screen = self.screen if screen is None else screen
        with self.presenter.drawing(screen):
            return self._render(screen, texts)

    def _render(self, screen: Screen, texts: dict[int, tuple[Any, str]] | None = None) -> dict:
        view, events, g, seat = self._seat_view(screen)
        live = g is self.game
        curtain_up = self._curtain_up(screen)
        if curtain_up:
            odds = None
        else:
            odds = self.presenter.odds(g.view(seat) if screen.reveal else {**view, "log": events})
        view.update(self.presenter.window_facts(view))  # what the view needs from beyond a window
        if g.over:  # the end banner's sentence: who won and why, from this screen's view only
            view["end"] = self.presenter.end_banner({**view, "log": events})
        for key in self.presenter.windowed:
            full = view.get(key)
            if isinstance(full, list):
                # only the last window_limit entries can be synced: give text to those alone
                tail = self._window_entries(key, full, max(0, len(full) - self.presenter.window_limit))
                view[key] = _fit(tail, self.presenter.window_limit, self.presenter.window_budget)
        view["odds"] = odds
        legal = g.legal_actions(seat) if (seat is not None and live) else []
        hide = self._hides_steps(screen)
        if hide:
            view.pop("clock", None)  # the game's time at the last step, anyone's (the clock trait has the time)
        length = 0 if hide else self._n_actions()
        if self.game.realtime:
            paused = not self.game.over and not self._running
        else:
            # (a room's locked table is not "paused": no one lets its bots play but its teacher's Unlock)
            paused = (
                self._pending is None and not self.game.over and not self._locked and self._bot_to_act() is not None
            )
        page = screen.page[1] if screen.page is not None and screen.page[0] == self._position_key(screen) else {}
        state = {
            "seat": -1 if seat is None else seat,
            "view": view,
            "legal": compact_legal(legal),  # new lists; the values are scalars
            "curtain": {"up": curtain_up, "seat": -1 if screen.curtain is None else screen.curtain},
            "settings": {
                "game": self.game.name,
                "players": self.game.players,
                "mode": self.mode,
                "humans": list(self.humans),
                "names": list(self.names),
                "pace": self.pace,
                "reveal": screen.reveal,
                "teacher": self.teacher,
                "paused": paused,
                "options": screen.option_dict(),
                **({"keys": dict(self.presenter.action_keys)} if self.presenter.action_keys else {}),
            },
            "content": self.presenter.display_content(),
            "replay": {
                "step": length if screen.replay_step is None or hide else screen.replay_step,
                "length": length,
                "active": bool(self.game.over) and not hide,  # (no replay: see _hides_steps)
            },
            "rev": self._rev(screen),
            "page": page,
            "clock": self._clock_state(screen, view),
        }
        # the log window takes what the rest of a full update leaves of the frame budget: each
        # part's JSON is made once, measured here and (``texts``) sent as it is by the rooms
        # server, which encoded every frame's view a second time
        parts = {k: to_json(v) for k, v in state.items() if k not in ("content", "page")}
        rest = sum(len(k) + 4 + len(text.encode()) for k, text in parts.items())  # = each "k":v with its comma
        rest += ERROR_CHARS + 100  # room for an error set with this update
        over = rest + LOG_FLOOR - self.presenter.frame_budget
        if over > ERROR_CHARS + 100:  # too large for the frame with the log's least, even without an error
            rest -= self._shrink_windows(view, over)  # (a teacher's reveal of every hand and peek)
            del parts["view"]  # (changed since)
        budget = max(LOG_FLOOR, min(self.presenter.log_budget, self.presenter.frame_budget - rest))
        stop = len(events)
        lines, line_texts = self._log_lines(events, max(0, stop - self.presenter.log_limit), stop, screen, budget)
        state["log_lines"] = lines
        if texts is not None and type(self.presenter).finish_state is Presenter.finish_state:
            # (a game's own finish_state may change the parts in place: its texts are not kept)
            parts["log_lines"] = "[" + ",".join(line_texts) + "]"
            for k, text in parts.items():
                texts[id(state[k])] = (state[k], text)
        return self.presenter.finish_state(state)

    def _shrink_windows(self, view: dict, over: int) -> int:
        """Shrink the view's windowed lists (newest entries kept, at least one each) by about
        ``over`` bytes; return the bytes saved. A screen whose view with its windows and the
        log's least passes the frame budget (the teacher's reveal of an 8-player Brady table,
        every hand and peek shown, came to 8.2 KB on the wire) keeps fewer of the lists'
        newest entries: the older ones are a page message away, as always."""
        saved = 0
        for key in self.presenter.windowed:
            entries = view.get(key)
            if saved >= over or not isinstance(entries, list) or len(entries) < 2:
                continue
            size = _json_size(entries)
            kept = _fit(entries, len(entries), max(size - (over - saved), 0))
            view[key] = kept
            saved += size - _json_size(kept)
        return saved

    def _clock_state(self, screen: Screen | None = None, view: dict | None = None) -> dict:
        """The ``clock`` trait: real time only (a turn-based game's never changes).

        ``state``: ``running``, ``waiting`` (for the person's Start), ``paused`` (a notebook
        widget that left the screen: Resume), ``table`` (a room's table waiting for its
        teacher or players; ``ready``: the seats whose person is ready) or ``over``.
        The countdowns, from the shown seat's ``view`` (the presenter's
        :meth:`~brady_widgets.presenter.Presenter.countdowns`): ``end``, when the game's
        time runs out (None: no limit), and ``window``, when the current window closes,
        named by ``label`` (e.g. "Slap"); ``deadline`` is the earlier of the two. ``now``: the
        game time when the view's clock request (``sync``), running or the state last changed,
        the answer the view measures its offset from (not the time of every redraw)."""
        screen = self.screen if screen is None else screen
        g = self.game
        if not g.realtime:
            return {"realtime": False}
        live = screen.replay_step is None or self._shown_game(screen) is g
        shown = self.presenter.countdowns(view) if (live and view is not None and not g.over) else {}
        end, window = shown.get("end"), shown.get("window")
        running, state = bool(self._running and not g.over and live), self.clock_state if live else "over"
        if live:
            # ``now`` is read by the view once per run (its offset, from the answer to its clock
            # request), so it is made anew only with a change of the request, of running or of
            # the state: made at every redraw it sent a message at every step, a secret one too
            # (a bot's Hold in the dark: the moment it acted)
            key = (running, state, self._sync_id)
            kept = self.__dict__.get("_clock_now")
            if kept is None or kept[0] != key:
                kept = self.__dict__["_clock_now"] = (key, round(self._now(), 3))
            now = kept[1]
        else:
            now = self._shown_game(screen).clock
        return {
            "realtime": True,
            "now": now,
            "deadline": g.next_deadline() if live else None,
            "end": end,
            "window": window,
            "label": str(shown.get("label") or "")[:40] if window is not None else "",
            "running": running,
            "state": state,
            "ready": sorted(self._ready),
            "lag": self.lag,
            "sync": self._sync_id,
        }


def render(
    session: Session, screen: Screen, presenter: Presenter, texts: dict[int, tuple[Any, str]] | None = None
) -> dict:
    """The synced state of ``screen`` of ``session`` (every trait but ``error``), drawn by
    ``presenter`` under its frame budget: the live game, or a finished game's replay step.
    The one place a screen's state is computed, that every transport calls: a widget renders
    its session's own screen, a room each device's.

    ``presenter`` is the session's own (``session.presenter``): a presenter is built for one
    session, and its hooks read that session's game and names. A device's replay screen is
    computed once for every device that shows it (the session's replay cache); the session's
    own screen (a widget's, which may show a page answer) is computed afresh.

    ``texts``: a dict the render adds the JSON it made of the state's values to (``id(value) ->
    (value, its compact JSON)``; a screen served from the replay cache adds none), for
    :func:`~brady_widgets.frames.frame_json`. The caller must not change those values while
    it keeps the dict (the rooms server keeps it for one update)."""
    if presenter is not session.presenter:
        raise ValueError("render() draws a session's screen with that session's own presenter (session.presenter)")
    if screen.replay_step is None or not session.game.over or screen is session.screen or session._hides_steps(screen):
        return session._state(screen, texts)
    return session._replays().state(session._replay_key(screen), lambda: session._state(screen, texts))
