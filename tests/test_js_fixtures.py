"""The JS unit tests' fixtures are the states the widgets sync today.

``js/test/fixtures/*.json`` are real synced states written by ``js/test/make_fixtures.py``
and ``js/test/make_big_brother_fixtures.py`` (the keys from ``brady_widgets.protocol``).
They were written by hand-run scripts and went stale unnoticed (no ``clock``, log
entries without ``action``, an old Big Brother title): this test writes them again into
a temporary folder and fails if a committed one differs, or if the folder holds a
fixture neither script writes. Both scripts take about a second together.
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
SCRIPTS = ("make_fixtures.py", "make_big_brother_fixtures.py")


def _script(name: str):
    spec = importlib.util.spec_from_file_location(f"_bw_fixtures_{name[:-3]}", JS_TEST / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("fixtures")
    for name in SCRIPTS:
        _script(name).main(out)
    return out


def test_the_committed_fixtures_are_what_the_scripts_write(written):
    fresh = {p.name: p.read_bytes() for p in written.glob("*.json")}
    committed = {p.name: p.read_bytes() for p in FIXTURES.glob("*.json")}
    assert fresh, "the scripts wrote nothing"
    stale = sorted(name for name in fresh if committed.get(name) != fresh[name])
    orphans = sorted(set(committed) - set(fresh))
    assert not stale and not orphans, (
        f"stale JS fixtures {stale}, fixtures no script writes {orphans}: run "
        + " and ".join(f"`python js/test/{s}`" for s in SCRIPTS)
        + " from the repository root and commit js/test/fixtures"
    )


def test_every_fixture_holds_every_declared_trait(written):
    for path in sorted(written.glob("*.json")):
        assert sorted(json.loads(path.read_text(encoding="utf-8"))) == sorted(TRAITS), path.name
