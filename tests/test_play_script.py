"""scripts/play.sh in a temporary copy of the repository, without the network: the python
it would make the venv with and the venv's python are stand-ins that write down how they
were called (a real venv and a real install need PyPI). The script makes its own venv
once and reuses it, installs into the venv's python (never the first python3), installs
again only when pyproject.toml or a file of brady_widgets/ changed (a stamp of their
hash), and starts JupyterLab with --ServerApp.allow_root=True (it refused to start as
root). ``--dry-run`` says the same and does nothing."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

FAKE_PY = """#!/usr/bin/env bash
# a stand-in python: writes down its arguments; `-m venv DIR` makes DIR/bin/python (another stand-in)
echo "$(basename "$0") $*" >> "{calls}"
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  mkdir -p "$3/bin"
  cp "$0" "$3/bin/python"
fi
exit 0
"""


def _copy(tmp: Path) -> Path:
    repo = tmp / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "play.sh", repo / "scripts" / "play.sh")
    shutil.copy(REPO / "pyproject.toml", repo / "pyproject.toml")
    (repo / "brady_widgets" / "static").mkdir(parents=True)
    (repo / "brady_widgets" / "__init__.py").write_text("VERSION = 1\n")
    (repo / "brady_widgets" / "static" / "a.js").write_text("export default 1;\n")
    (repo / "notebooks").mkdir()
    return repo


def _fake_python(tmp: Path) -> tuple[Path, Path]:
    calls = tmp / "calls.txt"
    base = tmp / "bin" / "python3-base"
    base.parent.mkdir()
    base.write_text(FAKE_PY.replace("{calls}", str(calls)))
    base.chmod(base.stat().st_mode | stat.S_IXUSR)
    return base, calls


def play(repo: Path, base: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("BRADY_VENV", "VIRTUAL_ENV")}
    env["PYTHON"] = str(base)
    out = subprocess.run(
        ["bash", str(repo / "scripts" / "play.sh"), *args], env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def calls_of(calls: Path) -> list[str]:
    lines = calls.read_text().splitlines() if calls.exists() else []
    calls.unlink(missing_ok=True)
    return lines


def test_play_makes_its_own_venv_once_and_installs_only_when_the_package_changed(tmp_path):
    repo = _copy(tmp_path)
    base, calls = _fake_python(tmp_path)
    venv = repo / ".venv-play"

    # a dry run first: it says what it would do and does nothing
    said = play(repo, base, "--dry-run")
    assert f"creating the venv {venv} with {base}" in said
    assert "installing the package into the venv (stamp none -> " in said
    assert f"would run: {venv}/bin/python -m jupyterlab --ServerApp.allow_root=True" in said
    assert said.rstrip().endswith("notebooks/00_start_here.ipynb")
    assert not venv.exists() and calls_of(calls) == []

    # the first run: the venv is made with the python found, the package installed into it
    play(repo, base, "--no-browser")
    assert calls_of(calls) == [
        f"python3-base -m venv {venv}",
        "python -m pip install --progress-bar off -e .[play]",
        f"python -m jupyterlab --ServerApp.allow_root=True --ServerApp.root_dir={repo} "
        f"--LabApp.app_settings_dir={repo}/scripts/lab-settings notebooks/00_start_here.ipynb --no-browser",
    ]
    stamp = (venv / "brady-play.stamp").read_text().strip()
    assert len(stamp) == 64

    # the second run reuses both
    said = play(repo, base)
    assert f"reusing the venv {venv}" in said and f"unchanged since the last install (stamp {stamp})" in said
    assert [c.split(" ", 2)[:2] for c in calls_of(calls)] == [["python", "-m"]]  # jupyterlab only

    # a cache file is no change; a package file or pyproject.toml is
    (repo / "brady_widgets" / "__pycache__").mkdir()
    (repo / "brady_widgets" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    assert "no install" in play(repo, base, "--dry-run")
    for changed in (repo / "brady_widgets" / "static" / "a.js", repo / "pyproject.toml"):
        changed.write_text(changed.read_text() + "\n")
        said = play(repo, base, "--dry-run")
        assert f"installing the package into the venv (stamp {stamp} -> " in said, said
        calls_of(calls)
        play(repo, base)
        assert calls_of(calls)[0] == "python -m pip install --progress-bar off -e .[play]"
        new = (venv / "brady-play.stamp").read_text().strip()
        assert new != stamp
        stamp = new


def test_play_says_when_it_runs_as_root(tmp_path):
    repo = _copy(tmp_path)
    base, _ = _fake_python(tmp_path)
    said = play(repo, base, "--dry-run")
    assert ("running as root" in said) == (os.geteuid() == 0)
    assert "--ServerApp.allow_root=True" in said  # JupyterLab refuses root without it
