"""``brady-widgets rooms --workers 2``: two server processes behind one address (issue 28
item 6). Tables on both workers; students join by code and play through the one address;
the teacher lists and drives every table; a restart resumes every worker's tables; a
worker that dies is started again, its tables back."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
import urllib.error
import urllib.request

import pytest

import rooms_harness as R

pytest.importorskip("uvicorn")

GAME = {"game": "costume_party", "players": 2}


def _start(tmp_path, log_name: str, **kw) -> R.ProcessServer:
    return R.ProcessServer(tmp_path / "class.sqlite3", log=tmp_path / log_name, args=("--workers", "2"), **kw).start()


def _tables(t: R.Client) -> dict:
    """The teacher's newest lobby: code -> table."""
    return dict(t.lobby)  # the lobby comes as deltas: the harness builds it up


def _play(devices: list[R.Client], moves: int) -> None:
    """``moves`` actions, each by the device whose turn it is, each seen by its own screen."""
    for _ in range(moves):
        d = None
        deadline = time.time() + 10
        while d is None:
            assert time.time() < deadline, [x.frames[-1:] for x in devices]
            d = R.ready_to_act(devices, 0.05)
        R.play_first(d)


def test_two_workers_one_address(tmp_path):
    p = _start(tmp_path, "front.log")
    try:
        t = R.teacher(p)
        codes = [R.create(t, seed=s, **GAME) for s in (1, 2, 3, 4)]
        # new tables are shared out: each worker has its letter, both hold tables
        assert {c[0] for c in codes} == {"A", "B"}, codes
        assert {c[0] for c in codes[:2]} == {"A", "B"}
        t.wait(lambda: set(codes) <= set(_tables(t)))  # the teacher's lobby lists every worker's tables
        # students join by code through the one address and play, on both workers
        seats = {}
        for code in (codes[0], codes[1]):
            seats[code] = [R.join(p, code, f"S{k}") for k in range(2)]
            assert [d.frames[0]["role"] for d in seats[code]] == ["seat", "seat"]
            assert all(d.token.startswith(code[0] + "-") for d in seats[code])
            _play(seats[code], 3)
        t.wait(lambda: all(_tables(t)[c]["actions"] >= 3 for c in (codes[0], codes[1])))
        assert all(s["online"] for c in (codes[0], codes[1]) for s in _tables(t)[c]["seats"])
        # the teacher drives a table of each worker: show (its state comes), lock (its student is refused)
        for code in (codes[0], codes[1]):
            t.send({"op": "show", "code": code})
            t.until(lambda f, code=code: f.get("op") == "state" and f.get("code") == code)
            t.send({"op": "lock", "code": code, "on": True})
            t.wait(lambda code=code: _tables(t)[code]["locked"])
        d = R.ready_to_act(seats[codes[1]], 0.05)
        d.act(d.legal()[0])
        assert d.until(lambda f: f.get("op") == "error")["code"] == "table_locked"
        # an unknown code is refused as a lone server refuses it
        stranger = R.Client(p)
        assert stranger.op({"op": "join", "code": "BZZZZ", "name": "X"})["code"] == "bad_code"
        stranger.close()
        # the export holds every worker's tables
        req = urllib.request.Request(
            p.url + "/export",
            method="POST",
            headers={"Authorization": f"Bearer {R.TEACHER}", "Origin": p.url},
        )
        with urllib.request.urlopen(req, timeout=20) as r:
            assert r.status == 200 and r.read()[:2] == b"PK"
        tokens = {code: [d.token for d in devs] for code, devs in seats.items()}
        for devs in seats.values():
            for d in devs:
                d.drain()
        lengths = {code: max(d.state["replay"]["length"] for d in devs) for code, devs in seats.items()}
        for devs in seats.values():
            for d in devs:
                d.close()
        t.close()
    finally:
        p.stop()
    # each worker keeps its own file, with its own tables
    for letter in "AB":
        with sqlite3.connect(tmp_path / f"class.{letter}.sqlite3") as db:
            stored = {c for (c,) in db.execute("SELECT code FROM tables")}
        assert stored == {c for c in codes if c[0] == letter}

    # a restart of the whole: every worker's tables come back, each seat resumes by its token
    p = _start(tmp_path, "front2.log", teacher_token=None)  # the token kept in the files
    try:
        t = R.teacher(p)
        t.wait(lambda: set(codes) <= set(_tables(t)))
        for code, toks in tokens.items():
            d = R.Client(p)
            d.op({"op": "resume", "token": toks[0]}, "joined")
            d.until(lambda f: f.get("op") == "state")
            assert d.state["replay"]["length"] == lengths[code] and d.frames[0]["code"] == code
            d.close()
        # a worker that dies is started again, its tables back
        out = (tmp_path / "front2.log").read_text()
        pids = [int(x.split("pid ")[1].split(")")[0]) for x in out.splitlines() if "pid " in x and "worker B" in x]
        assert pids, out
        os.kill(pids[-1], signal.SIGKILL)
        deadline = time.time() + 60
        while "worker B is back" not in (tmp_path / "front2.log").read_text():
            assert time.time() < deadline, (tmp_path / "front2.log").read_text()
            time.sleep(0.2)
        d = R.Client(p)
        d.op({"op": "resume", "token": tokens[codes[1]][0]}, "joined")
        d.until(lambda f: f.get("op") == "state")
        assert d.state["replay"]["length"] == lengths[codes[1]]
        d.close()
        # the teacher's page was told to reconnect (as after any drop), and sees every table again
        t.wait(lambda: t.closed is not None, 15)
        assert t.closed[0] == 1012, t.closed
        t = R.teacher(p)
        t.wait(lambda: set(codes) <= set(_tables(t)))
        t.close()
    finally:
        p.stop()
    assert "exited" in (tmp_path / "front2.log").read_text()


