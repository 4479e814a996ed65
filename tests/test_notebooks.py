"""Checks on the notebooks that nbval itself does not make.

nbval (``pytest --nbval notebooks/``, run by ``scripts/test.sh``) re-executes every notebook and
compares each cell's output with the saved one. These tests make sure that comparison means
something: the saved outputs come from one clean top-to-bottom run, nothing failed, the only cells
excused from the comparison are widget or plot cells (never a cell that prints a lesson's result),
the sanitize file does not hide results, and a changed printed result really is caught.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
SANITIZE = NOTEBOOKS / "nbval-sanitize.cfg"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
IGNORE_TAGS = {"nbval-ignore-output", "nbval-skip", "raises-exception", "nbval-raises-exception"}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def test_the_notebooks_exist():
    assert {p.name for p in PATHS} >= {"00_start_here.ipynb", "costume_party.ipynb", "brady_bunch.ipynb", "alices_bayes.ipynb"}


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_saved_outputs_come_from_one_clean_run(path):
    cells = code_cells(load(path))
    counts = [c.get("execution_count") for c in cells]
    assert counts == list(range(1, len(cells) + 1)), (
        f"{path.name}: execution counts {counts}: execute the notebook top to bottom in a fresh kernel "
        "(jupyter nbconvert --to notebook --execute --inplace) before committing"
    )
    for i, cell in enumerate(cells):
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", f"{path.name} cell {i}: saved an error: {out.get('ename')}"
            if out["output_type"] == "stream":
                assert out["name"] == "stdout", f"{path.name} cell {i}: writes to stderr: {''.join(out['text'])[:300]}"


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_only_widget_or_plot_cells_escape_the_comparison(path):
    for i, cell in enumerate(code_cells(load(path))):
        tags = set(cell.get("metadata", {}).get("tags", []))
        assert not tags & {"nbval-skip", "raises-exception", "nbval-raises-exception"}, f"{path.name} cell {i}: {tags}"
        if "nbval-ignore-output" in tags:
            kinds = {out["output_type"] for out in cell.get("outputs", [])}
            assert "stream" not in kinds, f"{path.name} cell {i} prints text but its output is not checked"
            assert "NBVAL_IGNORE_OUTPUT" not in "".join(cell["source"])
        assert "NBVAL_SKIP" not in "".join(cell["source"]), f"{path.name} cell {i}"


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_every_cell_has_output_checked_or_is_silent_on_purpose(path):
    """Each printing cell is compared; cells with a widget show a deterministic repr."""
    for i, cell in enumerate(code_cells(load(path))):
        for out in cell.get("outputs", []):
            text = "".join(out.get("data", {}).get("text/plain", []))
            assert not re.search(r"at 0x[0-9a-fA-F]+", text) or "nbval-ignore-output" in cell.get("metadata", {}).get("tags", []), (
                f"{path.name} cell {i}: an output with a memory address: give the object a deterministic repr"
            )


def test_sanitize_file_only_masks_memory_addresses():
    text = SANITIZE.read_text()
    regexes = [line.split(":", 1)[1].strip() for line in text.splitlines() if line.strip().startswith("regex")]
    assert regexes == ["at 0x[0-9a-fA-F]+"], regexes
    for sample in ["1/3", "winners: [0]", "0.802", "Robo the Robot", "kill Polly the Pirate"]:
        assert not any(re.search(r, sample) for r in regexes)


def test_links_between_notebooks_and_docs_resolve():
    start = load(NOTEBOOKS / "00_start_here.ipynb")
    md_text = "\n".join("".join(c["source"]) for c in start["cells"] if c["cell_type"] == "markdown")
    for path in PATHS:
        if path.name != "00_start_here.ipynb":
            assert f"({path.name})" in md_text, f"00_start_here.ipynb does not link to {path.name}"
    for path in PATHS:
        nb = load(path)
        for cell in nb["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)#\s]+)\)", "".join(cell["source"])):
                if "://" in target:
                    continue
                assert (path.parent / target).exists(), f"{path.name}: broken link {target}"


def _mini_notebook(tmp_path: Path, mutate: bool) -> Path:
    """The tutorial's first cells up to the die odds, optionally with one printed result changed."""
    nb = load(NOTEBOOKS / "costume_party.ipynb")
    cells = []
    for cell in nb["cells"]:
        cells.append(cell)
        if cell["cell_type"] == "code" and "die_odds" in "".join(cell["source"]):
            break
    target = cells[-1]
    text = "".join(target["outputs"][0]["text"])
    assert "black: 1/3" in text, text
    if mutate:
        target["outputs"][0]["text"] = text.replace("black: 1/3", "black: 1/2")
    nb = dict(nb, cells=[c for c in cells if c["cell_type"] == "code"])
    out = tmp_path / ("mutated.ipynb" if mutate else "unchanged.ipynb")
    out.write_text(json.dumps(nb), encoding="utf-8")
    return out


def _nbval(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(SANITIZE), str(path)],
        cwd=path.parent, capture_output=True, text=True, timeout=600,
    )


def test_nbval_catches_a_changed_printed_result(tmp_path):
    unchanged = _nbval(_mini_notebook(tmp_path, mutate=False))
    assert unchanged.returncode == 0, unchanged.stdout[-3000:]
    mutated = _nbval(_mini_notebook(tmp_path, mutate=True))
    assert mutated.returncode != 0, "nbval accepted a notebook whose saved result was changed"
    assert "black: 1/2" in mutated.stdout and "black: 1/3" in mutated.stdout, mutated.stdout[-3000:]
