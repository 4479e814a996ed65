"""What a script on a rooms connection can make the server's one loop spend: every table of the
class shares that loop, so a message that costs the server much more than a click is bounded per
device, and the refusals are typed and in words. Real WebSockets (uvicorn on 127.0.0.1)."""

from __future__ import annotations

import time

import pytest

import rooms_harness as R
from brady_widgets.brady_bunch import odds as brady_odds
from brady_widgets.rooms import server as rooms_server


def test_a_watcher_cycling_the_odds_option_costs_the_server_a_bounded_number_of_panels(tmp_path, monkeypatch):
    """Each new trust value recomputes the Brady Bunch odds panel (a Monte Carlo run, tens of ms
    on the server's loop); anyone with the table's code (it is on the projector) may watch and
    send one. Before the limit, three watchers sending 40 values each stalled every table of
    the server for seconds; now a device's option changes are a token bucket, as replay steps are."""
    computed = []
    real_panel = brady_odds.panel
    first: list = []

    def counted(*args, **kwargs):
        computed.append(time.monotonic())  # when the server's loop computed it
        # the first panel is the real Monte Carlo run; later ones are counted, not run: at
        # tens of ms each on a loaded test machine the loop read the 40 values more slowly
        # than the bucket refills (2 a second), so none was refused though the bucket works.
        # What this test bounds is how many panels the server is made to compute.
        if not first:
            first.append(real_panel(*args, **kwargs))
        return first[0]

    monkeypatch.setattr(brady_odds, "panel", counted)
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="brady_bunch", players=8, seed=3, bots={str(s): "random" for s in range(1, 8)})
        watcher = R.Client(server)
        watcher.op({"op": "watch", "code": code}, "joined")
        watcher.drain(0.2)
        before, panels = server.rooms.rooms[code].table.game.to_json(), len(computed)
        sent = 40
        t0 = time.monotonic()
        for i in range(sent):
            watcher.intent({"type": "option", "name": "trust", "value": round(0.3 + i / 1000, 4)})
        frames = watcher.drain(0.5)
        # the bucket refills for as long as the server took to read the 40 values: up to its
        # last panel (a loaded machine reads them later than the drain above ends)
        span = max([time.monotonic() - t0, *(at - t0 for at in computed[panels:])])
        allowed = rooms_server.OPTION_BURST + rooms_server.OPTION_CHANGES_PER_SECOND * span + 1
        assert len(computed) - panels <= allowed, (len(computed) - panels, allowed)
        refused = [f for f in frames if f.get("op") == "error"]
        assert refused and {f["code"] for f in refused} == {"rate_limited"}
        assert all("slow down" in f["message"] for f in refused)
        assert watcher.closed is None  # a slider dragged is not a flood: never closed for it
        assert server.rooms.rooms[code].table.game.to_json() == before
        # the screen shows an accepted trust, and a later change after a pause is accepted
        time.sleep(1.0)
        watcher.intent({"type": "option", "name": "trust", "value": 0.55})
        watcher.wait(lambda: (watcher.state["settings"].get("options") or {}).get("trust") == 0.55)
        watcher.close()
        t.close()
    finally:
        server.stop()


def test_a_name_loses_its_hidden_characters_and_is_refused_in_words_past_its_size():
    clean = rooms_server.clean_name
    # a bidi override (the name written backwards on the teacher's page), zero-width and
    # control characters, a line break: gone; runs of spaces made one
    assert clean("  Ana\u202e\u200bmaria\x07 \n\t Lee\u2028 ") == "Anamaria Lee"
    assert clean("Zoe\u0301") == "Zo\u00e9"  # NFC: the same name however it was typed
    assert clean("🦁" * 12) == "🦁" * 12 and clean("x" * 40) == "x" * 40
    for bad in ("", "   ", "\u200b\u202e", "x" * 41, None, 7, ["Ana"], "x" * 10_000):
        with pytest.raises(rooms_server.RoomError) as err:
            clean(bad)
        assert err.value.code == "malformed_message" and "1 to 40 characters" in str(err.value)
    for big in ("🦁" * 13, "д" * 25, '"' * 25):  # 52, 50 and 50 bytes in a frame
        with pytest.raises(rooms_server.RoomError) as err:
            clean(big)
        assert "fewer emoji or symbols" in str(err.value)


def test_forty_two_students_with_the_longest_names_get_frames_under_8_kb(tmp_path):
    """Every seat's name goes in every device's full snapshot: at a 42-seat Total Black table,
    names of 40 emoji made frames of 10 KB. The longest names a join takes keep every frame under
    8 KB; a longer one is refused in words and seats nobody."""
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    server.rooms.joins_per_minute = 1000  # one test address joins the whole class
    try:
        t = R.teacher(server)
        code = R.create(t, game="total_black", players=42, seed=5)
        late = R.Client(server)
        late.send({"op": "join", "code": code, "name": "🦁" * 13})
        err = late.until(lambda f: f.get("op") == "error")
        assert err["code"] == "malformed_message" and "fewer emoji" in err["message"]
        assert server.rooms.rooms[code].seats == {}
        names = ["🦁" * 12, '"' * 24, "д" * 24, "x" * 40]
        devices = [R.join(server, code, names[i % 4]) for i in range(42)]
        assert len(server.rooms.rooms[code].seats) == 42
        for d in devices:
            d.drain(0.02)
        for d in devices:
            d.drain(0.02)
            assert max(len(r.encode()) for r in d.raw) < 8192
        assert devices[0].state["settings"]["names"][:4] == names  # the names as typed
        for d in (*devices, late, t):
            d.close()
    finally:
        server.stop()


def test_one_address_opening_page_after_page_is_refused_past_its_limit_in_words(tmp_path):
    """Each open page costs the server a frame at every change of what it watches: a script
    opening thousands from one address is refused past ``connections_per_address`` (told why,
    then closed), and a page closed frees its place."""
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    server.rooms.connections_per_address = 3
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=4, seed=1)
        pages = [R.join(server, code, name) for name in ("Ana", "Ben")]  # with the teacher's: 3
        extra = R.Client(server)
        refused = extra.recv()
        assert refused == {
            "op": "error",
            "code": "rate_limited",
            "message": "too many pages open from this address: close some and try again",
        }
        assert extra.recv() is None and extra.closed is not None and extra.closed[0] == 1008
        assert server.rooms.connections == {"127.0.0.1": 3}
        pages[1].close()
        R.eventually(lambda: server.rooms.connections == {"127.0.0.1": 2})
        again = R.join(server, code, "Cy")  # the place is free again
        assert again.state["seat"] is not None
        for c in (again, pages[0], t, extra):
            c.close()
        R.eventually(lambda: server.rooms.connections == {})
    finally:
        server.stop()
