"""The teacher's lobby as deltas: what changed since a connection's last frame, in frames
under the budget. Used by a rooms server (its own tables) and by the front of several
servers (the workers' tables merged); names no game.

A lobby frame is ``{"op": "lobby", "tables": [entry...], "gone": [code...]}`` with, when
they changed, ``"saving"`` (and the caller's one-off fields such as ``"games"``). An entry
is a table's card as :meth:`Rooms.overview` gives it, plus ``"after"``: the code of the
table before it in the lobby's order (None: first), so the page keeps the server's order
from deltas alone. The first frames of a connection are the full set (``"full": true`` on
the first); every frame of one batch but its last says ``"part": true``, so the page drops
the cards a full set no longer holds once the set is complete. Whether an entry changed
ignores ``expires_in`` (it changes every second; it goes with the entry whenever the entry
is sent, and the page counts it down itself).
"""

from __future__ import annotations

from typing import Any

from ..frames import _json_size

#: bytes of JSON one lobby frame holds (every frame stays under 8 KB; a single entry is cut
#: to :data:`ENTRY_BUDGET` so a frame of one entry stays under it too)
BUDGET = 7000
ENTRY_BUDGET = 6800
#: what changes by itself as time passes: sent with an entry, never a reason to send it
TICKING = ("expires_in",)
_BARE = {"op", "tables", "gone", "full"}  # a frame with only these carries nothing yet


#: bytes of a value as the server writes it (compact JSON, UTF-8): a frame's measure
size = _json_size


def fit_watchers(entry: dict, budget: int = ENTRY_BUDGET) -> dict:
    """``entry`` with as many of its watchers (first come first) as keep it under ``budget``
    bytes; ``watchers_more`` counts the ones left out (the page says how many more wait)."""
    if size(entry) <= budget:
        return entry
    watchers = entry["watchers"]
    # each watcher's bytes, the separating comma included; drop from the end until it fits
    over = size(entry) - budget + size({"watchers_more": len(watchers)})
    keep = len(watchers)
    while keep and over > 0:
        keep -= 1
        over -= size(watchers[keep]) + 1
    cut = {**entry, "watchers": watchers[:keep], "watchers_more": len(watchers) - keep}
    while keep and size(cut) > budget:  # the last comma estimated: exact now
        keep -= 1
        cut = {**entry, "watchers": watchers[:keep], "watchers_more": len(watchers) - keep}
    return cut


def _key(entry: dict, after: str | None) -> tuple:
    return after, {k: v for k, v in entry.items() if k not in TICKING}


class LobbyView:
    """What one teacher's connection was sent: each table's entry (without what ticks) and
    its place, and the saving state. :meth:`frames` gives what brings it up to date."""

    def __init__(self) -> None:
        self.tables: dict[str, tuple] | None = None  # None: nothing sent yet (a full set next)
        self.saving: Any = None

    def frames(self, tables: list[dict], saving: Any, extra: dict | None = None, budget: int = BUDGET) -> list[dict]:
        """The frames that bring this connection from what it was sent to ``tables`` (in the
        lobby's order) and ``saving``; ``extra`` (e.g. the games list) goes in the first.
        Nothing changed and no ``extra``: no frame."""
        full = self.tables is None
        old = self.tables or {}
        now: dict[str, tuple] = {}
        changed: list[dict] = []
        after = None
        for entry in tables:
            code = entry["code"]
            key = _key(entry, after)
            now[code] = key
            if full or old.get(code) != key:
                changed.append({**entry, "after": after})
            after = code
        gone = [code for code in old if code not in now]
        head: dict = dict(extra or {})
        if full or saving != self.saving:
            head["saving"] = saving
        self.tables, self.saving = now, saving
        if not (changed or gone or head or full):
            return []
        frames: list[dict] = []
        frame = {"op": "lobby", **head, "tables": [], "gone": []}
        if full:
            frame["full"] = True
        used = size(frame)
        for kind, items in (("gone", gone), ("tables", changed)):
            for item in items:
                cost = size(item) + 1
                if used + cost > budget and (frame["tables"] or frame["gone"] or set(frame) - _BARE):
                    frames.append(frame)
                    frame = {"op": "lobby", "tables": [], "gone": []}
                    used = size(frame)
                frame[kind].append(item)
                used += cost
        frames.append(frame)
        for f in frames[:-1]:
            f["part"] = True
        return frames


class LobbyCopy:
    """One server's lobby as its frames build it up (the front's copy of a worker's): the
    tables in order, the saving state; a full set replaces the copy once complete."""

    def __init__(self) -> None:
        self.codes: list[str] = []
        self.tables: dict[str, dict] = {}
        self.saving: Any = None
        self.complete = False  # a first full set arrived whole
        self._fresh: set[str] | None = None

    def apply(self, frame: dict) -> bool:
        """Take one lobby frame; True when the batch it belongs to is complete."""
        if frame.get("full"):
            self._fresh = set()
        if "saving" in frame:
            self.saving = frame["saving"]
        for code in frame.get("gone") or []:
            if code in self.tables:
                del self.tables[code]
                self.codes.remove(code)
        for entry in frame.get("tables") or []:
            code = entry["code"]
            if code in self.tables:
                self.codes.remove(code)
            after = entry.get("after")
            at = self.codes.index(after) + 1 if after in self.tables else 0
            self.codes.insert(at, code)
            self.tables[code] = {k: v for k, v in entry.items() if k != "after"}
            if self._fresh is not None:
                self._fresh.add(code)
        if frame.get("part"):
            return False
        if self._fresh is not None:
            for code in [c for c in self.codes if c not in self._fresh]:
                del self.tables[code]
                self.codes.remove(code)
            self._fresh = None
            self.complete = True
        return True

    def ordered(self) -> list[dict]:
        return [self.tables[c] for c in self.codes]
