"""Write every game's widget states the JS unit tests render (real synced states, not hand-made).

Each game's fixtures are written by its own script beside this one,
``js/test/make_<game>_fixtures.py`` (a ``main(folder)`` writing ``*.json`` files), so a new
game adds its script and edits nothing here. Run from the repository root after changing
what the widgets sync:
    python js/test/make_fixtures.py [folder]     (default: js/test/fixtures)
tests/test_js_fixtures.py writes them all into a temporary folder and fails if the committed
ones differ, or if the folder holds a fixture no script writes.
"""

import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE / "fixtures"


def scripts() -> list[pathlib.Path]:
    """The games' fixture scripts, ``make_<game>_fixtures.py``, in name order."""
    return sorted(HERE.glob("make_*_fixtures.py"))


def _load(path: pathlib.Path):
    spec = importlib.util.spec_from_file_location(f"_bw_fixtures_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(out: pathlib.Path = OUT) -> None:
    for path in scripts():
        _load(path).main(out)


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
