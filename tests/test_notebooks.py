"""Checks on the notebooks that nbval itself does not make.

nbval (``pytest --nbval notebooks/``, run by ``scripts/test.sh``) re-executes every notebook and
compares each cell's output with the saved one. These tests make sure that comparison means
something: the saved outputs come from one clean top-to-bottom run, nothing failed, the only cells
excused from the comparison are widget or plot cells (never a cell that prints a lesson's result),
and the sanitize file (read as nbval reads it) hides no result, so a changed printed result is a
difference nbval reports.
"""

from __future__ import annotations

import json
import re
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
    assert {p.name for p in PATHS} >= {
        "00_start_here.ipynb",
        "costume_party.ipynb",
        "brady_bunch.ipynb",
        "alices_bayes.ipynb",
    }


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
            assert not re.search(r"at 0x[0-9a-fA-F]+", text) or "nbval-ignore-output" in cell.get("metadata", {}).get(
                "tags", []
            ), f"{path.name} cell {i}: an output with a memory address: give the object a deterministic repr"


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


def _sanitize(text: str) -> str:
    """``text`` as nbval sanitizes it with our config (nbval's own parser of the file)."""
    from nbval.plugin import get_sanitize_patterns

    for regex, replace in get_sanitize_patterns(SANITIZE.read_text()):
        text = re.sub(regex, replace, text)
    return text


def _text_outputs(nb: dict) -> list[str]:
    return [
        "".join(out.get("text", [])) + "".join(out.get("data", {}).get("text/plain", []))
        for cell in code_cells(nb)
        for out in cell.get("outputs", [])
    ]


def test_the_sanitize_config_leaves_every_saved_result_as_it_is():
    """Our sanitize file, read as nbval reads it, masks memory addresses and nothing else in
    any saved output, so a changed printed result is still a difference. (nbval's own
    comparison is nbval's business: it is not re-proved here by running it again.)"""
    from nbval.plugin import get_sanitize_patterns

    assert get_sanitize_patterns(SANITIZE.read_text()) == [("at 0x[0-9a-fA-F]+", "at 0xADDRESS")]
    outputs = [text for path in PATHS for text in _text_outputs(load(path))]
    assert len(outputs) > 50
    for text in outputs:
        masked = re.sub(r"at 0x[0-9a-fA-F]+", "at 0xADDRESS", text)
        assert _sanitize(text) == masked, text[:300]
    # the tutorial's printed die odds: a changed result survives the sanitizing
    odds = [t for t in _text_outputs(load(NOTEBOOKS / "costume_party.ipynb")) if "black: 1/3" in t]
    assert odds, "costume_party.ipynb no longer prints the die odds 'black: 1/3'"
    assert _sanitize(odds[0].replace("black: 1/3", "black: 1/2")) != _sanitize(odds[0])


LESSON_NOTEBOOKS = ["costume_party.ipynb", "00_start_here.ipynb"]


@pytest.mark.parametrize("name", LESSON_NOTEBOOKS)
def test_a_lesson_says_what_it_is_for_and_how_long_it_takes(name):
    """lessons.md 1 and 8: objectives, prerequisites and minutes (core and extension) in the first cell;
    sections marked core or extension."""
    nb = load(NOTEBOOKS / name)
    first = "".join(nb["cells"][0]["source"])
    for word in ["After this", "Prerequisites", "minutes", "core", "extension"]:
        assert word.lower() in first.lower(), f"{name}: the first cell does not say {word!r}"
    headings = [
        line
        for c in nb["cells"]
        if c["cell_type"] == "markdown"
        for line in "".join(c["source"]).splitlines()
        if line.startswith(("# Part", "## ")) and not line.startswith("## Step")
    ]  # a rule step is in its part
    unmarked = [h for h in headings if not re.search(r"\b(core|extension|Extension)\b", h)]
    assert headings and not unmarked, unmarked
    assert "Try this" in "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_tutorial_checks_its_exercises_and_saves_no_answer():
    """lessons.md 3 and 4: predict first (collapsed answers), checked exercises whose saved output is
    check's "Not answered yet", short cells."""
    from brady_widgets import check

    nb = load(NOTEBOOKS / "costume_party.ipynb")
    md_text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert md_text.count("Predict first") >= 4 and md_text.count("<details>") >= 2
    assert "gambler's fallacy" in md_text and "P(E | A)" in md_text and "base rate" in md_text
    keys = []
    for cell in code_cells(nb):
        source = "".join(cell["source"])
        assert sum(1 for line in source.splitlines() if line.strip()) <= 12, (
            f"a long cell: move its plumbing into the lesson module:\n{source}"
        )
        found = re.findall(r'check\("(costume_party\.[a-z_0-9]+)", answer\)', source)
        if found:
            keys += found
            assert "answer = None" in source
            outs = ["".join(o.get("data", {}).get("text/plain", [])) for o in cell["outputs"]]
            assert len(outs) == 1 and "Not answered yet" in outs[0], outs
            assert not check(found[0], None).ok and "There is no exercise" not in check(found[0], None).message
    assert len(keys) >= 4 and len(set(keys)) == len(keys), keys


def test_start_here_covers_every_game():
    """00_start_here links each registered game's tutorial and its rules page (docs/<game>.md)."""
    import brady_widgets

    start = load(NOTEBOOKS / "00_start_here.ipynb")
    md_text = "\n".join("".join(c["source"]) for c in start["cells"] if c["cell_type"] == "markdown")
    for key, game in brady_widgets.games().items():
        assert f"({key}.ipynb)" in md_text, f"00_start_here.ipynb does not link the {game.title} tutorial"
        if (REPO / "docs" / f"{key}.md").exists():
            assert f"(../docs/{key}.md)" in md_text, f"00_start_here.ipynb does not link docs/{key}.md"
        assert game.title.split(":")[0].replace("The ", "") in md_text, game.title


def test_every_widget_attribute_a_notebook_reads_on_a_class_is_there():
    """What the lessons call on a widget class (``BradyBunchWidget.statement_text(st)``) is public API:
    a refactor that moves it (to a presenter) must keep it on the class. Read from every code cell."""
    import brady_widgets

    used = set()
    for path in sorted((REPO / "notebooks").rglob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                used |= set(re.findall(r"\b([A-Z]\w*Widget)\.([a-z_]\w*)", "".join(cell["source"])))
    assert ("BradyBunchWidget", "statement_text") in used, "the check reads nothing"
    for cls, attr in sorted(used):
        assert hasattr(getattr(brady_widgets, cls), attr), f"{cls}.{attr}, used by a notebook, is gone"
