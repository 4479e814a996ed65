"""The libraries that only some uses need, and the extra that installs each.

The core install (``pip install brady_widgets``) is what playing a game needs: pure
Python, so the games also play in a browser kernel (Pyodide) where numpy has no build.
The lessons' simulations need numpy (``lesson.py``, ``fast.py``, ``calibration.py``;
``simulate()`` itself needs none), their charts and progress bars matplotlib and tqdm (the
``lessons`` extra), and a class-sized run on a cluster needs dask (the ``scale`` extra). Modules that
use matplotlib, tqdm or dask import them here, inside the function that draws or counts;
numpy is imported by the lesson modules themselves (or inside their functions). Nothing on
the play path loads any of them (``tests/test_dependencies.py`` checks it)::

    plt = need("matplotlib.pyplot")        # ImportError naming the extra if missing
    if have("tqdm"): ...                   # a bar only when it can be shown
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRAS", "have", "lazy", "need"]

#: The extra (``pip install "brady_widgets[<extra>]"``) that installs each optional
#: top-level package, and what it is for.
EXTRAS: dict[str, tuple[str, str]] = {
    "numpy": ("lessons", "the lessons' simulations"),
    "matplotlib": ("lessons", "the lessons' charts"),
    "tqdm": ("lessons", "the lessons' progress bars"),
    "dask": ("scale", "class-sized runs on a cluster"),
    "distributed": ("scale", "class-sized runs on a cluster"),
}


def _missing(exc: ImportError, module: str) -> bool:
    """Whether ``exc`` says ``module`` (or a package above it) is not installed, as
    opposed to an installed package failing while it loads."""
    name = getattr(exc, "name", None)
    parts = module.split(".")
    return isinstance(exc, ModuleNotFoundError) and name in {".".join(parts[: i + 1]) for i in range(len(parts))}


def need(module: str) -> ModuleType:
    """Import ``module`` (e.g. ``"matplotlib.pyplot"``); if its package is not installed,
    raise an :class:`ImportError` that says which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.split(".")[0]
        if top not in EXTRAS or not _missing(exc, module):
            raise
        extra, why = EXTRAS[top]
        raise ImportError(
            f"{top} is not installed: {why} need it, and the core install of brady_widgets "
            f"(what playing a game needs) leaves it out. Install the {extra!r} extra: "
            f'pip install "brady_widgets[{extra}]"',
            name=top,
        ) from exc


def have(module: str) -> bool:
    """Whether ``module`` can be imported (it is imported if so)."""
    try:
        importlib.import_module(module)
    except ImportError as exc:
        if not _missing(exc, module):
            raise
        return False
    return True


class _Lazy(ModuleType):
    """A stand-in for a module, imported (through :func:`need`) at its first attribute read."""

    def __getattr__(self, attr: str):
        module = need(self.__name__)
        self.__dict__.update(module.__dict__)  # later reads are plain lookups
        return getattr(module, attr)


def lazy(module: str) -> ModuleType:
    """``module``, imported when one of its attributes is first read, for a module whose
    other functions must work without it: ``np = lazy("numpy")`` at the top of a lesson
    module lets the rules tutorials import its plain helpers in a browser kernel with no
    numpy, and a numpy function there raises the ImportError naming the extra."""
    return _Lazy(module)
