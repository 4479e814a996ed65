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


def test_the_readmes_games_and_app_pages_are_the_registrys():
    """The README names every registered game and lists its app pages from generated sections, so a
    new game edits neither by hand; a game registered at run time is named there too."""
    script = _script()
    readme = (REPO / "README.md").read_text()
    assert script.with_readme(readme) == readme, "run: python scripts/answer_key.py"
    for name in names():
        assert f"*{load_game(name).title}*" in script.games_sentence()
        if (REPO / "notebooks" / "app" / f"{name}.ipynb").exists():
            assert f"/voila/render/{name}.ipynb" in script.app_pages()
            assert f"/voila/render/{name}_teacher.ipynb" in script.app_pages()
    import toy_game

    register(toy_game.GAME)
    try:
        sentence = script.games_sentence()
        assert f"*{load_game(toy_game.GAME.name).title}*" in sentence
        assert sentence.startswith(f"{script._COUNTS[len(names())]} in: ")
    finally:
        unregister(toy_game.GAME.name)


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
    """Issue 27: a seed alone does not replay a group's game, its printed moves do (game_record); two or
    more of 12 rows outside ± 2 SE is about 1 in 10."""
    text = GUIDE.read_text()
    assert "replay exactly what a group played" not in text
    assert "`cal.game_record(game, GROUP)`" in text and "`cal.replay_record(line)`" in text
    assert "as happens about half the time" not in text
    assert "two or more only about 1 time in 10" in text


def test_the_guide_opens_with_every_game():
    """The first paragraph counts no games (it once said "two party games" when there were four):
    it points to the generated list, which names every registered game."""
    import re

    import brady_widgets

    text = GUIDE.read_text()
    first = text.split("\n\n")[1]
    assert not re.search(r"\b(one|two|three|four|five|six|\d+) party games\b", first), first
    assert "[The games](#the-games)" in first
    listed = text[text.index("## The games") :].split("<!-- end of game list -->")[0]
    for name, game in brady_widgets.games().items():
        assert f"{game.title} (`{name}`)" in listed, game.title


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
