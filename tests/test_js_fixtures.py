"""The JS unit tests' fixtures are the states the widgets sync today.

``js/test/fixtures/*.json`` are real synced states written by ``js/test/make_fixtures.py``,
which runs each game's ``js/test/make_<game>_fixtures.py`` (the keys from
``brady_widgets.protocol``; a new game adds its script and edits nothing shared).
They were written by hand-run scripts and went stale unnoticed (no ``clock``, log
entries without ``action``, an old Big Brother title): this test writes them again into
a temporary folder and fails if a committed one differs, or if the folder holds a
fixture no script writes. The scripts take about a second together.
"""

from __future__ import annotations

import importlib.util
import json
import pathlib

import pytest

from brady_widgets.protocol import TRAITS

ROOT = pathlib.Path(__file__).resolve().parent.parent
JS_TEST = ROOT / "js" / "test"
FIXTURES = JS_TEST / "fixtures"
RUNNER = "make_fixtures.py"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(f"_bw_fixtures_{name[:-3]}", JS_TEST / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("fixtures")
    _script(RUNNER).main(out)
    return out


def test_the_runner_runs_every_games_fixture_script():
    found = [p.name for p in _script(RUNNER).scripts()]
    assert found == sorted(p.name for p in JS_TEST.glob("make_*_fixtures.py")) and len(found) >= 3
    assert RUNNER not in found


def test_the_committed_fixtures_are_what_the_scripts_write(written):
    fresh = {p.name: p.read_bytes() for p in written.glob("*.json")}
    committed = {p.name: p.read_bytes() for p in FIXTURES.glob("*.json")}
    assert fresh, "the scripts wrote nothing"
    stale = sorted(name for name in fresh if committed.get(name) != fresh[name])
    orphans = sorted(set(committed) - set(fresh))
    assert not stale and not orphans, (
        f"stale JS fixtures {stale}, fixtures no script writes {orphans}: run "
        + f"`python js/test/{RUNNER}` from the repository root and commit js/test/fixtures"
    )


def test_every_fixture_holds_every_declared_trait(written):
    for path in sorted(written.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        # refusals.json (make_refusal_fixtures.py): per game, a start and an end state and the errors
        states = [g[k] for g in data.values() for k in ("start", "over")] if path.name == "refusals.json" else [data]
        for state in states:
            assert sorted(state) == sorted(TRAITS), path.name
