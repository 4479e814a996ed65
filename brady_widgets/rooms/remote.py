"""RemoteSeat: take a seat at a rooms-server table from any notebook (Binder too).

    from brady_widgets.rooms.remote import RemoteSeat
    seat = RemoteSeat("http://10.0.0.5:8765", code="K7PQ2", name="Ann")
    seat

The kernel connects *out* to the rooms server (a WebSocket; nothing listens in the
kernel, so it works behind Binder's proxy) and joins like a browser would. The server
sends it only its seat's state, which the widget syncs as the same traits a
:class:`~brady_widgets.widget.GameWidget` has, so the game's own view bundle draws it.
The view's intents go back to the server, which validates them; the kernel never holds
the engine, another seat's state or the seed. A dropped connection reconnects with the
seat token (kept in :attr:`RemoteSeat.token`, never shown).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from typing import Any, ClassVar

import anywidget
import traitlets

from ..frames import STATIC
from ..presenter import REFUSALS
from ..protocol import MSG, TRAITS, synced_traits
from ..widget import ViewWrites

__all__ = ["RemoteSeat", "SeatRefused"]

_TRAITS = frozenset(TRAITS)


def _ws_url(url: str) -> str:
    url = url.rstrip("/")
    if url.startswith("https://"):
        return "wss://" + url[len("https://") :] + "/ws"
    if url.startswith("http://"):
        return "ws://" + url[len("http://") :] + "/ws"
    return url if url.endswith("/ws") else url + "/ws"


class SeatRefused(ValueError):
    """The rooms server refused to seat a :class:`RemoteSeat` (a wrong or expired code, a
    token it does not know, a full table...): ``code`` is the refusal's kind
    (``"bad_code"``, ``"code_expired"``...), the message the server's sentence."""

    def __init__(self, code: object, message: object):
        self.code = code if isinstance(code, str) else "refused"
        text = message if isinstance(message, str) and message else "the rooms server refused the seat"
        super().__init__(text)


