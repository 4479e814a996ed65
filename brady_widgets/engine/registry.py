"""The game registry: one :class:`GameEntry` per game, declared once, in its folder.

A game package declares everything the shared code needs to know about it in
its ``__init__.py``, as strings only (so importing the package stays cheap)::

    # brady_widgets/<game>/__init__.py
    from ..engine.registry import GameEntry

    GAME = GameEntry(
        "<game>",
        package=__name__,                 # ".x" targets are relative to it
        engine=".rules:MyGame",           # the engine class (required)
        widget=".widget:MyGameWidget",    # the GameWidget subclass
        bots=".bots:BOTS",                # {name: factory(seat, seed) -> bot}
        invariants=".invariants",         # a module with an INVARIANTS list of
                                          # functions, or "mod:attr" naming a
                                          # function or a list of them
        fields=".fields:simulation_fields",  # fn(game, names) -> extra simulate() row fields
        positions=".positions",           # position builders for tests and lessons
        exercises=".exercises:EXERCISES", # {key: Exercise} for brady_widgets.check
        view="<game>",                    # static/<view>.js and .css
        view_root=".bw-my-game",          # the CSS root class of that view
                                          # (default ".bw-" + view, "_" -> "-")
        secrets=".text:secrets",          # fn(engine, seat) -> {"own", "reveal"}
                                          # or None: the text of a seat's secret
                                          # on its own screen and in the teacher's
                                          # reveal (tests/test_every_game.py)
        options=".options:OPTIONS",       # a tuple of Option specs: the settings a
                                          # teacher may choose for a new table (the
                                          # rooms page's form; the server takes no other)
    )

and :data:`GAME_PACKAGES` below lists the game packages: adding a game is a new
folder and one line there. :func:`register` adds a game at run time (a game that
lives outside the package, or a test's toy game). Every ``load_*`` helper
imports its target only when asked, so ``import brady_widgets`` loads no engine,
no widget and no numpy.

The shared modules (``engine/``, ``widget.py``, ``simulation.py``,
``testing/conformance.py``) name no game: they ask this registry.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from dataclasses import fields as _dc_fields
from types import MappingProxyType, ModuleType
from typing import Any

__all__ = [
    "GAME_PACKAGES",
    "GameEntry",
    "Option",
    "check_options",
    "export_target",
    "exports",
    "game_entry",
    "games",
    "load_bots",
    "load_fields",
    "load_game",
    "load_invariants",
    "load_options",
    "load_positions",
    "load_presenter",
    "load_exercises",
    "load_secrets",
    "load_target",
    "load_widget",
    "names",
    "register",
    "unregister",
]

#: The game packages of brady_widgets, each declaring ``GAME = GameEntry(...)``
#: in its ``__init__.py``. One line per game.
GAME_PACKAGES: tuple[str, ...] = (
    "brady_widgets.costume_party",
    "brady_widgets.brady_bunch",
    "brady_widgets.brouhaha",
    "brady_widgets.big_brother",
    "brady_widgets.total_black",
)


def _check_target(what: str, value: Any, *, module_ok: bool) -> None:
    if not isinstance(value, str) or not value.strip(". :"):
        raise TypeError(f"GameEntry.{what} must be a dotted target string, got {value!r}")
    if not module_ok and ":" not in value:
        raise ValueError(f"GameEntry.{what} must be 'module:attribute', got {value!r}")


@dataclass(frozen=True)
class GameEntry:
    """Everything the shared code needs to know about one game, as import targets.

    A target is ``"package.module:attribute"`` (or ``"package.module"`` where a
    module is meant); a target starting with ``.`` is relative to ``package``.
    ``None`` means the game has no such part. ``exports`` names extra objects
    offered at the ``brady_widgets`` top level (``{"Name": target}``); the engine
    and widget classes are offered under their own names without being listed.
    """

    name: str
    engine: str
    widget: str | None = None
    bots: str | None = None
    invariants: str | None = None
    fields: str | None = None
    positions: str | None = None
    view: str | None = None
    exports: Mapping[str, str] = field(default_factory=dict)
    package: str | None = None
    exercises: str | None = None
    view_root: str | None = None
    secrets: str | None = None
    presenter: str | None = None
    options: str | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise ValueError(f"a game name must be an identifier such as 'my_game', got {self.name!r}")
        _check_target("engine", self.engine, module_ok=False)
        for what in ("widget", "bots", "fields", "exercises", "secrets", "presenter", "options"):
            if getattr(self, what) is not None:
                _check_target(what, getattr(self, what), module_ok=False)
        for what in ("invariants", "positions"):
            if getattr(self, what) is not None:
                _check_target(what, getattr(self, what), module_ok=True)
        if self.view is not None and (not isinstance(self.view, str) or not self.view):
            raise TypeError(f"GameEntry.view must be a static bundle name, got {self.view!r}")
        if self.view_root is not None and (
            not isinstance(self.view_root, str) or not self.view_root.startswith(".bw-")
        ):
            raise ValueError(f"GameEntry.view_root must be a CSS class such as '.bw-my-game', got {self.view_root!r}")
        if not isinstance(self.exports, Mapping):
            raise TypeError(f"GameEntry.exports must map names to targets, got {self.exports!r}")
        for key, target in self.exports.items():
            if not isinstance(key, str) or not key.isidentifier():
                raise ValueError(f"GameEntry.exports: {key!r} is not a name")
            _check_target(f"exports[{key!r}]", target, module_ok=False)
        if any(t.startswith(".") for t in self._targets().values()) and not self.package:
            raise ValueError(f"game {self.name!r}: relative targets need package=__name__")
        object.__setattr__(self, "exports", MappingProxyType(dict(self.exports)))

    def __reduce__(self):  # picklable (the mapping proxy is not), e.g. to reach cluster workers
        kwargs = {f.name: getattr(self, f.name) for f in _dc_fields(self)}
        kwargs["exports"] = dict(self.exports)
        return (_make_entry, (kwargs,))

    def _targets(self) -> dict[str, str]:
        out = {
            k: getattr(self, k)
            for k in (
                "engine",
                "widget",
                "bots",
                "invariants",
                "fields",
                "positions",
                "exercises",
                "secrets",
                "presenter",
                "options",
            )
        }
        out.update(self.exports)
        return {k: v for k, v in out.items() if v is not None}

    @property
    def root_class(self) -> str | None:
        """The CSS class at the root of the game's view (every rule of its stylesheet
        is scoped under it): :attr:`view_root`, or ``".bw-"`` + :attr:`view` with
        ``_`` as ``-``; ``None`` without a view."""
        if self.view_root is not None:
            return self.view_root
        return None if self.view is None else ".bw-" + self.view.replace("_", "-")

    def absolute(self, target: str) -> str:
        """``target`` with a leading ``.`` resolved against :attr:`package`."""
        if target.startswith("."):
            return (self.package or "") + target
        return target

    def export_targets(self) -> dict[str, str]:
        """``{top-level name: absolute target}``: the engine and widget classes
        under their own names, then :attr:`exports`."""
        out = {}
        for target in (self.engine, self.widget):
            if target is not None:
                out[target.rpartition(":")[2]] = self.absolute(target)
        for key, target in self.exports.items():
            out[key] = self.absolute(target)
        return out


def _make_entry(kwargs: dict) -> GameEntry:
    return GameEntry(**kwargs)


#: the kinds of a table setting: a whole number, true/false, one of a few words, a seat
#: (0-based; shown as "Seat 1"...), a duration in ms (shown in seconds)
OPTION_KINDS = ("int", "bool", "choice", "seat", "ms")


@dataclass(frozen=True)
class Option:
    """One setting a teacher may choose for a new table (a keyword option of the engine).

    ``kind`` is one of :data:`OPTION_KINDS`; ``default`` the engine's default; ``help`` one
    line that says what it changes, in the game's words; ``label`` the form's label.
    ``min``/``max`` bound an ``int`` or ``ms`` (a ``seat`` is bounded by the table's players);
    ``choices`` are ``(value, words)`` pairs of a ``choice``; ``none`` (say ``"no limit"``)
    lets the setting be left empty, which gives the engine ``None``."""

    name: str
    kind: str
    default: Any
    help: str
    label: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    none: str | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.isidentifier():
            raise ValueError(f"an option's name is an identifier, got {self.name!r}")
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"option {self.name!r}: kind must be one of {OPTION_KINDS}, got {self.kind!r}")
        if not isinstance(self.help, str) or not self.help.strip() or "\n" in self.help:
            raise ValueError(f"option {self.name!r}: help is one line of text")
        if self.kind == "choice" and not (
            self.choices and all(isinstance(c, tuple) and len(c) == 2 for c in self.choices)
        ):
            raise ValueError(f"option {self.name!r}: a choice lists (value, words) pairs")
        if self.kind in ("int", "ms") and (self.min is None or self.max is None or self.min > self.max):
            raise ValueError(f"option {self.name!r}: a number needs min <= max")
        if self.default is not None or self.none is None:
            self.check(self.default, players=None)  # the default is a value the setting takes

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    def check(self, value: Any, players: int | None) -> Any:
        """``value`` if this setting takes it, else ValueError in plain words."""
        what = self.title
        if value is None:
            if self.none is not None:
                return None
            raise ValueError(f"{what} needs a value")
        if self.kind == "bool":
            if type(value) is not bool:
                raise ValueError(f"{what} is yes or no (true or false)")
            return value
        if self.kind == "choice":
            allowed = [c[0] for c in self.choices]
            if not isinstance(value, str) or value not in allowed:
                raise ValueError(f"{what} is one of: {', '.join(c[1] for c in self.choices)}")
            return value
        if type(value) is not int:
            raise ValueError(f"{what} is a whole number{' of milliseconds' if self.kind == 'ms' else ''}")
        if self.kind == "seat":
            top = (players - 1) if isinstance(players, int) else 99
            if not 0 <= value <= top:
                raise ValueError(f"{what} is a seat from 1 to {top + 1}")
            return value
        assert self.min is not None and self.max is not None
        if not self.min <= value <= self.max:
            if self.kind == "ms":
                raise ValueError(f"{what} is from {self.min / 1000:g} to {self.max / 1000:g} seconds")
            raise ValueError(f"{what} is from {self.min} to {self.max}")
        return value

    def to_json(self) -> dict:
        """What the teacher's page draws the setting from."""
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "label": self.title,
            "min": self.min,
            "max": self.max,
            "choices": [list(c) for c in self.choices],
            "none": self.none,
        }


