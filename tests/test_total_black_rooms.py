"""Total Black at a rooms table over real WebSockets (no browser): 8 devices, one per seat,
the teacher starts the table, each device holds hands iff the cry it heard is its own, and
the game runs on the server's clock to the end. Each device receives its own card and cry
only, a refused Hold is a sentence in the game's words that changes nothing, and every
frame stays under 8 KB."""

from __future__ import annotations

import json
import time

import pytest

import rooms_harness as R
from brady_widgets.brouhaha.content import ANIMALS

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"]
ANIMAL_NAMES = {a["id"]: a["name"] for a in ANIMALS}


@pytest.fixture
def server(tmp_path):
    s = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    yield s
    s.stop()


def log_texts(device: R.Client) -> list[str]:
    return [e["text"] for e in device.state.get("log_lines") or []]


def test_eight_devices_play_total_black_to_the_end_each_seeing_only_its_own_card(server):
    t = R.teacher(server)
    code = R.create(t, game="total_black", players=8, seed=5, options={"bump_ms": 1000})
    devices = [R.join(server, code, name) for name in NAMES]
    room = server.rooms.rooms[code]
    game = room.table.game
    assert [d.state["seat"] for d in devices] == list(range(8))
    # before the start: each device holds its own card and cry, and nobody else's
    for s, d in enumerate(devices):
        v = d.state["view"]
        assert v["my_card"] == game.cards[s] and v["my_cry"] == game._cry[game.cards[s]]
        assert "cards" not in v and "partners" not in v and "holding" not in v
        shown = json.dumps([v, d.state.get("log_lines")])
        assert all(f'"{c}"' not in shown for c in set(game.cards) - {game.cards[s]}), (s, shown)
        assert d.state["clock"]["state"] == "table" and d.state["clock"]["running"] is False
    # a Hold before the start is refused in words and changes nothing
    before = game.to_json()
    devices[0].act({"type": "hold"})
    err = devices[0].until(lambda f: f.get("op") == "error")
    assert err["code"] == "not_started" and game.to_json() == before
    t.send({"op": "start", "code": code})
    for d in devices:
        d.wait(lambda d=d: d.state["clock"]["state"] in ("running", "over"))
    deadline = time.time() + 90
    while not game.over:
        assert time.time() < deadline, f"the table did not finish: round {game.round}"
        for d in devices:
            d.drain(0.005)
            v = d.state["view"]
            if v.get("over"):
                continue
            if v.get("heard") is not None and v["heard"] == v["my_cry"] and {"type": "hold"} in d.legal():
                d.act({"type": "hold"})
        time.sleep(0.02)
    assert game.end_reason == "all_found" and all(game.found)
    for d in devices:
        d.wait(lambda d=d: d.state["view"].get("over") is True)
        v = d.state["view"]
        # the found pairs, by name and animal, as everyone heard them
        assert sorted(tuple(sorted(p[:2])) for p in v["found_pairs"]) == sorted(
            tuple(sorted(t for t in range(8) if game.cards[t] == c)) for c in set(game.cards)
        )
        assert "every pair found each other" in v["end"]
        # every frame this device received stayed under the 8 KB bound
        assert max(len(r.encode()) for r in d.raw) < 8192
    # the found lines name both partners and their animal in the plural ("the Cows")
    text = " ".join(e["text"] for d in devices for e in d.state["log_lines"])
    assert "Found: " in text and "bumped into someone who cries" in text
    for d in (*devices, t):
        d.close()


def test_a_second_hold_and_a_forged_one_are_refused_in_words_and_change_nothing(server):
    t = R.teacher(server)
    code = R.create(t, game="total_black", players=4, seed=2, options={"bump_ms": 60_000})
    devices = [R.join(server, code, name) for name in NAMES[:4]]
    game = server.rooms.rooms[code].table.game
    t.send({"op": "start", "code": code})
    d = devices[1]
    d.wait(lambda: d.state["clock"]["state"] == "running" and {"type": "hold"} in d.legal())
    d.act({"type": "hold"})
    d.wait(lambda: d.state["view"]["held"] is True)
    assert d.state["view"]["heard"] is not None and not d.legal()
    before = game.to_json()
    for action, code_, words in (
        (
            {"type": "hold"},
            ("not_your_turn", "illegal_action"),
            "You are already holding out your hand: wait for the end of the round.",
        ),
        ({"type": "hold", "seat": 0}, ("malformed_action",), None),
        ({"type": "let_go"}, None, None),
    ):
        d.act(action)
        e = d.until(lambda f: f.get("op") == "error")
        if code_ is not None:
            assert e["code"] in code_, e
        if words is not None:
            assert e["message"] == words, e
        assert "{" not in e["message"] and "seat" not in e["message"].lower(), e
        assert game.to_json() == before
    for x in (*devices, t):
        x.close()


