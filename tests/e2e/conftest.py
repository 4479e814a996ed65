"""Fixtures for the browser tests: one JupyterLab server and one Debian
chromium per session, a fresh page (and no kernel sessions) per test, one
output folder per test under ``test-output/<test name>/`` at the repo root
(override with ``BRADY_TEST_OUTPUT``; a name that two modules share gets its
module's name in front: ``test-output/<module>.<test name>/``).

The browser tests are never skipped: a missing chromium is a test error with a
message that says how to install it.

They may run on pytest-xdist workers, each file on one worker (``-n 2 --dist loadfile``,
as scripts/test.sh runs them): each worker has its own JupyterLab, chromium and temp
folders (``tmp_path_factory``), the output folders are one per test, and the files are
handed out longest first (``LONGEST_FIRST``, with ``--no-loadscope-reorder``) so that no long
file starts last.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import jlab_harness as H

OUTPUT_ROOT = Path(os.environ.get("BRADY_TEST_OUTPUT", H.REPO / "test-output"))


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    return H.chromium_path()


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    lab = H.JupyterLab(tmp_path_factory.mktemp("jupyterlab"), extra_files=[H.HERE / "bare_counter.py"])
    lab.start()
    yield lab
    lab.stop()


class _Chromium:
    """The one chromium of the browser tests, started when a module first asks for it and
    kept for the next ones (a launch and a Playwright driver per module cost ~0.4 s each,
    25 modules), stopped as soon as the run leaves tests/e2e (below): while Playwright's
    sync API is started, its event loop counts as running in this thread, which would break
    later (non-browser) tests that use asyncio in the same pytest run."""

    def __init__(self):
        self.pw = self.browser = None

    def get(self, tmp_path_factory):
        if self.browser is None or not self.browser.is_connected():
            self.stop()
            from playwright.sync_api import sync_playwright

            self.pw = sync_playwright().start()
            try:
                self.browser = H.launch_chromium(self.pw, tmp_path_factory.mktemp("chromium"))
            except BaseException:
                self.stop()
                raise
        return self.browser

    def stop(self) -> None:
        browser, pw = self.browser, self.pw
        self.pw = self.browser = None
        try:
            if browser is not None:
                browser.close()
        finally:
            if pw is not None:
                pw.stop()


_CHROMIUM = _Chromium()


@pytest.fixture(scope="module")
def browser(chromium_executable, tmp_path_factory):
    """Debian chromium: one for the whole run of the browser tests (see ``_Chromium``); each
    test still gets its own context (pages, cookies, storage)."""
    return _CHROMIUM.get(tmp_path_factory)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    yield  # the test's fixtures are torn down (a module's contexts closed) before chromium stops
    if nextitem is None or H.HERE not in Path(str(nextitem.path)).resolve().parents:
        _CHROMIUM.stop()  # the last browser test: no Playwright loop left for the tests after it


#: The browser test files that take longest (seconds each took on one of two workers, 2 cores,
#: at a load of 6-12), in the order pytest-xdist hands them out (``pytest_collection_modifyitems``):
#: a worker that drew one of these last would run alone for its whole length while the other
#: idles. The site's tests come third: its build (started at collection) has run beside the
#: first two by then.
LONGEST_FIRST = [
    "test_axe_voila_browser.py",  # 122 s
    "test_voila_browser.py",  # 92 s
    "test_site_browser.py",  # 135 s (and up to 15 s of build on a warm cache)
    "test_costume_party_browser.py",  # 85 s
    "test_realtime_browser.py",  # 72 s
    "test_phone_browser.py",  # 62 s
    "test_big_brother_browser.py",  # 55 s
    "test_rooms_pages_browser.py",  # 50 s
    "test_brouhaha_browser.py",  # 49 s
    "test_brady_bunch_browser.py",  # 48 s
    "test_rooms_browser.py",  # 42 s
    "test_rooms_trust_browser.py",  # 24 s
    "test_axe_browser.py",  # 21 s
    "test_screen_browser.py",  # 21 s
]  # (then the others, in collection order: each under 11 s)


def pytest_collection_modifyitems(session, config, items):
    """Names two browser modules share get their module's name in their output folder (each
    test writes into its own folder: on two workers, one test's folder must not be emptied by
    another's). On a pytest-xdist worker, the browser files are ordered ``LONGEST_FIRST`` (every
    worker collects the same order; ``--dist loadfile`` hands the files out in it); a test's
    place within its file does not change."""
    mine = [item for item in items if H.HERE in Path(str(item.path)).resolve().parents]
    modules: dict[str, set] = {}
    for item in mine:
        modules.setdefault(item.name, set()).add(Path(str(item.path)).name)
    config._brady_shared_names = {name for name, files in modules.items() if len(files) > 1}
    if not hasattr(config, "workerinput"):
        return
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    order = {id(item): i for i, item in enumerate(items)}
    mine_ids = {id(item) for item in mine}
    ranked = sorted(mine, key=lambda item: (rank.get(Path(str(item.path)).name, len(rank)), order[id(item)]))
    items[:] = [item for item in items if id(item) not in mine_ids] + ranked


def pytest_collection_finish(session):
    """The static site's build starts now, in the background, when a collected test needs it
    (tests/e2e/test_site_browser.py: ``start_site_build``): it is ready by the time its tests come.
    On pytest-xdist, every worker collects every test: the first worker (gw0) starts the build,
    whichever worker runs the site's tests, and a worker's ``site_dir`` waits for a build another
    worker is running (a lock held by the build) before it runs ``scripts/site.sh`` itself (up to
    date by then: a third of a second)."""
    workerinput = getattr(session.config, "workerinput", None)
    if workerinput is not None and workerinput.get("workerid") != "gw0":
        return
    for item in session.items:
        if "site_dir" in getattr(item, "fixturenames", ()):
            item.module.start_site_build()
            session.config._brady_site_module = item.module
            return


def pytest_sessionfinish(session, exitstatus):
    _CHROMIUM.stop()
    site = getattr(session.config, "_brady_site_module", None)
    proc = site._BUILD.get("proc") if site else None
    if proc is not None and proc.poll() is None:  # the run ended before the site tests (-x, Ctrl+C)
        proc.kill()
        proc.wait()


@pytest.fixture
def output_dir(request) -> Path:
    name = request.node.name
    if name in getattr(request.config, "_brady_shared_names", ()):
        name = f"{Path(str(request.node.path)).stem}.{name}"
    name = re.sub(r"[^\w.-]+", "_", name)
    out = OUTPUT_ROOT / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    return out


class LabPage:
    """A JupyterLab page with its WebSocket frames recorded."""

    def __init__(self, lab: H.JupyterLab, page, out: Path, node=None):
        self.lab, self.page, self.out, self.node = lab, page, out, node
        self.frames = H.FrameLog(page)
        self._kernels: list[H.Kernel] = []

    @property
    def root(self) -> Path:
        return self.lab.root

    def open(self, name: str) -> None:
        # the notebook's kernel starts (through the server's REST API, as JupyterLab's own
        # session would) while the page loads JupyterLab; the page then joins that session
        # instead of starting the kernel only once the notebook is open (about 1.2 s a test)
        self.lab.start_session(name)
        H.open_notebook(self.page, self.lab, name)

    def run_all(self, timeout: float = 180) -> dict:
        return H.run_all_cells(self.page, timeout=timeout)

    def kernel(self) -> H.Kernel:
        """A client of the open notebook's kernel (to read values back)."""
        kid = H.kernel_id(self.page)
        for k in self._kernels:
            if k.kernel_id == kid:
                return k
        k = self.lab.kernel(kid)
        k.kernel_id = kid
        self._kernels.append(k)
        return k

    def notebook(self, name: str, cells: list[str], timeout: float = 180) -> H.Kernel:
        """Write a notebook of ``cells`` into the root dir, open it, run it all."""
        H.write_notebook(self.root / name, cells)
        self.open(name)
        self.run_all(timeout=timeout)
        return self.kernel()

    def widget(self, var: str):
        """``(model_id, root locator)`` of the widget held by kernel variable ``var``."""
        model_id = self.kernel().eval(f"{var}.model_id")
        return model_id, H.widget_root(self.page, model_id)

    def screenshot(self, name: str = "screenshot.png", locator=None) -> Path:
        path = self.out / name
        (locator or self.page).screenshot(path=str(path))
        print(f"screenshot: {path}")
        if self.node is not None:  # listed in the junit xml too
            self.node.user_properties.append(("screenshot", str(path)))
        return path

    def close(self) -> None:
        for k in self._kernels:
            k.close()


@pytest.fixture
def lab_page(jupyterlab, browser, output_dir, request):
    jupyterlab.delete_all_sessions()
    context = browser.new_context(viewport={"width": 1400, "height": 1600})
    context.set_default_timeout(30_000)
    page = context.new_page()
    lp = LabPage(jupyterlab, page, output_dir, request.node)
    request.node._lab_page = lp
    try:
        yield lp
    finally:
        lp.close()
        context.close()
        jupyterlab.delete_all_sessions()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    lp = getattr(item, "_lab_page", None)
    if report.when == "call" and report.failed and lp is not None:
        try:
            lp.page.screenshot(path=str(lp.out / "failure.png"))
            (lp.out / "jupyterlab.log").write_text(lp.lab.log_tail(200))
            report.sections.append(("browser test output", f"failure screenshot and server log in {lp.out}"))
        except Exception as exc:  # noqa: BLE001 -- the page may be gone
            report.sections.append(("browser test output", f"no failure screenshot: {exc}"))
