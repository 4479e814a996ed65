"""GameWidget: the shared anywidget adapter between a game engine and its view.

A widget holds a session, a :class:`~brady_widgets.session.Session` (the engine, bots, clock
and the per-screen state, apart from Jupyter), and shows it through one notebook widget:
the session's own screen is the widget's, and every change is synced as the traits below.
The rooms server (:mod:`brady_widgets.rooms`) is the other transport over the same kind of
table.

The widget holds the engine privately (``w.game``, never synced) and syncs only
what the *shown seat* may know, computed from that seat's own ``view(seat)`` and
``legal_actions(seat)``:

============  ==================================================================
trait         value
============  ==================================================================
``seat``      the shown seat, or ``-1`` (public view: curtain up, or no human)
``view``      that seat's view without its log, plus ``odds`` (per game); the
              lists a game declares in :attr:`GameWidget.windowed` hold only
              their newest entries (each with its index ``i`` and a ``text``)
``legal``     that seat's legal actions (empty under the curtain, in a replay,
              or when it is not that seat's turn), in the compact form of
              :func:`compact_legal` (:func:`expand_legal` gives the list back)
``log_lines`` the newest entries of the seat's filtered log that fit
              :attr:`GameWidget.log_limit` entries and ``log_budget`` bytes:
              ``{"i", "type", "step", "seat", "text"}`` (not ``log``: that
              name is ipywidgets' logger)
``error``     ``{}`` or ``{"code", "message", "n"}``, the message at most
              :data:`ERROR_CHARS` characters; ``n`` numbers the errors, so a
              refusal always changes the trait (the view unlocks on it)
``curtain``   ``{"up": bool, "seat": n}`` (hot-seat: "pass to seat n")
``settings``  ``mode, humans, names, pace, reveal, teacher, paused, players,
              game`` and the view ``options`` (e.g. the odds panel's trust)
``content``   the game's static display content (names, colors, labels)
``replay``    ``{"step", "length", "active"}``: steps are player actions;
              ``active`` once the game is over (the replay control is open)
``rev``       how many actions the shown seat has taken: every ``act`` message
              carries the ``rev`` its buttons were drawn from, and a stale one
              (a double click) is dropped quietly
``page``      ``{}`` or the answer to a ``page`` message: older entries of the
              log or of a windowed list, ``{"list", "before", "items"}``
============  ==================================================================

Every update the view receives is bounded (the frame test measures whole games
at the largest table): the log and the windowed lists are windows whose older
entries the view asks for page by page, and ``legal`` is compact.

While the hot-seat curtain is up nothing secret is synced: the public view
``view(None)``, no legal actions, the public log; after a hot-seat game the
screen shows the public view too (what the rules made public, nobody's hand).
The teacher's reveal is an explicit mode (``reveal=True`` or
:meth:`GameWidget.set_reveal` from Python, or the view's toggle, which only a
widget built with ``teacher=True`` draws and accepts): ``full_view()`` and the
unfiltered log. A student's widget refuses the view's ``reveal`` message
(``teacher_only``). In one kernel, whoever runs code can read Python state
(``w.game``): the protection is against what a browser can send.

Intents from the view are custom messages ``{"type": ...}`` named in :class:`MSG`;
results come back through the traits. The message handler never raises: every
failure becomes the ``error`` trait and leaves the game unchanged. The game traits
are the kernel's to write: a browser's write to one (developer tools) is refused the
same way and the kernel's values are sent back (:meth:`GameWidget.set_state`).

Bots get ``view(seat)`` (a fresh snapshot: it shares nothing with the engine) and a
deep copy of ``legal_actions(seat)`` only. With
``pace > 0`` and a running asyncio loop (the notebook kernel's), each bot step is
scheduled ``pace`` seconds after the previous one (``loop.call_later``); with
``pace=0`` (tests, simulations) or no running loop, bots play synchronously inside
the call that handed them the turn. Every change is batched with ``hold_sync()``:
one action (a human's action plus any synchronous bot replies) is one update
message.

A widget built around an existing engine (``game=``) shows that position as it
stands: if a bot is to act, the bots wait (``settings["paused"]``) until
:meth:`GameWidget.run_bots` or the view's "let the bots play" button.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from .frames import (  # noqa: F401 -- re-exported: the widget's names are importable from here
    ERROR_CHARS,
    MODES,
    STATIC,
    WIDGET_ERROR_CODES,
    WidgetError,
    _cut,
    _error_dict,
    _wrap,
    bounded,
    compact_legal,
    expand_legal,
    short,
)
from .presenter import PRESENTER_SETTINGS, Presenter
from .protocol import (
    MSG,
    TRAITS,
    synced_traits,
)
from .render import render
from .session import Session, checked_lag, checked_names, checked_pace

#: what a widget class leaves to its presenter: the settings and the hooks
_PRESENTED = frozenset(PRESENTER_SETTINGS) | {
    n for n, v in vars(Presenter).items() if callable(v) or isinstance(v, (classmethod, staticmethod))
} - {"__init__", "option", "for_game"}

__all__ = [
    "ERROR_CHARS",
    "GameWidget",
    "MSG",
    "WIDGET_ERROR_CODES",
    "ViewWrites",
    "WidgetError",
    "compact_legal",
    "expand_legal",
]


def _signature(session_class: type) -> inspect.Signature:
    """The signature of ``session_class``'s constructor as a widget's (``self`` first): a widget
    gives its session its own presenter."""
    sig = inspect.signature(session_class.__init__)
    return sig.replace(parameters=[p for name, p in sig.parameters.items() if name != "presenter"])


def _session_field(name: str, check: Callable[[Any, Any], Any] | None = None) -> property:
    """A field of the widget's session, read and set through the widget (``w.names``);
    ``check(widget, value)`` gives the value set, or raises as the constructor would."""

    def set_field(self: Any, value: Any) -> None:
        setattr(self.session, name, value if check is None else check(self, value))

    return property(lambda self: getattr(self.session, name), set_field)


#: the text view's words for a real-time clock that waits for a person (the clock trait's state)
CLOCK_WORDS = {
    "waiting": "waiting for Start",
    "paused": "paused: press Resume",
    "table": "waiting for the teacher or everyone ready",
}


class ViewWrites:
    """The guard of a widget whose traits are the kernel's alone (mixed in before
    ``anywidget.AnyWidget``): its view asks for changes with custom messages and never writes
    a trait, so a trait write or a comm message of a made-up shape from the browser (a
    student's developer tools) is refused with :meth:`_refuse_from_view`, never applied and
    never raised. ``GAME_TRAITS``: the traits the browser may not write (everything else
    synced is anywidget's or ipywidgets' own)."""

    GAME_TRAITS: ClassVar[tuple[str, ...]] = TRAITS

    def _refuse_from_view(self, exc: BaseException) -> None:  # pragma: no cover -- each widget's own
        raise NotImplementedError

    def _handle_msg(self, msg: Any) -> None:
        """ipywidgets' handler of every comm message from the front end, checked first: a
        message whose shape is not one the front end sends (no ``method``, a ``state`` that is
        not a dict, binary buffers: no game trait holds bytes) is refused like a bad custom
        message (the ``error`` trait, the refusals log), never handed on. ipywidgets shows a
        traceback in the notebook (``showtraceback``) when its handler raises on one."""
        try:
            data = msg["content"]["data"] if isinstance(msg, dict) and isinstance(msg.get("content"), dict) else None
            method = data.get("method") if isinstance(data, dict) else None
            if method == "update":
                paths = data.get("buffer_paths", [])
                if not isinstance(data.get("state"), dict) or paths != [] or msg.get("buffers", []) not in ([], None):
                    raise WidgetError(
                        "malformed_message", "a view's update is a state dict of JSON values (no buffers)"
                    )
            elif method not in ("request_state", "custom"):
                raise WidgetError("unknown_message", f"unknown widget message method {short(method)}")
            elif method == "custom" and "content" not in data:
                raise WidgetError("malformed_message", "a custom message has no content")
            if method == "custom" and not isinstance(msg.get("buffers"), list):
                msg = {**msg, "buffers": []}
        except Exception as exc:  # noqa: BLE001 -- a forged comm message is refused, never raised
            self._refuse_from_view(exc)
            return
        super()._handle_msg(msg)

    def set_state(self, sync_data: Any) -> None:
        """A trait write from the front end (ipywidgets calls this for a view's ``update``).

        The game traits are the kernel's alone: every one is computed from the shown seat's
        view (:mod:`brady_widgets.render`), and a view asks for changes with messages
        (:class:`MSG`), never by writing them (the bundles never do). A write to one (a
        student's developer tools setting ``seat``, ``settings.reveal`` or ``error``) is
        refused: no trait changes, the view is sent the kernel's values back, and ``error``
        says so in words. ipywidgets' own traits (``layout``, ``tooltip``...) are written as
        ipywidgets writes them when the message writes nothing else; a bad value for one is
        refused too, never raised. A message that writes a game trait is refused whole: its
        ipywidgets traits are not applied either (a refused input changes nothing)."""
        try:
            state = dict(sync_data)
            forged = [k for k in state if k in self.GAME_TRAITS]
            if not forged:
                try:
                    super().set_state(state)
                except Exception as exc:  # noqa: BLE001 -- e.g. a TraitError for a wrong type
                    self._refuse_from_view(exc)
            else:
                self._refuse_from_view(
                    WidgetError("malformed_message", f"the view may not write the game traits {sorted(forged)}")
                )
                # the view's copy of every trait it wrote is the kernel's again, a trait a
                # frame (all at once, a Brady table's state passes 8 KB)
                for key in [k for k in state if k in self.keys]:
                    self.send_state(key)
        except Exception as exc:  # noqa: BLE001 -- nothing a browser sends may raise into the kernel
            self._refuse_from_view(exc)


class GameWidget(ViewWrites, anywidget.AnyWidget):
    """Shared adapter: one engine, the seats shown to humans, bots, curtain, log, replay.

    A widget holds a session (:attr:`session`, a :class:`~brady_widgets.session.Session`: the
    engine, its bots and clock, acts, listeners), its own screen (``session.screen``) and
    the game's presenter (``session.presenter``), and syncs the screen's state as traits
    after every change. The session's Python API is the widget's (``w.act``, ``w.run_bots``,
    ``w.game``...). A game's widget class sets :attr:`presenter_class` (its
    :class:`~brady_widgets.presenter.Presenter`: log texts, odds, content, the text view's
    body, settings), a :attr:`session_class` if it changes how the session plays (e.g.
    several people on one keyboard), and, if it has no registry entry with a view, ``_esm``/``_css``.
    """

    #: the game's presentation (set by each game's widget class)
    presenter_class: ClassVar[type[Presenter] | None] = None
    #: the session class a widget of this class holds
    session_class: ClassVar[type[Session]] = Session

    # what a widget's user sets on it: the session's fields
    # (checked as the constructor checks them: a bad one set later failed at the next click)
    names = _session_field("names", lambda w, v: tuple(checked_names(v, w.game.players)))
    humans = _session_field("humans")
    pace = _session_field("pace", lambda w, v: checked_pace(v))
    mode = _session_field("mode")
    teacher = _session_field("teacher")
    lag = _session_field("lag", lambda w, v: checked_lag(v))
    game = _session_field("game")
    screen = _session_field("screen")

    # the synced game traits, declared once in brady_widgets.protocol (TRAIT_DEFAULTS)
    locals().update(synced_traits())

    # the presenter's settings, shown on the class (a game's widget class shows its presenter's)
    locals().update({name: getattr(Presenter, name) for name in PRESENTER_SETTINGS})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's widget is presented by its :attr:`presenter_class` (a widget class that
        names only a ``game_class`` gets the generic presenter of that engine), whose
        settings (``game_class``, ``default_bot``, ``action_keys``...) the class shows as its
        own. It gets its view from the game's registry entry (``view``: the bundle
        ``static/<view>.js``/``.css``), or the generic view (the frame and a button per legal
        action) when the game has none; a class may still set ``_esm``/``_css`` itself."""
        misplaced = sorted(k for k in cls.__dict__ if k in _PRESENTED and k != "game_class")
        if misplaced:
            raise TypeError(
                f"{cls.__name__} sets {misplaced}: a game's presentation is its Presenter's "
                "(brady_widgets.presenter), named by the widget class as presenter_class"
            )
        game_class = cls.__dict__.get("game_class")
        if "presenter_class" not in cls.__dict__ and game_class is not None:
            # another engine shown as the parent's presenter shows its own (or the generic way)
            base = cls.presenter_class
            cls.presenter_class = (
                Presenter.for_game(game_class)
                if base is None
                else type(
                    f"{game_class.__name__}Presenter", (base,), {"game_class": game_class, "__module__": cls.__module__}
                )
            )
        presenter = cls.presenter_class
        if presenter is not None:
            for name in PRESENTER_SETTINGS:
                setattr(cls, name, getattr(presenter, name))
        game = (
            presenter.game_class
            if ("presenter_class" in cls.__dict__ or game_class) and presenter is not None
            else None
        )
        if game is not None and "_esm" not in cls.__dict__:
            from .engine.registry import game_entry

            try:
                view = game_entry(game.name).view or "generic"
            except KeyError:  # not registered (yet): the generic view
                view = "generic"
            cls._esm = STATIC / f"{view}.js"
            cls._css = STATIC / f"{view}.css"
        # help() and editors show the session's arguments, unless the class writes its own constructor
        if "__init__" in cls.__dict__:
            cls.__signature__ = None  # type: ignore[attr-defined]
        else:
            sig = _signature(cls.session_class)
            cls.__signature__ = sig.replace(parameters=list(sig.parameters.values())[1:])  # type: ignore[attr-defined]
        super().__init_subclass__(**kwargs)

    def __init__(self, *args: Any, **kwargs: Any):
        """The session's arguments (:class:`~brady_widgets.session.Session`, whose signature this is)."""
        cls = self.session_class
        session = cls.__new__(cls)
        session.__dict__["_label"] = type(self).__name__  # its errors name the widget class
        session.__init__(*args, presenter=self.presenter_class, **kwargs)
        session.error = session._first_error
        self.__dict__["session"] = session
        super().__init__(**{**render(session, session.screen, session.presenter), "error": session.error})
        session.attach(batch=self.hold_sync, on_error=self._show_error)
        session.listen(lambda: self._refresh())
        self.on_msg(self._on_view_msg)

    # the constructor's signature is the session's, written once there (help() and editors show it)
    __init__.__signature__ = _signature(Session)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> Any:
        """The session's API and state are the widget's (``w.act``, ``w.game``, ``w._state()``)."""
        session = self.__dict__.get("session")
        if session is None or name.startswith("__"):
            raise AttributeError(f"{type(self).__name__!s} has no attribute {name!r}")
        try:
            return getattr(session, name)
        except AttributeError as exc:
            if exc.name != name or exc.obj is not session:
                raise  # raised inside one of the session's properties: that error is the one to see
        # the notebook's own words: the widget it built, and the names it may have meant
        hint = ""
        if not name.startswith("_"):
            import difflib

            public = sorted({n for n in [*dir(session), *dir(type(self))] if not n.startswith("_")})
            close = difflib.get_close_matches(name, public, n=3)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}{hint}", name=name, obj=self)

    def _show_error(self, error: dict) -> None:
        self.error = error

    @traitlets.validate("error")
    def _number_error(self, proposal: Any) -> dict:
        """An error set on the widget directly is numbered by its session as every other
        (:meth:`Session._numbered`): the same refusal twice is still a change the view sees."""
        value = proposal["value"]
        if not value or "n" in value:
            return value or {}
        return self.session._numbered(value)

    def send_state(self, key: Any = None) -> None:
        """ipywidgets' ``send_state``, without its search for binary buffers when only
        game traits are sent: they hold JSON alone (views, legal actions, log lines, built
        by the table; no bytes, no memoryview), and walking every nested view and log
        line for buffers that are never there took about a tenth of a click's work in
        the kernel. Anything else (the first full state, anywidget's ``_esm``, a
        subclass's own traits) takes the ipywidgets path."""
        keys = [key] if isinstance(key, str) else key
        if keys is None or not set(keys) <= set(self.GAME_TRAITS):
            super().send_state(key)
            return
        state = self.get_state(key=keys)
        if not state:
            return
        if self._property_lock:  # as ipywidgets: keep the values the view is echoed in step
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        self._send({"method": "update", "state": state, "buffer_paths": []}, buffers=[])

    def close(self) -> None:
        session = self.__dict__.get("session")
        if session is not None:
            session.close()
        super().close()

    # ---------------------------------------------------------------- text view
    def text(self) -> str:
        """What the shown seat sees, as plain text: a header (the game, whose screen it
        is, whose turn, the phase), the game's :meth:`text_body` (the board, the seat's
        own cards) and the newest log lines. Built from the synced traits only (``view``,
        ``log_lines``, ``settings``, ``content``, ``seat``, ``curtain``, ``replay``,
        ``error``), so it never says more than the screen: under the curtain the public
        view, with the teacher's reveal the reveal. Deterministic, at most about
        :attr:`text_lines` lines of :attr:`text_width` columns. ``repr(w)`` and the
        ``text/plain`` of the widget's output are this text (nbviewer, GitHub, a
        terminal, a screen reader and saved notebook outputs show it)."""
        p = self.presenter
        width = p.text_width
        view = dict(self.view or {})
        # (wrapped, not cut: the end's sentence says who won and why, and may be long)
        header = [x for line in self._text_header(view) for x in _wrap(line, width, rest="    ")]
        try:
            body = [x for line in p.text_body(view) for x in _wrap(line, width)]
        except Exception as exc:  # noqa: BLE001 -- a text view must not break the notebook's output
            body = [f"(no text view: {type(exc).__name__})"]
        log = []
        for entry in (self.log_lines or [])[-p.text_log_lines :]:
            log.extend(_wrap(entry.get("text", ""), width, first="  ", rest="    "))
        log = (["Log:"] + log[-p.text_log_lines * 2 :]) if log else []
        room = max(1, p.text_lines - len(header) - len(log))
        if len(body) > room:  # the body is cut; the newest log lines stay
            body = body[: room - 1] + ["…"]
        return "\n".join(header + body + log)

    def _text_header(self, view: dict) -> list[str]:
        """The header lines of :meth:`text`, from the synced traits."""
        settings = self.settings or {}
        names = list(settings.get("names") or [])

        def who(seat: Any) -> str:
            return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"

        game_class = self.presenter.game_class
        title = (
            (self.content or {}).get("title") or (game_class.title if game_class else "") or settings.get("game", "")
        )
        curtain = self.curtain or {}
        if settings.get("reveal"):
            shown = "teacher's reveal: every secret shown"
        elif curtain.get("up"):
            shown = f"curtain: pass the screen to {who(curtain.get('seat'))} (public view)"
        elif self.seat >= 0:
            shown = f"{who(self.seat)}'s screen (seat {self.seat})"
        else:
            shown = "public view"
        lines = [f"{title} · {shown}"]
        facts = []
        if view.get("over") and isinstance(view.get("end"), str):
            facts.append(f"game over: {view['end']}")  # who won and why (the end banner's sentence)
        elif view.get("over"):
            winners = [who(s) for s in view.get("winners") or []]
            facts.append(f"game over, won by {', '.join(winners) or 'nobody'}")
        else:
            to_act = view.get("to_act")
            if isinstance(to_act, list):
                facts.append(f"to act: {', '.join(who(s) for s in to_act) or 'nobody'}")
            if view.get("phase") is not None:
                facts.append(f"phase: {view['phase']}")
        replay = self.replay or {}
        if replay.get("active") and replay.get("step") != replay.get("length"):
            facts.append(f"replay: after action {replay.get('step')} of {replay.get('length')}")
        clock = self.clock or {}
        state = clock.get("state") if clock.get("realtime") and not view.get("over") else None
        if state in CLOCK_WORDS:  # real time waiting for a person: what to do, in words
            facts.append(CLOCK_WORDS[state])
        elif settings.get("paused"):
            facts.append("bots paused")
        if facts:
            line = "; ".join(facts)
            lines.append(line[:1].upper() + line[1:])
        error = self.error or {}
        if error.get("message"):
            lines.append(f"Error: {error['message']}")  # the code is the developer's (logged)
        return lines

    def __repr__(self) -> str:
        """:meth:`text` (deterministic: saved notebook outputs compare it)."""
        try:
            return self.text()
        except Exception:  # noqa: BLE001 -- e.g. while the widget is being built
            return self._summary()

    def _summary(self) -> str:
        g = getattr(self, "game", None)
        if g is None:
            return f"{type(self).__name__}()"
        status = f"over, winners {list(g.winners)}" if g.over else f"to act {g.to_act}"
        return (
            f"{type(self).__name__}(players={g.players}, mode={self.mode!r}, humans={list(self.humans)}, "
            f"actions={self._n_actions()}, {status})"
        )

    def _repr_mimebundle_(self, **kwargs: Any):
        """The widget view (JupyterLab renders the live widget) and :meth:`text` as
        ``text/plain`` (where a widget cannot run)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/plain": repr(self)}, meta

    # ------------------------------------------------------------ message handler
    def _refuse_from_view(self, exc: BaseException) -> None:
        """A refusal of something the front end sent outside a custom message: the ``error``
        trait (in words; the code and the details go to the refusals log). Never raises."""
        try:
            if not isinstance(exc, WidgetError):
                exc = WidgetError("malformed_message", f"{type(exc).__name__}: {exc}")
            self.session.error = self.session._error_of(exc)
        except Exception:  # noqa: BLE001 -- even setting the error failed: nothing may escape
            pass

    def _on_view_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Handle one message from the view. Never raises: failures go to ``error``."""
        try:
            try:
                self.session._dispatch(content)
            except Exception as exc:  # noqa: BLE001 -- every failure must reach the view
                self.session.error = self.session._error_of(exc)
        except Exception:  # noqa: BLE001 -- even setting the error failed: nothing may escape
            pass

    def _refresh(self) -> None:
        """The session changed: the widget's screen's state becomes the traits (one update).
        The widget is the session's first listener; the others hear of it after."""
        session = self.session
        state = render(session, session.screen, session.presenter)
        with self.hold_sync():
            for key, value in state.items():
                setattr(self, key, value)