def test_workers_refuses_code_prefix(tmp_path, capsys):
    from brady_widgets.rooms.cli import main

    assert main(["rooms", "--workers", "2", "--code-prefix", "A", "--db", str(tmp_path / "x.sqlite3")]) == 2
    assert "--code-prefix" in capsys.readouterr().err
    assert main(["rooms", "--workers", "99", "--db", str(tmp_path / "x.sqlite3")]) == 2


def test_route_by_first_frame():
    from brady_widgets.rooms.front import Worker, _pick

    ws = [Worker(0, None, []), Worker(1, None, [])]  # type: ignore[arg-type]
    assert _pick(ws, {"op": "join", "code": "bxyz2"}) is ws[1]
    assert _pick(ws, {"op": "watch", "code": "AXYZ2"}) is ws[0]
    assert _pick(ws, {"op": "resume", "token": "B-abcdefghijkl"}) is ws[1]
    assert _pick(ws, {"op": "resume", "token": "x-B-abcdefghij"}) is ws[0]  # no prefix of ours: worker 1 refuses
    for frame in (None, [], {"op": "join", "code": 5}, {"op": "msg"}, json.dumps({"op": "join"})):
        assert _pick(ws, frame) is ws[0]


def test_front_keeps_the_web_checks(tmp_path):
    """Through the front: another site's page is refused before the handshake (HTTP 403), the
    page's own origin is served; a device's forged X-Forwarded-For is not believed (the join
    limit counts its real address); the pages and their headers are a lone server's."""
    p = R.ProcessServer(tmp_path / "w.sqlite3", args=("--workers", "2", "--joins-per-minute", "4")).start()
    try:
        with pytest.raises(Exception, match="403"):
            R.Client(p, origin="http://evil.example")
        c = R.Client(p, origin=p.url)
        assert c.op({"op": "join", "code": "AQQQQ", "name": "Eve"})["code"] == "bad_code"
        c.close()
        codes = []
        for i in range(6):  # each a new connection with its own forged address, to the same worker
            c = R.Client(p, headers={"X-Forwarded-For": f"10.1.2.{i}"})
            codes.append(c.op({"op": "join", "code": "AQQQQ", "name": "Eve"})["code"])
            c.close()
        assert codes[:3] == ["bad_code"] * 3 and set(codes[3:]) == {"rate_limited"}, codes
        with urllib.request.urlopen(p.url + "/", timeout=10) as r:
            assert r.status == 200 and r.headers["X-Frame-Options"] == "DENY"
        with urllib.request.urlopen(p.url + "/games.json", timeout=10) as r:
            assert any(g["name"] == "costume_party" for g in json.loads(r.read()))
        bad = urllib.request.Request(p.url + "/", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError, match="400"):
            urllib.request.urlopen(bad, timeout=10)
    finally:
        p.stop()


def test_front_serves_tls(tmp_path):
    import ssl

    from test_rooms_web import self_signed

    cert, key = self_signed(tmp_path)
    p = R.ProcessServer(
        tmp_path / "t.sqlite3",
        scheme="https",
        args=("--workers", "2", "--certfile", str(cert), "--keyfile", str(key)),
    ).start()
    try:
        trust = ssl.create_default_context(cafile=str(cert))
        t = R.Client(p, ssl=trust, origin=p.url)  # the teacher's page: wss://, its own https origin
        t.op({"op": "teacher", "token": R.TEACHER}, "lobby")
        codes = [R.create(t, seed=s, **GAME) for s in (1, 2)]
        for code in codes:  # a device of each worker, over wss:// with the page's https origin
            d = R.Client(p, ssl=trust, origin=p.url)
            d.op({"op": "join", "code": code, "name": "S"}, "joined")
            d.until(lambda f: f.get("op") == "state")
            d.close()
        t.close()
        with urllib.request.urlopen(p.url + "/", context=trust, timeout=10) as r:
            assert r.status == 200
    finally:
        p.stop()


def test_gc_for_server_freezes_what_is_loaded_and_widens_the_young_generation():
    import gc

    from brady_widgets.rooms.cli import GC_YOUNG, gc_for_server

    before = gc.get_threshold()
    try:
        gc_for_server()
        assert gc.get_freeze_count() > 1000  # the modules and code loaded so far
        assert gc.get_threshold() == (GC_YOUNG, before[1], before[2]) and GC_YOUNG > before[0]
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


@pytest.mark.parametrize("behind_proxy", [False, True])
def test_front_believes_a_proxys_scheme_only_behind_a_proxy(tmp_path, behind_proxy):
    """A TLS proxy in front of the front (``--behind-proxy``): its pages' https origin is the
    server's own when the proxy says https; without the flag the header is not believed."""
    args = ("--workers", "2", *(("--behind-proxy",) if behind_proxy else ()))
    p = R.ProcessServer(tmp_path / "x.sqlite3", args=args).start()
    try:
        origin = f"https://127.0.0.1:{p.port}"
        if behind_proxy:
            c = R.Client(p, origin=origin, headers={"X-Forwarded-Proto": "https"})
            assert c.op({"op": "join", "code": "BQQQQ", "name": "Eve"})["code"] == "bad_code"
            c.close()
        else:
            with pytest.raises(Exception, match="403"):
                R.Client(p, origin=origin, headers={"X-Forwarded-Proto": "https"})
    finally:
        p.stop()
