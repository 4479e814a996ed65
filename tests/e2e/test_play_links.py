"""Started the README's way (scripts/play.sh), JupyterLab serves the repository, so
the start notebook's links to ../docs/*.md and ../README.md resolve (they gave 404
when the server's root was notebooks/), and Markdown opens formatted: the
settings override makes "Markdown Preview" the default viewer of .md files.

The flags are read from scripts/play.sh itself, so the test follows the script."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import jlab_harness as H

PLAY = H.REPO / "scripts" / "play.sh"


def play_flags() -> list[str]:
    """The jupyterlab options of scripts/play.sh, with $PWD the repository."""
    text = PLAY.read_text().replace("\\\n", " ")
    line = next(ln for ln in text.splitlines() if "-m jupyterlab" in ln)
    words = shlex.split(line.split("-m jupyterlab", 1)[1].replace('"$@"', ""))
    return [w.replace("$PWD", str(H.REPO)) for w in words]


def links_of(notebook: Path) -> list[str]:
    nb = json.loads(notebook.read_text())
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return re.findall(r"\]\((\.\./[^)#]+)", text)


def test_the_start_notebooks_links_resolve_and_markdown_opens_formatted(tmp_path):
    flags = play_flags()
    assert any(f.startswith("--ServerApp.root_dir=") for f in flags), flags
    assert flags[-1] == "notebooks/00_start_here.ipynb"
    lab = H.JupyterLab(tmp_path, notebooks=None)
    port, token = lab.port, lab.token
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
           "--ServerApp.jpserver_extensions={'jupyter_lsp': False}", *flags]  # fmt: skip
    log = open(tmp_path / "lab.log", "wb")
    proc = subprocess.Popen(
        cmd, cwd=H.REPO, env=lab.env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )

    def get(path: str):
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read())

    try:
        for _ in range(300):
            try:
                get("/api/status")
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                assert proc.poll() is None, (tmp_path / "lab.log").read_text()[-2000:]
                time.sleep(0.3)
        links = links_of(H.REPO / "notebooks" / "00_start_here.ipynb")
        assert {"../docs/costume_party.md", "../README.md"} <= set(links), links
        for link in links:  # relative to notebooks/, inside the server's root
            path = _norm(f"notebooks/{link}")
            model = get(f"/api/contents/{path}?content=0")
            assert model["type"] == "file" and model["name"].endswith(".md"), model
        settings = get("/lab/api/settings/@jupyterlab/docmanager-extension:plugin")
        default = settings["schema"]["properties"]["defaultViewers"]["default"]
        assert default.get("markdown") == "Markdown Preview", default
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


def _norm(path: str) -> str:
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)
