"""The shared engine kernel: the contract every game implements.

A game is a pure-Python state machine. Seats are integers ``0..players-1``.
Everything a caller may do goes through :meth:`Game.act`, which validates the
action against :meth:`Game.legal_actions` *before* touching any state, so a
refused action (an :class:`IllegalAction`) leaves the game exactly as it was.

The kernel is built for all four games of the package:

* ``to_act`` is a *list* of seats: several seats act in simultaneous phases
  (secret card plays, votes); a game keeps their choices hidden until all are in.
* events carry an ``audience`` (``None`` = everyone, or a list of seats), so table
  talk, private peeks and secret commitments are filtered per seat by ``view``.
* time: a real-time game (``realtime = True``) runs on a game clock in ms.
  ``act(seat, action, at=ms)`` needs ``at``, never before :attr:`Game.clock`
  nor at or past :meth:`Game.next_deadline`; :meth:`Game.advance` applies the
  timed transitions due by a time (a window closing with nobody acting). Any
  seat may have legal actions at any time; ``to_act`` is the seats the game
  waits on, possibly none. Both kinds of step are kept in the history
  (``{"seat": "clock", "at": ms}`` for an advance), so a replay gives the same
  game, clock included. A turn-based game is the special case with no
  deadlines: ``at`` stays optional there and nothing about it changes.
* chance is explicit: :meth:`_chance` draws from the game's own seeded RNG, records
  the outcome in the history, and :meth:`chance_outcomes` gives the exact odds of
  the next chance event.
"""

from __future__ import annotations

import copy
import json
import math
import numbers
import operator
import random
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any, ClassVar

from .errors import IllegalAction, brief
from .rng import new_seed

JSON_SCALARS = (str, int, float, bool, type(None))

#: The latest time stamp ``act(..., at=)`` accepts, in ms (the largest exact float integer).
MAX_AT = 2**53
#: ``history`` entries: a chance outcome's and a clock step's ``seat``
CHANCE = "chance"
CLOCK = "clock"
#: The keys of a saved game (``to_json``).
SAVED_KEYS = ("deal", "game", "history", "options", "players", "rng", "seed")
_MT_WORDS = 624  # Mersenne Twister state words (random.Random, state version 3)


def _seat_int(seat: Any) -> Any:
    """A seat given as any integral type (``numpy.int64``, an ``IntEnum``, ...) as a
    plain int; anything else (bools, floats, strings, ...) unchanged, to be refused."""
    if isinstance(seat, bool):
        return seat
    try:
        return operator.index(seat)
    except Exception:  # noqa: BLE001 - not integral (or a broken __index__): refused as malformed
        return seat


def _time_number(at: Any) -> int | float | None:
    """A time given as any real number type (``numpy.int64``, ``numpy.float64``, a
    ``Fraction``) as a plain int or float; None for anything else (a bool, a string,
    NaN, an infinity, a number that no float holds)."""
    if isinstance(at, bool) or not isinstance(at, numbers.Real):
        return None
    try:
        value = int(at) if isinstance(at, numbers.Integral) else float(at)
    except (TypeError, ValueError, OverflowError):
        return None
    return value if type(value) is int or math.isfinite(value) else None


class _ReadOnlyDict(dict):
    """A ``dict`` that refuses every change (``TypeError`` with ``_why``)."""

    __slots__ = ()
    _why = "read-only"

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(self._why)

    # every mutator raises, so their signatures need not match dict's
    __setitem__ = __delitem__ = __ior__ = _read_only  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]

    def __copy__(self) -> dict:
        return dict(self)

    def __reduce__(self):
        return (dict, (dict(self),))


class FrozenAction(_ReadOnlyDict):
    """A legal action a game may hand out to every caller: a read-only ``dict``.

    ``legal_actions`` must never let a caller change the game by changing what it
    got. A game whose legal lists are long and the same in many positions (a Brady
    Alice's ~270 questions) keeps them as tuples of frozen actions and hands out a
    fresh *list* of the same read-only dicts, instead of copying every dict on
    every call. It is a real ``dict`` for everything that reads it (``==``, ``in``,
    ``json.dumps``, ``dict(a)``); changing it raises ``TypeError``, ``copy.copy``
    and ``copy.deepcopy`` give plain dicts, and it pickles as a plain dict.
    """

    __slots__ = ()
    _why = "a legal action is read-only: change a copy, dict(action)"

    def __deepcopy__(self, memo: dict) -> dict:
        return copy.deepcopy(dict(self), memo)


class FrozenEvent(_ReadOnlyDict):
    """A log entry as :meth:`Game.log_for` hands it out: a read-only ``dict`` (its lists
    are :class:`FrozenList` and its dicts ``FrozenEvent``, to any depth).

    Every view carries its seat's whole log, so copying every event for every view would
    make the log the growing part of each step's cost: instead entries are made read-only
    once and shared by every view that shows them. It is a real ``dict`` for everything that reads
    it; changing it raises ``TypeError``; ``copy.copy``/``copy.deepcopy`` give plain
    dicts (``deepcopy``: plain to any depth) and it pickles as a plain dict."""

    __slots__ = ()
    # (views share more than log entries read-only: a moment's public parts, kid entries...)
    _why = "this part of a view is read-only (a log entry, or a part every view of the moment shares): change a copy, copy.deepcopy(it)"

    def __deepcopy__(self, memo: dict) -> dict:
        return {k: copy.deepcopy(v, memo) for k, v in self.items()}


class FrozenList(list):
    """A read-only ``list`` inside a :class:`FrozenEvent` (see there)."""

    __slots__ = ()
    _why = FrozenEvent._why

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(self._why)

    # every mutator raises, so their signatures need not match list's
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo: dict) -> list:
        return [copy.deepcopy(v, memo) for v in self]

    def __reduce__(self):
        return (list, (list(self),))


