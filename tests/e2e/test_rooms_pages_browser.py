"""The rooms pages in a noisy classroom (issue 25 items 5-7, the rooms part), in chromium:

* the teacher's page: the new-table form built from each game's declared settings
  (``GameEntry.options``: kind, range, default, one line of help), a bad value refused in a
  sentence with nothing created, an in-page confirmation (keyboard too) before a seat goes to
  a bot and before a lock, each seat's connection live, the join address, its QR code and
  the table codes, a "Start the game" button on a real-time table;
* the teacher's Start and the server's ``start`` together: a Brouhaha table waits (no game
  time, no bot, the student's "I'm ready" counted on the card: "waiting for Start (1 of 2
  ready)") until the teacher clicks Start; then the student's game runs and the card says
  "running" (the button disabled, "Running");
* the projector page: the code at least 48 px, the address and the QR code;
* every rooms page, every game: the game's title readable (WCAG contrast >= 4.5: no page
  rule reaches the view);
* a phone (390x844, touch): the join form gone once seated, the game in the first screen,
  the header naming the seat's current owner (a bot after the teacher hands it over);
* axe-core: no serious or critical violation on any rooms page (counts printed).

The server runs in this process (``rooms_harness.ThreadServer``: this worktree's package);
screenshots go to ``test-output/<test>/``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import axe
import rooms_harness as R
from brady_widgets.engine.registry import load_options
from test_rooms_browser import Device, wait

pytestmark = pytest.mark.browser

#: the students' address the server is told (``brady-widgets rooms`` passes its LAN address)
JOIN = "http://192.168.1.20:8765/"
GAMES = ("costume_party", "brady_bunch", "brouhaha", "big_brother")
PLAYERS = {"costume_party": 3, "brady_bunch": 4, "brouhaha": 4, "big_brother": 4}
LAPTOP = {"width": 1280, "height": 720}

#: the WCAG contrast ratio of an element's text against what is painted behind it (the
#: backgrounds of it and its ancestors, composited)
CONTRAST_JS = """(el) => {
  const rgba = (c) => { const p = (c.match(/rgba?\\(([^)]+)\\)/) || [0, "0,0,0,0"])[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, below) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat([1]);
  const layers = [];
  for (let e = el; e; e = e.parentElement) { const c = rgba(getComputedStyle(e).backgroundColor); if (c[3] > 0) layers.push(c); if (c[3] >= 1) break; }
  let bg = [255, 255, 255, 1];
  for (const c of layers.reverse()) bg = over(c, bg);
  const fg = over(rgba(getComputedStyle(el).color), bg);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const a = lum(fg), b = lum(bg);
  const background = `rgb(${bg.slice(0, 3).map(Math.round).join(", ")})`;
  return { ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), color: getComputedStyle(el).color, background };
}"""


def page_axe(page) -> tuple[list[dict], list[dict]]:
    """axe on a rooms page: (violations of the page's own parts, violations inside the game's
    view). The view is the widget's (its fixes and its test are the widgets' axe test); the
    page's own parts are this test's."""
    axe.run(page)  # injects axe (the contexts bypass the pages' CSP for it)
    own = page.evaluate(
        """async () => {
            const r = await window.axe.run({ include: [document], exclude: [[".bw-root"]] }, { resultTypes: ["violations"] });
            return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
        }"""
    )
    view = axe.run(page, ".bw-root") if page.locator(".bw-root").count() else []
    return own, view


@pytest.fixture
def server(tmp_path):
    s = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0.05, join_url=JOIN).start()
    yield s
    s.stop()


def teacher(browser, server, viewport=LAPTOP) -> Device:
    t = Device(browser, server, f"/teacher#t={R.TEACHER}", "teacher", viewport=viewport)
    wait(t.page, lambda: "#" not in t.page.url, what="the token leaves the address bar")
    t.page.get_by_test_id("game").wait_for()
    wait(t.page, lambda: t.page.locator("[data-option]").count() > 0, what="the settings of the first game")
    return t


def codes_on(page) -> set[str]:
    return set(page.locator('[data-testid^="table-"]').evaluate_all("els => els.map(e => e.dataset.code)"))


def state(page, code: str, seat: int) -> str:
    return page.get_by_test_id(f"conn-{code}-{seat}").get_attribute("data-state") or ""


def test_the_teacher_page_builds_the_form_from_each_games_settings_confirms_and_shows_seats_live(
    browser, server, output_dir
):
    t = teacher(browser, server)
    page = t.page
    student = None
    try:
        assert page.get_by_text("Options (JSON)").count() == 0
        # the form: one field per declared setting, with its default and one line of help
        for game in GAMES:
            page.get_by_test_id("game").select_option(game)
            declared = load_options(game)
            shown = page.locator("[data-option]").evaluate_all("els => els.map(e => e.dataset.option)")
            assert shown == [o.name for o in declared], (game, shown)
            for o in declared:
                field = page.get_by_test_id(f"option-{o.name}")
                help_text = page.locator(f"#opt-{o.name}-help").inner_text()
                assert o.help in help_text and "Default:" in help_text, (game, o.name, help_text)
                if o.kind == "bool":
                    assert field.is_checked() == o.default
                elif o.kind == "ms":
                    assert field.input_value() == ("" if o.default is None else f"{o.default / 1000:g}")
                elif o.kind == "seat":
                    assert field.input_value() == str(o.default)
                else:
                    assert field.input_value() == ("" if o.default is None else str(o.default))
        # the join address the server was given (not this page's 127.0.0.1), and its QR code
        assert page.get_by_test_id("join-url").inner_text() == JOIN
        wait(page, lambda: page.get_by_test_id("qr").evaluate("i => i.complete && i.naturalWidth > 0"), what="QR")

        # a Brouhaha table with settings chosen in the form
        page.get_by_test_id("game").select_option("brouhaha")
        page.get_by_test_id("players").fill("4")
        page.get_by_test_id("players").dispatch_event("change")
        for seat in (1, 2, 3):
            page.get_by_test_id(f"kind-{seat}").select_option("easy")
        page.get_by_test_id("option-time_limit_ms").fill("120")
        page.get_by_test_id("option-cries").select_option("solo")
        page.get_by_test_id("option-bang").check()
        # first a value out of range: a sentence, and nothing is created
        page.get_by_test_id("option-slap_ms").fill("50")
        page.get_by_test_id("create").click()
        error = page.get_by_test_id("teacher-error")
        wait(page, lambda: "Slap window" in error.inner_text(), what="the refusal")
        assert "seconds" in error.inner_text() and "{" not in error.inner_text()
        assert not server.rooms.rooms
        # the server refuses it too (a page that skipped the form's check): typed, in words
        ws = R.teacher(server)
        reply = ws.op({"op": "create", "table": {"game": "brouhaha", "players": 4, "options": {"slap_ms": 50}}})
        assert reply["code"] == "bad_request" and "Slap window is from 0.2 to 10 seconds" in reply["message"], reply
        assert not server.rooms.rooms
        page.get_by_test_id("option-slap_ms").fill("1.5")
        page.get_by_test_id("create").click()
        code = wait(page, lambda: codes_on(page), what="the new table").pop()
        options = server.rooms.rooms[code].table.game.options
        assert (options["time_limit_ms"], options["cries"], options["bang"], options["slap_ms"]) == (
            120_000,
            "solo",
            True,
            1500,
        )
        assert code in page.get_by_test_id("codes").inner_text()
        # a real-time table has a Start button (it sends {op: "start", code}); a turn-based one none
        assert page.get_by_test_id(f"start-{code}").is_visible()
        cp = R.create(ws, game="costume_party", players=3, bots={"1": "easy", "2": "easy"})
        wait(page, lambda: cp in codes_on(page), what="the second table")
        assert page.get_by_test_id(f"start-{cp}").count() == 0

        # each seat's connection, live: free, connected, gone
        assert state(page, code, 0) == "free" and state(page, code, 1) == "bot"
        student = Device(browser, server, "/", "Ana", viewport=LAPTOP)
        student.join(code)
        wait(page, lambda: state(page, code, 0) == "connected", what="Ana connected")
        student.close()
        student = None
        wait(page, lambda: state(page, code, 0) == "gone", what="Ana gone")
        assert "gone" in page.get_by_test_id(f"conn-{code}-0").inner_text()

        # hand to a bot: asked first in the page; Escape (or Cancel) changes nothing
        dialog = page.get_by_test_id("confirm")
        page.get_by_test_id(f"bot-{code}-0").click()
        assert dialog.is_visible() and "Hand seat 1" in dialog.inner_text()
        page.keyboard.press("Escape")
        wait(page, lambda: not dialog.is_visible(), what="the dialog closes")
        page.wait_for_timeout(400)
        assert 0 in server.rooms.rooms[code].table.humans and state(page, code, 0) == "gone"
        assert page.evaluate("document.activeElement.dataset.testid") == f"bot-{code}-0"  # focus back
        # by keyboard: Enter opens it, Cancel has the focus, Shift+Tab reaches the yes
        page.keyboard.press("Enter")
        wait(page, lambda: dialog.is_visible(), what="the dialog opens")
        assert page.evaluate("document.activeElement.dataset.testid") == "confirm-no"
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement.dataset.testid") == "confirm-yes"
        page.keyboard.press("Enter")
        wait(page, lambda: state(page, code, 0) == "bot", what="the seat goes to a bot")
        assert 0 not in server.rooms.rooms[code].table.humans

        # lock: asked first; unlock at once
        page.get_by_test_id(f"lock-{cp}").click()
        assert dialog.is_visible() and f"Lock table {cp}" in dialog.inner_text()
        page.get_by_test_id("confirm-no").click()
        page.wait_for_timeout(300)
        assert not server.rooms.rooms[cp].locked
        page.get_by_test_id(f"lock-{cp}").click()
        page.get_by_test_id("confirm-yes").click()
        wait(page, lambda: server.rooms.rooms[cp].locked, what="locked")
        wait(page, lambda: page.get_by_test_id(f"lock-{cp}").inner_text() == "Unlock", what="the Unlock button")
        page.get_by_test_id(f"lock-{cp}").click()
        wait(page, lambda: not server.rooms.rooms[cp].locked, what="unlocked without a question")
        page.screenshot(path=str(output_dir / "teacher_1280x720.png"))
        page.screenshot(path=str(output_dir / "teacher_full.png"), full_page=True)
        ws.close()
    finally:
        if student is not None:
            student.close()
        t.close()


def test_the_teachers_start_button_starts_a_waiting_brouhaha_table_and_counts_the_ready(browser, server, output_dir):
    """Issue 25 item 1, the teacher's button and the server's ``start`` together: a Brouhaha
    table of one seated student (a second person's seat still free) and two bots waits,
    nothing moves (no game time, no bot, the student's clock hidden) though the student is
    ready; the card counts the ready ("1 of 2 ready"); the teacher clicks Start: the student's
    game runs and the card says it runs (its button disabled, "Running")."""
    ws = R.teacher(server)
    code = R.create(ws, game="brouhaha", players=4, seed=5, bots={"2": "easy", "3": "easy"})
    room = server.rooms.rooms[code]
    t = teacher(browser, server)
    ana = None
    try:
        page = t.page
        clock = page.get_by_test_id(f"clock-{code}")
        start = page.get_by_test_id(f"start-{code}")
        wait(page, lambda: clock.count() and "waiting for Start (0 of 2 ready)" in clock.inner_text(), what="0 ready")
        assert start.is_enabled() and start.inner_text() == "Start the game"
        ana = Device(browser, server, "/", "Ana", viewport=LAPTOP)
        ana.join(code)
        ana.page.locator(".bw-brouhaha").wait_for(timeout=20_000)
        panel = ana.page.get_by_test_id("start-panel")
        assert panel.get_attribute("data-state") == "table"
        wait(page, lambda: state(page, code, 0) == "connected", what="Ana seated")
        assert "0 of 2 ready" in clock.inner_text()
        ana.page.get_by_test_id("start").click()  # I'm ready
        wait(page, lambda: "waiting for Start (1 of 2 ready)" in clock.inner_text(), what="Ana counted ready")
        wait(ana.page, lambda: "You are ready (1 of 2 ready)" in panel.inner_text(), what="Ana's page says so")
        # before Start nothing moves: no game time, no bot's act, no clock on Ana's screen
        ana.page.wait_for_timeout(1500)
        assert room.table.clock_state == "table" and room.started is False
        assert room.table.now == 0 and room.table.game.history == [], room.table.game.history[:3]
        assert ana.page.get_by_test_id("clock").is_hidden() and panel.is_visible()
        ana.page.screenshot(path=str(output_dir / "student_ready_before_start.png"))
        page.screenshot(path=str(output_dir / "teacher_before_start.png"), full_page=True)
        start.click()  # the teacher starts the table
        wait(ana.page, lambda: ana.page.get_by_test_id("start-panel").count() == 0, what="Ana's Start panel gone")
        ana_clock = ana.page.get_by_test_id("clock")
        wait(ana.page, lambda: ana_clock.is_visible() and ana_clock.get_attribute("data-left"), what="Ana's clock")
        left = int(ana_clock.get_attribute("data-left"))
        wait(ana.page, lambda: int(ana_clock.get_attribute("data-left")) <= left - 500, what="Ana's clock runs down")
        wait(ana.page, lambda: room.table.now > 1000 and room.table.game.history, what="the table plays")
        assert room.started is True and room.table.clock_state == "running"
        # the teacher's card: it runs, and the button says so, disabled
        wait(page, lambda: clock.inner_text().strip() == "· running", what="the card says it runs")
        wait(page, lambda: start.inner_text() == "Running", what="the button says Running")
        assert start.is_disabled()
        assert page.locator(f"#start-help-{code}").inner_text() == "The clock runs for everyone at this table."
        ana.page.screenshot(path=str(output_dir / "student_running.png"))
        page.screenshot(path=str(output_dir / "teacher_running.png"), full_page=True)
    finally:
        if ana is not None:
            ana.close()
        t.close()
        ws.close()


def test_a_playing_tables_card_keeps_its_controls_so_a_slow_tap_on_lock_still_counts(browser, tmp_path, output_dir):
    """The lobby comes up to four times a second while bots play. The teacher's card of a
    playing table keeps its buttons between frames (only its move count is written), so a tap
    held for a second, across several frames, is still a click: the lock's confirmation opens.
    A card built anew at every frame took the button from under the finger (a click needs the
    press and the release on one element) and the tap did nothing. The bots act every 0.3 s
    (a class's pace, not the other tests' 0.05 s), so the game outlasts the test."""
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0.3, join_url=JOIN).start()
    ws = R.teacher(server)
    code = R.create(ws, game="brady_bunch", players=6, bots={str(s): "smart" for s in range(6)})
    t = teacher(browser, server)
    try:
        page = t.page
        status = page.get_by_test_id(f"status-{code}")
        lock = page.get_by_test_id(f"lock-{code}")

        def moves() -> int:
            text = status.inner_text() if status.count() else ""
            return int(text.split(" moves")[0].rsplit("· ", 1)[-1]) if " moves" in text else -1

        wait(page, lambda: moves() >= 2, what="the bots play")
        lock.evaluate("e => { e.__kept = true; }")
        lock.scroll_into_view_if_needed()  # the mouse presses at a point of the viewport
        box = wait(page, lock.bounding_box, timeout=10, what="the lock button measured")
        before = moves()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(1000)
        page.mouse.up()
        after = moves()
        assert after > before, (before, after)  # frames came while the finger was down
        dialog = page.locator("#confirm")
        wait(page, lambda: dialog.evaluate("d => d.open"), timeout=5, what="the lock's confirmation")
        assert f"Lock table {code}?" in page.locator("#confirm-text").inner_text()
        page.get_by_test_id("confirm-no").click()
        # the same button element all along, while the count went on
        assert lock.evaluate("e => e.__kept === true")
        wait(page, lambda: moves() > after, what="the count goes on")
        assert lock.evaluate("e => e.__kept === true")
        page.screenshot(path=str(output_dir / "teacher_card_kept.png"), full_page=True)
    finally:
        t.close()
        ws.close()
        server.stop()


def test_the_projector_page_shows_the_code_the_address_and_the_qr_code_for_a_wall(browser, server, output_dir):
    ws = R.teacher(server)
    code = R.create(ws, game="costume_party", players=3, bots={"1": "easy", "2": "easy"})
    for size in (LAPTOP, {"width": 1920, "height": 1080}):
        wall = Device(browser, server, f"/watch/{code}", "projector", viewport=size)
        try:
            page = wall.page
            page.locator(".bw-title").wait_for()
            shown = page.get_by_test_id("wall-code")
            assert shown.inner_text() == code
            px = float(shown.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
            assert px >= 48, px
            box = shown.bounding_box()
            assert box and box["y"] + box["height"] <= size["height"], box  # in the first screen
            wait(page, lambda: page.get_by_test_id("join-url").inner_text() == JOIN, what="the students' address")
            wait(page, lambda: page.get_by_test_id("qr").evaluate("i => i.complete && i.naturalWidth > 0"), what="QR")
            page.screenshot(path=str(output_dir / f"projector_{size['width']}x{size['height']}.png"))
            print(f"projector {size['width']}x{size['height']}: code {px:.0f} px")
        finally:
            wall.close()
    ws.close()


def test_the_game_title_is_readable_on_every_rooms_page_for_every_game(browser, server, output_dir):
    """The title of the game's own header against what is painted behind it, on the student's,
    the projector's and the teacher's page: a page rule that reached the view (the old
    ``header`` rule painted it navy under near-black text) fails this."""
    ws = R.teacher(server)
    t = teacher(browser, server)
    found = []
    try:
        for game in GAMES:
            n = PLAYERS[game]
            code = R.create(ws, game=game, players=n, bots={str(s): "easy" for s in range(1, n)})
            student = Device(browser, server, "/", "Ana", viewport=LAPTOP)
            wall = Device(browser, server, f"/watch/{code}", "projector", viewport=LAPTOP)
            try:
                student.join(code)
                wait(t.page, lambda code=code: code in codes_on(t.page), what="the table on the teacher's page")
                t.page.get_by_test_id(f"show-{code}").click()
                for where, page, root in (
                    ("student", student.page, "#game"),
                    ("projector", wall.page, "#game"),
                    ("teacher", t.page, "#shown"),
                ):
                    title = page.locator(f"{root} .bw-title")
                    title.wait_for()
                    wait(page, lambda title=title: title.inner_text().strip(), what=f"{game} title on {where}")
                    got = title.evaluate(CONTRAST_JS)
                    found.append((game, where, got))
                    print(
                        f"{game:14} {where:9} title contrast {got['ratio']:.2f} ({got['color']} on {got['background']})"
                    )
                student.page.screenshot(path=str(output_dir / f"{game}_student.png"))
            finally:
                student.close()
                wall.close()
    finally:
        t.close()
        ws.close()
    assert len(found) == 3 * len(GAMES)
    low = [(g, w, x) for g, w, x in found if x["ratio"] < 4.5]
    assert not low, low


def test_on_a_phone_the_join_form_goes_once_seated_and_the_header_names_the_seats_owner(browser, server, output_dir):
    ws = R.teacher(server)
    code = R.create(ws, game="costume_party", players=3, bots={"1": "easy", "2": "easy"})
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/?code={code}")  # the QR code's address fills the code in
        form = page.get_by_test_id("join-form")
        form.wait_for()
        assert page.get_by_test_id("code").input_value() == code
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
        for testid in ("code", "name", "join"):  # tap targets of at least 44 px
            assert page.get_by_test_id(testid).bounding_box()["height"] >= 44, testid
        page.get_by_test_id("name").tap()
        page.get_by_test_id("name").fill("Ana")
        page.get_by_test_id("join").tap()
        game_root = page.locator("#game .bw-root").first
        game_root.wait_for()
        wait(page, lambda: not form.is_visible(), what="the join form gone")
        box = game_root.bounding_box()
        assert box and box["y"] < 844 / 3, box  # the game starts in the first third of the screen
        who = page.get_by_test_id("who")
        wait(page, lambda: who.inner_text() == f"Table {code} · Seat 1: Ana", what="the header names Ana")
        page.screenshot(path=str(output_dir / "phone_seated.png"))
        assert page.locator(".rooms-bar").bounding_box()["width"] <= 390
        # the teacher hands the seat to a bot: the header says who plays it now
        ws.send({"op": "bot", "code": code, "seat": 0, "level": "easy"})
        wait(page, lambda: "Bot 1" in who.inner_text(), what="the header names the bot")
        assert who.inner_text() == f"Table {code} · you watch · Seat 1 is played by Bot 1 (easy)", who.inner_text()
        assert "seat 1" not in page.locator(".rooms-bar").inner_text().replace("Seat 1 is played", "")
        assert not form.is_visible() and page.get_by_test_id("watching").is_visible()
        page.screenshot(path=str(output_dir / "phone_seat_to_bot.png"))
        # and seated again by the teacher: the header names Ana once more
        lobby = ws.until(
            lambda f: f.get("op") == "lobby" and any(t["code"] == code and t["watchers"] for t in f["tables"])
        )
        watcher = next(t for t in lobby["tables"] if t["code"] == code)["watchers"][0]["id"]
        ws.send({"op": "seat", "code": code, "watcher": watcher, "seat": 0})
        wait(page, lambda: who.inner_text() == f"Table {code} · Seat 1: Ana", what="the header names Ana again")
        assert not page.get_by_test_id("watching").is_visible()
        # the teacher's page on a phone too: no sideways scroll, the table's controls in reach
        teacher_page = context.new_page()
        teacher_page.goto(f"{server.url}/teacher#t={R.TEACHER}")
        teacher_page.get_by_test_id(f"table-{code}").wait_for()
        assert teacher_page.evaluate("document.documentElement.scrollWidth") <= 390
        # a card is built anew when a seat changes (Ana was just seated again): a box read while
        # it is rebuilt is None (the button it resolved has gone), so it is read again until one
        # is measured
        lock = teacher_page.get_by_test_id(f"lock-{code}")
        box = wait(teacher_page, lock.bounding_box, timeout=10, what="the lock button measured")
        assert box["height"] >= 44, box
        teacher_page.screenshot(path=str(output_dir / "phone_teacher.png"), full_page=True)
    finally:
        context.close()
        ws.close()


def test_a_device_seated_at_one_table_joins_the_next_from_its_qr_code(browser, server, output_dir):
    """A device keeps its seat's token (a reload comes back to the seat), but the QR code of
    another table (the next game of the lesson, next week's class, the next student at a shared
    computer) is that table's join form, not the old seat: the page used to resume the old
    seat and hide the form, and the device could never join another table."""
    ws = R.teacher(server)
    first = R.create(ws, game="costume_party", players=3, bots={"1": "easy", "2": "easy"})
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        form, who = page.get_by_test_id("join-form"), page.get_by_test_id("who")
        page.goto(f"{server.url}/?code={first}")
        form.wait_for()
        page.get_by_test_id("name").fill("Ana")
        page.get_by_test_id("join").click()
        wait(page, lambda: who.inner_text() == f"Table {first} · Seat 1: Ana", what="Ana seated at the first table")
        page.reload()  # a reload (or the first table's own QR code) comes back to the seat
        wait(page, lambda: who.inner_text() == f"Table {first} · Seat 1: Ana", what="Ana back at her seat")
        assert not form.is_visible()
        second = R.create(ws, game="costume_party", players=3, bots={"1": "easy", "2": "easy"})
        page.goto(f"{server.url}/?code={second}")
        form.wait_for()
        assert page.get_by_test_id("code").input_value() == second
        page.get_by_test_id("name").fill("Ben")
        page.get_by_test_id("join").click()
        wait(page, lambda: who.inner_text() == f"Table {second} · Seat 1: Ben", what="Ben seated at the second table")
        page.reload()  # the seat this device holds now is the second table's
        wait(page, lambda: who.inner_text() == f"Table {second} · Seat 1: Ben", what="Ben back at his seat")
        page.screenshot(path=str(output_dir / "second_table.png"))
    finally:
        context.close()
        ws.close()


def test_axe_finds_no_serious_or_critical_violation_on_any_rooms_page(browser, server, output_dir):
    ws = R.teacher(server)
    code = R.create(ws, game="costume_party", players=3, bots={"2": "easy"})
    R.create(ws, game="brouhaha", players=4, bots={str(s): "easy" for s in (1, 2, 3)})
    results = {}
    # axe is injected as an inline script, which the pages' CSP refuses: these contexts bypass it
    contexts = [browser.new_context(viewport=LAPTOP, bypass_csp=True) for _ in range(3)]
    student, wall, teacher_page = (c.new_page() for c in contexts)
    try:
        student.goto(f"{server.url}/")
        student.get_by_test_id("join-form").wait_for()
        results["student, before joining"] = page_axe(student)
        student.get_by_test_id("code").fill(code)
        student.get_by_test_id("name").fill("Ana")
        student.get_by_test_id("join").click()
        student.locator("#game .bw-title").wait_for()
        results["student, seated"] = page_axe(student)
        wall.goto(f"{server.url}/watch/{code}")
        wall.locator("#game .bw-title").wait_for()
        wait(wall, lambda: wall.get_by_test_id("qr").evaluate("i => i.complete && i.naturalWidth > 0"), what="QR")
        results["projector"] = page_axe(wall)
        wall.screenshot(path=str(output_dir / "projector_1280x720.png"))
        teacher_page.goto(f"{server.url}/teacher#t={R.TEACHER}")
        wait(teacher_page, lambda: code in codes_on(teacher_page), what="the table")
        results["teacher, with tables"] = page_axe(teacher_page)
        teacher_page.screenshot(path=str(output_dir / "teacher_1280x720.png"))
        teacher_page.get_by_test_id(f"show-{code}").click()
        teacher_page.locator("#shown .bw-title").wait_for()
        results["teacher, showing a table"] = page_axe(teacher_page)
        teacher_page.get_by_test_id(f"lock-{code}").click()
        teacher_page.get_by_test_id("confirm").wait_for()
        results["teacher, confirming"] = page_axe(teacher_page)
        teacher_page.screenshot(path=str(output_dir / "teacher_confirm_1280x720.png"))
        teacher_page.get_by_test_id("confirm-no").click()
    finally:
        for c in contexts:
            c.close()
        ws.close()
    assert len(results) == 6
    for where, (own, view) in results.items():
        print(
            f"axe {where:26} page: {axe.counts(own) or 'no violations'}; game view: {axe.counts(view) or 'no violations'}"
        )
        for v in own:
            print(f"    on the page: {v['impact']} {v['id']} ({v['help']}) at {v['targets']}")
        for v in view:
            print(f"    in the view: {v['impact']} {v['id']} at {v['targets']}")
    serious = {
        where: axe.summary([v for v in own if v["impact"] in axe.SERIOUS]) for where, (own, _) in results.items()
    }
    assert not any(serious.values()), serious


def test_the_teachers_page_builds_its_cards_from_lobby_deltas_in_the_servers_order(
    browser, tmp_path, output_dir, monkeypatch
):
    """The lobby comes as deltas (the tables whose card changed, ``gone`` for the ones no longer
    there; a connection's first frames are the full set, in parts). The page keeps the server's
    order, drops a table gone, drops on a reconnect the cards the new full set lacks, keeps a
    quiet card's buttons while other tables play, lists a crowded table's first watchers with
    how many more wait, and counts each code's joining time down."""
    from brady_widgets.rooms import server as rooms_server
    from brady_widgets.rooms.lobby import fit_watchers, size

    # a crowded table is one whose watchers do not all fit: here any past the first
    monkeypatch.setattr(
        rooms_server,
        "fit_watchers",
        lambda e: fit_watchers(e, size({**e, "watchers": e["watchers"][:1], "watchers_more": 99})),
    )
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0.1, join_url=JOIN).start()
    server.rooms.joins_per_minute = 1000
    ws = R.teacher(server)
    quiet = [R.create(ws, game="costume_party", players=2, seed=s) for s in range(3)]
    playing = [R.create(ws, game="brady_bunch", players=4, bots={str(s): "random" for s in range(4)}) for _ in range(4)]
    crowded = quiet[1]
    people = [R.join(server, crowded, f"Kid {i}") for i in range(5)]  # two seats, three watchers
    t = teacher(browser, server)
    try:
        page = t.page

        def order() -> list[str]:
            return page.locator('[data-testid^="table-"]').evaluate_all("els => els.map(e => e.dataset.code)")

        def server_order() -> list[str]:
            return [x["code"] for x in server.rooms.overview()]

        wait(page, lambda: order() == server_order(), what="every table, in the server's order")
        more = page.get_by_test_id(f"watchers-more-{crowded}")
        wait(page, lambda: more.count() and more.inner_text() == "and 2 more waiting to watch", what="the count")
        assert page.locator(f'[data-testid^="seat-watcher-{crowded}-"]').count() == 1
        assert "joins open for another 3 h 59 min" in page.get_by_test_id(f"expires-{quiet[0]}").inner_text()
        # a quiet card keeps its button while the other tables play
        lock = page.get_by_test_id(f"lock-{quiet[0]}")
        lock.evaluate("e => { e.__kept = true; e.focus(); }")
        frames = len(t.frames)
        wait(page, lambda: len(t.frames) > frames + 3, what="lobby frames while bots play")
        assert lock.evaluate("e => e.__kept === true && document.activeElement === e")
        page.screenshot(path=str(output_dir / "teacher_lobby_deltas.png"), full_page=True)
        # a table no longer there arrives as gone: its card goes, the others stay in order
        loop = server.rooms.loop

        def drop(code: str, tell: bool) -> None:
            def run() -> None:
                server.rooms.rooms.pop(code)
                if tell:
                    server.rooms.lobby_soon()

            loop.call_soon_threadsafe(run)

        drop(playing[0], True)
        wait(page, lambda: playing[0] not in order(), what="the table gone")
        assert any(playing[0] in json.loads(f).get("gone", []) for f in t.frames if '"lobby"' in f)
        assert order() == server_order()
        # on a reconnect the full set comes again: a card it lacks is dropped (the server tells
        # no open page of the table's loss here: only the reconnect's full set can drop it)
        monkeypatch.setattr(server.rooms, "lobby_soon", lambda *a, **k: None)
        page.wait_for_timeout(500)  # a lobby already due has gone
        drop(quiet[2], False)
        page.wait_for_timeout(500)
        assert quiet[2] in order()
        t.cut()
        wait(page, lambda: quiet[2] not in order(), what="the stale card dropped after the reconnect")
        assert order() == server_order()
    finally:
        for d in people:
            d.close()
        t.close()
        ws.close()
        server.stop()
