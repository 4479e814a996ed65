"""Issue 28 item 3: a room's update computes each distinct screen once (the public view for the
projector, every watcher and the teacher's page; one per seat, the acting seat's included), the
log lines are remembered per screen kind and Costume Party's odds per deduction: every device must
still get exactly the frames it got when each device's screen was computed on its own with nothing
remembered (and the acting device's frame sent at once, apart from the update, as before).

A scripted table (4 seat devices, 2 watchers, the teacher looking with and without the reveal, a
refused click, replay steps at the end) is played twice on a transport-free server: once as the
server runs, once with every cache and memo off. Each device's frames are compared as JSON text,
and no seat device ever receives another seat's secret."""

from __future__ import annotations

import asyncio
import json
import statistics

import pytest

from brady_widgets.costume_party import odds as cp_odds
from brady_widgets.render import ScreenRendering, render
from brady_widgets.rooms import server as server_module
from brady_widgets.rooms.server import Device, Rooms
from brady_widgets.rooms.store import Store
from rooms_harness import FakeSocket

TEACHER = "teacher-token-for-screens-0123456789"
RENDERS = [0]  # screens rendered by the server (counted by _counted)
COMPARED = ("state", "error", "joined")


def _first_action(group: dict) -> dict:
    """The first legal action of a compact legal group (as the benchmark's clients pick)."""
    action = {"type": group["type"]}
    rows = group["rows"]
    for i, k in enumerate(group["keys"]):
        if i == len(group["keys"]) - 1:
            action[k] = rows[0]
        else:
            action[k], rows = rows[0][0], rows[0][1]
    return action


async def _settle() -> None:
    for _ in range(12):  # the flush task, then each device's writer
        await asyncio.sleep(0)


async def _play(rooms: Rooms, game: str, players: int, seed: int, options: dict) -> tuple[dict[str, list[dict]], dict]:
    rooms.loop = asyncio.get_running_loop()
    devices: dict[str, Device] = {}

    def device(name: str) -> Device:
        devices[name] = Device(FakeSocket())
        return devices[name]

    async def send(name: str, frame: dict) -> None:
        await rooms.handle(devices[name], json.dumps(frame), "127.0.0.1")
        await _settle()

    teacher = device("teacher")
    await send("teacher", {"op": "teacher", "token": TEACHER})
    await send(
        "teacher", {"op": "create", "table": {"game": game, "players": players, "seed": seed, "options": options}}
    )
    code = next(f["code"] for f in teacher.ws.frames if f.get("op") == "created")
    await send("teacher", {"op": "show", "code": code})
    for s in range(players):
        device(f"seat{s}")
        await send(f"seat{s}", {"op": "join", "code": code, "name": f"P{s}"})
    for w in range(2):
        device(f"watch{w}")
        await send(f"watch{w}", {"op": "watch", "code": code})
    room = rooms.rooms[code]
    states: dict[str, dict] = {name: {} for name in devices}
    read = dict.fromkeys(devices, 0)
    seq = dict.fromkeys(devices, 0)

    def catch_up() -> None:
        for name, d in devices.items():
            for f in d.ws.frames[read[name] :]:
                if f.get("op") == "state":
                    states[name].update(f["state"])
            read[name] = len(d.ws.frames)

    async def msg(name: str, body: dict) -> None:
        seq[name] += 1
        await send(name, {"op": "msg", "seq": seq[name], "msg": body})

    actions = 0
    per_action: list[int] = []  # screens rendered for each action (its update included)
    while not room.table.game.over and actions < 400:
        catch_up()
        mover = next(f"seat{s}" for s in range(players) if states[f"seat{s}"].get("legal"))
        state = states[mover]
        if actions == 3:  # a refused click: its error goes to that device only
            await msg(mover, {"type": "act", "action": {"type": "no_such_move"}, "rev": state["rev"]})
        if actions == 5:
            await send("teacher", {"op": "teacher_view", "code": code, "reveal": True})
        if actions == 11:
            await send("teacher", {"op": "teacher_view", "code": code, "reveal": False})
        drawn = RENDERS[0]
        await msg(mover, {"type": "act", "action": _first_action(state["legal"][0]), "rev": state["rev"]})
        per_action.append(RENDERS[0] - drawn)
        actions += 1
    assert room.table.game.over, "the scripted game ended"
    for name, step in (("watch0", 3), ("watch1", 3), ("seat0", 5), ("watch0", 1), ("seat1", 0)):
        await msg(name, {"type": "replay", "step": step})
    await _settle()
    secrets = {s: room.table.game.view(s).get("my_character") for s in range(players)}
    frames = {}
    for name, d in devices.items():
        text = json.dumps(d.ws.frames).replace(code, "CODE")
        frames[name] = [f for f in json.loads(text) if f.get("op") in COMPARED]
        for f in frames[name]:
            f.pop("token", None)  # a join's token is random
    return frames, {"secrets": secrets, "renders": per_action}