def seat_audiences(players: int) -> tuple[FrozenList, ...]:
    """Per seat, the read-only audience ``[seat]`` of an event for that seat alone. An engine
    that emits many private events keeps these and hands each out again: a new list per
    event cost about a third of the event, and the kernel's log (``catch_up``) takes a
    read-only event's values as they are."""
    return tuple(FrozenList((seat,)) for seat in range(players))


class LegalList(FrozenList):
    """A seat's legal list as a game may hand it out: the kept list itself, shared by
    every caller until the seat's options change (a random playout asks every seat at
    every step, and copying the lists was most of a step's cost), so it refuses every
    change (``TypeError``); ``list(legal)`` or ``copy.copy`` gives a plain list to change,
    ``copy.deepcopy`` plain dicts too, and it pickles as a plain list. Its actions should
    be :class:`FrozenAction`."""

    __slots__ = ()
    _why = "legal actions are read-only (shared): change a copy, list(legal)"


def _frozen(value: Any) -> Any:
    """``value`` with every list and dict in it made read-only (a new object; scalars shared)."""
    t = type(value)
    if t is list or t is FrozenList:
        return FrozenList([v if type(v) not in _NESTED else _frozen(v) for v in value])
    if t is tuple:
        return tuple(v if type(v) not in _NESTED else _frozen(v) for v in value)
    if _NESTED.isdisjoint(map(type, value.values())):  # a flat event (most are): one copy
        return FrozenEvent(value)
    return FrozenEvent({k: (v if type(v) not in _NESTED else _frozen(v)) for k, v in value.items()})


class _LogCache:
    """:meth:`Game.log_for`'s memory: one read-only copy of each event (``frozen[i]``:
    the entry and its audience, or None for a public event; ``sources[i]``: the event it
    copies), the reveal log (every entry, or None until asked) and per seat (``None``: the
    public view) the entries that log shows so far. Every log kept is up to date with
    ``frozen``: an event is made read-only once and appended to every log it belongs to in
    one pass, so a log's read costs a look-up. Rebuilt if the events list is replaced or
    an event it copied is no longer in its place. A copy of the game (``clone``, a pickle)
    starts with an empty one."""

    __slots__ = ("events", "frozen", "sources", "reveal", "seats", "lists")

    def __init__(self, events: list | None = None):
        self.events = events
        self.frozen: list[tuple] = []
        self.sources: list[dict] = []
        self.reveal: list | None = None
        self.seats: dict[Any, list] = {}
        self.lists: list[list] = []  # every log kept (the public events go to each)

    def __deepcopy__(self, memo):
        return _LogCache()

    def __reduce__(self):
        return (_LogCache, ())

    def catch_up(self, events: list, start: int) -> None:
        """Make the events from ``start`` on read-only and append each to every log kept
        that shows it (``start`` is ``len(self.sources)``)."""
        frozen, sources, lists, seats, reveal = self.frozen, self.sources, self.lists, self.seats, self.reveal
        read_only, nested = FrozenEvent, _NESTED  # (locals: read for every event)
        # An event's values are looked at in a loop of this function, not with
        # _NESTED.isdisjoint(map(type, values)) nor in a call of _frozen: for a flat event
        # of five values that was ~3,300 instructions and the loop ~2,300, and the call of
        # _frozen ~1,000 more (callgrind); an event with a list or a dict in it goes to
        # _frozen when the loop meets the first one
        for ev in events[start:]:
            if "audience" in ev:
                aud = ev["audience"]
                # one read-only copy without the audience (the copy is nobody else's yet:
                # dict's own delete passes its guard). An event emitted read-only (its values
                # scalars or read-only, see log_for) shares its values with no look at them
                # (~3,200 instructions, _frozen's way ~8,700; ~50 a 5-player Brady game); any
                # other is looked at once, and only one with lists or dicts in it is made
                # again by _frozen (a flat private event, most of them: Big Brother's ~240 a
                # game, was copied twice, first without its audience, then read-only)
                entry = read_only(ev)
                _dict_del(entry, "audience")
                if type(ev) is not read_only:
                    for value in entry.values():
                        if type(value) in nested:
                            entry = _frozen(entry)
                            break
            else:  # a public event (most events)
                # one the game emitted read-only (see log_for) is shared as it is: the check
                # and copy of _frozen were most of a flat event's cost (~7,000 of ~9,600
                # instructions), for each of the ~170 events of a 5-player Brady game
                aud = None
                if type(ev) is read_only:
                    entry = ev
                else:
                    for value in ev.values():
                        if type(value) in nested:
                            entry = _frozen(ev)
                            break
                    else:  # a flat event: one read-only copy
                        entry = read_only(ev)
            frozen.append((entry, aud))
            sources.append(ev)
            if aud is None:  # every log shows it
                for shown in lists:
                    shown.append(entry)
                continue
            if reveal is not None:
                reveal.append(entry)
            try:
                for s in aud:
                    got = seats.get(s) if s is not None else None
                    # (a seat named twice in the audience: its log shows the entry once)
                    if got is not None and (not got or got[-1] is not entry):
                        got.append(entry)
            except TypeError:  # an audience member no dict can look up: every seat log asks
                for s, shown in seats.items():
                    if s is not None and s in aud and (not shown or shown[-1] is not entry):
                        shown.append(entry)