class RemoteSeat(ViewWrites, anywidget.AnyWidget):
    """One seat at a rooms-server table, drawn by the game's own view in a notebook.

    Args:
        url: the rooms server (``http://host:port``).
        code: the table's code (to join), or ``token=`` a seat token from an earlier join.
        name: the player's name at the table.
        timeout: seconds to wait for the seat.
    """

    # the synced game traits, declared once in brady_widgets.protocol (TRAIT_DEFAULTS)
    locals().update(synced_traits())
    #: "online", "reconnecting", "moved" (the seat was opened on another device) or "closed";
    #: ``role`` is "seat" or "watch" (a late joiner)
    status = traitlets.Unicode("connecting").tag(sync=True)
    role = traitlets.Unicode("").tag(sync=True)
    #: the traits the browser may not write: the game's and the connection's (a write of
    #: ``status`` or ``role`` from developer tools said "closed" of a seat still online)
    GAME_TRAITS: ClassVar[tuple[str, ...]] = (*TRAITS, "status", "role")

    def __init__(
        self,
        url: str,
        code: str | None = None,
        name: str = "Player",
        *,
        token: str | None = None,
        timeout: float = 15.0,
    ):
        from websockets.sync.client import connect

        if (code is None) == (token is None):
            raise TypeError("give the table's code (to join) or a seat token (to come back), not both")
        self._connect = connect
        self._url = _ws_url(url)
        self._lock = threading.Lock()
        self._seq = 0
        self._closed = False
        self.token = token
        self.errors: list[dict] = []  # the server's refusals (typed), newest last
        self._owner = contextlib.ExitStack()  # holds the open connection; closing it closes that
        self._open(timeout)
        first = {"op": "join", "code": code, "name": name} if token is None else {"op": "resume", "token": token}
        self._ws.send(json.dumps(first))
        state: dict = {}
        deadline = time.monotonic() + timeout
        while "settings" not in state:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the rooms server gave no seat in time")
            frame = json.loads(self._ws.recv(timeout=left))
            if frame.get("op") == "error":
                self._owner.close()
                raise SeatRefused(frame.get("code"), frame.get("message"))
            if frame.get("op") == "joined":
                self.token = frame.get("token") or self.token
                role = frame.get("role", "")
            if frame.get("op") == "state":
                state.update(frame["state"])
        from ..engine.registry import game_entry

        view = game_entry(state["settings"]["game"]).view or "generic"
        self._esm = (STATIC / f"{view}.js").read_text()
        self._css = (STATIC / f"{view}.css").read_text()
        super().__init__(**{k: v for k, v in state.items() if k in _TRAITS}, role=role, status="online")
        self.on_msg(self._on_view_msg)
        self._thread = threading.Thread(target=self._listen, name="RemoteSeat", daemon=True)
        self._thread.start()

    def _open(self, timeout: float) -> None:
        """Connect to the server, closing the connection this seat held before (if any).

        The connection is entered as a context manager, the form websockets asks for (a bare
        ``connect()`` is deprecated), on ``self._owner``: the seat owns it across threads and
        calls, and leaves it in :meth:`close` or when a reconnect replaces it."""
        self._owner.close()
        self._ws = self._owner.enter_context(self._connect(self._url, open_timeout=timeout))

    # ------------------------------------------------------------------ view -> server
    def _on_view_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """A view's intent goes to the server as it is (the server validates it)."""
        self.send_intent(content)

    def _refuse_from_view(self, exc: BaseException) -> None:
        """A trait write or a made-up comm message from this notebook's browser: the traits
        are the server's (this seat's screen), so nothing changes; the refusal joins
        :attr:`errors` in words, as the server's refusals do. Never raises."""
        self._note_error("malformed_message", REFUSALS["malformed_message"])

    def _note_error(self, code: Any, message: Any) -> None:
        """A refusal joins :attr:`errors` (the newest 20 kept)."""
        self.errors = [*self.errors[-19:], {"code": code, "message": message}]

    def send_intent(self, msg: Any) -> None:
        with self._lock:
            self._seq += 1
            frame = {"op": "msg", "seq": self._seq, "msg": msg}
            if isinstance(msg, dict) and msg.get("type") == MSG.CLOCK:
                self._clock_msg = msg  # asked again after every reconnect (a restarted server's clock waits for it)
        try:
            self._ws.send(json.dumps(frame))
        except Exception:  # noqa: BLE001 -- the listener reconnects; the view unlocks on its timer
            pass

    def act(self, action: dict) -> None:
        """Act for this seat from Python, as the view's button would."""
        self.send_intent({"type": MSG.ACT, "action": action, "rev": self.rev})

    # ------------------------------------------------------------------ server -> view
    def _apply(self, frame: dict) -> None:
        op = frame.get("op")
        if op == "state":
            with self.hold_sync():
                for key, value in frame["state"].items():
                    if key in _TRAITS:
                        setattr(self, key, value)
            if frame.get("role"):
                self.role = frame["role"]
        elif op == "joined":
            self.role = frame.get("role") or self.role
        elif op == "error":
            self._note_error(frame.get("code"), frame.get("message"))
        elif op == "taken_over":  # the seat was opened on another device: do not take it back
            self._closed = True
            self._note_error("taken_over", frame.get("message"))
            self.status = "moved"

    def _listen(self) -> None:
        delay = 0.25
        while not self._closed:
            try:
                text = self._ws.recv()
                delay = 0.25
                self._apply(json.loads(text))
            except Exception:  # noqa: BLE001 -- the connection dropped: come back to the same seat
                if self._closed:
                    return
                self.status = "reconnecting"
                time.sleep(delay)
                delay = min(4.0, delay * 2)
                try:
                    self._open(10)
                    self._ws.send(json.dumps({"op": "resume", "token": self.token}))
                    clock = getattr(self, "_clock_msg", None)
                    if clock is not None:
                        self.send_intent(clock)
                    self.status = "online"
                except Exception:  # noqa: BLE001 -- the server is still away: try again after a longer delay
                    continue

    def close(self) -> None:
        self._closed = True
        try:
            self._owner.close()
        except Exception:  # noqa: BLE001 -- the connection may have broken already
            pass
        self.status = "closed"
        super().close()

    def __repr__(self) -> str:
        s = self.settings or {}
        return f"RemoteSeat(game={s.get('game')!r}, seat={self.seat}, role={self.role!r}, status={self.status!r})"