def _run(tmp_path, name: str, game: str, players: int, seed: int, options: dict):
    rooms = Rooms(Store(tmp_path / f"{name}.sqlite3"), TEACHER, pace=0.8)
    try:
        return asyncio.run(_play(rooms, game, players, seed, options))
    finally:
        rooms.store.close()


class _Forgetful(dict):
    """A memo that never remembers."""

    def get(self, key, default=None):
        return default


def _counted(monkeypatch) -> None:
    def counted(*args, **kwargs):
        RENDERS[0] += 1
        return render(*args, **kwargs)

    monkeypatch.setattr(server_module, "render", counted)


def _uncached(monkeypatch) -> None:
    """Every device's screen computed on its own, nothing remembered between screens."""
    screen = Rooms.screen
    monkeypatch.setattr(Rooms, "act_frame_in_update", False)  # the acting device's frame at once, apart
    # (no screen shared, no part of one sent as its render encoded it: every frame encoded whole)
    monkeypatch.setattr(Rooms, "screen", lambda self, device, cache=None, texts=None: screen(self, device, None, None))
    monkeypatch.setattr(ScreenRendering, "_entry_memo", lambda self, screen=None: {})
    monkeypatch.setattr(cp_odds, "_IDENTITY_MEMO", _Forgetful())


@pytest.mark.parametrize(
    ("game", "players", "seed", "options"),
    [("costume_party", 4, 11, {}), ("brady_bunch", 5, 5, {"max_questions": 1, "volunteer": False})],
)
def test_every_device_gets_the_frames_it_got_with_each_screen_computed_alone(
    tmp_path, monkeypatch, game, players, seed, options
):
    cp_odds._IDENTITY_MEMO.clear()
    _counted(monkeypatch)
    # the teachers' lobby (every 0.25 s, with the shown table's screen) would make the frames
    # depend on the machine's speed: off in both runs
    monkeypatch.setattr(Rooms, "lobby_soon", lambda self, delay=0.25: None)
    fast, seen = _run(tmp_path, "fast", game, players, seed, options)
    with monkeypatch.context() as m:
        _uncached(m)
        slow, seen_slow = _run(tmp_path, "slow", game, players, seed, options)
    secrets = seen["secrets"]
    assert secrets == seen_slow["secrets"]
    assert sorted(fast) == sorted(slow)
    for name in fast:
        assert len(fast[name]) > 5, name
        assert json.dumps(fast[name]) == json.dumps(slow[name]), f"{name}: its frames differ with the caches on"
    # one screen per seat and one public screen for both watchers and the teacher's page (one
    # more while the teacher reveals); each device's own before (the acting one's twice)
    fast_renders, slow_renders = seen["renders"], seen_slow["renders"]
    assert len(fast_renders) == len(slow_renders) > 10
    assert max(fast_renders) <= players + 2 and statistics.median(fast_renders) == players + 1, str(fast_renders)
    assert min(slow_renders) >= players + 3, slow_renders
    # the caches were used: the odds were computed fewer times than the screens that show them
    if game == "costume_party":
        assert 0 < len(cp_odds._IDENTITY_MEMO) < sum(len(v) for v in fast.values())
    # no seat device gets another seat's state; a watcher gets none
    for name, frames in fast.items():
        states = [f["state"] for f in frames if f.get("op") == "state"]
        seats = {s["seat"] for s in states if "seat" in s}
        views = [s["view"] for s in states if isinstance(s.get("view"), dict)]
        if name.startswith("seat"):
            own = int(name[4:])
            assert seats == {own}, name
            if game == "costume_party":
                assert {v.get("my_character") for v in views} == {secrets[own]}, name
                assert {v.get("viewer") for v in views} == {own}, name
        elif name.startswith("watch"):
            assert seats == {-1}, name
            if game == "costume_party":
                assert {v.get("my_character") for v in views} == {None}, name
    # the refused click's error reached one device only
    errors = [n for n, frames in fast.items() if any((f.get("state") or {}).get("error") for f in frames)]
    assert len(errors) == 1, errors
