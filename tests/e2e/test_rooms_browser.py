"""Class play end to end: the rooms server (a subprocess on 127.0.0.1, a free port) and one
Debian chromium with an isolated browser context per device.

* Costume Party: the teacher creates the table on the teacher page; three students join
  with the code and a name, each in its own context, and play the first round by clicks;
  the projector watches. Mid-game one device's connection is cut (Playwright's WebSocket
  routing) and it reconnects to its seat; later the server is restarted and every page
  resumes from SQLite; then the teacher hands Ben's and Cy's seats to bots, which play
  them through the same intents on the server (whole games through that protocol:
  tests/test_rooms.py::test_after_the_game_each_device_replays_its_own_seat_and_only_the_teacher_reveals),
  while Ana plays on by clicks to the end screen. Every frame each device received is
  checked against the real deal (read from the SQLite file): no other seat's secret
  character, none at all for the projector.
* Brady: Alice and one kid are devices (the kid scripted through its page's model, the
  path its view's buttons take), the other kids bots; the teacher hands the kid's seat to a
  bot mid-round and Alice plays the round to its end by clicks.
* A connection that dies without a close (frames dropped both ways in the route) is noticed
  by the page's ping and replaced: the student is back on the same seat.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
import time
from pathlib import Path

import pytest

import jlab_harness as H

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R

pytestmark = pytest.mark.browser


class Device:
    """One browser context: a page whose WebSocket goes through a route that records every
    frame the page receives and can cut the connection."""

    def __init__(
        self, browser, server, path: str, name: str, *, viewport: dict | None = None, storage: dict | None = None
    ):
        """``storage``: localStorage entries the page has before it loads (a token a second
        tab or device of the same student would hold)."""
        self.context = browser.new_context(viewport=viewport or {"width": 1200, "height": 1000})
        for key, value in (storage or {}).items():
            self.context.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
        self.page = self.context.new_page()
        self.name = name
        self.frames: list[str] = []
        self.routes: list = []
        self.page.route_web_socket(re.compile(r".*/ws$"), self._route)
        self.page.goto(server.url + path)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()
        self.routes.append((ws, server))

        def from_server(message):
            text = message if isinstance(message, str) else message.decode()
            if text != '{"op":"pong"}':  # the heartbeat's answer (a slow step's quiet): no screen's frame
                self.frames.append(text)
            ws.send(message)

        server.on_message(from_server)
        ws.on_message(lambda message: server.send(message))

    def cut(self) -> None:
        """Drop the connection, both ends (the page reconnects by itself)."""
        ws, server = self.routes[-1]
        server.close()
        ws.close()

    def join(self, code: str) -> None:
        self.page.get_by_test_id("code").fill(code)
        self.page.get_by_test_id("name").fill(self.name)
        self.page.get_by_test_id("join").click()

    def close(self) -> None:
        self.context.close()


def wait(page, predicate, timeout: float = 30, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} not met in {timeout}s")
        page.wait_for_timeout(50)


def engine(db: Path, code: str) -> dict:
    with sqlite3.connect(db) as con:
        return json.loads(con.execute("SELECT engine FROM tables WHERE code = ?", (code,)).fetchone()[0])


def teacher_page(browser, server) -> Device:
    t = Device(browser, server, f"/teacher#t={R.TEACHER}", "teacher")
    wait(t.page, lambda: "#" not in t.page.url, what="the token leaves the address bar")
    t.page.get_by_test_id("game").wait_for()
    return t


def create_table(t: Device, game: str, players: int, bots: dict[int, str]) -> str:
    page = t.page
    before = set(page.locator('[data-testid^="table-"]').evaluate_all("els => els.map(e => e.dataset.code)"))
    page.get_by_test_id("game").select_option(game)
    page.get_by_test_id("players").fill(str(players))
    page.get_by_test_id("players").dispatch_event("change")
    for seat, level in bots.items():
        page.get_by_test_id(f"kind-{seat}").select_option(level)
    page.get_by_test_id("create").click()
    codes = wait(
        page,
        lambda: (
            set(page.locator('[data-testid^="table-"]').evaluate_all("els => els.map(e => e.dataset.code)")) - before
        ),
        what="the new table",
    )
    return codes.pop()


def test_costume_party_across_devices_cut_restart_and_no_secret(browser, tmp_path, output_dir):
    db = tmp_path / "rooms.sqlite3"
    server = R.ProcessServer(db, pace=0.05, log=output_dir / "server.log").start()
    devices: list[Device] = []
    try:
        t = teacher_page(browser, server)
        code = create_table(t, "costume_party", 3, {})
        assert re.fullmatch(r"[2-9A-Z]{5}", code)
        for name in ("Ana", "Ben", "Cy"):
            d = Device(browser, server, "/", name)
            d.join(code)
            d.page.locator(".bw-costume").wait_for(timeout=20_000)
            devices.append(d)
        projector = Device(browser, server, f"/watch/{code}", "projector")
        projector.page.locator(".bw-costume").wait_for(timeout=20_000)
        # the teacher page lists the three seats, online
        wait(
            t.page,
            lambda: t.page.locator(f'[data-testid^="seat-{code}-"] .dot.on').count() == 3,
            what="3 devices online",
        )
        drivers = [H.CostumePartyDriver(d.page, d.page.locator(".bw-costume"), timeout=30) for d in devices]
        clicks, cut_done, restarted = 0, False, False
        deadline = time.monotonic() + 240
        while not drivers[0].game_over():
            assert time.monotonic() < deadline, "the game did not end in time"
            moved = False
            for drv in drivers:
                if drv.next_click() is not None:
                    drv.step()
                    clicks += 1
                    moved = True
                    break
            if not moved:
                devices[0].page.wait_for_timeout(50)
            if clicks == 6 and not cut_done:
                cut_done = True
                devices[1].cut()
                wait(
                    devices[1].page,
                    lambda: (
                        len(devices[1].routes) >= 2
                        and devices[1].page.get_by_test_id("status").text_content() == "online"
                    ),
                    what="the cut device reconnects",
                )
            if clicks == 14 and not restarted:
                restarted = True
                before = engine(db, code)
                server.stop()
                server = R.ProcessServer(db, port=server.port, pace=0.05, log=output_dir / "server.log").start()
                for d in devices:
                    wait(
                        d.page,
                        lambda d=d: d.page.get_by_test_id("status").text_content() == "online",
                        what=f"{d.name} back online",
                    )
                assert engine(db, code)["history"][: len(before["history"])] == before["history"]
                # the rest through the same intents on the server: bots for Ben and Cy
                handed_at = len(engine(db, code)["history"])
                for seat in (1, 2):
                    t.page.get_by_test_id(f"bot-{code}-{seat}").click()
                    t.page.get_by_test_id("confirm-yes").click()  # the page asks first
                    wait(
                        devices[seat].page,
                        lambda seat=seat: devices[seat].page.evaluate("window.bwRooms.model.get('seat')") == -1,
                        what=f"seat {seat}'s device now watches",
                    )
        assert cut_done and restarted and clicks >= 14, clicks
        after = engine(db, code)["history"][handed_at:]
        assert {h.get("seat") for h in after} >= {1, 2}, "the bots never played the handed seats"
        for d in devices:
            wait(
                d.page,
                lambda d=d: d.page.locator('.bw-costume[data-phase="over"]').count() == 1,
                what=f"{d.name} sees the end",
            )
        # the end: a student steps back through the replay of their own seat; the teacher
        # shows the table and reveals every secret (only the teacher's page has the toggle)
        ana = devices[0].page
        ana.get_by_test_id("replay-back").click()
        wait(
            ana,
            lambda: (
                "Action" in (ana.get_by_test_id("replay-step").text_content() or "")
                and ana.evaluate("window.bwRooms.model.get('replay').step")
                < ana.evaluate("window.bwRooms.model.get('replay').length")
            ),
            what="the replay steps back",
        )
        assert ana.get_by_test_id("reveal-toggle").count() == 0
        t.page.get_by_test_id(f"show-{code}").click()
        shown = t.page.locator("#shown .bw-costume")
        shown.wait_for(timeout=20_000)
        t.page.get_by_test_id("reveal-toggle").click()
        wait(t.page, lambda: shown.get_attribute("data-reveal") == "true", what="the teacher's reveal")
        t.page.screenshot(path=str(output_dir / "teacher_reveal.png"))
        assert any('"secrets"' in f for f in t.frames), "the teacher's frames show no secrets: the check proves nothing"
        assert not any('"secrets"' in f for d in [*devices, projector] for f in d.frames), (
            "the reveal reached a student"
        )
        projector.page.screenshot(path=str(output_dir / "projector.png"))
        devices[0].page.screenshot(path=str(output_dir / "device0.png"))
        # the secrets: each device's frames hold its own character, never another seat's
        final = engine(db, code)
        secrets = final["deal"]["secrets"]
        for s, d in enumerate(devices):
            text = "\n".join(d.frames)
            assert re.search(rf'"my_character":{secrets[s]}(?!\d)', text)
            for o, figure in enumerate(secrets):
                if o == s:
                    continue
                for frame in d.frames:
                    assert not re.search(rf'"my_character":{figure}(?!\d)', frame), (d.name, o)
                    assert f"{['Ana', 'Ben', 'Cy'][o]} is secretly" not in frame, (d.name, o)
            assert len(d.frames) > 20
        assert not any('"my_character":' in f and '"my_character":null' not in f for f in projector.frames)
        assert all(len(f.encode()) < 8 * 1024 for d in [*devices, projector] for f in d.frames)
    finally:
        for d in devices:
            d.close()
        server.stop()


def test_brady_round_across_devices_and_the_teacher_hands_a_seat_to_a_bot(browser, tmp_path, output_dir):
    from test_brady_bunch_browser import AliceDriver, secret_violations

    db = tmp_path / "rooms.sqlite3"
    server = R.ProcessServer(db, pace=0.05, log=output_dir / "server.log").start()
    devices: list[Device] = []
    try:
        t = teacher_page(browser, server)
        code = create_table(t, "brady_bunch", 5, {2: "easy", 3: "easy", 4: "easy"})
        alice, kid = Device(browser, server, "/", "Alice"), Device(browser, server, "/", "Greg")
        devices += [alice, kid]
        for d in devices:
            d.join(code)
            d.page.locator(".bw-brady").wait_for(timeout=20_000)
        assert alice.page.evaluate("window.bwRooms.model.get('seat')") == 0
        assert kid.page.evaluate("window.bwRooms.model.get('seat')") == 1
        drv = AliceDriver(alice.page, alice.page.locator(".bw-brady"), timeout=30)
        kid_acts = 0
        handed = False
        deadline = time.monotonic() + 120
        # the kid plays through its page's model (the path its buttons take): the first legal action
        kid_js = """() => {
            const m = window.bwRooms.model, out = [];
            for (const g of m.get('legal') || []) {
                if (!g.keys.length) { for (let i = 0; i < g.rows; i++) out.push({type: g.type}); continue; }
                const walk = (rows, prefix, d) => {
                    if (d === g.keys.length - 1) { for (const v of rows) out.push({type: g.type, ...prefix, [g.keys[d]]: v}); return; }
                    for (const [v, sub] of rows) walk(sub, {...prefix, [g.keys[d]]: v}, d + 1);
                };
                walk(g.rows, {}, 0);
            }
            if (!out.length) return false;
            m.send({type: 'act', action: out[0], rev: m.get('rev')});
            return true;
        }"""
        while True:
            assert time.monotonic() < deadline, (
                f"the round did not end in time: {drv.state()} kid_acts={kid_acts} "
                f"handed={handed} to_act={engine(db, code)['history'][-3:]}"
            )
            s = drv.state()
            if s["phase"] == "over" or (s["round"] or 1) >= 2:
                break
            if not handed and kid_acts >= 2:
                handed = True
                t.page.get_by_test_id(f"bot-{code}-1").click()
                t.page.get_by_test_id("confirm-yes").click()  # the page asks first
                wait(
                    kid.page,
                    lambda: kid.page.evaluate("window.bwRooms.model.get('seat')") == -1,
                    what="the kid's device now watches",
                )
            if not handed and kid.page.evaluate(kid_js):
                kid_acts += 1
                kid.page.wait_for_timeout(150)
                continue
            if drv.next_click(s) is not None:
                drv.step()
            else:
                alice.page.wait_for_timeout(50)
        assert handed and kid_acts >= 2
        alice.page.screenshot(path=str(output_dir / "alice.png"))
        final = engine(db, code)
        by_kid = sum(1 for h in final["history"] if h.get("seat") == 1)
        assert by_kid > kid_acts, f"the bot never played the kid's seat after the hand-over ({by_kid} actions)"
        # Alice's frames never hold a kid's hand, cards, sign, peek or private log entry (the
        # checks the notebook leak test makes on the widget's frames)
        bad = secret_violations([{"content": json.loads(f).get("state") or {}} for f in alice.frames], [])
        assert not bad, bad[:5]
        assert any("view" in (json.loads(f).get("state") or {}) for f in alice.frames)
        assert all(len(f.encode()) < 8 * 1024 for d in devices for f in d.frames)
    finally:
        for d in devices:
            d.close()
        server.stop()


def test_swapped_deal_replay_seat_zero_browser_receives_the_same_frames(browser, tmp_path, output_dir):
    """Two tables, the same scripted game, seats 1 and 2 holding swapped secret characters:
    the frames seat 0's browser receives are identical up to the first kill (the first
    public act that depends on a secret). Seat 0 plays by clicks; seats 1-3 are devices
    speaking the protocol, with a policy that does not read their secret."""
    from test_rooms import cp_deal, scripted

    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    pages: list[Device] = []
    try:
        t = R.teacher(server)
        runs = []
        for secrets in ([0, 6, 12, 18], [0, 12, 6, 18]):
            code = R.create(t, game="costume_party", players=4, seed=11, deal=cp_deal(secrets))
            me = Device(browser, server, "/", "P0")
            pages.append(me)
            me.join(code)
            me.page.locator(".bw-costume").wait_for(timeout=20_000)
            others = [R.join(server, code, f"P{s}") for s in (1, 2, 3)]
            room = server.rooms.rooms[code]
            drv = H.CostumePartyDriver(me.page, me.page.locator(".bw-costume"), timeout=20)
            marks = []  # how many frames seat 0's browser had after each step
            for _ in range(300):
                g = room.table.game
                if g.over or g.view(0)["killed"]:
                    break
                n = len(g.history)
                actor = g.to_act[0]
                if actor == 0:
                    drv.step()
                else:
                    c = others[actor - 1]
                    k = room.table._n_actions()
                    c.wait(lambda c=c, k=k: c.state["replay"]["length"] == k and bool(c.legal()))
                    c.act(scripted(c.legal()))
                    wait(me.page, lambda n=n: len(room.table.game.history) > n, what="the scripted act")
                k = room.table._n_actions()
                wait(
                    me.page,
                    lambda k=k: me.page.evaluate("window.bwRooms.model.get('replay').length") == k,
                    what="seat 0 up to date",
                )
                marks.append(len(me.frames))
            frames = [re.sub(r'"(code|token)":"[A-Za-z0-9_-]+"', "", f) for f in me.frames]
            runs.append((frames, marks, room.table.game.view(0)["killed"]))
            for c in others:
                c.close()
        (fa, ma, ka), (fb, mb, kb) = runs
        # the last step before the first kill (a step that ended in a kill is left out)
        k = min(len(ma), len(mb)) - (2 if (ka or kb) else 1)
        assert k >= 10, (len(ma), len(mb))
        assert fa[: ma[k]] == fb[: mb[k]], "seat 0's browser received different frames: a secret reached it"
        assert pages[0].page.locator(".bw-costume").count() == 1
    finally:
        for d in pages:
            d.close()
        server.stop()


def test_a_connection_that_dies_without_a_close_is_noticed_and_replaced(browser, tmp_path, output_dir):
    """A phone that changes Wi-Fi leaves a socket that neither closes nor carries anything: the
    page pings a quiet connection, and when no answer comes it says so and connects again, back
    on its seat. The link is made silent in Playwright's WebSocket route (frames dropped both
    ways, no close); the page's clock is Playwright's, fast-forwarded past the two waits."""
    server = R.ProcessServer(tmp_path / "rooms.sqlite3", pace=0.05, log=output_dir / "server.log").start()
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=3, seed=5)
        page = context.new_page()
        page.clock.install()
        silent = {"on": False}
        links: list = []
        sent_while_silent: list[str] = []

        def route(ws) -> None:
            to_server = ws.connect_to_server()
            links.append(ws)

            def down(message) -> None:
                if not (silent["on"] and ws is links[0]):
                    ws.send(message)

            def up(message) -> None:
                if silent["on"] and ws is links[0]:
                    sent_while_silent.append(message if isinstance(message, str) else message.decode())
                    return
                to_server.send(message)

            to_server.on_message(down)
            ws.on_message(up)

        page.route_web_socket(re.compile(r".*/ws$"), route)
        page.goto(server.url + "/")
        page.get_by_test_id("code").fill(code)
        page.get_by_test_id("name").fill("Ana")
        page.get_by_test_id("join").click()
        page.locator(".bw-costume").wait_for(timeout=20_000)
        status = page.get_by_test_id("status")
        wait(page, lambda: status.text_content() == "online", what="online")
        who = page.get_by_test_id("who").text_content()
        assert "Ana" in who
        silent["on"] = True
        page.clock.fast_forward(16_000)  # past the quiet time: the page asks
        wait(page, lambda: {"op": "ping"} in [json.loads(m) for m in sent_while_silent], what="a ping")
        assert status.text_content() == "online" and len(links) == 1  # still within the wait
        page.clock.fast_forward(11_000)  # no answer: the socket is given up
        wait(page, lambda: status.text_content() == "reconnecting…", what="reconnecting shown")
        page.clock.fast_forward(1_000)  # the first reconnect pause
        wait(page, lambda: len(links) == 2 and status.text_content() == "online", what="back online")
        # the same seat on the new connection, with its view
        assert page.get_by_test_id("who").text_content() == who
        page.locator(".bw-costume").wait_for(timeout=20_000)
        t.close()
    finally:
        context.close()
        server.stop()
