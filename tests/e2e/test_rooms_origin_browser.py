"""The rooms server's web defences in Debian's chromium (issue 23, item 9).

* A page served from ANOTHER local origin (a tiny http.server on another 127.0.0.1 port) opens
  ``ws://127.0.0.1:ROOMS/ws`` and sends a join with a real table code: the socket is refused
  before it opens and the seat stays free; the same page cannot frame the teacher's page. The
  rooms' own student page then joins that seat.
* Every rooms page (student, teacher, the projector of each game) loads and draws under the
  server's CSP with no violation; a blocked image injected at the end shows the listener sees
  violations (so "none" means something).
"""

from __future__ import annotations

import http.server
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R
from brady_widgets.rooms.web import CSP

pytestmark = pytest.mark.browser

#: before any page script: every CSP violation of the page is kept in window.__csp
CSP_LISTENER_JS = """
window.__csp = [];
window.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push({directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber});
}, true);
"""

FOREIGN_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>not the rooms</title></head><body>
<iframe id="frame" src="http://127.0.0.1:{rooms}/teacher"></iframe>
<script>
const out = window.result = {{events: [], frames: [], done: false}};
const ws = new WebSocket("ws://127.0.0.1:{rooms}/ws");
ws.onopen = () => {{ out.events.push("open"); ws.send(JSON.stringify({{op: "join", code: "{code}", name: "Mallory"}})); }};
ws.onmessage = (e) => out.frames.push(e.data);
ws.onerror = () => out.events.push("error");
ws.onclose = (e) => {{ out.events.push("close:" + e.code); out.done = true; }};
</script></body></html>
"""


class ForeignSite:
    """One HTML page on another 127.0.0.1 port: another origin, as a classmate's page would be."""

    def __init__(self, html: str):
        body = html.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


def lobby_table(server, code: str) -> dict:
    """The teacher's overview of one table, read fresh."""
    c = R.Client(server)
    try:
        lobby = c.op({"op": "teacher", "token": R.TEACHER}, "lobby")
    finally:
        c.close()
    return next(t for t in lobby["tables"] if t["code"] == code)


def wait(page, predicate, timeout: float = 20, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} not met in {timeout}s")
        page.wait_for_timeout(50)
    return value


def test_a_page_from_another_local_origin_cannot_join_but_the_rooms_page_can(browser, tmp_path, output_dir):
    log = output_dir / "server.log"
    server = R.ProcessServer(tmp_path / "rooms.sqlite3", log=log).start()
    site = None
    context = browser.new_context()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=2)
        t.close()
        site = ForeignSite(FOREIGN_PAGE.format(rooms=server.port, code=code))
        page = context.new_page()
        page.goto(site.url)
        wait(
            page,
            lambda: page.evaluate("window.result.done"),
            what="the foreign socket closes",
        )
        result = page.evaluate("window.result")
        assert "open" not in result["events"] and result["frames"] == [], result
        # the teacher's page refuses to be framed by another origin
        child = wait(
            page,
            lambda: next(
                (f for f in page.frames if f != page.main_frame and f.url not in ("", "about:blank")),
                None,
            ),
            what="the frame's answer",
        )
        assert child.url.startswith("chrome-error://"), child.url  # the frame got chromium's error page, not /teacher
        assert not any(s["taken"] for s in lobby_table(server, code)["seats"]), "the foreign page took a seat"
        assert f"refused a request with Origin 'http://127.0.0.1:{site.httpd.server_address[1]}'" in log.read_text()
        page.close()
        # the rooms' own page joins the same table
        own = context.new_page()
        own.goto(server.url + "/")
        own.get_by_test_id("code").fill(code)
        own.get_by_test_id("name").fill("Ann")
        own.get_by_test_id("join").click()
        own.locator(".bw-costume").wait_for(timeout=20_000)
        seats = lobby_table(server, code)["seats"]
        assert [s["name"] for s in seats if s["taken"]] == ["Ann"], seats
    finally:
        context.close()
        if site:
            site.stop()
        server.stop()


def test_every_rooms_page_loads_with_no_csp_violation(browser, tmp_path, output_dir):
    server = R.ProcessServer(tmp_path / "rooms.sqlite3", log=output_dir / "server.log").start()
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(CSP_LISTENER_JS)
    console: list[str] = []
    context.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    pages = []

    def open_page(path: str):
        page = context.new_page()
        response = page.goto(server.url + path)
        assert response.status == 200 and response.headers["content-security-policy"] == CSP, path
        assert response.headers["x-frame-options"] == "DENY" and response.headers["x-content-type-options"] == "nosniff"
        pages.append((path, page))
        return page

    try:
        # the teacher's page creates a table by its form (teacher.js under the CSP)
        teacher = open_page(f"/teacher#t={R.TEACHER}")
        teacher.get_by_test_id("game").wait_for()
        teacher.get_by_test_id("game").select_option("costume_party")
        teacher.get_by_test_id("players").fill("2")
        teacher.get_by_test_id("players").dispatch_event("change")
        teacher.get_by_test_id("create").click()
        code = wait(
            teacher,
            lambda: (
                teacher.locator('[data-testid^="table-"]').first.get_attribute("data-code")
                if teacher.locator('[data-testid^="table-"]').count()
                else None
            ),
            what="the new table",
        )
        # a student joins it and plays a move (student.js, rooms.js, the view bundle and its CSS)
        student = open_page("/")
        student.get_by_test_id("code").fill(code)
        student.get_by_test_id("name").fill("Ann")
        student.get_by_test_id("join").click()
        student.locator(".bw-costume").wait_for(timeout=20_000)
        # the projector of every game, each view drawn (all-bot tables)
        t = R.teacher(server)
        for game, players in [
            ("costume_party", 2),
            ("brady_bunch", 3),
            ("brouhaha", 3),
            ("big_brother", 4),
        ]:
            c = R.create(
                t,
                game=game,
                players=players,
                bots={str(s): "random" for s in range(players)},
            )
            watch = open_page(f"/watch/{c}")
            watch.locator("#game > *").first.wait_for(timeout=20_000)
            wait(
                watch,
                lambda watch=watch: watch.evaluate(
                    "[...document.styleSheets].some(s => (s.href || '').includes('/views/'))"
                ),
                what=f"{game}'s view CSS",
            )
        t.close()
        # the bots' tables redraw the list many times a second: click in one step, in the page
        teacher.evaluate("(c) => document.querySelector(`[data-testid=show-${c}]`).click()", code)
        teacher.locator("#shown .bw-costume").wait_for(timeout=20_000)
        for _, page in pages:
            page.wait_for_timeout(200)
        violations = {path: page.evaluate("window.__csp") for path, page in pages}
        assert all(v == [] for v in violations.values()), violations
        assert not [m for m in console if "Content Security Policy" in m or "Refused to" in m], console
        # the listener is live and the policy enforced: an image from elsewhere is blocked and reported
        student.evaluate(
            "(src) => { const i = document.createElement('img'); i.src = src; document.body.append(i); }",
            f"http://127.0.0.1:{R.free_port()}/x.png",
        )
        wait(
            student,
            lambda: student.evaluate("window.__csp.length"),
            what="the injected image's violation",
        )
        assert student.evaluate("window.__csp[0].directive") == "img-src"
        student.screenshot(path=str(output_dir / "student.png"))
    finally:
        context.close()
        server.stop()