#: _LogCache.catch_up: dict's delete, past FrozenEvent's guard (for an entry it is building)
_dict_del = dict.__delitem__
#: _frozen: the types it goes into (everything else in an event is shared as it is); a set:
#: a look-up per value, not five comparisons
_NESTED = frozenset((list, dict, tuple, FrozenList, FrozenEvent))
#: Game._chance: id(outcomes tuple) -> (outcomes, values, cumulative weights, total), for the
#: games that draw from several tuples; cleared when full (8-player Brady games meet ~2,000)
_DRAW_TABLES: dict[int, tuple] = {}
_DRAW_TABLES_MAX = 4096


class _Missing:
    """Game._validate: the value of a key the action does not have (a type no schema names)."""


_MISSING = _Missing()
#: Game._validate's fast path: dict types whose get() reads what action[key] reads
_PLAIN_DICTS = frozenset((dict, FrozenAction))


def _sorted_keys(keys: set) -> list:
    try:
        return sorted(keys)
    except TypeError:  # keys of mixed types (an action such as {"type": ..., 1: 2, "a": 3})
        return sorted(keys, key=lambda k: (type(k).__name__, brief(k)))


class Game:
    """Base class of every game engine. Subclasses fill in the ``_``-methods."""

    #: registry name of the game, e.g. ``"kuhn_poker"`` (lower case, underscores)
    name: ClassVar[str] = ""
    #: human title
    title: ClassVar[str] = ""
    #: allowed numbers of players
    player_counts: ClassVar[range] = range(2, 3)
    #: keyword options and their defaults
    default_options: ClassVar[dict] = {}
    #: action schemas: type -> {key: python type or tuple of types}
    action_schema: ClassVar[dict] = {}
    #: whether the game runs on a clock (``act`` needs ``at``; see the module docstring)
    realtime: ClassVar[bool] = False
    #: action types whose order between seats decides something (a slap race): a
    #: scheduler holds them for a short settle window and applies them in the order
    #: of their time stamps, so a slow link does not decide the race
    races: ClassVar[frozenset] = frozenset()
    #: a game some of whose actions only their own seat sees (no event for anyone else,
    #: no other view changes: Total Black's Hold in the dark) sets this. A screen of such a
    #: game, but the teacher's reveal, then never counts or numbers steps (the replay's
    #: length, a log line's action number) nor shows the view's ``clock`` (it moves to the
    #: time of every action), and has no replay once the game is over: a student would
    #: learn from it that someone acted, and when. The conformance kit checks that a game
    #: with such steps says so.
    private_steps: ClassVar[bool] = False
    #: a real-time engine whose legal lists are cheap to ask sets this: :meth:`act` then
    #: accepts the common case in one pass (:meth:`_accepts_at_once`) before the full
    #: checks. Such an engine keeps ``self._kept``, a dict seat -> the legal list it
    #: hands out copies of (never changed in place; stale entries dropped on every
    #: change of the game), and answers :meth:`_is_legal` fast
    _fast_act: ClassVar[bool] = False
    _kept: dict[int, list]  # set by a ``_fast_act`` engine only (see above)
    _log_cache: _LogCache  # log_for's memory, made by _shown at the first read of a log
    #: ``action_schema`` as ``{type: ((key, type), ...)}`` (made for every subclass)
    _schema_items: ClassVar[dict] = {}
    #: whether :meth:`act` may accept a turn-based action in one pass (made for every subclass)
    _one_pass_turn: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._schema_items = {kind: tuple(schema.items()) for kind, schema in cls.action_schema.items()}
        # act's one pass for a turn-based game (_accepts_turn) repeats Game._validate's checks:
        # a game that adds its own checks to _validate takes them on every act
        cls._one_pass_turn = not cls.realtime and cls._validate is Game._validate

    @classmethod
    def players_refusal(cls, players: Any) -> str:
        """What a person reads when ``players`` is not one of :attr:`player_counts`."""
        counts = cls.player_counts
        if counts.step == 1:
            which = f"{counts[0]} to {counts[-1]} players"
        elif counts.step == 2 and counts[0] % 2 == 0:
            which = f"an even number of players from {counts[0]} to {counts[-1]}"
        else:
            which = f"one of {list(counts)} players"
        return f"{cls.title or cls.name} takes {which}, not {players}"

    def __init__(self, players: int, seed: int | None = 0, *, deal: dict | None = None, **options):
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, got {players!r}")
        if players not in self.player_counts:
            raise ValueError(self.players_refusal(players))
        unknown = sorted(set(options) - set(self.default_options))
        if unknown:
            raise TypeError(
                f"{type(self).__name__} got unknown option(s) {unknown}; known options: {sorted(self.default_options)}"
            )
        if seed is None:
            seed = new_seed()  # 128 bits from `secrets`: no one can guess it
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.players = players
        self.seed = seed
        options = {**self.default_options, **options}
        # a copy the caller cannot change: options of plain scalars (most games) need no deep copy
        atomic = all(type(v) in JSON_SCALARS for v in options.values())
        self.options = options if atomic else copy.deepcopy(options)
        self._check_options()
        self.rng = random.Random(seed)
        self.history: list[dict] = []  # player actions and chance outcomes, in order
        self.events: list[dict] = []  # every event, unfiltered, with its audience
        self._forced: list | None = None  # chance outcomes to replay, if replaying
        self._chance_cache: tuple | None = None  # (outcomes tuple, values, cumulative weights, total)
        self.over = False
        self.winners: list[int] = []
        #: game time in ms: the latest ``at`` applied or advanced to
        self.clock: int | float = 0
        self.deal = self._setup(deal)

    # ----------------------------------------------------------------- contract
    @property
    def to_act(self) -> list[int]:
        """Seats the game waits on (empty when the game is over): a fresh list.

        Turn-based: the seats that may act now (several in simultaneous phases).
        Real time: the seats the game waits on, possibly none while it waits on
        the clock; other seats may still have legal actions (a slap)."""
        return [] if self.over else list(self._to_act())

    def legal_actions(self, seat: int) -> list[dict]:
        """The JSON-safe actions ``seat`` may take now (empty if none).

        ``seat`` is any integral seat number, as for :meth:`act`; anything else (a
        bool, a float, a string, a seat the game does not have) is refused with
        :class:`IllegalAction` ``malformed_action``. In real time "now" is any time
        from :attr:`clock` up to (not including) :meth:`next_deadline`."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat_or_refuse(seat)
        if self.over or (not self.realtime and seat not in self._to_act()):
            return []
        return self._legal(seat)

    def next_deadline(self) -> int | float | None:
        """Game time (ms) of the next timed transition, or ``None`` (turn-based games:
        always ``None``). :meth:`advance` applies it; no action may be stamped at or after it
        before that."""
        if self.over or not self.realtime:
            return None
        return self._next_deadline()

    def advance(self, at: int | float) -> list[dict]:
        """Move the clock to ``at`` (ms), applying every timed transition due by then
        (a deadline ``d <= at``), in order; return the new events.

        Kept in the history as ``{"seat": "clock", "at": at}`` when it changes
        anything. Raises :class:`IllegalAction` (and changes nothing) for a time that
        is not a number, is before :attr:`clock` or past ``2**53``, or when the game
        is over."""
        if self.over:
            raise IllegalAction("game_over", "the game is over", CLOCK, {"type": "advance", "at": at})
        checked = self._check_time(at, CLOCK, {"type": "advance"})
        if checked is None:
            raise IllegalAction("malformed_action", "advance needs a time in ms, got None", CLOCK, {"type": "advance"})
        at = checked
        mark = len(self.events)
        due = self.next_deadline()
        if at == self.clock and (due is None or due > at):
            return []
        self.history.append({"seat": CLOCK, "at": at})
        for _ in range(100_000):
            if due is None or due > at or self.over:
                break
            if due < self.clock:
                raise RuntimeError(f"{type(self).__name__}: next_deadline() {due!r} is before the clock {self.clock!r}")
            self.clock = due
            self._on_deadline(due)
            due = self.next_deadline()
        else:
            raise RuntimeError(f"{type(self).__name__}: the deadline at {due!r} never passes")
        self.clock = at
        return self.events[mark:]

    def act(self, seat: int, action: Any, at: int | float | None = None) -> list[dict]:
        """Apply ``action`` for ``seat``; return the new events.

        Raises :class:`IllegalAction` (and changes nothing) when the game is over,
        the action is malformed, it is not the seat's turn, or the action is not
        one of :meth:`legal_actions`. ``seat`` may be any integral type; it is kept
        as a plain int. ``at`` is ``None`` or a time in ms, ``0 <= at <= MAX_AT``.
        """
        if not (self._fast_act and type(seat) is int and self._accepts_at_once(seat, action, at)) and not (
            self._one_pass_turn and at is None and type(seat) is int and self._accepts_turn(seat, action)
        ):
            if type(seat) is not int:
                seat = _seat_int(seat)
            self._validate(seat, action, at)
            if at is not None and type(at) is not int and type(at) is not float:
                at = _time_number(at)  # e.g. numpy.int64 or numpy.float64: kept as a plain number
        mark = len(self.events)
        # a handed-out legal action is read-only: the history and _apply may share it
        kept = action if type(action) is FrozenAction else dict(action)
        if at is None:
            self.history.append({"seat": seat, "action": kept})
        else:
            self.history.append({"seat": seat, "action": kept, "at": at})
            if at > self.clock:
                self.clock = at
        self._apply(seat, kept if kept is action else dict(action), at)
        return self.events[mark:]

    def check(self, seat: int, action: Any, at: int | float | None = None) -> None:
        """Raise the :class:`IllegalAction` that ``act(seat, action, at)`` would raise,
        or return None if it would be accepted; changes nothing."""
        if type(seat) is not int:
            seat = _seat_int(seat)
        self._validate(seat, action, at)

    def view(self, seat: int | None) -> dict:
        """Everything ``seat`` may know, and nothing more (``None``: the public view).

        A real-time game's views also hold ``clock`` and ``deadline`` (:meth:`next_deadline`)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            seat = self._seat_or_refuse(seat, f"there is no seat {brief(seat)}")
        view = self._view(seat)
        if self.realtime:
            view["clock"], view["deadline"] = self.clock, self.next_deadline()
        return view

    def full_view(self) -> dict:
        """Everything, secrets included: the teacher's reveal."""
        view = self._view(seat=None, reveal=True)
        if self.realtime:
            view["clock"], view["deadline"] = self.clock, self.next_deadline()
        return view

    def log_for(self, seat: int | None, reveal: bool = False) -> list[dict]:
        """The events ``seat`` saw (``reveal``: every event), without their ``audience``.

        A fresh list of read-only entries (:class:`FrozenEvent`): changing the returned
        log never changes the game, and the same entry is shared by every log that shows
        it (an event is made read-only once, at the first read of any log after it, and
        appended then to every log kept that shows it: not copied on every call). Events must not change once emitted (the conformance kit checks
        that each entry still equals its event). A game may emit an event as a
        :class:`FrozenEvent` already, if its values are scalars or read-only themselves
        (:class:`FrozenList`, ``FrozenEvent``, tuples of those): the logs then show a
        public event as that very object, and a private one as one read-only copy
        without its ``audience`` that shares its values (the audience may be a
        :class:`FrozenList`; no view shows it).

        A seat's log only grows: the first ``k`` entries of a later call are the first
        ``k`` of an earlier one (the same objects while the game is not copied), so
        ``log[k:]`` is what is new since a log of ``k`` entries; :meth:`log_since`
        hands out only that."""
        return self._shown(seat, reveal)[:]

    def log_since(self, seat: int | None, cursor: int = 0, reveal: bool = False) -> tuple[list[dict], int]:
        """What ``seat``'s log (:meth:`log_for`) gained since ``cursor``: ``(entries, cursor)``,
        the entries from index ``cursor`` on (a fresh list of the same shared read-only
        entries as :meth:`log_for`'s) and the cursor to pass next time (the log's length
        now). Reading a log this way costs what is new, not the game so far::

            entries, cursor = game.log_since(seat)           # everything so far
            ...
            new, cursor = game.log_since(seat, cursor)       # only what came since

        ``cursor`` is an int from 0 to the log's length (``ValueError`` otherwise: a
        cursor from another game or another seat's longer log)."""
        if type(cursor) is not int:
            if isinstance(cursor, bool) or not isinstance(cursor, numbers.Integral):
                raise ValueError(f"a log cursor is an int >= 0, got {brief(cursor)}")
            cursor = operator.index(cursor)
        shown = self._shown(seat, reveal)
        n = len(shown)
        if not 0 <= cursor <= n:
            raise ValueError(f"log cursor {cursor} is outside this log of {n} entries")
        return shown[cursor:], n

    def seen_since(self, mark: int = 0) -> tuple[frozenset[int] | None, int]:
        """Whose logs gained entries since ``mark`` (the event count a former call
        returned; 0: since the start): ``(None, n)`` if a public event came since (every
        seat's log grew), else ``(seats, n)``, the seats whose logs did (empty: none), with
        ``n`` the mark to pass next time. It costs the events since ``mark``, not a log."""
        events = self.events
        n = len(events)
        if n - mark == 1:
            # one event since (the scheduler looks after every step, and most steps emit one
            # or none): its audience as it is, without the set and the slice of the loop
            audience = events[mark].get("audience")
            return (None if audience is None else frozenset(audience)), n
        seats: set[int] = set()
        for ev in events[mark:]:
            audience = ev.get("audience")
            if audience is None:
                return None, n
            seats.update(audience)
        return frozenset(seats), n

    def _shown(self, seat: int | None, reveal: bool) -> list:
        """The log :meth:`log_for` copies: kept in the log cache and appended to as the
        game goes on (never handed out: callers get copies or slices of it)."""
        events = self.events
        # not self.__dict__.get: reading __dict__ makes CPython 3.11 give up an object's
        # inline attributes for good, and every view would slow the game's steps; and not
        # getattr(self, "_log_cache", None): the builtin's call cost ~350 instructions a
        # view, where the attribute read costs ~40 (a try costs nothing until it raises,
        # once a game)
        try:
            cache = self._log_cache
        except AttributeError:
            cache = None
        if cache is None or cache.events is not events:
            cache = self._log_cache = _LogCache(events)
        sources = cache.sources
        n, m = len(events), len(sources)
        if m != n or (n and events[n - 1] is not sources[n - 1]):
            # new events (or the list changed under the cache: an event it copied is not in
            # its place, or fewer events than it read): every log kept reads them now
            if m > n or (m and events[m - 1] is not sources[m - 1]):
                cache = self._log_cache = _LogCache(events)
                m = 0
            cache.catch_up(events, m)
        if reveal:  # the reveal is one log, whoever asks
            shown = cache.reveal
            if shown is None:
                shown = cache.reveal = [entry for entry, _ in cache.frozen]
                cache.lists.append(shown)
            return shown
        shown = cache.seats.get(seat)
        if shown is None:
            if seat is None:
                shown = [entry for entry, aud in cache.frozen if aud is None]
            else:
                shown = [entry for entry, aud in cache.frozen if aud is None or seat in aud]
            cache.seats[seat] = shown
            cache.lists.append(shown)
        return shown

    @property
    def scores(self) -> list:
        return self._scores()

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """The next chance event's outcomes with exact probabilities ([] if none)."""
        return self._chance_outcomes()

    # ------------------------------------------------------------ serialization
    def to_json(self) -> str:
        """Exact JSON form, mid-game included (holds secrets: server side only)."""
        state = self.rng.getstate()
        return json.dumps(
            {
                "game": self.name,
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "deal": self.deal,
                "history": self.history,
                "rng": [state[0], list(state[1]), state[2]],
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game saved by :meth:`to_json`, RNG state included.

        Raises ``ValueError`` naming the problem for any document that is not a
        saved game of this class (not JSON, a missing key, a wrong type, a history
        that does not replay, an RNG state that no seed produces);
        :class:`IllegalAction`, a ``ValueError``, for a recorded action the game refuses."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            raise ValueError(f"not a saved {cls.name!r} game: not JSON ({brief(str(exc), 200)})") from exc
        if type(data) is not dict:
            raise ValueError(
                f"not a saved {cls.name!r} game: a JSON object is needed, not {type(data).__name__} {brief(data, 60)}"
            )
        missing = [key for key in SAVED_KEYS if key not in data]
        if missing:
            raise ValueError(f"not a saved {cls.name!r} game: missing key(s) {missing}")
        if data["game"] != cls.name:
            raise ValueError(f"this JSON holds a {brief(data['game'], 60)} game, not {cls.name!r}")
        for key in ("players", "seed"):
            if type(data[key]) is not int:
                raise ValueError(f"a saved game's {key!r} must be an int, got {brief(data[key], 60)}")
        if type(data["options"]) is not dict:
            raise ValueError(f"a saved game's 'options' must be an object, got {brief(data['options'], 60)}")
        if type(data["deal"]) is not dict:
            raise ValueError(f"a saved game's 'deal' must be an object, got {brief(data['deal'], 60)}")
        cls._check_saved_history(data["history"])
        state = cls._check_saved_rng(data["rng"])
        try:
            game = cls.replay(data["players"], data["seed"], data["history"], deal=data["deal"], **data["options"])
        except (TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
            raise ValueError(
                f"this saved {cls.name!r} game does not replay: {type(exc).__name__}: {brief(str(exc), 200)}"
            ) from exc
        if len(game.history) != len(data["history"]):
            # advance() records nothing for a clock step that changes nothing; to_json never
            # writes one, and a copy without it would not be this document
            raise ValueError(
                f"this saved {cls.name!r} game does not replay to itself: {len(data['history'])} history "
                f"entries saved, {len(game.history)} replayed (a clock step at the clock with nothing due?)"
            )
        game.rng.setstate(state)
        return game

    @staticmethod
    def _check_saved_history(history: Any) -> None:
        if type(history) is not list:
            raise ValueError(f"a saved game's 'history' must be a list, got {brief(history, 60)}")
        for i, h in enumerate(history):
            if type(h) is not dict:
                raise ValueError(f"history entry {i} must be an object, got {brief(h, 60)}")
            seat = h.get("seat")
            if seat == CHANCE and type(seat) is str:
                ok = set(h) == {"seat", "kind", "outcome"} and type(h["kind"]) is str
                shape = 'a chance outcome {"seat": "chance", "kind": str, "outcome": ...}'
            elif seat == CLOCK and type(seat) is str:
                ok = set(h) == {"seat", "at"} and type(h["at"]) in (int, float)
                shape = 'a clock step {"seat": "clock", "at": ms}'
            else:
                ok = type(seat) is int and type(h.get("action")) is dict and set(h) <= {"seat", "action", "at"}
                shape = 'an action {"seat": int, "action": {...}, "at": ms (optional)}'
            if not ok:
                raise ValueError(f"history entry {i} is not {shape}: {brief(h, 100)}")

    @staticmethod
    def _check_saved_rng(rng: Any) -> tuple:
        """The ``random.Random`` state of a saved ``rng`` entry, if some seed can produce it."""

        def bad(why: str) -> ValueError:
            return ValueError(f"a saved game's 'rng' {why}")

        if type(rng) is not list or len(rng) != 3:
            raise bad(f"must be [3, [624 words, position], gauss], got {brief(rng, 60)}")
        version, internal, gauss = rng
        if type(version) is not int or version != 3:
            raise bad(f"has version {brief(version, 30)}, not 3")
        if type(internal) is not list or len(internal) != _MT_WORDS + 1:
            raise bad(f"state must be a list of {_MT_WORDS + 1} ints")
        for i, w in enumerate(internal):
            if type(w) is not int or not 0 <= w < 2**32 or (i == _MT_WORDS and w > _MT_WORDS):
                limit = f"0..{_MT_WORDS}" if i == _MT_WORDS else "0 <= w < 2**32"
                raise bad(f"state entry {i} must be an int, {limit}, got {brief(w, 30)}")
        if not internal[0] & 0x80000000 and not any(internal[1:_MT_WORDS]):
            raise bad("is the all-zero Mersenne Twister state, which no seed produces (it only draws zeros)")
        if gauss is not None and (type(gauss) is not float or not math.isfinite(gauss)):
            raise bad(f"gauss must be null or a finite number, got {brief(gauss, 30)}")
        return (version, tuple(internal), gauss)

    @classmethod
    def replay(cls, players: int, seed: int, history: list[dict], *, deal: dict | None = None, **options) -> Game:
        """Rebuild a game from its set-up and history (chance outcomes are replayed)."""
        game = cls(players, seed, deal=deal, **options)
        # a new game: a refused record leaves nothing to undo (the game is never handed
        # out), so no all-or-nothing snapshot (a deep copy that cost about half of every
        # replay, and replays are what from_json and resample are made of)
        game._apply_recorded(history)
        return game

    def apply_step(self, entry: dict) -> list[dict]:
        """Apply one recorded step that is not a chance outcome: an action
        ``{"seat", "action", "at"?}`` or a clock step ``{"seat": "clock", "at"}``."""
        if entry.get("seat") == CLOCK:
            return self.advance(entry["at"])
        return self.act(entry["seat"], entry["action"], entry.get("at"))

    def apply_history(self, history: list[dict]) -> None:
        """Apply recorded actions and clock steps, taking chance outcomes from the record."""
        # all or nothing: a refused record undoes the rest. One deep copy of the whole state,
        # a subclass's __slots__ included, so that what __dict__ and the slots share stays shared
        snapshot, slots = copy.deepcopy((self.__dict__, self._slot_values()))
        try:
            self._apply_recorded(history)
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(snapshot)
            for name, value in slots.items():
                setattr(self, name, value)
            raise

    def _slot_values(self) -> dict:
        """name -> value of every ``__slots__`` attribute a subclass declares (a game may keep
        its hot state in slots: CPython's inline layout holds at most 30 attributes)."""
        out = {}
        for cls in type(self).__mro__:
            names = cls.__dict__.get("__slots__", ())
            for name in (names,) if isinstance(names, str) else names:
                if name not in ("__dict__", "__weakref__"):
                    out[name] = getattr(self, name)
        return out

    def _apply_recorded(self, history: list[dict]) -> None:
        """:meth:`apply_history` without its snapshot: a refused record leaves the game
        half-applied (for a game nobody else holds yet, as :meth:`replay` builds)."""
        self._forced = [h["outcome"] for h in history if h.get("seat") == CHANCE]
        for h in history:
            if h.get("seat") != CHANCE:
                self.apply_step(h)
        if self._forced:
            raise ValueError(f"{len(self._forced)} recorded chance outcome(s) were never used")
        self._forced = None

    def clone(self) -> Game:
        """An independent deep copy (for bots that search)."""
        return copy.deepcopy(self)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_json() == self.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        state = "over" if self.over else f"to act: {self.to_act}"
        clock = f" clock={self.clock}" if self.realtime else ""
        return (
            f"<{type(self).__name__} players={self.players} seed={self.seed} step={len(self.history)}{clock} {state}>"
        )

    # ---------------------------------------------------------------- helpers
    def _is_seat(self, seat: Any) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players

    def _seat_or_refuse(self, seat: Any, why: str | None = None) -> int:
        """``seat`` as a plain int, or :class:`IllegalAction` ``malformed_action``."""
        number = _seat_int(seat)
        if type(number) is int and 0 <= number < self.players:
            return number
        raise IllegalAction(
            "malformed_action", why or f"there is no seat {brief(seat)} in a {self.players}-player game", seat
        )

    def _accepts_at_once(self, seat: Any, action: Any, at: Any) -> bool:
        """The common case of a real-time act in one pass (for a ``_fast_act`` engine;
        ``seat`` is a plain int): a plain time from the clock to before the next
        deadline, and either the very action object the game handed out for the seat
        (found by identity in ``self._kept``: well-formed by construction; ``==`` would
        compare dicts, and take look-alikes of other types), or a plain dict (or another
        ``FrozenAction``) of exactly the schema's keys and types that :meth:`_is_legal`
        takes, from a seat of this game. False means "not sure": :meth:`act` then runs
        :meth:`_validate`, which raises its errors (it accepts exactly these too)."""
        if not ((type(at) is int or type(at) is float) and self.clock <= at <= MAX_AT):
            return False
        due = self.next_deadline()
        if due is not None and at >= due:
            return False
        kind_of = type(action)
        if kind_of is FrozenAction:
            got = self._kept.get(seat)
            if got:
                for handed in got:
                    if handed is action:
                        return True
        elif kind_of is not dict:
            return False
        if not (0 <= seat < self.players and not self.over):
            return False
        kind = action.get("type")
        keys = self._schema_items.get(kind) if type(kind) is str else None
        if keys is None or len(action) != len(keys) + 1:
            return False
        for key, typ in keys:
            if type(action.get(key, _MISSING)) is not typ:
                return False
        return self._is_legal(seat, action)

    def _accepts_turn(self, seat: int, action: Any) -> bool:
        """The common case of a turn-based act (no ``at``; ``seat`` a plain int) in one pass:
        every check of :meth:`_validate`'s accepting path, in its order, for a plain dict (or
        a ``FrozenAction``) of exactly the schema's keys and types, from a seat the game
        waits on, that :meth:`_is_legal` takes. False means "not sure": :meth:`act` then runs
        :meth:`_validate`, which raises its errors (or accepts what only its slow path
        takes, such as an ``int`` subclass where the schema says ``int``)."""
        if self.over or not 0 <= seat < self.players:
            return False
        kind_of = type(action)
        if kind_of is not dict and kind_of is not FrozenAction:
            return False
        kind = action.get("type")
        keys = self._schema_items.get(kind) if type(kind) is str else None
        if keys is None or len(action) != len(keys) + 1:
            return False
        get = action.get
        for key, typ in keys:
            if type(get(key, _MISSING)) is not typ:
                return False
        return seat in self._to_act() and self._is_legal(seat, action)

    def _validate(self, seat: Any, action: Any, at: Any) -> None:
        if self.over:
            raise IllegalAction("game_over", "the game is over", seat, action)
        if not (type(seat) is int and 0 <= seat < self.players) and not self._is_seat(seat):
            raise IllegalAction(
                "malformed_action", f"there is no seat {brief(seat)} in a {self.players}-player game", seat, action
            )
        if at is not None or self.realtime:
            self._check_time(at, seat, action)
        if not isinstance(action, dict):
            raise IllegalAction("malformed_action", "an action must be a dict with a 'type'", seat, action)
        kind = action.get("type")
        # one look-up for "is it a known type" and "its schema" (a str is hashable)
        schema = self.action_schema.get(kind) if isinstance(kind, str) else None
        if schema is None:
            raise IllegalAction(
                "malformed_action",
                f"unknown action type {brief(kind)}; known types: {sorted(self.action_schema)}",
                seat,
                action,
            )
        # Fast path: a plain dict (or a FrozenAction) with as many keys as "type" plus
        # the schema's, and every schema key's value exactly of its type (a missing key
        # gives _MISSING, of no schema's type): then the keys are exactly right and
        # every check of the slow path passes. Anything else takes it, for its messages.
        fast = False
        if len(action) == len(schema) + 1 and type(action) in _PLAIN_DICTS:
            get = action.get
            for key, typ in schema.items():
                if type(get(key, _MISSING)) is not typ:
                    break
            else:
                fast = True
        if not fast:
            if len(action) != len(schema) + 1 or not action.keys() >= schema.keys():
                keys = set(action) - {"type"}
                missing, extra = _sorted_keys(set(schema) - keys), _sorted_keys(keys - set(schema))
                raise IllegalAction(
                    "malformed_action",
                    f"a {kind!r} action takes keys {sorted(schema)}"
                    + (f"; missing {brief(missing)}" if missing else "")
                    + (f"; unexpected {brief(extra)}" if extra else ""),
                    seat,
                    action,
                )
            for key, typ in schema.items():
                value = action[key]
                if type(value) is typ:  # exactly the schema's type (a bool is never an int here)
                    continue
                if isinstance(value, bool) and typ is not bool or not isinstance(value, typ):
                    raise IllegalAction("malformed_action", f"{key!r} has the wrong type: {brief(value)}", seat, action)
        if self.realtime:
            if not self._legal(seat):
                raise IllegalAction("not_your_turn", f"seat {seat} has nothing to do now", seat, action)
        elif seat not in self._to_act():
            raise IllegalAction(
                "not_your_turn", f"it is not seat {seat}'s turn (to act: {self._to_act()})", seat, action
            )
        if not self._is_legal(seat, action):
            try:
                why = self._why_illegal(seat, action)
            except ValueError:  # e.g. str() of an int of more than 4300 digits
                why = Game._why_illegal(self, seat, action)
            raise IllegalAction("illegal_action", why, seat, action)

    def _check_time(self, at: Any, seat: Any, action: Any) -> int | float | None:
        """``at`` as a plain number if it is a time this game accepts now, else
        :class:`IllegalAction` ``malformed_action`` (real time: ``illegal_action`` for a
        stamp at or past the next deadline, which :meth:`advance` must apply first)."""
        if at is None:
            if self.realtime:
                raise IllegalAction(
                    "malformed_action", "a real-time game needs 'at', the time of the action in ms", seat, action
                )
            return None
        if not ((type(at) is int or type(at) is float) and 0 <= at <= MAX_AT):
            number = _time_number(at)
            if number is None:
                raise IllegalAction(
                    "malformed_action", f"'at' must be a finite time in ms, got {brief(at)}", seat, action
                )
            at = number
            if not 0 <= at <= MAX_AT:
                raise IllegalAction(
                    "malformed_action", f"'at' must be a time in ms from 0 to 2**53, got {brief(at)}", seat, action
                )
        if self.realtime:
            if at < self.clock:
                raise IllegalAction(
                    "malformed_action", f"'at' {brief(at)} is before the game clock {self.clock}", seat, action
                )
            due = self.next_deadline()
            if due is not None and at >= due and seat != CLOCK:
                raise IllegalAction(
                    "illegal_action",
                    f"'at' {brief(at)} is at or past the deadline {due}: advance({due}) applies it first",
                    seat,
                    action,
                )
        elif seat == CLOCK and at < self.clock:
            raise IllegalAction(
                "malformed_action", f"'at' {brief(at)} is before the game clock {self.clock}", seat, action
            )
        return at

    def _is_legal(self, seat: int, action: dict) -> bool:
        """Whether a well-formed ``action`` of the seat to act is in :meth:`_legal`.

        Games may override this with a faster test that gives the same answer."""
        return action in self._legal(seat)

    def _why_illegal(self, seat: int, action: dict) -> str:
        return "that action is not legal now"

    def _emit(self, type_: str, audience: list[int] | None = None, **fields) -> dict:
        ev = {"type": type_, "step": len(self.history), **fields}
        if audience is not None:
            ev["audience"] = sorted(audience)
        self.events.append(ev)
        return ev

    def _chance(self, kind: str, outcomes: Sequence[tuple[Any, Fraction]]) -> Any:
        """Draw one chance outcome with the given exact odds, and record it."""
        if self._forced is not None:
            if not self._forced:
                raise ValueError("replay ran out of recorded chance outcomes")
            value = self._forced.pop(0)
            if value not in [o for o, _ in outcomes]:
                raise ValueError(f"recorded {kind} outcome {brief(value)} is impossible here")
        else:
            cached = self._chance_cache
            if cached is None or cached[0] is not outcomes or type(outcomes) is not tuple:
                # The table of a tuple of outcomes (which must not change) is kept for the
                # next draw from it. A game that draws from a second tuple shares its tables
                # with every game: Brady's Snoop odds are one tuple per Snoop deck state,
                # shared by every game, and a game never meets one twice. A game with one
                # tuple (Costume Party's die, one per game) keeps it to itself.
                shared = cached is not None and type(outcomes) is tuple
                cached = _DRAW_TABLES.get(id(outcomes)) if shared else None
                if cached is None or cached[0] is not outcomes:
                    values = [o for o, _ in outcomes]
                    cum = list(accumulate(float(p) for _, p in outcomes))
                    total = cum[-1] + 0.0
                    if not total > 0.0:
                        raise ValueError(f"{kind} outcomes must have a positive total probability")
                    cached = (outcomes, values, cum, total)
                    if shared:
                        if len(_DRAW_TABLES) >= _DRAW_TABLES_MAX:
                            _DRAW_TABLES.clear()
                        _DRAW_TABLES[id(outcomes)] = cached  # it holds the tuple: the id is not reused meanwhile
                self._chance_cache = cached
            _, values, cum, total = cached
            # exactly what rng.choices(values, weights=[float(p) ...])[0] does, one random() per draw
            value = values[bisect_right(cum, self.rng.random() * total, 0, len(cum) - 1)]
        self.history.append({"seat": "chance", "kind": kind, "outcome": value})
        return value

    # ------------------------------------------------------ for subclasses
    def _check_options(self) -> None:
        pass

    def _setup(self, deal: dict | None) -> dict:
        raise NotImplementedError

    def _to_act(self) -> list[int]:
        raise NotImplementedError

    def _legal(self, seat: int) -> list[dict]:
        raise NotImplementedError

    def _apply(self, seat: int, action: dict, at: Any) -> None:
        raise NotImplementedError

    def _view(self, seat: int | None, reveal: bool = False) -> dict:
        raise NotImplementedError

    def _scores(self) -> list:
        return [1 if s in self.winners else 0 for s in range(self.players)]

    def _chance_outcomes(self) -> list:
        return []

    # real time (``realtime = True``)
    def _next_deadline(self) -> int | float | None:
        """The game time (ms) of the next timed transition, or ``None``."""
        return None

    def _on_deadline(self, at: int | float) -> None:
        """Apply the timed transition due at ``at`` (``self.clock`` is ``at``); it must
        move :meth:`_next_deadline` on (or end the game)."""
        raise NotImplementedError