def test_a_table_of_two_players_is_refused_in_words(server):
    t = R.teacher(server)
    err = t.op({"op": "create", "table": {"game": "total_black", "players": 2, "seed": 1}})
    assert err["op"] == "error" and "{" not in err["message"]
    t.close()


def test_a_hold_in_the_dark_sends_nothing_to_the_other_devices(server):
    """A Hold is secret until the round ends: the other devices (its partner's too) get no
    frame at that moment, so a student watching the frames in developer tools cannot tell
    that someone held, or when. The holder's own device shows it."""
    t = R.teacher(server)
    code = R.create(t, game="total_black", players=4, seed=2, options={"bump_ms": 60_000})
    devices = [R.join(server, code, name) for name in NAMES[:4]]
    game = server.rooms.rooms[code].table.game
    t.send({"op": "start", "code": code})
    for i, d in enumerate(devices):  # each page measures its clock offset, as the view does
        d.intent({"type": "clock", "id": f"v{i}"})
        d.wait(lambda d=d, i=i: d.state["clock"]["state"] == "running" and d.state["clock"]["sync"] == f"v{i}")
    holder = devices[1]
    partner = game.partner[1]
    for d in devices:
        d.drain(0.3)
    seen = {id(d): len(d.frames) for d in devices}
    holder.act({"type": "hold"})
    holder.wait(lambda: holder.state["view"]["held"] is True)
    assert 1 in game.holding
    for d in devices:
        d.drain(0.5)
    for s, d in enumerate(devices):
        if d is holder:
            continue
        new = [f for f in d.frames[seen[id(d)] :] if f.get("op") == "state"]
        assert new == [], (s, "partner" if s == partner else "other", new)
    for d in (*devices, t):
        d.close()


def test_a_seat_page_asks_for_older_log_lines_with_its_own_view_only(server):
    """A page request is answered from the device's role-checked screen: a seat device
    with a reveal left on its screen (as the teacher's toggle would leave one) still gets
    its own log lines, never another seat's card."""
    t = R.teacher(server)
    code = R.create(t, game="total_black", players=4, seed=3, options={"bump_ms": 60_000})
    devices = [R.join(server, code, name) for name in NAMES[:4]]
    room = server.rooms.rooms[code]
    game = room.table.game
    d = devices[0]
    device = next(x for x in room.devices if x.role == "seat" and x.seat == 0)
    device.screen = device.screen.__class__(seat=0, reveal=True)  # left over: only a teacher may reveal
    d.intent({"type": "page", "list": "log", "before": 10})
    frame = d.until(lambda f: f.get("op") == "state" and "page" in f["state"] and f["state"]["page"])
    shown = json.dumps(frame["state"]["page"], ensure_ascii=False)
    others = {ANIMAL_NAMES[c] for c in game.cards} - {ANIMAL_NAMES[game.cards[0]]}
    assert "deal" in shown and not any(name in shown for name in others), shown
    for x in (*devices, t):
        x.close()


def test_a_finished_table_replays_on_the_teachers_reveal_only(server):
    """After the game a lone Hold is still heard by no one: a student's device of the finished
    table gets no replay (none that steps through every action, Holds included, and tells when
    each was made), a forged replay request is refused in words and changes nothing, and the
    teacher's reveal replays every step."""
    t = R.teacher(server)
    code = R.create(t, game="total_black", players=4, seed=2, options={"bump_ms": 1000, "time_limit_ms": 10_000})
    devices = [R.join(server, code, name) for name in NAMES[:4]]
    game = server.rooms.rooms[code].table.game
    t.send({"op": "start", "code": code})
    holder = devices[1]
    holder.wait(lambda: holder.state["clock"]["state"] == "running" and holder.legal())
    holder.act({"type": "hold"})
    for d in devices:
        d.wait(lambda d=d: d.state["view"]["over"] is True, timeout=20)
    assert any(h["seat"] == 1 for h in game.history)
    for d in devices:
        d.drain(0.1)
        assert d.state["replay"] == {"step": 0, "length": 0, "active": False}
        assert all("action" not in e and "step" not in e for e in d.state["log_lines"])
    d = devices[0]
    shown = dict(d.state)
    d.intent({"type": "replay", "step": 1})
    err = d.until(lambda f: f.get("op") == "error")
    assert err["code"] == "replay_unavailable" and "teacher" in err["message"], err
    d.drain(0.2)
    assert {k: d.state[k] for k in ("view", "replay", "log_lines")} == {
        k: shown[k] for k in ("view", "replay", "log_lines")
    }
    t.send({"op": "show", "code": code})
    t.send({"op": "teacher_view", "code": code, "reveal": True})
    t.wait(lambda: (t.state.get("replay") or {}).get("length", 0) > 0)
    t.intent({"type": "replay", "step": 1})
    t.wait(lambda: t.state["replay"]["step"] == 1)
    for x in (*devices, t):
        x.close()
