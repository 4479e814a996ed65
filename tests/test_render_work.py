"""Issue 28 (the rooms server's CPU): what a screen's render makes and measures, counted.
Each test pins one saving; the frames themselves are pinned byte for byte elsewhere
(``test_rooms_screens.py``, ``test_widget.py``'s remembered log lines)."""

from __future__ import annotations

import asyncio
import json

import pytest

from brady_widgets.frames import expand_legal, frame_json, to_json
from brady_widgets.render import render
from brady_widgets.rooms import server as server_module
from brady_widgets.rooms.server import Device, Rooms
from brady_widgets.rooms.store import Store
from brady_widgets.screen import Screen
from brady_widgets.session import session_for
from rooms_harness import FakeSocket

TEACHER = "teacher-token-for-render-work-0123456789"


def _finished_table():
    t = session_for("costume_party", players=4, seed=5, humans=(), pace=0)
    t.run_bots()
    assert t.game.over
    return t


def _count_described(presenter) -> list:
    """The events ``presenter`` describes from now on, in a list (its describe, wrapped)."""
    described: list = []
    describe = presenter.describe
    presenter.describe = lambda ev: (described.append(ev), describe(ev))[1]
    return described


def test_a_screen_describes_only_the_log_lines_its_window_sends():
    # the window holds the newest log_limit events, but the byte budget sends fewer: the lines
    # are made newest first and the first that does not fit ends the walk (it is measured,
    # so it is described; none older is)
    t = _finished_table()
    p = t.presenter
    described = _count_described(p)
    state = render(t, Screen(seat=0), p)
    lines = state["log_lines"]
    assert len(t.game.log_for(0)) > p.log_limit
    assert 0 < len(lines) < p.log_limit - 1  # the budget, not the count, ends this window
    assert [e["i"] for e in lines] == list(range(lines[0]["i"], lines[-1]["i"] + 1))
    assert len(described) == len(lines) + 1, (len(described), len(lines))


def test_a_log_page_describes_only_the_lines_it_sends():
    t = _finished_table()
    described = _count_described(t.presenter)
    answer = t.page_for(0, "log", 100)
    items = answer["items"]
    assert 0 < len(items) < 99 and items[-1]["i"] == 99
    assert len(described) == len(items) + 1, (len(described), len(items))


def test_frame_json_takes_a_known_part_for_that_very_object_only():
    view = {"game": "g", "text": "é ✓", "n": [1, 2.5, None, True]}
    frame = {"op": "state", "state": {"view": view, "rev": 3, "error": {}}, "role": "seat", "code": "AB12"}
    written = json.dumps(frame, separators=(",", ":"), ensure_ascii=False)
    assert frame_json(frame, {}) == to_json(frame) == written
    assert frame_json(frame, {id(view): (view, to_json(view))}) == written
    # the known text is what goes out, unread: only the object it was made of takes it
    marked = frame_json(frame, {id(view): (view, '"MADE"')})
    assert marked == written.replace(to_json(view), '"MADE"')
    twin = dict(view)
    assert frame_json(frame, {id(twin): (twin, '"MADE"')}) == written


async def _settle() -> None:
    for _ in range(12):  # the update, then each device's writer
        await asyncio.sleep(0)


def test_a_room_update_sends_the_parts_its_renders_encoded(tmp_path, monkeypatch):
    # a seat device and three watchers: the public screen is rendered once, and its parts'
    # JSON (view, legal, log window...) goes into every watcher's frame as the render made
    # it, with the seat's own; every frame is still exactly json.dumps of the frame
    reused: list[str] = []
    sent: list[tuple[Device, str]] = []
    real_json, real_post = server_module.frame_json, Rooms.post

    def counted(frame, known):
        reused.extend(k for k, v in frame["state"].items() if id(v) in known and known[id(v)][0] is v)
        return real_json(frame, known)

    def post(self, device, frame, *args):
        sent.append((device, json.dumps(frame, separators=(",", ":"), ensure_ascii=False)))
        return real_post(self, device, frame, *args)

    monkeypatch.setattr(server_module, "frame_json", counted)
    monkeypatch.setattr(Rooms, "post", post)
    monkeypatch.setattr(Rooms, "lobby_soon", lambda self, delay=0.25: None)

    async def play() -> list[Device]:
        rooms = Rooms(Store(tmp_path / "t.sqlite3"), TEACHER, pace=0.01)
        rooms.loop = asyncio.get_running_loop()
        devices = [Device(FakeSocket()) for _ in range(5)]
        teacher, seat, watchers = devices[0], devices[1], devices[2:]
        try:
            for d, frame in [
                (teacher, {"op": "teacher", "token": TEACHER}),
                (
                    teacher,
                    {
                        "op": "create",
                        "table": {
                            "game": "costume_party",
                            "players": 3,
                            "seed": 4,
                            "bots": {"1": "detective", "2": "detective"},
                        },
                    },
                ),
            ]:
                await rooms.handle(d, json.dumps(frame), "127.0.0.1")
            await _settle()
            code = next(f["code"] for f in teacher.ws.frames if f.get("op") == "created")
            await rooms.handle(seat, json.dumps({"op": "join", "code": code, "name": "P"}), "127.0.0.1")
            for w in watchers:
                await rooms.handle(w, json.dumps({"op": "watch", "code": code}), "127.0.0.1")
            await _settle()
            reused.clear()
            seq = 0
            for _ in range(200):  # the person's rolls and moves (the bots' steps between, each an update)
                state: dict = {}
                for f in seat.ws.frames:
                    state.update(f.get("state") or {})
                if seq == 5 or state["view"]["over"]:
                    break
                if not state["legal"]:
                    await asyncio.sleep(0.01)
                    continue
                seq += 1
                action = expand_legal(state["legal"])[0]
                msg = {"op": "msg", "seq": seq, "msg": {"type": "act", "action": action, "rev": state["rev"]}}
                await rooms.handle(seat, json.dumps(msg), "127.0.0.1")
                await _settle()
        finally:
            rooms.store.close()
        return watchers

    watchers = asyncio.run(play())
    for device, text in sent:  # byte for byte what json.dumps writes of each frame
        assert device.ws.raw.count(text) >= 1
    assert all(w.ws.raw for w in watchers)
    assert reused.count("view") >= 3 * 5 and reused.count("log_lines") >= 3 * 5, reused


def test_to_json_writes_what_json_dumps_writes_without_building_an_encoder(monkeypatch):
    values = [
        {"view": {"a": [1, 2.5, -0.0, 1e300, None, True, False], 'é ✓\n"q"': "x\u2028y"}, 3: {"k": []}},
        "plain",
        "ünï \\ \t",
        7,
        0.1,
        float("nan"),
        float("inf"),
        [],
        {},
        None,
        [{"i": 1, "type": "roll", "text": "Seat 1 rolls: 🎲"}],
    ]
    written = [json.dumps(v, separators=(",", ":"), ensure_ascii=False) for v in values]
    # a frame's parts are encoded a dozen times a frame: no encoder is made (or asked) per call
    monkeypatch.setattr(json.JSONEncoder, "iterencode", lambda *a, **k: pytest.fail("an encoder per call"))
    assert [to_json(v) for v in values] == written
    with pytest.raises(TypeError):
        to_json({"a": object()})
