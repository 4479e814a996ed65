"""The static site (``scripts/site.sh``), offline, in Debian's chromium: Python runs in the page
(Pyodide), no server but a static one on 127.0.0.1, and every request for anything else fails
the test (it is recorded, aborted, and checked after each test: 0 allowed).

* The landing page: one big link per game, one per tutorial, the lessons that need numpy or
  matplotlib listed with where to run them, the teacher's note on secrets.
* Each of the four games from its landing-page link (a REPL page that builds the widget and shows
  it alone): the kernel starts, the person plays a few actions by clicks and keys (Brouhaha: a
  slap race against the bots), and the kernel's own history (read back by a line typed into the
  page's prompt, as a person would) has them.
* The start notebook runs, every cell, in JupyterLab in the site.

The site is built by ``bash scripts/site.sh`` into a temp folder, with the download cache
(``build/site-cache``, git-ignored) reused between runs; the build is skipped when its inputs
did not change. Screenshots of each page are in the test's output folder.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import jlab_harness as H
import test_big_brother_browser as BIG_BROTHER
import test_brady_bunch_browser as BRADY
import test_brouhaha_browser as BROUHAHA

sys.path.insert(0, str(H.REPO / "scripts"))
import site_build

pytestmark = pytest.mark.browser

ROOTS = {
    "costume_party": ".bw-costume",
    "brady_bunch": ".bw-brady",
    "brouhaha": ".bw-brouhaha",
    "big_brother": ".bw-big-brother",
}
#: a cold kernel on a busy 2-core machine: Pyodide, the IPython stack, the package (20-50 s)
KERNEL_TIMEOUT = 180


#: the site build started in the background by ``start_site_build`` (conftest.py, once the
#: run is collected): ``{"proc", "log", "t0", "out"}``
_BUILD: dict = {}


def start_site_build(wait: bool = False) -> bool:
    """Start ``bash scripts/site.sh`` now, in the background (once): conftest.py calls this when
    a collected test needs the site, so the build (about 15 s when an input changed, as on
    every commit) runs beside the browser tests before this module's instead of in front of
    its first test. ``site_dir`` waits for it.

    The build holds a lock (``build/.site-test.lock``, beside the site) until it ends: while
    another process builds (on pytest-xdist, the first worker starts the build whichever worker
    runs the site's tests), this starts nothing and returns False, or with ``wait`` waits for
    that build to end and then starts its own (which finds the site up to date, or builds it
    again and fails as that one did)."""
    if _BUILD:
        return True
    out = Path(os.environ.get("BRADY_SITE_TEST_OUT", H.REPO / "build" / "site-test"))
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f".{out.name}.lock", "ab") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return False  # another process is building it
        env = {**os.environ, "BRADY_SITE_OUT": str(out), "PYTHON": sys.executable}
        log = tempfile.TemporaryFile()  # (a pipe nobody reads meanwhile could fill and stall the build)
        proc = subprocess.Popen(  # (the build keeps the lock: its copy of the file closes when it ends)
            ["bash", str(H.REPO / "scripts" / "site.sh")],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            pass_fds=(lock.fileno(),),
        )
    _BUILD.update(proc=proc, log=log, t0=time.monotonic(), out=out)
    return True


@pytest.fixture(scope="module")
def site_dir() -> Path:
    t0 = time.monotonic()
    start_site_build(wait=True)  # (already running when conftest.py started it in this process)
    proc, log, out = _BUILD["proc"], _BUILD["log"], _BUILD["out"]
    try:
        returncode = proc.wait(timeout=900)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    log.seek(0)
    output = log.read().decode(errors="replace")
    print(
        f"site build: {time.monotonic() - _BUILD['t0']:.1f} s (waited {time.monotonic() - t0:.1f} s of it)\n"
        f"{output[-2000:]}"
    )
    assert returncode == 0, f"scripts/site.sh failed:\n{output[-6000:]}"
    assert (out / "index.html").is_file() and (out / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    return out


@pytest.fixture(scope="module")
def site_url(site_dir):
    handler = functools.partial(site_build.SiteHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


#: what a page of the site may have stored (``Storage.clearDataForOrigin``'s names)
STORED = "cookies,indexeddb,local_storage,cache_storage,service_workers"


class SitePage:
    """One page of the site; every request off the site's server is recorded (and refused: see
    ``OFFLINE_FLAGS``)."""

    def __init__(self, context, base: str, out: Path):
        self.base, self.out = base, out
        self.outside: list[str] = []
        self.page = context.new_page()
        # (not page.route: Playwright turns the HTTP cache off for a routed page, and every page
        # would fetch Pyodide and the wheels again, 33 MB, and compile them anew)
        self.page.on("request", self._request)  # (the kernel's worker's requests too)
        # what earlier tests stored at the site's origin goes (JupyterLite's files, settings and
        # workspace: its open tabs, each of which would start its kernel again behind the page's
        # own); the HTTP cache stays
        cdp = context.new_cdp_session(self.page)
        cdp.send("Storage.clearDataForOrigin", {"origin": base.rstrip("/"), "storageTypes": STORED})
        cdp.detach()

    def _request(self, request) -> None:
        # (a blob: URL of the site's own origin is data the page made: no request leaves the
        # browser; page.route never saw them)
        if not request.url.startswith((self.base, "blob:" + self.base)):
            self.outside.append(request.url)

    def screenshot(self, name: str, locator=None) -> Path:
        path = self.out / name
        (locator or self.page).screenshot(path=str(path))
        print(f"screenshot: {path}")
        return path

    # ------------------------------------------------------------------ the REPL
    def repl_value(self, expr: str, timeout: float = 60) -> str:
        """Type ``print(expr)`` into the REPL page's prompt and run it (Shift+Enter), as a
        person would; returns what it printed."""
        tag = f"@{time.monotonic_ns()}@"
        editor = self.page.locator(".jp-CodeConsole-promptCell .cm-content")
        editor.click()
        self.page.keyboard.insert_text(f"print({tag!r}, {expr}, {tag!r})")
        self.page.keyboard.press("Shift+Enter")
        pattern = re.compile(re.escape(tag) + r" (.*) " + re.escape(tag), re.S)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for text in self.page.locator(".jp-CodeConsole-content .jp-OutputArea-output").all_inner_texts():
                m = pattern.search(text)
                if m:
                    return m.group(1)
                if "Traceback" in text or "Error" in text:
                    raise AssertionError(f"the REPL line {expr!r} raised:\n{text}")
            self.page.wait_for_timeout(200)
        raise TimeoutError(f"the REPL printed nothing for {expr!r} in {timeout} s")


#: the site's browser sends every request but 127.0.0.1's (and localhost's) through a proxy that is
#: not there: each fails (and ``SitePage`` records it: the test fails)
OFFLINE_FLAGS = ["--proxy-server=http://127.0.0.1:1"]


@pytest.fixture(scope="module")
def site_context(browser, tmp_path_factory):
    """One browser profile on disk for the module, as a student's browser has: its HTTP cache
    (on disk: an incognito context's in-memory cache keeps no 9.6 MB wasm) and V8's code cache
    serve Pyodide, the wheels and JupyterLite's scripts to the second game opened, as for a
    student who opens a second game; the service worker is blocked, so every request reaches
    the page's request log."""
    workdir = tmp_path_factory.mktemp("site-chromium")
    context = browser.browser_type.launch_persistent_context(
        str(workdir / "profile"),
        **H.chromium_options(workdir, OFFLINE_FLAGS),
        viewport={"width": 1280, "height": 1000},
        service_workers="block",
    )
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def site(site_context, site_url, output_dir, request):
    sp = SitePage(site_context, site_url, output_dir)
    failed = request.session.testsfailed
    try:
        yield sp
    finally:
        if request.session.testsfailed > failed:  # the test failed: what the page showed
            try:
                sp.page.screenshot(path=str(output_dir / "failure.png"))
            except Exception as exc:  # noqa: BLE001 -- the page may be gone
                print(f"no failure screenshot: {exc}")
        sp.page.close()
    assert not sp.outside, f"requests off 127.0.0.1 (all refused): {sp.outside[:10]}"


def test_the_landing_page_links_every_game_and_tutorial_and_tells_the_teacher_about_secrets(site):
    page = site.page
    page.goto(site.base)
    for key, title, _code, _ in site_build.GAMES:
        link = page.locator(f"#play-{key}")
        assert link.inner_text() == title
        assert link.get_attribute("href").startswith("repl/index.html?kernel=python")
        box = link.bounding_box()
        assert box and box["height"] >= 44, box  # one big link per game, easy to tap
    for name, _ in site_build.TUTORIALS:
        href = page.locator(f"#open-{Path(name).stem}").get_attribute("href")
        assert href.endswith(f"path={name}")
        assert (H.NOTEBOOKS / name).is_file()
    elsewhere = page.locator("#elsewhere li").all_inner_texts()
    held = {name for name, _ in site_build.TUTORIALS}
    lessons = sorted(p.name for p in H.NOTEBOOKS.glob("*.ipynb") if p.name not in held)
    assert [t.split(":")[0] for t in elsewhere] == lessons  # every other lesson, with where to run it
    assert "scripts/play.sh" in page.locator("main").inner_text()
    note = page.locator("#secrets-note").inner_text()
    assert "developer tools" in note and "rooms server" in note
    site.screenshot("landing.png")


def test_the_kernel_preloads_compiled_wheels_from_the_site(site_dir):
    """What makes the second visit fast (issue 26, item 6): the kernel loads its packages and the
    game's in one batch while Python starts, every one of them listed in the site's lock (nothing
    for piplite to fetch one by one), and the wheels carry the bytecode Pyodide's Python compiled
    (``__pycache__/*.cpython-314.pyc``, unchecked: the browser compiles nothing it imports)."""
    import json
    import zipfile

    config = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"][site_build.KERNEL_PLUGIN]
    assert settings["loadPyodideOptions"]["packages"] == site_build.PRELOAD
    pyodide = site_dir / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    assert set(site_build.PRELOAD) <= set(lock)
    for name in ("brady-widgets", "ipython", "pyodide-kernel"):
        with zipfile.ZipFile(pyodide / lock[name]["file_name"]) as whl:
            names = whl.namelist()
        modules = [n for n in names if n.endswith(".py") and ".dist-info/" not in n and "/tests/" not in n]
        compiled = [n for n in names if n.endswith(".cpython-314.pyc")]
        assert modules and len(compiled) == len(modules), (name, len(modules), len(compiled))
        pyc = zipfile.ZipFile(pyodide / lock[name]["file_name"]).read(compiled[0])
        assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked (PEP 552)


def open_game(site: SitePage, key: str):
    """Click the game's big link on the landing page; the view once the kernel has built it."""
    page = site.page
    page.goto(site.base)
    t0 = time.monotonic()
    page.locator(f"#play-{key}").click()
    root = page.locator(ROOTS[key]).first
    error = page.locator(".jp-CodeConsole-content .jp-OutputArea-output", has_text="Error")
    try:
        # the view, or an error the kernel printed instead (no need to wait out the timeout)
        root.or_(error).first.wait_for(timeout=KERNEL_TIMEOUT * 1000)
    except PlaywrightTimeout:
        pass
    if not root.is_visible():
        site.screenshot("failure.png")
        outputs = page.locator(".jp-CodeConsole-content").all_inner_texts()
        raise AssertionError(f"{key}: no widget; the page shows:\n{outputs}")
    print(f"{key}: first widget {time.monotonic() - t0:.1f} s after the click")
    start = root.get_by_test_id("start")
    if start.count():  # a real-time game waits for its person's Start (which also gives it the keys)
        start.click()
        page.wait_for_function(
            "(el) => el.getAttribute('data-clock') === 'running'", arg=root.element_handle(), timeout=15_000
        )
    return root


def seat0_actions(site: SitePage) -> list[str]:
    """The types of seat 0's actions in the kernel's history, read back through the REPL."""
    text = site.repl_value("[h['action']['type'] for h in widget.game.history if h.get('seat') == 0]")
    return re.findall(r"'([a-z_]+)'", text)


def play(player, until, seconds: float, page) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, f"not done in {seconds} s: {player.done if hasattr(player, 'done') else ''}"
        player.step()
        page.wait_for_timeout(60)


def test_costume_party_plays_by_clicks(site):
    root = open_game(site, "costume_party")
    driver = H.CostumePartyDriver(site.page, root, timeout=60)
    for _ in range(8):
        driver.step()
    clicked = [c for c in driver.clicks if not c.startswith("figure-") and c != "lift-curtain"]
    assert clicked, driver.clicks
    mine = seat0_actions(site)
    assert mine.count("roll") >= driver.clicks.count("roll") >= 1, (mine, driver.clicks)
    site.screenshot("costume_party.png")


def test_brady_bunch_plays_by_clicks(site):
    root = open_game(site, "brady_bunch")
    alice = BRADY.AliceDriver(site.page, root, timeout=60)
    for _ in range(8):
        alice.step()
    round_trips = [c for c in alice.clicks if not c.startswith(("ask-kind-", "ask-kid-"))]
    mine = seat0_actions(site)
    assert len(mine) >= len(round_trips) >= 4, (mine, alice.clicks)
    site.screenshot("brady_bunch.png")


def test_big_brother_plays_by_clicks_and_keys(site):
    root = open_game(site, "big_brother")
    player = BIG_BROTHER.Player(site.page, root, seed=3)

    def by(how):
        return sum(n for what, n in player.done.items() if what.endswith(how))

    play(player, lambda: by("by key") >= 2 and by("by click") >= 2, 120, site.page)
    mine = seat0_actions(site)
    assert "roll" in mine and len(mine) >= 3, (mine, player.done)
    assert BIG_BROTHER.Player.state_js and not player.state()["error"], player.state()
    site.screenshot("big_brother.png")


#: Brouhaha's refusals when the table had moved on from what the person saw (a Hunter out, the
#: pass), in brady_widgets/brouhaha/presenter.py's words
TABLE_MOVED_ON = ("A Hunter is out:", "Everyone is passing a card to the left")


def test_brouhaha_slap_race_by_keys_and_clicks(site):
    """The real-time game: the person plays cards and slaps when two animals match, racing
    the bots (Space or the Slap button); the kernel's history shows seat 0's slap."""
    root = open_game(site, "brouhaha")
    player = BROUHAHA.Player(site.page, root, seed=5)

    def slaps():
        return sum(n for what, n in player.done.items() if what.startswith("slap"))

    deadline = time.monotonic() + 180
    mine: list[str] = []
    while "slap" not in mine:
        # a slap can lose the race (a bot was first): play on to the next match and slap again
        tried = slaps()
        play(player, lambda: slaps() > tried, deadline - time.monotonic(), site.page)
        site.page.wait_for_timeout(500)
        mine = seat0_actions(site)
    # a refusal left on screen is only a race the bots won: a slap that lost (its sentence names
    # the slap) or an act the table froze against between the person's look and key (a bot's
    # Hunter, a pass: BrouhahaPresenter.refusal's words for the phase), as the game's own
    # refusal (data-code); anything else (a card not held, a protocol or internal error) fails
    banner = root.evaluate(
        "(r) => { const e = r.querySelector('[data-testid=\"error\"]'); "
        "return e ? {code: e.dataset.code, text: e.textContent} : null; }"
    )
    if banner is not None:
        assert banner["code"] in ("illegal_action", "not_your_turn"), banner
        assert "slap" in banner["text"].lower() or any(w in banner["text"] for w in TABLE_MOVED_ON), banner
    assert "play" in mine and any(w.endswith("by key") for w in player.done), (mine, player.done)
    site.screenshot("brouhaha.png")


#: every output of the open notebook: printed text, or the model id of a widget it shows
OUTPUTS_JS = """() => {
  const out = [];
  for (const cell of window.jupyterapp.shell.currentWidget.content.widgets) {
    if (cell.model.type !== 'code') continue;
    for (let k = 0; k < cell.model.outputs.length; k++) {
      const o = cell.model.outputs.get(k).toJSON();
      const view = (o.data || {})['application/vnd.jupyter.widget-view+json'];
      const text = o.text || (o.data || {})['text/plain'] || '';
      out.push({text: Array.isArray(text) ? text.join('') : text, model_id: view ? view.model_id : null});
    }
  }
  return out;
}"""


def run_notebook(site: SitePage, name: str) -> dict:
    """Open ``name`` in the site's JupyterLab, run every cell; fails on a cell's error."""
    page = site.page
    page.goto(site.base + f"lab/index.html?path={name}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    # the notebook in front, its kernel idle
    page.wait_for_function(
        "(name) => { const w = window.jupyterapp.shell.currentWidget;"
        " const k = w && w.context && w.context.path === name && w.sessionContext.session"
        " && w.sessionContext.session.kernel; return !!k && k.status === 'idle'; }",
        arg=name,
        timeout=KERNEL_TIMEOUT * 1000,
    )
    return H.run_all_cells(page, timeout=KERNEL_TIMEOUT)


def test_the_start_notebook_runs_in_the_site(site):
    page = site.page
    state = run_notebook(site, "00_start_here.ipynb")
    assert state["count"] >= 4 and state["pending"] == 0, state
    # its printed lines and its two games are in the outputs (read from the notebook's model: the
    # cells scrolled out of view are not in the page)
    outputs = page.evaluate(OUTPUTS_JS)
    printed = "".join(o.get("text", "") for o in outputs)
    assert "brouhaha: Brouhaha" in printed and "sent to the browser" in printed, printed
    shown = [o["model_id"] for o in outputs if o.get("model_id")]
    assert len(shown) == 2, outputs  # Costume Party and the Brady Bunch
    assert page.locator(".bw-costume").first.is_visible()
    site.screenshot("start_here.png")


@pytest.mark.parametrize("name", [name for name, _ in site_build.TUTORIALS if name != "00_start_here.ipynb"])
def test_a_rules_tutorial_runs_in_the_site(site, name):
    state = run_notebook(site, name)
    assert state["count"] >= 10 and state["pending"] == 0, state
    shown = [o["model_id"] for o in site.page.evaluate(OUTPUTS_JS) if o.get("model_id")]
    assert shown, "the tutorial showed no live game"
    site.screenshot(name.replace(".ipynb", ".png"))
