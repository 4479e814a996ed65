"""BINDER TEST: build the Binder environment from scratch and run the start notebook in it.

mybinder.org builds the environment from ``binder/`` only: it installs ``binder/requirements.txt``
and then runs ``binder/postBuild`` from the repository root. This test does the same thing in a
brand-new virtual environment (``python -m venv``, no system site-packages) made from a copy of
the repository, and then runs the notebook the README's Binder link opens
(``notebooks/00_start_here.ipynb``) with a kernel that lives in that environment, with nbval
checking its saved outputs. So a dependency missing from the Binder files, a package that does not
install without Node, or a start notebook that only works with a developer's extra packages fails
here, not in a classroom. The other notebooks run under nbval in the main pytest run
(``scripts/test.sh``); here every module that any notebook imports must import in the Binder
environment (a dependency the Binder files lack fails that), and only the start notebook is run
again (running every notebook a second time cost over a minute of CI).

It needs PyPI (or the machine's configured package index) and takes a minute or a few, mostly
installing JupyterLab (pip's cache makes reruns faster). It runs in CI and is never skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
KERNEL = "brady-binder-test"
NOTEBOOK_TIME_LIMIT = 60.0  # seconds of cell execution per notebook
#: the notebook the README's Binder link opens: the one run in the fresh environment
START = "notebooks/00_start_here.ipynb"


def _repo_files() -> list[Path]:
    """The files a fresh clone would have (tracked, plus new files not ignored by git)."""
    if (REPO / ".git").exists() and shutil.which("git"):
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO,
            check=True,
            capture_output=True,
        ).stdout.decode()
        names = [n for n in out.split("\0") if n]
    else:
        names = [str(p.relative_to(REPO)) for p in REPO.rglob("*") if p.is_file()]
    skip = {".git", "node_modules", "__pycache__", ".pytest_cache", ".ipynb_checkpoints"}
    return [Path(n) for n in names if not skip & set(Path(n).parts) and (REPO / n).is_file()]


def _run(cmd, log: list[str], **kw) -> subprocess.CompletedProcess:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    shown = " ".join(str(c) if "\n" not in str(c) else "<script>" for c in cmd)
    log.append(f"$ {shown}  ({time.perf_counter() - start:.1f} s, rc={proc.returncode})")
    assert proc.returncode == 0, f"{cmd} failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return proc


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    """A fresh venv built exactly as mybinder builds its environment; returns paths and a log."""
    tmp = tmp_path_factory.mktemp("binder")
    repo = tmp / "repo"
    for rel in _repo_files():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / rel, repo / rel)
    log: list[str] = []

    runtime = (repo / "binder" / "runtime.txt").read_text().strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}", (
        f"binder/runtime.txt asks for {runtime!r}; this test builds with Python "
        f"{sys.version_info.major}.{sys.version_info.minor}, so it would not test what Binder runs"
    )
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], log)
    bin_dir = venv / "bin"
    py = bin_dir / "python"
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv))
    # 1. what repo2docker does with binder/requirements.txt
    _run([str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"], log, cwd=repo, env=env)
    # 2. then binder/postBuild, from the repository root, with the environment's python first on PATH
    post = _run(["bash", "binder/postBuild"], log, cwd=repo, env=env)
    log.append(post.stdout.strip().splitlines()[-1] if post.stdout.strip() else "(postBuild printed nothing)")
    return {"tmp": tmp, "repo": repo, "venv": venv, "py": py, "env": env, "log": log}


def test_binder_env_is_fresh_and_has_the_package(binder_env):
    py, venv, env = binder_env["py"], binder_env["venv"], binder_env["env"]
    probe = (
        "import json, sys, importlib.resources, brady_widgets, anywidget, jupyterlab\n"
        "static = importlib.resources.files('brady_widgets') / 'static'\n"
        "print(json.dumps({'prefix': sys.prefix, 'base': sys.base_prefix, 'file': brady_widgets.__file__,\n"
        "  'static': sorted(p.name for p in static.iterdir()), 'path': sys.path}))\n"
    )
    out = json.loads(_run([str(py), "-c", probe], binder_env["log"], cwd=binder_env["tmp"], env=env).stdout)
    assert Path(out["prefix"]) == venv and out["prefix"] != out["base"]
    # installed into the venv (not an editable link back to the developer's checkout)
    assert Path(out["file"]).is_relative_to(venv), out["file"]
    assert not any(str(REPO) in p for p in out["path"]), "the venv can see the developer's checkout"
    assert any(name.endswith(".js") for name in out["static"]), f"no JS bundles installed: {out['static']}"
    # no system site-packages: a package the Binder files do not ask for is absent
    missing = subprocess.run([str(py), "-c", "import nbval"], capture_output=True, env=env)
    assert missing.returncode != 0, "the Binder venv sees packages it did not install"


def _notebook_imports(paths, root: Path) -> dict[str, list[str]]:
    """module -> the notebooks whose code cells import it (``import m``, ``from m import x``)."""
    import ast

    found: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "\n".join(
                line for line in "".join(cell["source"]).splitlines() if not line.lstrip().startswith(("%", "!"))
            )
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    where = str(path.relative_to(root))
                    if where not in found[name]:
                        found[name].append(where)
    return dict(found)


def test_every_module_a_notebook_imports_imports_in_the_binder_env(binder_env):
    """The notebooks not run here (they run under nbval in the main pytest run) import
    nothing the Binder environment lacks."""
    folder = binder_env["repo"] / "notebooks"
    modules = _notebook_imports(sorted(folder.rglob("*.ipynb")), folder)
    assert {"brady_widgets", "matplotlib.pyplot", "numpy"} <= set(modules), sorted(modules)
    probe = (
        "import importlib, json, sys\n"
        "failed = {}\n"
        "for name in json.loads(sys.argv[1]):\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as exc:\n"
        "        failed[name] = f'{type(exc).__name__}: {exc}'\n"
        "print(json.dumps(failed))\n"
    )
    env = dict(binder_env["env"], MPLBACKEND="Agg")
    out = _run(
        [str(binder_env["py"]), "-c", probe, json.dumps(sorted(modules))],
        binder_env["log"],
        cwd=binder_env["tmp"],
        env=env,
    )
    failed = json.loads(out.stdout)
    assert not failed, {name: (why, modules[name]) for name, why in failed.items()}


def test_the_start_notebook_passes_nbval_in_the_binder_env(binder_env):
    tmp, repo, py, env, log = (binder_env[k] for k in ("tmp", "repo", "py", "env", "log"))
    # a kernel spec for the venv's python, visible only to this run (through JUPYTER_PATH)
    prefix = tmp / "kernels"
    _run([str(py), "-m", "ipykernel", "install", "--prefix", str(prefix), "--name", KERNEL], log, env=env)
    run_env = dict(env, JUPYTER_PATH=str(prefix / "share" / "jupyter"), PYTHONHASHSEED="0")
    notebooks = [repo / START]
    assert notebooks[0].is_file(), START
    report = tmp / "nbval.xml"
    start = time.perf_counter()
    # nbval (from the test runner's environment) checks the saved outputs; every cell runs in
    # the Binder venv's kernel.
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-q",
            "--nbval",
            "--nbval-kernel-name",
            KERNEL,
            "--nbval-sanitize-with",
            "notebooks/nbval-sanitize.cfg",
            f"--junitxml={report}",
            *[str(p.relative_to(repo)) for p in notebooks],
        ],
        cwd=repo,
        env=run_env,
        capture_output=True,
        text=True,
    )
    log.append(f"nbval in the Binder venv: {time.perf_counter() - start:.1f} s, rc={proc.returncode}")
    assert proc.returncode == 0, (
        f"nbval failed in the Binder environment:\n{proc.stdout[-6000:]}\n{proc.stderr[-3000:]}"
    )
    # every cell ran (none skipped) and each notebook stays under the time limit
    per_notebook: dict[str, float] = defaultdict(float)
    cells: dict[str, int] = defaultdict(int)
    for case in ET.parse(report).getroot().iter("testcase"):
        assert case.find("skipped") is None, f"nbval skipped {case.get('name')}"
        # classname is e.g. "notebooks.costume_party.ipynb"
        name = case.get("classname", "").removesuffix(".ipynb").rsplit(".", 1)[-1] + ".ipynb"
        per_notebook[name] += float(case.get("time", 0))
        cells[name] += 1
    log.append(
        "cell time per notebook: "
        + ", ".join(f"{k}: {v:.1f} s ({cells[k]} cells)" for k, v in sorted(per_notebook.items()))
    )
    assert set(per_notebook) == {p.name for p in notebooks}, per_notebook
    slow = {k: round(v, 1) for k, v in per_notebook.items() if v > NOTEBOOK_TIME_LIMIT}
    assert not slow, f"notebooks slower than {NOTEBOOK_TIME_LIMIT} s: {slow}"
    print("\n".join(log))


def test_readme_binder_link_opens_the_start_notebook_in_jupyterlab():
    import re

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(
        r"https://mybinder\.org/v2/gh/([^/\s)]+)/([^/\s)]+)/([^?\s)]+)\?urlpath=lab/tree/([^\s)`]+)", readme
    )
    assert links, "README has no mybinder link that opens JupyterLab"
    for owner, repo, ref, path in links:
        assert (repo, ref) == ("brady_widgets", "main"), (owner, repo, ref)
        assert path == START and (REPO / path).is_file(), path
        if owner == "OWNER":  # the placeholder, until the repository is public
            assert "Replace `OWNER`" in readme, "the README must say that OWNER is a placeholder"
    assert os.access(REPO / "binder" / "postBuild", os.X_OK), "binder/postBuild must be executable"
