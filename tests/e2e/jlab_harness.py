"""JupyterLab + Debian chromium harness shared by the browser tests and the
browser benchmarks (``benchmarks/widget_latency.py``, ``brady_widget_latency.py``).

Everything here follows ``shared/design/browser-testing-notes.md``:

* JupyterLab runs on 127.0.0.1 with a free port, a fixed token, a temp copy of
  the notebooks as root dir and its own settings/workspaces/runtime dirs (the
  "Jupyter news?" toast is switched off in the user settings).
* Chromium is Debian's (``shutil.which("chromium")``), launched by Playwright
  with the flags from the notes and XDG dirs inside a temp folder.
* ``Kernel`` reads values back from the notebook's running kernel with
  ``jupyter_client`` through the connection file the server wrote.
* ``FrameLog`` records every WebSocket frame the page receives and decodes
  the Jupyter messages in them (both the ``v1.kernel.websocket.jupyter.org``
  binary protocol and the legacy JSON one).
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
HERE = Path(__file__).resolve().parent
TOKEN = "brady-e2e-token"

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: JupyterLab user settings written before the server starts.
USER_SETTINGS = {
    # the "Would you like to receive official Jupyter news?" toast
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # every cell fully in the DOM (no virtual scrolling), so selectors see all outputs
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

ANYWIDGET_ID = "brady_widgets.costume_party.widget.CostumePartyWidget"


# --------------------------------------------------------------------- helpers
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium_path() -> str:
    """Debian's chromium, or a clear failure (browser tests are never skipped)."""
    path = shutil.which("chromium")
    if not path:
        raise RuntimeError(
            "Debian's chromium is not on the PATH: the browser tests need it and are never skipped. "
            "Install it with `apt-get update && apt-get install -y chromium` (scripts/test.sh does this). "
            "Do not run `playwright install`."
        )
    return path


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A minimal nbformat-4 notebook of code cells (with a python3 kernelspec,
    so JupyterLab does not ask for a kernel)."""
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell-{i}",
                "metadata": {},
                "outputs": [],
                "source": src,
            }
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb, indent=1))
    return path


# ------------------------------------------------------------------ JupyterLab
class JupyterLab:
    """A JupyterLab server for the tests: ``start()``, ``api()``, ``stop()``."""

    def __init__(self, workdir: Path, notebooks: Path | None = NOTEBOOKS, extra_files: list[Path] = ()):
        self.workdir = Path(workdir)
        self.root = self.workdir / "root"
        self.runtime = self.workdir / "runtime"
        self.port = free_port()
        self.token = TOKEN
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log_path = self.workdir / "jupyterlab.log"
        self.root.mkdir(parents=True, exist_ok=True)
        if notebooks is not None and Path(notebooks).is_dir():
            shutil.copytree(notebooks, self.root, dirs_exist_ok=True)
        for f in extra_files:
            shutil.copy(f, self.root / Path(f).name)

    def env(self) -> dict:
        env = dict(os.environ)
        settings = self.workdir / "user-settings"
        for rel, value in USER_SETTINGS.items():
            p = settings / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(json.dumps(value))
        for key, sub in {
            "JUPYTERLAB_SETTINGS_DIR": "user-settings",
            "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_CONFIG_DIR": "config",
            "IPYTHONDIR": "ipython",
            "XDG_CONFIG_HOME": "xdg-config",
            "XDG_CACHE_HOME": "xdg-cache",
        }.items():
            (self.workdir / sub).mkdir(parents=True, exist_ok=True)
            env[key] = str(self.workdir / sub)
        # the kernel imports the package from this checkout even without `pip install -e`
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
        env.pop("ANYWIDGET_HMR", None)
        env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
        return env

    def start(self, timeout: float = 90) -> JupyterLab:
        cmd = [
            sys.executable, "-m", "jupyterlab",
            "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True",
            "--ServerApp.jpserver_extensions={'jupyter_lsp': False}",
        ]  # fmt: skip
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            cmd, cwd=self.root, env=self.env(), stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                self.api("GET", "/api/status")
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.3)
        raise RuntimeError(f"JupyterLab did not answer within {timeout} s:\n{self.log_tail()}")

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def api(self, method: str, path: str, body: Any = None, timeout: float = 30) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def delete_all_sessions(self) -> None:
        """Kernels outlive pages: delete every session (and stray kernel)."""
        for s in self.api("GET", "/api/sessions"):
            try:
                self.api("DELETE", f"/api/sessions/{s['id']}")
            except urllib.error.HTTPError:
                pass
        for k in self.api("GET", "/api/kernels"):
            try:
                self.api("DELETE", f"/api/kernels/{k['id']}")
            except urllib.error.HTTPError:
                pass

    def start_session(self, notebook: str) -> dict:
        """Start the kernel of ``notebook`` (a path under the root dir) in a new session, as
        JupyterLab does when it opens a notebook with none: the kernel named by its kernelspec
        (``python3`` if it names none). Opened next, the notebook joins this session, so the
        kernel starts while the page is still loading JupyterLab."""
        try:
            spec = json.loads((self.root / notebook).read_text(encoding="utf-8"))["metadata"]["kernelspec"]["name"]
        except (OSError, ValueError, KeyError, TypeError):
            spec = "python3"
        body = {"path": notebook, "name": Path(notebook).name, "type": "notebook", "kernel": {"name": spec}}
        return self.api("POST", "/api/sessions", body)

    def lab_url(self, notebook: str) -> str:
        return f"{self.url}/lab/tree/{notebook}?token={self.token}&reset"

    def kernel(self, kernel_id: str) -> Kernel:
        return Kernel(self.runtime / f"kernel-{kernel_id}.json")

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            self.delete_all_sessions()
        except Exception:  # noqa: BLE001 -- best effort: the server is stopped next anyway
            pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._log.close()
        self.proc = None


# ---------------------------------------------------------------------- kernel
class Kernel:
    """Read Python values back from a running notebook kernel (jupyter_client)."""

    def __init__(self, connection_file: Path):
        from jupyter_client import BlockingKernelClient

        deadline = time.monotonic() + 30
        while not Path(connection_file).exists():
            if time.monotonic() > deadline:
                raise RuntimeError(f"no kernel connection file {connection_file}")
            time.sleep(0.2)
        self.client = BlockingKernelClient(connection_file=str(connection_file))
        self.client.load_connection_file()
        self.client.start_channels()

    def _execute(self, code: str, expressions: dict | None = None, timeout: float = 60) -> dict:
        msg_id = self.client.execute(code, silent=True, store_history=False, user_expressions=expressions or {})
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"kernel did not answer within {timeout} s: {code!r}")
            reply = self.client.get_shell_msg(timeout=left)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        content = reply["content"]
        if content["status"] != "ok":
            raise RuntimeError(f"kernel error running {code!r}:\n" + "\n".join(content.get("traceback", [])))
        return content

    def run(self, code: str, timeout: float = 60) -> None:
        """Execute ``code`` silently (no output reaches the notebook)."""
        self._execute(code, timeout=timeout)

    def eval(self, expr: str, timeout: float = 60) -> Any:
        """The JSON value of the Python expression ``expr`` in the kernel."""
        content = self._execute("", {"v": f"__import__('json').dumps({expr})"}, timeout=timeout)
        result = content["user_expressions"]["v"]
        if result.get("status") != "ok":
            raise RuntimeError(f"kernel error evaluating {expr!r}: {result.get('ename')}: {result.get('evalue')}")
        return json.loads(ast.literal_eval(result["data"]["text/plain"]))

    def close(self) -> None:
        self.client.stop_channels()


# --------------------------------------------------------------------- browser
def chromium_options(workdir: Path, flags: list[str] | tuple[str, ...] = ()) -> dict:
    """Playwright's launch options for Debian's chromium with its config, cache and home in
    ``workdir`` (made here): :data:`CHROMIUM_FLAGS` and ``flags``."""
    workdir = Path(workdir)
    env = dict(os.environ)
    for key, sub in {"XDG_CONFIG_HOME": "xdg-config", "XDG_CACHE_HOME": "xdg-cache", "HOME": "home"}.items():
        (workdir / sub).mkdir(parents=True, exist_ok=True)
        env[key] = str(workdir / sub)
    return {
        "executable_path": chromium_path(),
        "args": CHROMIUM_FLAGS + list(flags),
        "env": env,
        "headless": True,
        "timeout": 60_000,
    }


def launch_chromium(playwright, workdir: Path):
    return playwright.chromium.launch(**chromium_options(workdir))


#: Wrap every kernel WebSocket: frames in and out are kept (time, direction, data) and
#: decoded only when asked (window.__wsLog.since(t)), so the wrapper adds next to nothing.
WS_RECORDER_JS = r"""(() => {
  const Native = window.WebSocket;
  const log = [];
  const dec = new TextDecoder();
  function parts(data) {
    if (typeof data === 'string') { try { const m = JSON.parse(data); return m; } catch { return null; } }
    const buf = data instanceof ArrayBuffer ? data : null;
    if (!buf || buf.byteLength < 8) return null;
    const dv = new DataView(buf);
    const n = dv.getUint32(0, true);
    if (n < 3 || n > 64) return null;
    const offs = [];
    for (let i = 0; i < n; i++) offs.push(dv.getUint32(8 * (i + 1), true));
    const txt = (i) => dec.decode(new Uint8Array(buf, offs[i], offs[i + 1] - offs[i]));
    try {
      const header = JSON.parse(txt(1)), parent = JSON.parse(txt(2)), content = JSON.parse(txt(4));
      return { channel: txt(0), header, parent_header: parent, content };
    } catch { return null; }
  }
  class Logged extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const kernel = /\/api\/kernels\//.test(String(url));
      if (kernel) {
        this.addEventListener('message', (ev) => { log.push({ t: performance.now(), dir: 'in', data: ev.data }); });
      }
      this.__kernel = kernel;
    }
    send(data) {
      if (this.__kernel) log.push({ t: performance.now(), dir: 'out', data });
      return super.send(data);
    }
  }
  window.WebSocket = Logged;
  window.__wsLog = {
    since(t0) {
      const out = [];
      for (const f of log) {
        if (f.t < t0) continue;
        const m = parts(f.data);
        if (!m) continue;
        const size = typeof f.data === 'string' ? f.data.length : f.data.byteLength;
        const c = m.content || {};
        out.push({ t: f.t, dir: f.dir, size, type: (m.header || {}).msg_type, msg_id: (m.header || {}).msg_id,
                   parent: (m.parent_header || {}).msg_id || null, state: c.execution_state || null,
                   comm: c.comm_id || null, method: (c.data || {}).method || null });
      }
      return out;
    },
    clear() { log.length = 0; },
  };
})();"""


@contextlib.contextmanager
def bench_notebook(
    cells: list[str], init_script: str | None = None, frame_log: bool = True
) -> Iterator[tuple[JupyterLab, Any, FrameLog | None]]:
    """A browser benchmark's session: a fresh JupyterLab in a temp folder (with
    ``bare_counter.py``) serving ``bench.ipynb`` made of ``cells``, opened in Debian
    chromium (1400x1600) with every cell run; yields ``(lab, page, frames)``, then
    stops the browser and the server. ``init_script`` runs in the page before
    JupyterLab loads (e.g. a wrapped ``WebSocket``). ``frame_log=False``: no
    :class:`FrameLog` (``frames`` is None); its frames travel from the browser to the
    test process and are decoded there as they arrive, work that runs beside a timed
    redraw and grows with the frames' size (use :data:`WS_RECORDER_JS` instead)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="brady-bench-") as tmp:
        tmp = Path(tmp)
        lab = JupyterLab(tmp / "lab", notebooks=None, extra_files=[HERE / "bare_counter.py"])
        write_notebook(lab.root / "bench.ipynb", cells)
        lab.start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw, tmp / "chromium")
                try:
                    page = browser.new_page(viewport={"width": 1400, "height": 1600})
                    frames = FrameLog(page) if frame_log else None
                    if init_script:
                        page.add_init_script(init_script)
                    open_notebook(page, lab, "bench.ipynb")
                    run_all_cells(page)
                    yield lab, page, frames
                finally:
                    browser.close()
        finally:
            lab.stop()


