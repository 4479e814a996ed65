"""The teacher guide lists every registered game and answers every checked exercise, with the
answer check() compares with. Both sections are generated (``scripts/answer_key.py``) from the
registry, so a new game needs no edit here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from brady_widgets.engine.registry import load_exercises, load_game, names, register, unregister
from brady_widgets.exercises import answer_key

REPO = Path(__file__).resolve().parents[1]
GUIDE = REPO / "docs" / "teacher_guide.md"


def _script():
    spec = importlib.util.spec_from_file_location("answer_key_script", REPO / "scripts" / "answer_key.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_guides_answer_key_and_game_list_are_the_packages():
    text = GUIDE.read_text()
    assert _script().with_key(text) == text, "run: python scripts/answer_key.py"
    assert answer_key() in text
    assert _script().game_list() in text


def test_the_game_list_names_every_registered_game():
    script = _script()
    for name in names():
        assert f"| {load_game(name).title} (`{name}`) |" in script.game_list()
    import toy_realtime  # a game registered at run time is listed too, with no edit anywhere

    register(toy_realtime.GAME)
    try:
        listed = script.game_list()
        assert f"(`{toy_realtime.GAME.name}`)" in listed and "real time" in listed.splitlines()[-1]
    finally:
        unregister(toy_realtime.GAME.name)


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
