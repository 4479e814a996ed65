"""The teacher guide answers every checked exercise, with the answer check() compares with."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from brady_widgets.engine.registry import load_exercises, names
from brady_widgets.exercises import answer_key

REPO = Path(__file__).resolve().parents[1]
GUIDE = REPO / "docs" / "teacher_guide.md"


def _script():
    spec = importlib.util.spec_from_file_location("answer_key_script", REPO / "scripts" / "answer_key.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_guides_answer_key_is_the_packages():
    text = GUIDE.read_text()
    assert _script().with_key(text) == text, "run: python scripts/answer_key.py"
    assert answer_key() in text


def test_every_exercise_is_in_the_answer_key():
    text = GUIDE.read_text()
    keys = [f"{g}.{k}" for g in names() for k in load_exercises(g)]
    assert len(keys) >= 3
    for key in keys:
        assert f"`{key}`" in text, key


def test_the_guide_covers_every_notebook():
    text = GUIDE.read_text()
    for nb in sorted((REPO / "notebooks").glob("*.ipynb")):
        assert f"`{nb.name}`" in text, f"the teacher guide does not mention {nb.name}"


def test_the_guide_does_not_promise_a_replay_of_the_moves_nor_miscount_the_rows_outside():
    """Issue 27: nothing records a group's moves; two or more of 12 rows outside ± 2 SE is about 1 in 10."""
    text = GUIDE.read_text()
    assert "replay exactly what a group played" not in text
    assert "as happens about half the time" not in text
    assert "two or more only about 1 time in 10" in text


def test_the_guide_opens_with_every_game():
    """The first paragraph names the games the package has (it once said "two party games")."""
    import brady_widgets

    first = GUIDE.read_text().split("\n\n")[1]
    games = brady_widgets.games()
    assert f"{len(games)} party games" in first.replace("four", "4").replace("three", "3").replace("five", "5")
    for game in games.values():
        assert game.title.split(":")[0].replace("The ", "").strip() in first, game.title


def test_the_big_brother_tutorial_names_the_guides_misconceptions():
    """The guide lists three Big Brother misconceptions; the tutorial names each, before the exercises,
    and its debrief is core in the first cell as in its heading."""
    import json

    nb = json.loads((REPO / "notebooks" / "big_brother.ipynb").read_text(encoding="utf-8"))
    md = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    text = "\n".join(md)
    for said in ('"I can vote for myself', '"There are always two nominees', '"A gossip match is likely'):
        assert said in text, said
    assert text.index("Name the misconceptions") < text.index("# Exercises")
    assert "teacher's debrief (core" in md[0] and "debrief (core)" in text