# ----------------------------------------------------------------- page helpers
IDLE_JS = """() => {
  const bar = document.querySelector('#jp-main-statusbar');
  const ind = document.querySelector('.jp-Notebook-ExecutionIndicator[data-status="idle"]');
  return !!(bar && /\\|\\s*Idle/.test(bar.textContent) && ind && ind.offsetParent !== null);
}"""


def open_notebook(page, lab: JupyterLab, name: str, timeout: float = 90) -> None:
    """Open ``name`` in JupyterLab and wait until its kernel is idle."""
    page.goto(lab.lab_url(name), wait_until="domcontentloaded", timeout=timeout * 1000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=timeout * 1000)
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook", timeout=timeout * 1000)
    page.wait_for_function(IDLE_JS, timeout=timeout * 1000)


def kernel_id(page) -> str:
    """The id of the current notebook's kernel."""
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")


def kernel_eval(lab: JupyterLab, page, expr: str) -> Any:
    """The JSON value of ``expr`` in the kernel of the page's current notebook."""
    kernel = lab.kernel(kernel_id(page))
    try:
        return kernel.eval(expr)
    finally:
        kernel.close()


CELLS_STATE_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const errors = [];
  let pending = 0;
  for (const [i, c] of cells.entries()) {
    const prompt = c.node.querySelector('.jp-InputArea-prompt');
    const text = prompt ? prompt.textContent.trim() : '';
    if (!/^\\[\\d+\\]:$/.test(text)) pending += 1;
    for (let k = 0; k < c.model.outputs.length; k++) {
      const out = c.model.outputs.get(k).toJSON();
      if (out.output_type === 'error') errors.push(`cell ${i}: ${out.ename}: ${out.evalue}\\n` +
         (out.traceback || []).join('\\n').replace(/\\x1b\\[[0-9;]*m/g, ''));
    }
  }
  const status = panel.sessionContext.session && panel.sessionContext.session.kernel
      ? panel.sessionContext.session.kernel.status : 'none';
  return {count: cells.length, pending, errors, status};
}"""


def run_all_cells(page, timeout: float = 180) -> dict:
    """Clear outputs, run every cell, wait until each code cell shows ``[n]:``
    and the kernel is idle. A cell error fails at once with its traceback."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = page.evaluate(CELLS_STATE_JS)
        if state["errors"]:
            raise AssertionError("a notebook cell raised:\n" + "\n\n".join(state["errors"]))
        if state["pending"] == 0 and state["status"] == "idle":
            return state
        page.wait_for_timeout(250)
    raise TimeoutError(f"cells still running after {timeout} s: {state}")