# ------------------------------------------------------------------ the table
_BUILTIN: dict[str, GameEntry] | None = None  # read from GAME_PACKAGES on first use
_ADDED: dict[str, GameEntry] = {}  # register()ed at run time
_REMOVED: set[str] = set()  # builtin games unregister()ed (tests)


def _builtin() -> dict[str, GameEntry]:
    global _BUILTIN
    if _BUILTIN is None:
        found: dict[str, GameEntry] = {}
        for package in GAME_PACKAGES:
            entry = getattr(importlib.import_module(package), "GAME", None)
            if not isinstance(entry, GameEntry):
                raise TypeError(f"{package} must declare GAME = GameEntry(...) in its __init__.py")
            if entry.name in found:
                raise ValueError(f"two game packages register the name {entry.name!r}")
            found[entry.name] = entry
        _BUILTIN = found
    return _BUILTIN


def _table() -> dict[str, GameEntry]:
    table = {name: e for name, e in _builtin().items() if name not in _REMOVED}
    table.update(_ADDED)
    return table


def register(entry: GameEntry, *, replace: bool = False) -> GameEntry:
    """Add a game at run time (a game outside the package, a test's toy game).

    Raises ``ValueError`` if the name is taken, unless ``replace=True``."""
    if not isinstance(entry, GameEntry):
        raise TypeError(f"register() takes a GameEntry, got {entry!r}")
    if entry.name in _table() and not replace:
        raise ValueError(f"a game named {entry.name!r} is already registered (use replace=True)")
    _REMOVED.discard(entry.name)  # a package's game put back keeps its place in names()
    _ADDED[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game (mostly for tests); unknown names raise ``KeyError``."""
    if name not in _table():
        raise KeyError(f"no game named {name!r}")
    _ADDED.pop(name, None)
    if name in _builtin():
        _REMOVED.add(name)


def names() -> list[str]:
    """The registered game names, in registration order (cheap: loads nothing)."""
    return list(_table())


def game_entry(name: str) -> GameEntry:
    """The :class:`GameEntry` registered as ``name`` (``KeyError`` naming the known games)."""
    try:
        return _table()[name]
    except (KeyError, TypeError):
        raise KeyError(f"no game named {name!r}; known games: {sorted(_table())}") from None


def load_target(target: str, package: str | None = None) -> Any:
    """Import ``"pkg.module:attr"`` and return the attribute, or ``"pkg.module"``
    and return the module (a leading ``.`` is relative to ``package``)."""
    module, _, attr = target.partition(":")
    mod = importlib.import_module(module, package if module.startswith(".") else None)
    return getattr(mod, attr) if attr else mod


def _load(entry: GameEntry, what: str) -> Any:
    target = getattr(entry, what)
    return None if target is None else load_target(entry.absolute(target))


def games() -> dict:
    """Return ``{name: GameClass}`` for every registered game (imports the engines)."""
    return {name: load_game(name) for name in _table()}


def load_game(name: str):
    """Return the engine class registered as ``name``."""
    entry = game_entry(name)
    cls = _load(entry, "engine")
    if getattr(cls, "name", None) != entry.name:
        raise TypeError(
            f"{entry.engine} is registered as {entry.name!r} but its name is {getattr(cls, 'name', None)!r}"
        )
    return cls


def _entry_or_none(name: str) -> GameEntry | None:
    return _table().get(name) if isinstance(name, str) else None


def load_widget(name: str):
    """The game's widget class (a ``GameWidget`` subclass), or ``None``."""
    return _load(game_entry(name), "widget")


def load_presenter(name: str) -> type:
    """The game's presenter class (``brady_widgets.presenter.Presenter`` subclass): the one its
    entry names, or the generic presenter of its engine when it names none. Plain: loading it
    imports no widget library."""
    from ..presenter import Presenter

    entry = game_entry(name)
    found = _load(entry, "presenter")
    return found if found is not None else Presenter.for_game(load_game(name))


def load_bots(name: str) -> dict:
    """A fresh copy of the game's bot table ``{bot name: factory(seat, seed) -> bot}``;
    ``{}`` when the game declares no bots or no game is registered as ``name``
    (so an ad-hoc engine in a test simply has no bots)."""
    entry = _entry_or_none(name)
    bots = None if entry is None else _load(entry, "bots")
    return dict(bots or {})


def load_fields(name: str) -> Callable | None:
    """The game's ``fields(game, names) -> dict`` (extra :func:`simulate` row
    fields), or ``None`` (unknown game, or no fields declared)."""
    entry = _entry_or_none(name)
    return None if entry is None else _load(entry, "fields")


def load_invariants(name: str) -> list[Callable]:
    """Import the game's invariants and return the functions the target names
    (a ``"mod:attr"`` function or list of functions, or a module's ``INVARIANTS``
    list; the one way a game declares its invariants, which import nothing from
    the conformance kit). ``[]`` for unknown games."""
    entry = _entry_or_none(name)
    found = None if entry is None else _load(entry, "invariants")
    if found is None:
        return []
    if isinstance(found, ModuleType):
        found = getattr(found, "INVARIANTS", [])
    if callable(found):
        return [found]
    return list(found)


def load_positions(name: str):
    """The game's positions module (position builders for tests and lessons), or ``None``."""
    return _load(game_entry(name), "positions")


def load_secrets(name: str) -> Callable | None:
    """The game's ``secrets(engine, seat) -> {"own": str, "reveal": str} | None``:
    the text a seat's secret shows on its own screen and in the teacher's reveal
    (what the every-game tests look for, and look for on no other screen), or
    ``None`` when the game declares none (the tests then derive it from the views)."""
    return _load(game_entry(name), "secrets")


def load_options(name: str) -> tuple[Option, ...]:
    """The settings a teacher may choose for a new table of ``name`` (``()``: none)."""
    found = _load(game_entry(name), "options")
    if found is None:
        return ()
    found = tuple(found)
    if not all(isinstance(o, Option) for o in found):
        raise TypeError(f"game {name!r}: options must be a tuple of Option, got {found!r}")
    if len({o.name for o in found}) != len(found):
        raise ValueError(f"game {name!r}: two options share a name")
    return found


def check_options(name: str, options: Any, players: int | None = None) -> dict:
    """``options`` checked against the settings ``name`` declares (:func:`load_options`):
    the same dict, or ValueError in plain words naming the setting (an undeclared name, a
    wrong kind, out of range). Nothing is built: the rooms server calls it before a table."""
    if not isinstance(options, dict):
        raise ValueError("the settings are a set of names and values")
    declared = {o.name: o for o in load_options(name)}
    out = {}
    for key, value in options.items():
        option = declared.get(key) if isinstance(key, str) else None
        if option is None:
            known = ", ".join(o.title for o in declared.values()) or "none"
            raise ValueError(f"this game has no setting {str(key)[:40]!r} (its settings: {known})")
        out[key] = option.check(value, players)
    return out


def load_exercises(name: str) -> dict:
    """The game's checked exercises ``{key: Exercise}`` (``brady_widgets.check``), or ``{}``."""
    return _load(game_entry(name), "exercises") or {}


def exports() -> dict[str, str]:
    """``{top-level name: target}`` offered lazily by ``brady_widgets`` for every game."""
    out: dict[str, str] = {}
    for entry in _table().values():
        out.update(entry.export_targets())
    return out


def export_target(attr: str) -> str | None:
    """The target ``brady_widgets.<attr>`` stands for, or ``None``."""
    return exports().get(attr)