def notebook_errors(page) -> list[str]:
    return page.evaluate(CELLS_STATE_JS)["errors"]


# --------------------------------------------------------------- frame capture
IPY_MODEL = re.compile(r"IPY_MODEL_[0-9a-fA-F]+")


def decode_frame(payload: str | bytes) -> dict | None:
    """One WebSocket frame -> the Jupyter message in it (``channel`` added), or None."""
    if isinstance(payload, str):
        try:
            msg = json.loads(payload)
        except ValueError:
            return None
        return msg if isinstance(msg, dict) else None
    data = bytes(payload)
    if len(data) >= 8:
        # v1.kernel.websocket.jupyter.org: n offsets (uint64 LE), channel, header, parent, metadata, content, buffers
        n = int.from_bytes(data[:8], "little")
        if 3 <= n < 64 and len(data) >= 8 * (n + 1):
            offs = [int.from_bytes(data[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
            if offs[0] == 8 * (n + 1) and all(a <= b for a, b in zip(offs, offs[1:])) and offs[-1] == len(data):
                parts = [data[offs[i] : offs[i + 1]] for i in range(n - 1)]
                try:
                    channel = parts[0].decode()
                    header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
                except (ValueError, UnicodeDecodeError):
                    return None
                return {
                    "channel": channel,
                    "header": header,
                    "parent_header": parent,
                    "metadata": metadata,
                    "content": content,
                    "msg_type": header.get("msg_type"),
                    "buffers": parts[5:],
                }
    if len(data) >= 4:
        # legacy binary: nbufs (uint32 BE), offsets, JSON message, buffers
        nbufs = int.from_bytes(data[:4], "big")
        if 1 <= nbufs < 64 and len(data) >= 4 * (nbufs + 1):
            offs = [int.from_bytes(data[4 * (i + 1) : 4 * (i + 2)], "big") for i in range(nbufs)]
            end = offs[1] if nbufs > 1 else len(data)
            try:
                msg = json.loads(data[offs[0] : end])
            except ValueError:
                return None
            return msg if isinstance(msg, dict) else None
    return None


class FrameLog:
    """Every WebSocket frame a page receives, with the decoded Jupyter messages.

    ``frames`` holds ``(t_ms, url, size_bytes, message_or_None)``; messages of
    kernel sockets are de-duplicated by ``msg_id`` (two sockets to one kernel
    would both receive iopub broadcasts)."""

    def __init__(self, page):
        self.frames: list[tuple[float, str, int, dict | None]] = []
        self.raw: list[str | bytes] = []
        self._seen: set[str] = set()
        self._t0 = time.monotonic()
        page.on("websocket", self._on_socket)

    def _on_socket(self, ws) -> None:
        url = ws.url
        ws.on("framereceived", lambda payload: self._on_frame(url, payload))

    def _on_frame(self, url: str, payload) -> None:
        size = len(payload.encode() if isinstance(payload, str) else payload)
        self.raw.append(payload)
        msg = decode_frame(payload)
        if msg is not None:
            mid = (msg.get("header") or {}).get("msg_id")
            if mid:
                if mid in self._seen:
                    return
                self._seen.add(mid)
        self.frames.append(((time.monotonic() - self._t0) * 1000, url, size, msg))

    def mark(self) -> int:
        return len(self.frames)

    def messages(self, start: int = 0) -> list[dict]:
        return [m for _, _, _, m in self.frames[start:] if m is not None]

    def widget_comm_ids(self, anywidget_id: str = ANYWIDGET_ID) -> set[str]:
        ids = set()
        for m in self.messages():
            if m.get("msg_type") == "comm_open":
                state = (m["content"].get("data") or {}).get("state") or {}
                if state.get("_anywidget_id") == anywidget_id:
                    ids.add(m["content"]["comm_id"])
        return ids

    def widget_states(
        self, anywidget_id: str = ANYWIDGET_ID, start: int = 0, sizes: bool = False, comm_id: str | None = None
    ) -> list:
        """The widget's state messages in order: the ``comm_open`` state and every
        ``comm_msg`` ``update``/``echo_update`` state, as ``(kind, state)`` with
        model ids, msg ids, comm ids and time stamps stripped (with ``sizes``:
        ``(kind, state, frame_bytes, t_ms)``). ``comm_id`` (= the widget's
        ``model_id``) picks one widget; otherwise every widget of ``anywidget_id``."""
        comms = {comm_id} if comm_id else self.widget_comm_ids(anywidget_id)
        out = []
        for t, _, size, m in self.frames[start:]:
            if m is None or m.get("channel") not in (None, "iopub"):
                continue
            kind = m.get("msg_type")
            content = m.get("content") or {}
            if content.get("comm_id") not in comms:
                continue
            data = content.get("data") or {}
            if kind == "comm_open":
                item = ("open", normalize(data.get("state")))
            elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
                item = (data["method"], normalize(data.get("state")))
            else:
                continue
            out.append(item + (size, t) if sizes else item)
        return out


def walk(value: Any, path: tuple = ()):
    """Every ``(path, key, value)`` inside nested dicts and lists (a message's content),
    for the leak checks that look for a secret anywhere in what reached the browser."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path + (k,), k, v
            yield from walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, path + (i,))


def merged(states: list) -> list[dict]:
    """Fold ``FrameLog.widget_states`` messages ``(kind, state)`` into the widget's
    synced state after each one (a message carries only the traits it changed)."""
    cur: dict = {}
    out = []
    for _, st in states:
        cur = {**cur, **(st or {})}
        out.append(cur)
    return out


def states_by_step(states: list, stop=None) -> dict[int, dict]:
    """The widget's synced state after the last message at each game step (``replay``'s
    ``length``: the actions applied so far), up to the first merged state for which
    ``stop(state)`` is true (not included).

    Paced bots that fall behind (a busy machine) apply every step due by then in one batch,
    so which steps get a message of their own depends on timing; two runs of the same game
    are compared step by step on the steps both show, never message by message."""
    out: dict[int, dict] = {}
    for st in merged(states):
        if stop is not None and stop(st):
            break
        out[(st.get("replay") or {}).get("length")] = st
    return out


def compare_by_step(sa: list, sb: list, stop=None) -> tuple[list[int], int | None]:
    """Two runs' states compared at each step both show, before ``stop``: ``(the steps
    compared, the first step whose states differ, or None)``."""
    a, b = states_by_step(sa, stop), states_by_step(sb, stop)
    common = sorted(set(a) & set(b), key=lambda s: -1 if s is None else s)
    return common, next((s for s in common if a[s] != b[s]), None)


def normalize(value: Any) -> Any:
    """Strip what differs between two runs of the same game: model ids."""
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    if isinstance(value, str):
        return IPY_MODEL.sub("IPY_MODEL_x", value)
    return value


# --------------------------------------------------------- in-page measurement
#: Click an element and resolve with ``{t0, tdom}``: ``performance.now()`` at the click
#: and at the first DOM change that happens *after* the click handler returned (i.e. a
#: redraw caused by the kernel's answer, not a local highlight), observed under ``root``.
CLICK_TIMES_JS = """async ([el, root, timeoutMs]) => new Promise((resolve) => {
  let t0 = 0, done = false;
  // a countdown ticking (role="timer": a real-time game's clock) is not a redraw
  const ticking = (r) => {
    const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    return Boolean(node && node.closest('[role="timer"]'));
  };
  const obs = new MutationObserver((records) => {
    if (done || records.every(ticking)) return;
    done = true; obs.disconnect();
    resolve({ t0, tdom: performance.now() });
  });
  obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  t0 = performance.now();
  el.click();
  obs.takeRecords();
  setTimeout(() => { if (!done) { done = true; obs.disconnect(); resolve(null); } }, timeoutMs);
})"""

#: The same, as the milliseconds from the click to that DOM change (null: none in time).
CLICK_TO_REDRAW_JS = f"""async (args) => {{
  const times = await ({CLICK_TIMES_JS})(args);
  return times === null ? null : times.tdom - times.t0;
}}"""

#: ``[ms to that DOM change, ms to the end of the next animation frame after it]``: the
#: frame's style, layout and paint done on the page's main thread, i.e. roughly when the
#: redraw is on screen (null: no change in time). The first figure is the same as above.
CLICK_TO_FRAME_JS = f"""async (args) => {{
  const times = await ({CLICK_TIMES_JS})(args);
  if (times === null) return null;
  const tframe = await new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
  return [times.tdom - times.t0, tframe - times.t0];
}}"""


#: The root's computed `contain`, and its visible descendants whose box leaves the root's
#: padding box (they would be cut off by paint containment).
CONTAINED_JS = """(r) => {
  const edges = (e) => { const b = e.getBoundingClientRect(), s = getComputedStyle(e);
    return [b.left + parseFloat(s.borderLeftWidth), b.top + parseFloat(s.borderTopWidth),
            b.right - parseFloat(s.borderRightWidth), b.bottom - parseFloat(s.borderBottomWidth)]; };
  const [L, T, R, B] = edges(r);
  const outside = [];
  for (const e of r.querySelectorAll('*')) {
    const b = e.getBoundingClientRect();
    if (!(b.width > 0 && b.height > 0)) continue;
    let [l, t, rr, bb] = [b.left, b.top, b.right, b.bottom];
    // what a scrolling or clipping box inside the root hides is not drawn anyway
    for (let a = e.parentElement; a && a !== r; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const [al, at, ar, ab] = edges(a);
        l = Math.max(l, al); t = Math.max(t, at); rr = Math.min(rr, ar); bb = Math.min(bb, ab);
      }
    }
    if (rr <= l || bb <= t) continue;
    if (l < L - 0.5 || t < T - 0.5 || rr > R + 0.5 || bb > B + 0.5)
      outside.push(`${e.tagName.toLowerCase()}.${e.getAttribute('class')} [${[l, t, rr, bb].map(Math.round)}] root [${[L, T, R, B].map(Math.round)}]`);
  }
  return [getComputedStyle(r).contain, outside.slice(0, 5)];
}"""


def assert_contained(root, name: str) -> None:
    """A widget's redraw invalidates the widget only (``contain: layout paint style`` on
    its root), so the root clips what it draws: nothing in it may stick out."""
    contain, outside = root.evaluate(CONTAINED_JS)
    # (Chromium writes `layout paint style` as its shorthand `content`)
    kinds = set(contain.split()) | ({"layout", "paint"} if contain in ("content", "strict") else set())
    assert {"layout", "paint"} <= kinds, f"{name}'s root is not contained: contain: {contain}"
    assert not outside, f"{name}: parts drawn outside the root would be clipped: {outside}"


#: Click and return how long the synchronous click handler took (a local redraw).
SYNC_CLICK_JS = "(el) => { const t0 = performance.now(); el.click(); return performance.now() - t0; }"


class SeededPlayer:
    """A person playing a widget in the page by seeded choices, by key or by click
    (alternately). A game's test sets ``state_js`` (what the person can do now, read
    from the page only) and writes ``_step(state)``; ``done`` counts what was done."""

    state_js = ""

    def __init__(self, page, root, seed=7):
        self.page, self.root = page, root
        self.rng = random.Random(seed)
        self.done: dict[str, int] = {}
        #: the errors the widget showed, each counted when it came on screen (a failure
        #: that counts what was done says with these what the widget answered to it)
        self.errors: dict[str, int] = {}
        self._shown_error: str | None = None
        self.n = 0

    def state(self) -> dict:
        return self.root.evaluate(self.state_js)

    def did(self, what: str) -> None:
        self.done[what] = self.done.get(what, 0) + 1

    def by_key(self, kind: str | None = None) -> bool:
        """Key or click, alternately; for a ``kind`` of action (``did``'s "<kind> by key" and
        "<kind> by click"), first the way it was not done yet: with other actions between, the
        alternation alone could land one kind on the same way every time (a Brouhaha round
        with a Hunter in hand: every play by click, CI)."""
        self.n += 1
        if kind is not None:
            keyed, clicked = self.done.get(f"{kind} by key"), self.done.get(f"{kind} by click")
            if keyed and not clicked:
                return False
            if clicked and not keyed:
                return True
        return self.n % 2 == 0

    def click(self, testid: str) -> None:
        self.root.locator(f'[data-testid="{testid}"]').click(timeout=2000)

    def key(self, key: str) -> None:
        self.root.focus()
        self.page.keyboard.press(key)

    def step(self) -> dict:
        """Read the state, do one thing; a button that went away mid-click is no failure."""
        s = self.state()
        error = s.get("error")
        if error and error != self._shown_error:
            self.errors[error] = self.errors.get(error, 0) + 1
        self._shown_error = error
        try:
            self._step(s)
        except Exception as exc:
            if not went_away(exc) and "not enabled" not in str(exc):
                raise
        return s

    def _step(self, state: dict) -> None:
        raise NotImplementedError


def went_away(exc: BaseException) -> bool:
    """Whether ``exc``, raised by a click or a tap, says only that the control went away or
    could not be acted on in time (the bots play on meanwhile): the caller looks again.
    Anything else is a real failure and is raised again."""
    return "Timeout" in type(exc).__name__ or "detached" in str(exc)


def wait_until(predicate: Callable[[], Any], timeout: float = 30, interval: float = 0.1, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError(f"timed out after {timeout} s waiting for {what}")


# ------------------------------------------------------- Costume Party driver
#: What a human can do now in a Costume Party view, read from the DOM only
#: (the ``data-testid`` contract in ``brady_widgets/costume_party/widget.py``).
CP_STATE_JS = """(root) => {
  const q = (id) => root.querySelector(`[data-testid="${id}"]`);
  const on = (el) => !!el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const ids = (prefix) => [...root.querySelectorAll(`[data-testid^="${prefix}"]`)]
      .filter(on).map((el) => el.dataset.testid.slice(prefix.length));
  const text = (id) => { const el = q(id); return el ? el.textContent.trim() : null; };
  const selected = [...root.querySelectorAll('[data-testid^="figure-"][aria-pressed="true"]')]
      .map((el) => Number(el.dataset.testid.slice(7)));
  const log = q('log');
  return {
    phase: root.dataset.phase || null,
    seat: root.dataset.seat ?? null,
    curtain: root.dataset.curtain || null,
    roll: on(q('roll')),
    figures: ids('figure-').map(Number),
    selected,
    rooms: ids('room-'),
    kills: ids('kill-').map(Number),
    draw: on(q('draw')),
    lift: on(q('lift-curtain')),
    runBots: on(q('run-bots')),
    winner: text('winner'),
    error: text('error'),
    me: text('me'),
    curtainText: text('curtain'),
    seatAlive: (q(`seat-${root.dataset.seat}`) || {dataset: {}}).dataset.alive !== 'false',
    sig: `${root.dataset.phase}|${root.dataset.seat}|${root.dataset.curtain}|${log ? log.textContent : ''}|${text('error') || ''}`,
  };
}"""


class CostumePartyDriver:
    """Plays the shown human seat of a Costume Party view by clicking.

    Policy (deterministic, so two runs click the same things): roll; on a color
    the first highlighted figure, then the first highlighted room; on black draw
    when allowed, else the first kill button."""

    def __init__(self, page, root_locator, *, timeout: float = 30):
        self.page = page
        self.root = root_locator
        self.timeout = timeout
        self.clicks: list[str] = []
        self.local_ms: list[float] = []  # view-only redraws timed by step(measure=True)

    def state(self) -> dict:
        return self.root.evaluate(CP_STATE_JS)

    def game_over(self) -> bool:
        s = self.state()
        return s["phase"] == "over" or bool(s["winner"] and "win" in s["winner"])

    def next_click(self, s: dict | None = None) -> tuple[str, bool] | None:
        """(data-testid to click, round_trip) for the policy, or None (not our turn)."""
        s = s or self.state()
        if s["error"]:
            raise AssertionError(f"the widget shows an error: {s['error']}")
        if s["phase"] == "over":
            return None
        if s["lift"]:
            return "lift-curtain", True
        if s["phase"] == "roll" and s["roll"]:
            return "roll", True
        if s["phase"] == "move" and s["figures"]:
            if s["selected"] and s["rooms"]:
                return f"room-{s['rooms'][0]}", True
            return f"figure-{s['figures'][0]}", False
        if s["phase"] == "black":
            if s["draw"]:
                return "draw", True
            if s["kills"]:
                return f"kill-{s['kills'][0]}", True
        return None

    def button(self, testid: str):
        return self.root.locator(f'[data-testid="{testid}"]')

    def wait_actionable(self, timeout: float | None = None) -> dict:
        """Wait until the shown seat can act or the game is over."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            s = self.state()
            if s["phase"] == "over" or self.next_click(s) is not None:
                return s
            if time.monotonic() > deadline:
                raise TimeoutError(f"the widget never let the human act: {s}")
            self.page.wait_for_timeout(50)

    def step(self, measure: bool = False) -> float | None:
        """One click of the policy; waits until a round trip has redrawn the view.
        With ``measure``: the in-page click-to-redraw time in ms for a round trip
        click (None for a local click such as selecting a figure)."""
        s = self.wait_actionable()
        nxt = self.next_click(s)
        if nxt is None:
            return None
        testid, round_trip = nxt
        self.clicks.append(testid)
        el = self.button(testid)
        ms = None
        if measure and round_trip:
            ms = self.page.evaluate(CLICK_TO_REDRAW_JS, [el.element_handle(), self.root.element_handle(), 30_000])
            if ms is None:
                raise TimeoutError(f"no redraw within 30 s after clicking {testid}")
        elif measure:
            # a local click (selecting a figure) redraws synchronously: time the view alone
            self.local_ms.append(self.page.evaluate(SYNC_CLICK_JS, el.element_handle()))
        else:
            el.click()
        if round_trip:
            deadline = time.monotonic() + self.timeout
            while self.state()["sig"] == s["sig"]:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"clicking {testid} changed nothing: {s}")
                self.page.wait_for_timeout(20)
        return ms

    def play_until(self, done, max_clicks: int = 2000) -> None:
        for _ in range(max_clicks):
            if done(self):
                return
            self.step()
        raise AssertionError(f"not done after {max_clicks} clicks: {self.state()}")


TAG_OUTPUT_JS = """(modelId) => {
  const panel = window.jupyterapp.shell.currentWidget;
  for (const cell of panel.content.widgets) {
    if (cell.model.type !== 'code') continue;
    const outs = cell.outputArea ? cell.outputArea.widgets : [];
    for (let k = 0; k < cell.model.outputs.length && k < outs.length; k++) {
      const data = cell.model.outputs.get(k).data || {};
      const view = data['application/vnd.jupyter.widget-view+json'];
      if (view && view.model_id === modelId) { outs[k].node.dataset.e2eModel = modelId; return true; }
    }
  }
  return false;
}"""


def start_game(root, timeout: float = 15) -> None:
    """A real-time game waits for the person (issue 25): scroll it into view, press its Start
    and wait until the view shows its clock running (Start also gives the game the keys)."""
    root.scroll_into_view_if_needed()
    root.get_by_test_id("start").click(timeout=timeout * 1000)
    root.page.wait_for_function(
        "(el) => el.getAttribute('data-clock') === 'running'", arg=root.element_handle(), timeout=timeout * 1000
    )


def widget_root(page, model_id: str, selector: str = ".bw-costume", timeout: float = 30):
    """The locator of the view of widget ``model_id`` (found through the cell outputs)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(TAG_OUTPUT_JS, model_id):
        if time.monotonic() > deadline:
            raise TimeoutError(f"no output shows widget {model_id}")
        page.wait_for_timeout(100)
    loc = page.locator(f'[data-e2e-model="{model_id}"] {selector}').first
    loc.wait_for(timeout=timeout * 1000)
    return loc


# ------------------------------------------------------------- a slow link
#: An init script (``page.add_init_script``) that puts ``{ms}`` of delay in each
#: direction between the page and every kernel: ``WebSocket`` is wrapped for
#: ``/api/kernels/<id>/channels`` sockets so that ``send`` and every received
#: ``message`` event are passed on ``{ms}`` ms late, in order. Other sockets are
#: untouched. ``window.__slowLink`` counts the delayed messages and keeps the
#: shortest delay actually applied each way (the proof that the delay is real).
#: (Playwright's ``framereceived`` still sees frames when they reach the browser,
#: before the delay.)
SLOW_LINK_JS = """(() => {
  const DELAY = %(ms)s;
  const Native = window.WebSocket;
  const stats = window.__slowLink = {delay: DELAY, sent: 0, received: 0, minSent: Infinity, minReceived: Infinity};
  const isKernel = (url) => /\\/api\\/kernels\\/[^/?#]+\\/channels/.test(String(url));
  // one FIFO per socket and direction: items leave in order, each DELAY ms after it came
  const fifo = (run, kind) => {
    const q = [];
    const pump = () => {
      const now = performance.now();
      while (q.length && q[0].due <= now) {
        const item = q.shift();
        const late = now - item.t;
        if (kind === 'sent') { stats.sent++; stats.minSent = Math.min(stats.minSent, late); }
        else { stats.received++; stats.minReceived = Math.min(stats.minReceived, late); }
        try { run(item.v); } catch (e) { /* the socket closed meanwhile */ }
      }
      if (q.length) setTimeout(pump, Math.max(0, q[0].due - performance.now()));
    };
    return (v) => {
      const t = performance.now();
      q.push({v, t, due: t + DELAY});
      if (q.length === 1) setTimeout(pump, DELAY);
    };
  };
  class SlowSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!isKernel(url)) return;
      const send = fifo((data) => super.send(data), 'sent');
      this.send = (data) => send(data);
      const mine = new WeakSet();
      const deliver = fifo((ev) => {
        const copy = new MessageEvent('message', {data: ev.data, origin: ev.origin, lastEventId: ev.lastEventId});
        mine.add(copy);
        this.dispatchEvent(copy);
      }, 'received');
      // registered before any listener of the page: hold every message, pass it on later
      this.addEventListener('message', (ev) => {
        if (mine.has(ev)) return;
        ev.stopImmediatePropagation();
        deliver(ev);
      });
    }
  }
  window.WebSocket = SlowSocket;
})();"""


def slow_link(page, ms: float) -> None:
    """Delay every kernel message by ``ms`` each way in ``page`` (call before it loads)."""
    page.add_init_script(SLOW_LINK_JS % {"ms": float(ms)})


# ------------------------------------------------------ key press to redraw
#: Arm a measurement of the next key press under ``root``: from the keydown (its
#: ``performance.now()``, in the capture phase, before the view's handler) to the
#: first DOM change under ``root`` outside ``ignore`` (a selector: e.g. a ticking
#: clock). Press the key (Playwright's keyboard), then ``KEY_TO_REDRAW_RESULT_JS``.
KEY_TO_REDRAW_ARM_JS = """([root, ignore]) => {
  const doc = root.ownerDocument;
  const M = window.__keyRedraw = {t0: null, ms: null, key: null};
  const skip = (n) => ignore && n && (n.nodeType === 1 ? n : n.parentElement)?.closest(ignore);
  const obs = new MutationObserver((records) => {
    if (M.t0 === null || M.ms !== null) return;
    if (records.every((r) => skip(r.target))) return;
    M.ms = performance.now() - M.t0;
    obs.disconnect();
  });
  obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  const onKey = (ev) => {
    if (!root.contains(ev.target)) return;
    M.t0 = performance.now();
    M.key = ev.key;
    obs.takeRecords();
    doc.removeEventListener('keydown', onKey, true);
  };
  doc.addEventListener('keydown', onKey, true);
  M.cancel = () => { obs.disconnect(); doc.removeEventListener('keydown', onKey, true); };
  return true;
}"""

KEY_TO_REDRAW_RESULT_JS = "() => window.__keyRedraw && window.__keyRedraw.ms"


def key_to_redraw(page, root, key: str, ignore: str | None = None, timeout: float = 10) -> float:
    """Press ``key`` (the focus must be under ``root``, a locator) and return the ms, in
    the page, from the keydown to the first DOM change under ``root`` (outside ``ignore``)."""
    page.evaluate(KEY_TO_REDRAW_ARM_JS, [root.element_handle(), ignore])
    page.keyboard.press(key)
    try:
        page.wait_for_function(KEY_TO_REDRAW_RESULT_JS, timeout=timeout * 1000, polling=20)
    except Exception:  # noqa: BLE001 -- playwright's timeout or a page gone: cancel, then say so
        page.evaluate("() => window.__keyRedraw && window.__keyRedraw.cancel()")
        raise TimeoutError(f"no redraw within {timeout} s after pressing {key!r}") from None
    return page.evaluate(KEY_TO_REDRAW_RESULT_JS)


# ----------------------------------------------------------------------- Voila
class Voila:
    """A standalone Voila server for the app-page tests: ``start()``, ``page_url()``, ``stop()``.

    It serves ``root`` (a folder of notebooks) on 127.0.0.1 with a free port, with its own
    config/runtime dirs and ``workdir`` as its working directory (Voila reads a ``voila.json``
    from there). Standalone Voila has no ``/api/status``: ``start()`` waits for the TCP port.
    Its kernels live until the server stops."""

    def __init__(self, workdir: Path, root: Path, options: list[str] = ()):
        self.workdir = Path(workdir)
        self.root = Path(root)
        self.options = list(options)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log_path = self.workdir / "voila.log"
        self.workdir.mkdir(parents=True, exist_ok=True)

    def env(self) -> dict:
        env = dict(os.environ)
        for key, sub in {
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_CONFIG_DIR": "config",
            "IPYTHONDIR": "ipython",
            "XDG_CONFIG_HOME": "xdg-config",
            "XDG_CACHE_HOME": "xdg-cache",
        }.items():
            (self.workdir / sub).mkdir(parents=True, exist_ok=True)
            env[key] = str(self.workdir / sub)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
        env.pop("ANYWIDGET_HMR", None)
        env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
        return env

    def start(self, timeout: float = 90) -> Voila:
        cmd = [
            sys.executable, "-m", "voila", str(self.root), *self.options,
            "--Voila.ip=127.0.0.1", f"--port={self.port}", "--Voila.port_retries=0",
        ]  # fmt: skip
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            cmd, cwd=self.workdir, env=self.env(), stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Voila exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"Voila did not open port {self.port} within {timeout} s:\n{self.log_tail()}")

    def page_url(self, notebook: str, query: str = "") -> str:
        return f"{self.url}/voila/render/{notebook}" + (f"?{query}" if query else "")

    def log_tail(self, n: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._log.close()
        self.proc = None


#: Kernel code for a real-time game's test: ``finish_by_bots()`` plays the rest of the game
#: through the same protocol at once (the widget ``w`` and its ``probe`` are the cell's own).
#: Whole games by the widget's own messages are pytest's (tests/test_widget_protocol.py); a
#: browser test plays a round by clicks and keys, then this, then checks the end screen.
FINISH_BY_BOTS = """
def finish_by_bots():
    # The rest of the game through the same protocol, at once: seat 0 goes to a "hard"
    # bot (seat_bot) and the game runs on virtual time (advance_time) instead of the
    # kernel's clock. A widget on the kernel's clock refuses advance_time, so the timer
    # is cancelled, the clock unanchored, and the bots run in a thread with no event
    # loop (the table's own rule: no running loop, virtual time).
    import threading
    s = w.session
    s._cancel_pending()
    s._anchor = None
    s._sched.now = max(s._sched.now, s.game.clock)
    failed = []

    def run():
        try:
            w.seat_bot(0, "hard")
            w.advance_time(10**6)
        except Exception as exc:  # surfaced below
            failed.append(repr(exc))

    t = threading.Thread(target=run)
    t.start()
    t.join()
    return {"over": w.game.over, "failed": failed, "records": len(probe["records"])}
"""
