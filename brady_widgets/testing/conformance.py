"""The conformance kit: generic checks that every game engine must pass.

Every check works through the engine contract of ``engine/game.py`` only
(``to_act``, ``legal_actions``, ``act``, ``view``, ``to_json``/``from_json``,
``replay``, ``resample``, ``history``, ``events``; in real time also ``clock``,
``next_deadline``, ``advance`` and ``apply_step``), so the same kit runs on
turn-based games, on simultaneous phases (several seats in ``to_act``), on
turn-based games whose actions carry ``at`` time stamps (pass a ``clock``, e.g.
a :class:`Ticker`) and on real-time games (``realtime = True``), with no other
argument: the kit picks their times itself.

The checks, each usable on its own from any test:

* :func:`random_playout` plays seeded random legal actions; the game must end
  within ``max_actions``, and the registered invariants hold after every step.
  In real time each step (:func:`random_time_step`) either acts (a random seat
  with legal actions, at a random time from the clock up to, not including,
  the next deadline) or advances the clock (to the next deadline, to a random
  time before it, or past it); both kinds of step are counted.
* :func:`check_invariants` runs the generic invariants and the game's own: the
  ``INVARIANTS`` list of the module its registry entry names (``invariants=``;
  an unregistered test game is registered for the test). In real time the
  generic ones are: ``to_act`` holds only seats with legal actions (others may
  have some too), a game not over waits on someone, on a deadline or lets
  someone act, the clock is never before a time stamp of the history, the next
  deadline is never before the clock, and every view holds both.
* :func:`check_round_trip` ``from_json(to_json())`` gives the same JSON, the same
  events and the same view for every seat and for ``None`` (and, in real time,
  the same clock and next deadline: mid-window included).
* :func:`check_game` plays one seeded random game and, along the way, checks the
  invariants, the JSON round trip (at every step, or at a seeded sample of the steps
  with ``round_trip_every``), that copies taken mid-game play
  the same future (the RNG state travels in the JSON), determinism (replaying the
  history, and re-applying the same steps from the same seed, clock steps
  included, give the same views), the leak test at sampled steps, the bots at
  sampled steps and the malformed-action fuzz and "``act`` accepts exactly
  ``legal_actions``" at sampled steps and after the game is over. In real time
  the leak test, the bots and the fuzz also run at the first two steps of every
  open window (:func:`in_window`).
* :func:`check_leaks` the leak test: ``game.resample(seat, rng)`` redraws what
  ``seat`` cannot know; the seat's view, legal actions and (with a
  ``widget_factory``) the widget's synced state must be identical, and the
  resamples must actually change hidden information sometimes.
* :func:`check_bots` every bot in the game's ``BOTS`` registry picks the same
  action in the real and in a resampled world, from deep copies of the view and
  the legal actions, which it must not mutate, and keeps no engine object. In
  real time every seat with legal actions is asked as the scheduler asks it
  (:func:`bot_answer`: ``plan``, or ``choose`` while the game waits on the seat),
  and the answers (an action, ``Later(ms, action)`` or ``None``) must match.
  :func:`bot_playout` plays whole games of one bot; a real-time game is played
  by the :class:`~brady_widgets.scheduler.Scheduler` on virtual time.
* :func:`fuzz_malformed` wrong seats, unknown types, missing and extra keys,
  wrong value types, out-of-range values, non-dict actions and bad time stamps
  each raise :class:`IllegalAction` with the right code and change nothing. In
  real time every case is stamped at the clock, and the times are fuzzed for
  ``act`` and for ``advance``: None, not a number, NaN, infinities, negative,
  past ``2**53`` and before the clock (``malformed_action``), at or after the
  next deadline (``illegal_action``).
* :func:`check_private_steps` an action that changes nothing another seat sees is
  allowed only in a game that says it has private steps (``private_steps``), whose
  screens (but the teacher's reveal) never count or number steps, nor replay the game.
* :func:`check_legal_is_the_truth` every well-formed action that is not legal is
  refused (``not_your_turn`` from a seat not to act; in real time, from a seat
  with no legal action at all), and legal ones are accepted.

Failures raise :class:`ConformanceError` (an ``AssertionError``) with a message
that names the game, the step and the seat.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..engine.errors import ERROR_CODES, IllegalAction, brief
from ..engine.game import CLOCK, MAX_AT, FrozenAction, FrozenEvent, FrozenList, Game
from ..engine.registry import load_bots, load_invariants
from ..scheduler import DEFAULT_LAG, BotError, Later, Scheduler, ask_bot


class ConformanceError(AssertionError):
    """A game broke the engine contract."""


def _fail(game: Game, what: str) -> ConformanceError:
    return ConformanceError(
        f"{type(game).__name__}({game.players}p, seed={game.seed}, step={len(game.history)}): {what}"
    )


def all_views(game: Game) -> dict:
    """``{"None": view(None), "0": view(0), ...}``: every seat's view and the public one."""
    return {str(seat): game.view(seat) for seat in [None, *range(game.players)]}


# ---------------------------------------------------------------- invariants
def _wants_views(fn: Callable) -> bool:
    code = getattr(fn, "__code__", None)
    return code is not None and code.co_argcount >= 2


def invariants_for(game_or_name) -> list[Callable[[Game], None]]:
    """The game's invariants: the functions its registry entry names (its
    invariants module's ``INVARIANTS`` list, or a ``"mod:attr"`` target), ``[]``
    for a game the registry does not know. Each is ``fn(game)`` or
    ``fn(game, views)``: ``views`` is :func:`all_views` of the game at that step
    (computed once per step and shared, since views are the expensive part). A
    function raises ``AssertionError`` (or :class:`ConformanceError`) when its
    invariant does not hold."""
    name = game_or_name if isinstance(game_or_name, str) else game_or_name.name
    return load_invariants(name)


def _json_safe(value: Any) -> bool:
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return False
    return json.loads(text) == value


def generic_invariants(game: Game, views: dict | None = None) -> None:
    """What every game must satisfy at every step, whatever its rules.

    Real time (``game.realtime``): the seats in ``to_act`` have legal actions (other
    seats may have some too), a game not over waits on someone, on a deadline or
    lets someone act, the clock is never before any time stamp of the history, and
    the next deadline is never before the clock.

    ``views``: :func:`all_views` of this step, if already computed."""
    seats = range(game.players)
    to_act = game.to_act
    realtime = game.realtime
    if not isinstance(to_act, list) or len(set(to_act)) != len(to_act) or any(s not in seats for s in to_act):
        raise _fail(game, f"to_act must be a list of distinct seats, got {to_act!r}")
    if game.over:
        if to_act:
            raise _fail(game, f"the game is over but to_act is {to_act}")
        if not set(game.winners) <= set(seats):
            raise _fail(game, f"winners {game.winners} are not seats")
    elif not to_act and not realtime:
        raise _fail(game, "the game is not over but nobody may act")
    anyone = False  # real time: some seat has a legal action
    for seat in seats:
        legal = game.legal_actions(seat)
        if realtime:
            if seat in to_act and not legal:
                raise _fail(game, f"seat {seat}: the game waits on it (to_act) but it has no legal action")
            anyone = anyone or bool(legal)
        elif (seat in to_act) != bool(legal):
            raise _fail(game, f"seat {seat}: in to_act={seat in to_act} but has {len(legal)} legal action(s)")
        if not _json_safe(legal):
            raise _fail(game, f"seat {seat}: legal actions are not JSON-safe: {legal!r}")
        for action in legal:
            if not isinstance(action, dict) or action.get("type") not in game.action_schema:
                raise _fail(game, f"seat {seat}: legal action {action!r} does not follow action_schema")
    views = all_views(game) if views is None else views
    if realtime:
        _time_invariants(game, views, anyone)
    for seat, view in views.items():
        if not _json_safe(view):
            raise _fail(game, f"view({seat}) is not JSON-safe")
    if views and not _json_safe(game.full_view()):
        raise _fail(game, "full_view() is not JSON-safe")
    outcomes = game.chance_outcomes()
    if outcomes:
        probs = [p for _, p in outcomes]
        if not all(isinstance(p, Fraction) and p > 0 for p in probs) or sum(probs) != 1:
            raise _fail(game, f"chance_outcomes must be positive Fractions summing to 1, got {outcomes!r}")
        values = [o for o, _ in outcomes]
        if len(values) != len(set(map(json.dumps, values))):
            raise _fail(game, f"chance_outcomes lists an outcome twice: {values!r}")
    if len(game.scores) != game.players:
        raise _fail(game, f"scores must have one entry per seat, got {game.scores!r}")


def _is_time(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and 0 <= value <= MAX_AT


def _time_invariants(game: Game, views: dict, anyone: bool) -> None:
    """generic_invariants of a real-time game (``anyone``: some seat has a legal action)."""
    clock = game.clock
    if not _is_time(clock):
        raise _fail(game, f"the clock must be a time in ms from 0 to 2**53, got {clock!r}")
    latest = max((h["at"] for h in game.history if "at" in h), default=None)
    if latest is not None and clock < latest:
        raise _fail(game, f"the clock {clock} is before a time stamp of the history ({latest})")
    due = game.next_deadline()
    if due is not None and not (type(due) in (int, float) and due >= clock):
        raise _fail(game, f"next_deadline() {due!r} is not a time at or after the clock {clock}")
    if not game.over and due is None and not game.to_act and not anyone:
        raise _fail(game, "the game is not over but waits on nobody and on no deadline, and nobody may act")
    for seat, view in views.items():
        if view.get("clock") != clock or view.get("deadline") != due:
            raise _fail(game, f"view({seat}) must hold clock={clock} and deadline={due}")


def check_invariants(game: Game, views: dict | None = None, *, with_views: bool = True) -> None:
    """Generic invariants, then every invariant registered for ``game.name``.

    ``views``: :func:`all_views` of this step, if already computed.
    ``with_views=False`` skips the checks that need every seat's view (the
    expensive part), for cheap playouts."""
    if with_views:
        views = all_views(game) if views is None else views
    generic_invariants(game, views if with_views else {})
    for fn in invariants_for(game):
        if _wants_views(fn) and not with_views:
            continue
        try:
            fn(game, views) if _wants_views(fn) else fn(game)
        except ConformanceError:
            raise
        except AssertionError as exc:
            raise _fail(game, f"invariant {fn.__name__} failed: {exc}") from exc


# ------------------------------------------------------------------ playouts
Clock = Callable[[random.Random, int], "int | float | None"]


def no_clock(rng: random.Random, step: int) -> None:
    return None


class Ticker:
    """A clock for real-time games: strictly increasing ``at`` stamps in ms with
    random gaps of 1..``max_gap`` ms (seeded by the playout's RNG)."""

    def __init__(self, start: int = 0, max_gap: int = 900):
        self.now = start
        self.max_gap = max_gap

    def __call__(self, rng: random.Random, step: int) -> int:
        self.now += rng.randint(1, self.max_gap)
        return self.now


def random_step(game: Game, rng: random.Random, clock: Clock = no_clock) -> tuple[int, dict, Any]:
    """Play one random legal action for a random seat among ``to_act``.

    A real-time game takes :func:`random_time_step` instead (``clock`` must not be given:
    the kit picks the times); it returns ``("clock", None, at)`` for a clock step."""
    if game.realtime:
        _no_clock_in_real_time(game, clock)
        return random_time_step(game, rng)
    seat = rng.choice(game.to_act)
    action = rng.choice(game.legal_actions(seat))
    at = clock(rng, len(game.history))
    game.act(seat, action, at=at)
    return seat, action, at


def _no_clock_in_real_time(game: Game | type, clock: Clock | None) -> None:
    if clock is not None and clock is not no_clock:
        name = game.__name__ if isinstance(game, type) else type(game).__name__
        raise TypeError(f"{name} is a real-time game: the kit picks its times, do not pass a clock")


#: random_time_step: the odds of acting (when some seat may) rather than advancing the clock
ACT_ODDS = 0.6
#: random_time_step: the largest gap (ms) of a random time when no deadline bounds it
MAX_GAP = 900


def random_time(rng: random.Random, clock: int | float, deadline: int | float | None) -> int | float:
    """A random time at which an action may be stamped: from ``clock`` up to, not
    including, ``deadline`` (``None``: up to ``MAX_GAP`` ms after the clock). Often the
    clock itself (a tie) or the last ms before the deadline; whole ms unless the clock
    or the deadline is a float."""
    whole = type(clock) is int and (deadline is None or type(deadline) is int)
    end = clock + MAX_GAP + 1 if deadline is None else deadline
    r = rng.random()
    if r < 0.15 or end - clock <= 1:
        return clock
    if r < 0.3 and deadline is not None:
        last = end - 1 if whole else clock + (end - clock) * 0.999
        return last if clock <= last < end else clock
    if whole:
        return rng.randrange(clock, end)
    at = clock + (end - clock) * rng.random()
    return at if clock <= at < end else clock


def random_time_step(game: Game, rng: random.Random) -> tuple[Any, dict | None, int | float]:
    """One random step of a real-time game, seeded by ``rng``: act (a random seat with
    legal actions, a random legal action, at :func:`random_time` between the clock and
    the next deadline) or advance the clock (to the next deadline, to a random time
    before it, or past it, which may pass several deadlines at once). Every step is
    recorded (an advance always moves the clock or passes a deadline). Returns
    ``(seat, action, at)``, or ``("clock", None, at)`` for an advance."""
    clock, due = game.clock, game.next_deadline()
    seats = [s for s in range(game.players) if game.legal_actions(s)]
    if seats and (due is None or due > clock) and (due is None or rng.random() < ACT_ODDS):
        seat = rng.choice(seats)
        action = rng.choice(game.legal_actions(seat))
        at = random_time(rng, clock, due)
        game.act(seat, action, at=at)
        return seat, action, at
    r = rng.random()
    if due is None:
        at = clock + rng.randint(1, MAX_GAP)
    elif r < 0.6 or due - clock <= 1:
        at = due
    elif r < 0.8:  # only time passes
        at = random_time(rng, clock, due)
        at = at if at > clock else due
    else:  # past the deadline: every deadline due by then, in order
        at = due + (rng.randint(1, 2 * MAX_GAP) if type(due) is int else rng.random() * 2 * MAX_GAP)
    at = min(at, MAX_AT)
    game.advance(at)
    return CLOCK, None, at


def random_playout(
    game: Game,
    rng: random.Random | int = 0,
    *,
    max_actions: int = 2000,
    clock: Clock | None = None,
    invariants: bool = True,
    views_every: int = 1,
    on_step: Callable[[Game], None] | None = None,
) -> Game:
    """Play random legal actions until the game ends; fail if it takes more than
    ``max_actions`` actions. Invariants are checked after every step (those that
    need every seat's view: every ``views_every`` steps and at the end)."""
    rng = random.Random(rng) if isinstance(rng, int) else rng
    clock = clock or no_clock
    if invariants:
        check_invariants(game)
    for k in range(1, max_actions + 1):
        if game.over:
            return game
        random_step(game, rng, clock)
        if invariants:
            check_invariants(game, with_views=game.over or k % max(views_every, 1) == 0)
        if on_step is not None:
            on_step(game)
    if not game.over:
        raise _fail(game, f"did not end within {max_actions} actions")
    return game


# ------------------------------------------------------------- round trip
def check_round_trip(game: Game, views: dict | None = None) -> Game:
    """``from_json(to_json())`` is exact; return the copy.

    ``views``: :func:`all_views` of this step, if already computed."""
    text = game.to_json()
    copy_ = type(game).from_json(text)
    if copy_.to_json() != text:
        raise _fail(game, "from_json(to_json()).to_json() differs from to_json()")
    if all_views(copy_) != (all_views(game) if views is None else views):
        raise _fail(game, "a view of the JSON copy differs from the original's")
    if copy_.full_view() != game.full_view():
        raise _fail(game, "full_view() of the JSON copy differs")
    if copy_.events != game.events:
        raise _fail(game, "the JSON copy's events differ")
    if (copy_.over, copy_.winners, copy_.to_act) != (game.over, game.winners, game.to_act):
        raise _fail(game, "the JSON copy's over/winners/to_act differ")
    if game.realtime and (copy_.clock, copy_.next_deadline()) != (game.clock, game.next_deadline()):
        raise _fail(game, "the JSON copy's clock or next deadline differs")
    return copy_


def _player_actions(history: list[dict]) -> list[dict]:
    """The steps of a history: player actions and clock steps (not chance outcomes)."""
    return [h for h in history if h.get("seat") != "chance"]


def replay_steps(cls: type[Game], game: Game):
    """Yield a fresh game (same players, seed, options, deal) after each step of
    ``game.history`` (a player action, or a clock step of a real-time game), its
    chance outcomes taken from the record.

    One game, advanced step by step as :meth:`Game.replay` advances it (without
    ``apply_history``'s undo snapshot, a deep copy of the whole state at every step:
    a refused record fails the caller anyway)."""
    fresh = cls(game.players, game.seed, deal=copy.deepcopy(game.deal), **copy.deepcopy(game.options))
    yield fresh
    history = game.history
    i = 0
    while i < len(history):
        chunk = [history[i]]
        i += 1
        while i < len(history) and history[i].get("seat") == "chance":
            chunk.append(history[i])
            i += 1
        fresh._apply_recorded(copy.deepcopy(chunk))
        yield fresh


def check_determinism(game: Game, recorded: list[dict]) -> None:
    """Same seed + same actions = same views at every step.

    ``recorded[k]`` holds :func:`all_views` after the k-th step (a player action or,
    in real time, a clock step; index 0: the set-up). Checked twice: replaying the
    history with its chance outcomes (from the recorded deal), and re-acting the
    same actions at the same times (``game.apply_step``) on a new game built from
    the seed alone (so the dice come from the seeded RNG).
    """
    cls = type(game)
    n = 0
    for k, fresh in enumerate(replay_steps(cls, game)):
        if all_views(fresh) != recorded[k]:
            raise _fail(game, f"replaying the history gives different views after action {k}")
        n = k
    if n + 1 != len(recorded):
        raise _fail(game, "replay produced a different number of steps")
    fresh = cls(game.players, game.seed, **copy.deepcopy(game.options))
    if all_views(fresh) != recorded[0]:
        raise _fail(game, "a new game from the same seed has a different set-up")
    for k, h in enumerate(_player_actions(game.history), start=1):
        try:
            fresh.apply_step(copy.deepcopy(h))
        except IllegalAction as exc:
            raise _fail(game, f"same seed + same actions: action {k} was refused in the second game ({exc})") from exc
        if all_views(fresh) != recorded[k]:
            raise _fail(game, f"same seed + same actions gives different views after action {k}")
    if fresh.to_json() != game.to_json():
        raise _fail(game, "same seed + same actions gives a different final JSON")
    # The kernel's own act and advance (Game.act, Game.advance: the full checks, plain dicts)
    # make the same game: a game that writes its own fast act, legal_actions or advance for
    # the actions it hands out must do exactly what the kernel does with them.
    kernel = cls(game.players, game.seed, **copy.deepcopy(game.options))
    for k, h in enumerate(_player_actions(game.history), start=1):
        h = copy.deepcopy(h)
        try:
            if h.get("seat") == CLOCK:
                Game.advance(kernel, h["at"])
            else:
                Game.act(kernel, h["seat"], dict(h["action"]), h.get("at"))
        except IllegalAction as exc:
            raise _fail(game, f"the kernel's own act refused action {k} of the game ({exc})") from exc
    if kernel.to_json() != game.to_json() or kernel.events != game.events or all_views(kernel) != recorded[-1]:
        raise _fail(game, "the kernel's own act and advance, given the same actions, make a different game")


# ---------------------------------------------------------------- leak test
#: Synced widget keys that legitimately differ between two widget instances.
#: ``layout`` (and any other trait that holds a child widget) is serialized as a
#: reference ``"IPY_MODEL_<model id>"`` to a per-instance model; it carries no
#: game state. Every other synced trait must be identical.
PER_INSTANCE_WIDGET_KEYS = frozenset({"layout"})


def widget_state(widget) -> dict:
    """The widget's synced state, minus keys that differ per instance."""
    state = widget.get_state()
    out = {}
    for key, value in state.items():
        if key in PER_INSTANCE_WIDGET_KEYS:
            continue
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            continue  # any other child-widget reference: per instance, no game state
        out[key] = value
    return out


def _close(widget) -> None:
    close = getattr(widget, "close", None)
    if close is not None:
        close()


def _align_rng(twin: Game, game: Game) -> None:
    """Give ``twin`` the RNG state of ``game``, so future chance is identical."""
    twin.rng.setstate(game.rng.getstate())


@dataclass
class LeakStats:
    """What a leak test saw: how many resamples, and how many changed hidden facts."""

    resamples: int = 0
    changed: int = 0
    widget_compares: int = 0

    def merge(self, other: LeakStats) -> None:
        self.resamples += other.resamples
        self.changed += other.changed
        self.widget_compares += other.widget_compares


def check_leaks(
    game: Game,
    rng: random.Random | int = 0,
    *,
    seats: Iterable[int | None] | None = None,
    samples: int = 2,
    widget_factory: Callable[[Game, int], Any] | None = None,
    widget_seats: Iterable[int] | None = None,
    widget_samples: int = 1,
) -> LeakStats:
    """The leak test at the current step of ``game``.

    For each seat (default: every seat and ``None``, the public view), draw
    ``samples`` worlds with ``game.resample(seat, rng)`` and require the same
    ``view(seat)``, ``legal_actions(seat)``, ``to_act`` and ``over`` as in the
    real game. With ``widget_factory(game, seat)``, a widget on a copy of the
    real game and one on the resampled game (same RNG state) must have identical
    synced state (:func:`widget_state`), for the first ``widget_samples``
    resamples of each seat (widgets are the slow part). Returns :class:`LeakStats`; the caller
    must require ``changed > 0`` over a game, or the test proved nothing.
    """
    rng = random.Random(rng) if isinstance(rng, int) else rng
    seats = [None, *range(game.players)] if seats is None else list(seats)
    widget_seats = set(range(game.players) if widget_seats is None else widget_seats)
    stats = LeakStats()
    before = game.to_json()
    real_full = game.full_view()
    for seat in seats:
        real_view = game.view(seat)
        real_legal = game.legal_actions(seat) if seat is not None else None
        real_widget = None
        for i in range(samples):
            twin = game.resample(seat, rng)
            if not isinstance(twin, type(game)):
                raise _fail(game, f"resample({seat}) returned a {type(twin).__name__}")
            stats.resamples += 1
            if twin.full_view() != real_full:
                stats.changed += 1
            twin_view = twin.view(seat)
            if twin_view != real_view:
                diff = sorted(k for k in set(real_view) | set(twin_view) if real_view.get(k) != twin_view.get(k))
                raise _fail(game, f"LEAK: view({seat}) depends on hidden information (keys {diff})")
            if seat is not None and twin.legal_actions(seat) != real_legal:
                raise _fail(game, f"LEAK: legal_actions({seat}) depend on hidden information")
            if (twin.to_act, twin.over, twin.winners) != (game.to_act, game.over, game.winners):
                raise _fail(game, f"LEAK: resample({seat}) changed to_act/over/winners")
            if widget_factory is not None and seat in widget_seats and i < widget_samples:
                if real_widget is None:
                    real_copy = type(game).from_json(game.to_json())  # exact, and cheaper than clone()
                    w = widget_factory(real_copy, seat)
                    real_widget = widget_state(w)
                    _close(w)
                _align_rng(twin, game)
                w = widget_factory(twin, seat)
                twin_widget = widget_state(w)
                _close(w)
                stats.widget_compares += 1
                if twin_widget != real_widget:
                    diff = sorted(
                        k for k in set(real_widget) | set(twin_widget) if real_widget.get(k) != twin_widget.get(k)
                    )
                    raise _fail(
                        game,
                        f"LEAK: the widget's synced state for seat {seat} depends on hidden information (traits {diff})",
                    )
    if game.to_json() != before:
        raise _fail(game, "the leak test changed the game")
    return stats


# --------------------------------------------------------------------- bots
def bots_for(cls_or_game) -> dict:
    """The game's bot table from the registry (:func:`~brady_widgets.engine.registry.load_bots`),
    ``{}`` for a game that is not registered or has no bots."""
    if isinstance(cls_or_game, str):
        return load_bots(cls_or_game)
    cls = cls_or_game if isinstance(cls_or_game, type) else type(cls_or_game)
    return load_bots(cls.name)


def _holds_engine(obj: Any, depth: int = 3, seen: set | None = None) -> bool:
    """Does ``obj`` hold a :class:`Game` within ``depth`` levels of attributes/containers?"""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return False
    seen.add(id(obj))
    if isinstance(obj, Game):
        return True
    if depth == 0:
        return False
    if isinstance(obj, dict):
        children = list(obj.keys()) + list(obj.values())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        children = list(obj)
    elif hasattr(obj, "__dict__") and not isinstance(obj, type):
        children = list(vars(obj).values())
    else:
        return False
    return any(_holds_engine(c, depth - 1, seen) for c in children)


def _ask_on_copies(
    bot, game: Game, seat: int, ask: Callable[[dict, list], Any], judge: Callable[[Any, list], None]
) -> Any:
    """``ask(view, legal)`` on deep copies of ``seat``'s view and legal actions; fail if the
    bot mutates them, if ``judge(answer, legal)`` fails, or if the bot ends up holding an
    engine object."""
    view = game.view(seat)
    legal = game.legal_actions(seat)
    view_in, legal_in = copy.deepcopy(view), copy.deepcopy(legal)
    answer = ask(view_in, legal_in)
    if view_in != view:
        raise _fail(game, f"{type(bot).__name__} mutated the view it was given")
    if legal_in != legal:
        raise _fail(game, f"{type(bot).__name__} mutated the legal actions it was given")
    judge(answer, legal)
    if _holds_engine(bot):
        raise _fail(game, f"{type(bot).__name__} holds an engine object")
    return answer


def bot_choose(bot, game: Game, seat: int) -> dict:
    """Ask ``bot`` for ``seat``'s action, giving it deep copies of the view and the
    legal actions only; fail if it mutates them, returns a non-legal action, or
    ends up holding an engine object."""

    def judge(action: Any, legal: list) -> None:
        if action not in legal:
            raise _fail(game, f"{type(bot).__name__} chose {action!r}, which is not legal")

    return _ask_on_copies(bot, game, seat, bot.choose, judge)


def bot_answer(bot, game: Game, seat: int) -> Any:
    """A real-time bot's answer for ``seat``, as the scheduler asks it
    (:func:`brady_widgets.scheduler.ask_bot`: ``plan(view, legal)``, or ``choose``
    for a seat the game waits on), from deep copies of the view and the legal actions
    only; fail if it mutates them, answers anything but an action from ``legal``,
    :class:`~brady_widgets.scheduler.Later` (with such an action, or none) or
    ``None``, or ends up holding an engine object."""

    def judge(answer: Any, legal: list) -> None:
        if not (answer is None or isinstance(answer, (Later, dict))):
            raise _fail(game, f"{type(bot).__name__} answered {answer!r}: an action, Later(ms, action) or None")
        action = answer.action if isinstance(answer, Later) else answer
        if action is not None and action not in legal:
            raise _fail(game, f"{type(bot).__name__} answered {answer!r}, whose action is not legal")

    waited_on = seat in game.to_act
    return _ask_on_copies(bot, game, seat, lambda view, legal: ask_bot(bot, view, legal, True, waited_on), judge)


def check_bots(
    game: Game,
    rng: random.Random | int = 0,
    *,
    bots: dict | None = None,
    bot_seed: int = 0,
) -> int:
    """Every bot gives the same action in the real and in a resampled world.

    For each bot class and each seat to act, two bots with the same seed choose
    from the real view and from the view of ``game.resample(seat, rng)``; the
    actions must be identical. In real time every seat with legal actions is asked
    as the scheduler asks it (:func:`bot_answer`), and the answers (an action, a
    :class:`~brady_widgets.scheduler.Later` or ``None``) must be identical.
    One resampled world per seat serves every bot class (bots get copies of its
    view and legal actions, so none can change it for the next; a resample is a
    replay of the whole history, the expensive part). Returns the number of
    comparisons made.
    """
    rng = random.Random(rng) if isinstance(rng, int) else rng
    bots = bots_for(game) if bots is None else bots
    realtime = game.realtime
    ask = bot_answer if realtime else bot_choose
    seats = [s for s in range(game.players) if game.legal_actions(s)] if realtime else game.to_act
    twins = {seat: game.resample(seat, rng) for seat in seats} if bots else {}
    n = 0
    for name, cls in sorted(bots.items()):
        for seat in seats:
            twin = twins[seat]
            a = ask(cls(seat, bot_seed), game, seat)
            b = ask(cls(seat, bot_seed), twin, seat)
            if a != b:
                raise _fail(
                    game, f"bot {name!r} at seat {seat} chose {a!r} in the real world and {b!r} in a resampled one"
                )
            n += 1
    return n


def bot_playout(
    game: Game,
    bot_cls,
    rng: random.Random | int = 0,
    *,
    bot_seed: int = 0,
    max_actions: int = 2000,
    clock: Clock | None = None,
    check_every: int = 10,
    lag: float = DEFAULT_LAG,
) -> Game:
    """Every seat played by ``bot_cls``; every ``check_every`` actions, a deep copy
    of the acting bot (its state included) must choose the same action from a
    resampled world. The game must end within ``max_actions``.

    A real-time game is played by the :class:`~brady_widgets.scheduler.Scheduler` on
    virtual time, with a settle window of ``lag`` ms (what a widget uses by default):
    every answer is checked as :func:`bot_answer` checks it, and every
    ``check_every``-th one is compared with a deep copy's answer in a resampled world.
    A bot that plans on news only (``plans_on_news``: the scheduler does not ask it
    after a step that brought it none), or that says until when its answer stands
    (``stands_until``: the scheduler does not ask it before then after a step that
    brought it only entries it names quiet), plays the game again so, unwatched: it
    must be the same game, move for move."""
    rng = random.Random(rng) if isinstance(rng, int) else rng
    if game.realtime:
        _no_clock_in_real_time(game, clock)
        return _bot_playout_on_time(game, bot_cls, rng, bot_seed, max_actions, check_every, lag)
    clock = clock or no_clock
    players = {seat: bot_cls(seat, bot_seed) for seat in range(game.players)}
    for k in range(max_actions):
        if game.over:
            return game
        seat = rng.choice(game.to_act)
        bot = players[seat]
        if k % check_every == 0:
            twin_bot = copy.deepcopy(bot)
            twin = game.resample(seat, rng)
            b = bot_choose(twin_bot, twin, seat)
            a = bot_choose(bot, game, seat)
            if a != b:
                raise _fail(
                    game,
                    f"{bot_cls.__name__} at seat {seat} chose {a!r} in the real world and {b!r} in a resampled one",
                )
        else:
            a = bot_choose(bot, game, seat)
        game.act(seat, a, at=clock(rng, len(game.history)))
    if not game.over:
        raise _fail(game, f"a game of {bot_cls.__name__} bots did not end within {max_actions} actions")
    return game


class _Watched:
    """A bot as the scheduler sees it, answering through :func:`bot_answer` (and, every
    ``every``-th question, compared with a deep copy of itself in a resampled world)."""

    def __init__(self, bot, game: Game, seat: int, rng: random.Random, every: int, asked: list):
        self._bot, self._game, self._seat, self._rng, self._every, self._asked = bot, game, seat, rng, every, asked

    def _answer(self) -> Any:
        game, seat, bot = self._game, self._seat, self._bot
        self._asked[0] += 1
        if self._every > 0 and self._asked[0] % self._every == 0:
            twin_bot, twin = copy.deepcopy(bot), game.resample(seat, self._rng)
            b = bot_answer(twin_bot, twin, seat)
            a = bot_answer(bot, game, seat)
            if a != b:
                raise _fail(
                    game,
                    f"{type(bot).__name__} at seat {seat} answered {a!r} in the real world and {b!r} in a resampled one",
                )
            return a
        return bot_answer(bot, game, seat)


class _WatchedPlanner(_Watched):
    def plan(self, view, legal):
        return self._answer()


class _WatchedChooser(_Watched):
    def choose(self, view, legal):
        return self._answer()


def _bot_playout_on_time(
    game: Game, bot_cls, rng: random.Random, bot_seed: int, max_actions: int, every: int, lag: float
) -> Game:
    asked = [0]
    bots = {}
    for seat in range(game.players):
        bot = bot_cls(seat, bot_seed)
        watched = _WatchedPlanner if getattr(bot, "plan", None) is not None else _WatchedChooser
        bots[seat] = watched(bot, game, seat, rng, every, asked)
    # a bot that plans on news only, or whose answers stand a while: the same game again,
    # asked only as the scheduler asks such bots (the watched bots are asked after every
    # step), must be the same game move for move
    promise = "plans_on_news" if getattr(bot, "plans_on_news", False) else None  # (bot: the last one made)
    if promise is None and hasattr(bot, "stands_until"):
        promise = "stands_until"
    on_news = game.clone() if promise is not None else None
    sched = Scheduler(game, bots, lag=lag, copy_views=False)  # bot_answer gives the bots copies
    try:
        sched.run(max_steps=max_actions)
    except BotError as exc:
        if isinstance(exc.cause, ConformanceError):
            raise exc.cause from None
        raise _fail(game, f"{bot_cls.__name__} at seat {exc.seat} failed: {exc.cause}") from exc
    except RuntimeError as exc:
        raise _fail(game, f"a game of {bot_cls.__name__} bots did not end within {max_actions} steps: {exc}") from exc
    if not game.over:
        raise _fail(
            game, f"a game of {bot_cls.__name__} bots stopped before the end: no bot acts and no deadline is pending"
        )
    if on_news is not None:
        Scheduler(on_news, {s: bot_cls(s, bot_seed) for s in range(game.players)}, lag=lag).run(max_steps=max_actions)
        if on_news.history != game.history:
            pairs = enumerate(zip(on_news.history, game.history))
            step = next((i for i, (a, b) in pairs if a != b), min(len(on_news.history), len(game.history)))
            raise _fail(
                game,
                f"{bot_cls.__name__} promises the scheduler its answers stand ({promise}), but asked only as "
                f"that lets it, it played another game than asked after every step (from history step {step})",
            )
    return game


# ---------------------------------------------------------------------- fuzz
_WRONG_VALUES = {
    int: ["3", True, False, None, 1.5, 2.0, [1], {"n": 1}],
    str: [3, None, True, 1.5, ["red"], {"s": "red"}],
    bool: [1, 0, None, "true"],
    float: ["1.0", None, True, [1.0]],
}
_OUT_OF_RANGE = {
    int: [99, -1, 10**9],
    str: ["purple", "", "BLUE"],
    bool: [],
    float: [-1.0, 1e12],
}


def _types_of(spec) -> tuple:
    return spec if isinstance(spec, tuple) else (spec,)


def _sample_value(spec):
    typ = _types_of(spec)[0]
    return {int: 0, str: "x", bool: False, float: 0.0}.get(typ, None)


def _wrong_values(spec) -> list:
    types = _types_of(spec)
    out = []
    for typ in types:
        for v in _WRONG_VALUES.get(typ, []):
            ok = any((isinstance(v, t) and not (isinstance(v, bool) and t is not bool)) for t in types)
            if not ok:
                out.append(v)
    return out


def _template(game: Game, kind: str, seat: int | None) -> dict:
    """A well-formed action of type ``kind`` (a legal one if there is one)."""
    if seat is not None:
        for action in game.legal_actions(seat):
            if action.get("type") == kind:
                return copy.deepcopy(action)
    return {"type": kind, **{k: _sample_value(spec) for k, spec in game.action_schema[kind].items()}}


@dataclass
class FuzzCase:
    label: str
    seat: Any
    action: Any
    code: str
    at: Any = None
    #: ``advance(at)`` rather than ``act(seat, action, at)`` (real time)
    advance: bool = False


#: bad times, each refused as ``malformed_action`` (by ``act`` and by ``advance``)
_BAD_TIMES = [
    "soon",
    True,
    False,
    [5],
    {"ms": 5},
    None,
    "1500",
    float("nan"),
    float("inf"),
    -float("inf"),
    -1,
    -0.5,
    MAX_AT + 1,
    2.0**60,
]
_NOW = object()  # _realtime_cases: "a time at which an action may be stamped now"


def _action_cases(
    game: Game, add: Callable, actor: Any, good: dict, legal: list, *, template_seat: Any, not_legal: str
) -> None:
    """The action cases :func:`malformed_cases` makes for turn-based and real-time games
    alike: non-dict actions, unknown types, and for every action type a missing key, an
    extra key, wrong value types and out-of-range values; a well-formed action that is
    not legal now gets ``not_legal``."""
    for bad in [None, "roll", good.get("type"), ["type", good.get("type")], 3, (("type", good.get("type")),), set()]:
        add(f"non-dict action {bad!r}", actor, bad, "malformed_action")
    for bad in [
        {},
        {"type": "dance"},
        {"type": None},
        {"type": 1},
        {"type": good.get("type", "").upper() or "X"},
        {"kind": good.get("type")},
    ]:
        if bad.get("type") not in game.action_schema:
            add(f"unknown type {bad!r}", actor, bad, "malformed_action")
    for kind, schema in sorted(game.action_schema.items()):
        base = _template(game, kind, template_seat)
        add(f"{kind}: extra key", actor, {**base, "bogus": 1}, "malformed_action")
        add(f"{kind}: extra key 'seat'", actor, {**base, "seat": actor}, "malformed_action")
        for key, spec in schema.items():
            missing = {k: v for k, v in base.items() if k != key}
            add(f"{kind}: missing {key!r}", actor, missing, "malformed_action")
            for v in _wrong_values(spec):
                add(f"{kind}: {key}={v!r}", actor, {**base, key: v}, "malformed_action")
            for v in _OUT_OF_RANGE.get(_types_of(spec)[0], []):
                action = {**base, key: v}
                if action not in legal:
                    add(f"{kind}: {key}={v!r}", actor, action, not_legal)
        if base not in legal:
            add(f"{kind}: not legal now", actor, base, not_legal)


def malformed_cases(game: Game) -> list[FuzzCase]:
    """Bad inputs for the current step, each with the error code it must raise.

    Real time adds bad times (see :func:`_realtime_cases`)."""
    if game.realtime:
        return _realtime_cases(game)
    cases: list[FuzzCase] = []
    over = game.over
    to_act = game.to_act
    actor = to_act[0] if to_act else 0
    legal = game.legal_actions(actor) if not over else []
    good = copy.deepcopy(legal[0]) if legal else _template(game, sorted(game.action_schema)[0], None)

    def add(label, seat, action, code, at=None):
        cases.append(FuzzCase(label, seat, action, "game_over" if over else code, at))

    # seats
    for seat in range(game.players):
        if seat not in to_act:
            add(f"seat {seat} not to act", seat, good, "not_your_turn")
    for seat in [game.players, game.players + 5, -1, "0", 0.0, 1.5, True, False, None, [0]]:
        add(f"no seat {seat!r}", seat, good, "malformed_action")
    # time stamps
    for at in ["soon", True, False, [5], {"ms": 5}]:
        add(f"bad at={at!r}", actor, good, "malformed_action", at)
    _action_cases(game, add, actor, good, legal, template_seat=actor if not over else None, not_legal="illegal_action")
    # well-formed, legal for the actor, but from a seat that is not to act
    for kind in sorted(game.action_schema):
        base = _template(game, kind, actor if not over else None)
        for seat in range(game.players):
            if seat not in to_act:
                add(f"{kind} from seat {seat} (not to act)", seat, base, "not_your_turn")
                break
    return cases


def _realtime_cases(game: Game) -> list[FuzzCase]:
    """:func:`malformed_cases` of a real-time game: every action case is stamped at the
    clock (a time the game accepts now), the actor is a seat with legal actions (the
    first in ``to_act``, if any), a seat with none gets ``not_your_turn`` and seats
    that may act are never "not to act". Then the times themselves, for ``act`` and
    for ``advance``: not a number, NaN, infinities, negative, past ``2**53``, before
    the clock (``malformed_action``), and at or after the next deadline
    (``illegal_action``: ``advance`` must apply it first)."""
    cases: list[FuzzCase] = []
    over = game.over
    to_act = game.to_act
    seats = range(game.players)
    legal_of = {s: [] if over else game.legal_actions(s) for s in seats}
    able = [s for s in seats if legal_of[s]]
    idle = [s for s in seats if not legal_of[s]]
    actor = to_act[0] if to_act else (able[0] if able else 0)
    legal = legal_of[actor]
    good = copy.deepcopy(legal[0]) if legal else _template(game, sorted(game.action_schema)[0], None)
    not_legal = "illegal_action" if legal else "not_your_turn"  # a well-formed action the actor may not take
    clock = game.clock
    due = None if over else game.next_deadline()
    now = None if over else _time_now(game)

    def add(label, seat, action, code, at=_NOW, advance=False):
        cases.append(FuzzCase(label, seat, action, "game_over" if over else code, now if at is _NOW else at, advance))

    # seats
    for seat in idle:
        add(f"seat {seat} with nothing to do", seat, good, "not_your_turn")
    for seat in [game.players, game.players + 5, -1, "0", 0.0, 1.5, True, False, None, [0]]:
        add(f"no seat {seat!r}", seat, good, "malformed_action")
    # time stamps
    for at in _BAD_TIMES:
        add(f"bad at={at!r}", actor, good, "malformed_action", at)
        add(f"advance(at={at!r})", CLOCK, None, "malformed_action", at, advance=True)
    if clock >= 1:
        add(f"at={clock - 1!r}, before the clock", actor, good, "malformed_action", clock - 1)
        add(f"advance({clock - 1!r}), before the clock", CLOCK, None, "malformed_action", clock - 1, advance=True)
    if clock > 0:
        add(f"at={clock - 0.5!r}, before the clock", actor, good, "malformed_action", clock - 0.5)
    if due is not None and due <= MAX_AT:
        add(f"at={due!r}, at the deadline", actor, good, "illegal_action", due)
        if due + 1 <= MAX_AT:
            add(f"at={due + 1!r}, after the deadline", actor, good, "illegal_action", due + 1)
    if over:
        add("advance after the game is over", CLOCK, None, "game_over", min(clock + 1, MAX_AT), advance=True)
    if now is None:  # the game is over, or only advance may come next: nothing more to stamp
        return cases
    _action_cases(game, add, actor, good, legal, template_seat=actor, not_legal=not_legal)
    if idle:  # well-formed, from a seat with nothing to do
        for kind in sorted(game.action_schema):
            add(f"{kind} from seat {idle[0]} (nothing to do)", idle[0], _template(game, kind, actor), "not_your_turn")
    return cases


def fuzz_malformed(game: Game) -> int:
    """Every case of :func:`malformed_cases` raises ``IllegalAction`` with the
    expected code, a message naming the seat and the reason, and leaves the game
    byte-identical (JSON after each case; events and every view after all cases,
    since a change would persist). Returns the number of cases tried."""
    cases = malformed_cases(game)
    before = game.to_json()
    events = copy.deepcopy(game.events)
    views = all_views(game)
    for case in cases:
        action_arg = copy.deepcopy(case.action)
        n_events = len(game.events)
        try:
            if case.advance:
                game.advance(case.at)
            else:
                game.act(case.seat, action_arg, at=case.at)
        except IllegalAction as exc:
            if exc.code not in ERROR_CODES:
                raise _fail(game, f"{case.label}: unknown error code {exc.code!r}") from exc
            if exc.code != case.code:
                raise _fail(game, f"{case.label}: expected code {case.code!r}, got {exc.code!r} ({exc})") from exc
            if not exc.reason or exc.reason not in str(exc):
                raise _fail(game, f"{case.label}: the message does not give the reason: {exc}") from exc
            if exc.to_dict().get("code") != case.code:
                raise _fail(game, f"{case.label}: to_dict() has the wrong code") from exc
        except Exception as exc:
            raise _fail(game, f"{case.label}: raised {type(exc).__name__}: {exc} instead of IllegalAction") from exc
        else:
            what = (
                f"advance({case.at!r})" if case.advance else f"seat {case.seat!r} action {case.action!r} at={case.at!r}"
            )
            raise _fail(game, f"{case.label}: {what} was accepted")
        if game.to_json() != before:
            raise _fail(game, f"{case.label}: the refused action changed to_json()")
        if len(game.events) != n_events:
            raise _fail(game, f"{case.label}: the refused action added events")
        if action_arg != case.action:
            raise _fail(game, f"{case.label}: act() mutated the action it was given")
    if game.events != events:
        raise _fail(game, "a refused action changed the events")
    if all_views(game) != views:
        raise _fail(game, "a refused action changed a view")
    return len(cases)


# ------------------------------------------------- legal_actions is the truth
class ValuePools:
    """Values seen per action key in legal actions so far (to build candidates)."""

    def __init__(self):
        self.pools: dict[str, set] = {}

    def add(self, key: str, values: Iterable) -> None:
        self.pools.setdefault(key, set()).update(json.dumps(v) for v in values)

    def see(self, game: Game) -> None:
        for seat in range(game.players) if game.realtime else game.to_act:
            for action in game.legal_actions(seat):
                for key, value in action.items():
                    if key != "type":
                        self.pools.setdefault(key, set()).add(json.dumps(value))

    def values(self, key: str, spec) -> list:
        seen = [json.loads(v) for v in sorted(self.pools.get(key, ()))]
        extra = _OUT_OF_RANGE.get(_types_of(spec)[0], [])
        ints = [v for v in seen if isinstance(v, int) and not isinstance(v, bool)]
        if ints:
            extra = extra + [min(ints) - 1, max(ints) + 1]
        return seen + [v for v in extra if v not in seen]


def _time_now(game: Game) -> int | float | None:
    """A time at which a real-time game accepts an action now (its clock), or None if
    there is none (the next deadline is at the clock: only advance may come next)."""
    due = game.next_deadline()
    return game.clock if due is None or game.clock < due else None


def check_legal_is_the_truth(
    game: Game,
    pools: ValuePools,
    rng: random.Random | int = 0,
    accept_samples: int = 3,
    clock: Clock | None = None,
) -> int:
    """``act`` accepts exactly the actions in ``legal_actions``.

    Every well-formed candidate built from the values seen in legal actions so far
    (plus out-of-range ones) that is not legal must be refused with
    ``illegal_action`` (``not_your_turn`` for a seat not to act), changing nothing;
    ``accept_samples`` legal actions of each seat to act are accepted on a clone
    (stamped by ``clock``, for turn-based games that take time stamps).

    Real time: every seat with legal actions is tried (not only ``to_act``), at the
    clock; a seat with none gets ``not_your_turn``; the legal actions accepted on a
    clone are stamped at random times before the next deadline (``clock`` must not
    be given). Returns the number of candidates tried."""
    import itertools

    rng = random.Random(rng) if isinstance(rng, int) else rng
    realtime = game.realtime
    if realtime:
        _no_clock_in_real_time(game, clock)
    clock = clock or no_clock
    if game.over:
        return 0
    at_now = _time_now(game) if realtime else None
    if realtime and at_now is None:
        return 0
    before = game.to_json()
    marks = (len(game.history), len(game.events))
    n = 0

    def refused(seat, action, code):
        try:
            game.act(seat, copy.deepcopy(action), at=at_now)
        except IllegalAction as exc:
            if exc.code != code:
                raise _fail(game, f"seat {seat} {action!r}: expected {code!r}, got {exc.code!r} ({exc})") from exc
        else:
            raise _fail(game, f"seat {seat} {action!r} is not in its legal_actions but act() accepted it")
        # a cheap check per candidate; the full JSON is compared after all of them
        # (a change made by a refused action persists, so it is still caught)
        if (len(game.history), len(game.events)) != marks:
            raise _fail(game, f"seat {seat} {action!r}: the refused action changed the game")

    if realtime:
        actors = [s for s in range(game.players) if game.legal_actions(s)]
        due = game.next_deadline()
    else:
        actors = game.to_act
    for seat in actors:
        legal = game.legal_actions(seat)
        for kind, schema in sorted(game.action_schema.items()):
            keys = sorted(schema)
            for combo in itertools.product(*(pools.values(k, schema[k]) for k in keys)):
                action = {"type": kind, **dict(zip(keys, combo))}
                if action not in legal:
                    refused(seat, action, "illegal_action")
                    n += 1
        for action in rng.sample(legal, min(accept_samples, len(legal))):
            twin = game.clone()
            at = random_time(rng, game.clock, due) if realtime else clock(rng, len(game.history))
            try:
                twin.act(seat, copy.deepcopy(action), at=at)
            except IllegalAction as exc:
                raise _fail(game, f"seat {seat}: legal action {action!r} was refused: {exc}") from exc
            n += 1
        # the same legal actions from every seat that is not to act (real time: that has none)
        for other in range(game.players):
            if other not in actors:
                for action in legal[:accept_samples]:
                    refused(other, action, "not_your_turn")
                    n += 1
    if realtime and not actors:  # nobody may act now: well-formed candidates from every seat
        for kind, schema in sorted(game.action_schema.items()):
            keys = sorted(schema)
            combos = itertools.islice(itertools.product(*(pools.values(k, schema[k]) for k in keys)), accept_samples)
            for combo in combos:
                for seat in range(game.players):
                    refused(seat, {"type": kind, **dict(zip(keys, combo))}, "not_your_turn")
                    n += 1
    if game.to_json() != before:
        raise _fail(game, "a refused action changed the game")
    return n


# ----------------------------------------------------------------- snapshot
def check_log_current(game: Game) -> None:
    """Every log :meth:`Game.log_for` hands out equals the one built afresh from
    ``game.events``, for every seat, the public and the reveal: its entries are made
    read-only once and kept, so an event changed after it was emitted (a rule that
    keeps an event and edits it later) would leave the logs stale. :meth:`Game.log_since`
    must hand out the same entries from any cursor on, with the log's length as the next
    cursor."""
    events = game.events
    for seat, reveal in [(None, False), (None, True), *((s, False) for s in range(game.players))]:
        want = [
            {k: v for k, v in ev.items() if k != "audience"}
            for ev in events
            if reveal or ev.get("audience") is None or (seat is not None and seat in ev["audience"])
        ]
        got = game.log_for(seat, reveal=reveal)
        if got != want:
            at = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            raise _fail(
                game,
                f"log_for({seat!r}, reveal={reveal}) is stale at entry {at}: an event changed after it was "
                f"emitted ({brief(got[at] if at < len(got) else None)} != {brief(want[at] if at < len(want) else None)})",
            )
        for cursor in sorted({0, len(got) // 2, len(got)}):
            # the cursor reading of the same log: what is new from `cursor` on, and the next cursor
            new, after = game.log_since(seat, cursor, reveal=reveal)
            if after != len(got) or new != got[cursor:]:
                raise _fail(
                    game,
                    f"log_since({seat!r}, {cursor}, reveal={reveal}) is not log_for's entries from {cursor} on "
                    f"with the cursor {len(got)}: got {len(new)} entries, cursor {after}",
                )


def check_private_steps(game: Game, seat: int, before: dict, after: dict) -> None:
    """An action of ``seat`` that changed nothing another seat sees (``before`` and
    ``after``: :func:`all_views` around it; the clock aside) is a private step: the game
    must say it has such steps (``private_steps``), or a screen would count and number
    them for everyone (the replay's length, the log's action numbers, the view's clock)
    and tell every student that someone acted, and when."""
    if game.private_steps:
        return
    for key, view in after.items():
        if key == "None" or key == str(seat):
            continue
        old = before[key]
        if all(view.get(k) == old.get(k) for k in view.keys() | old.keys() if k != "clock"):
            raise _fail(
                game,
                f"seat {seat}'s action changed nothing seat {key} sees: a private step, but the game does not set "
                "private_steps = True (its screens would count and number it for everyone)",
            )


def check_view_snapshot(game: Game) -> None:
    """A view is a snapshot: mutating every list and dict inside the returned views,
    logs and legal actions, at every depth (the values inside log events included),
    as a careless bot or widget might, must not change the game."""
    before = game.to_json()
    events = copy.deepcopy(game.events)
    views = copy.deepcopy(all_views(game))
    legal = copy.deepcopy({s: game.legal_actions(s) for s in range(game.players)})

    def scribble(obj):
        if isinstance(obj, dict):
            for v in list(obj.values()):
                scribble(v)
            try:
                obj["__scribbled__"] = True
            except TypeError:
                # a read-only dict (engine.FrozenAction or a log's FrozenEvent, shared by
                # design): it must refuse every change, and it must be one (any other dict
                # is scribbled on)
                if not isinstance(obj, (FrozenAction, FrozenEvent)) or "__scribbled__" in obj:
                    raise
                key = next(iter(obj), "type")
                for change in (
                    lambda: obj.update(x=1),
                    lambda: obj.pop(key),
                    obj.clear,
                    lambda: obj.setdefault("x", 1),
                    lambda: obj.__delitem__(key),
                    lambda: obj.popitem(),
                ):
                    try:
                        change()
                    except TypeError:
                        continue
                    raise _fail(game, f"a read-only {type(obj).__name__} accepted a change") from None
        elif isinstance(obj, list):
            for v in obj:
                scribble(v)
            try:
                obj.append("__scribbled__")
            except TypeError:
                # a list inside a log entry (engine.FrozenList): read-only, to every change
                if not isinstance(obj, FrozenList) or "__scribbled__" in obj:
                    raise
                for change in (
                    lambda: obj.extend([1]),
                    lambda: obj.insert(0, 1),
                    lambda: obj.__setitem__(slice(0, 0), [1]),
                    obj.clear,
                    obj.reverse,
                    obj.sort,
                ):
                    try:
                        change()
                    except TypeError:
                        continue
                    raise _fail(game, "a read-only FrozenList accepted a change") from None

    full = copy.deepcopy(game.full_view())
    for seat in [None, *range(game.players)]:
        scribble(game.view(seat))
        scribble(game.log_for(seat))
        if seat is not None:
            scribble(game.legal_actions(seat))
    scribble(game.full_view())
    scribble(game.log_for(None, reveal=True))
    if game.to_json() != before:
        raise _fail(game, "mutating a returned view changed the game's JSON")
    if game.events != events:
        changed = sorted({e.get("type", "?") for e, b in zip(game.events, events) if e != b})
        raise _fail(
            game,
            f"mutating a returned view or log changed the game's events (types {changed}): the log shares objects with the engine",
        )
    if all_views(game) != views or game.full_view() != full:
        changed = [s for s, v in all_views(game).items() if v != views[s]]
        raise _fail(game, f"mutating a returned view changed the game: view(s) {changed} now differ")
    if {s: game.legal_actions(s) for s in range(game.players)} != legal:
        raise _fail(game, "mutating returned views/legal actions changed the legal actions")


# -------------------------------------------------------------- whole game
@dataclass
class Report:
    """What :func:`check_game` did (useful to assert the checks were not empty)."""

    actions: int = 0
    round_trips: int = 0
    futures: int = 0
    leak: LeakStats = field(default_factory=LeakStats)
    bot_checks: int = 0
    fuzz_cases: int = 0
    truth_cases: int = 0
    over: bool = False
    #: real time: steps inside an open window (see :func:`in_window`), and the leak
    #: tests, bot checks and fuzz run at them
    window_steps: int = 0
    window_leaks: int = 0
    clock_steps: int = 0


def in_window(game: Game) -> bool:
    """Whether a real-time game is inside an open window: a deadline is pending while
    someone may act, and, for a game with ``races``, a race action is legal (a snap
    window). Always False for a turn-based game."""
    if not game.realtime or game.over or game.next_deadline() is None:
        return False
    types = {a.get("type") for s in range(game.players) for a in game.legal_actions(s)}
    return bool(types & game.races) if game.races else bool(types)


def _sample_steps(rng: random.Random, every: int) -> Callable[[int], bool]:
    offset = rng.randrange(every) if every > 1 else 0
    return lambda k: every > 0 and k % every == offset


def _sample_blocks(seed: str, every: int) -> Callable[[int], bool]:
    """One step in each block of ``every`` steps (0..every-1, every..2*every-1, ...), at a
    place in the block drawn from ``random.Random(seed)``: deterministic, as many checks
    as a stride gives, and every kind of step (every phase of a round) may be drawn.
    ``0`` turns it off, ``1`` is every step. Draws nothing from the playout's RNG."""
    if every <= 1:
        return lambda k: every == 1
    pick = random.Random(seed)
    chosen: dict[int, int] = {}

    def at(k: int) -> bool:
        block = k // every
        if block not in chosen:
            chosen[block] = block * every + pick.randrange(every)
        return k == chosen[block]

    return at


def check_game(
    cls: type[Game],
    players: int,
    seed: int = 0,
    *,
    options: dict | None = None,
    max_actions: int = 2000,
    clock: Clock | None = None,
    round_trip_every: int = 1,
    future_every: int = 15,
    future_length: int = 25,
    leak_every: int = 10,
    leak_samples: int = 2,
    widget_factory: Callable[[Game, int], Any] | None = None,
    widget_every: int = 3,
    bots: dict | None = None,
    bots_every: int = 12,
    fuzz_every: int = 20,
    require_end: bool = True,
    require_hidden_change: bool = True,
) -> Report:
    """Play one seeded random game of ``cls`` and run every check along the way.

    ``*_every`` sample the expensive checks: a check runs at player actions
    ``k`` with ``k % every == offset`` (a seeded offset), ``0`` turns it off.
    The JSON round trip runs at one seeded random step in each block of
    ``round_trip_every`` steps (1: every step; 0: none but these), at the set-up, at
    the end and at the ``future_every`` steps, whose JSON copies must then play the
    same ``future_length`` steps as the game.
    The leak test and :func:`check_view_snapshot` also run at the set-up and at the end. With
    ``widget_factory(game, seat)``, the widget's synced state is compared too, at
    the set-up, at the end and at every ``widget_every``-th leak step.
    ``bots`` defaults to the game's ``BOTS`` registry.

    A real-time game needs no other argument: its steps are :func:`random_time_step`
    (acting at random times before the next deadline, or advancing the clock), the
    steps counted are actions and clock steps, and on top of the sampled steps the
    leak test, the bots and the fuzz also run at the first two steps of every open
    window (:func:`in_window`), where the clock and the races matter most
    (``clock`` must not be given).
    """
    options = copy.deepcopy(options or {})
    rng = random.Random(f"conformance:{cls.name}:{players}:{seed}")
    if cls.realtime:
        _no_clock_in_real_time(cls, clock)
        clock = None
    clock = clock or no_clock
    game = cls(players, seed, **options)
    realtime = game.realtime
    report = Report()
    bots = bots_for(cls) if bots is None else bots
    leak_at = _sample_steps(rng, leak_every)
    leak_count = [0]
    bots_at = _sample_steps(rng, bots_every)
    fuzz_at = _sample_steps(rng, fuzz_every)
    future_at = _sample_steps(rng, future_every)
    rt_at = _sample_blocks(f"round trips:{cls.name}:{players}:{seed}", round_trip_every)
    side = random.Random(rng.random())  # for resamples, so sampling never shifts the playout
    recorded = [all_views(game)]
    futures: list[tuple[int, Game, random.Random]] = []
    pools = ValuePools()

    window = [0]  # real time: steps inside the open window so far (0: none open)

    def checks(k: int, final: bool = False) -> None:
        views = recorded[k]
        pools.see(game)
        check_invariants(game, views)
        # real time: the first two steps of every open window are checked too
        early = False
        if realtime:
            window[0] = window[0] + 1 if in_window(game) else 0
            early = 0 < window[0] <= 2
            report.window_steps += window[0] > 0
        if rt_at(k) or future_at(k) or final or k == 0:
            futures_copy = check_round_trip(game, views)
            report.round_trips += 1
            if future_at(k) and not final:
                futures.append((k, futures_copy, random.Random(side.random())))
        if leak_at(k) or final or k == 0 or early:
            leak_count[0] += 1
            with_widget = final or k == 0 or (widget_every > 0 and leak_count[0] % widget_every == 0)
            wf = widget_factory if with_widget else None
            report.leak.merge(check_leaks(game, side, samples=leak_samples, widget_factory=wf))
            report.window_leaks += window[0] > 0
            check_view_snapshot(game)
            check_log_current(game)
        if bots and (bots_at(k) or k == 0 or early) and not game.over:
            report.bot_checks += check_bots(game, side, bots=bots, bot_seed=seed)
        if fuzz_at(k) or final or k == 0 or early:
            report.fuzz_cases += fuzz_malformed(game)
            report.truth_cases += check_legal_is_the_truth(game, pools, side, clock=None if realtime else clock)

    checks(0)
    play_rng = random.Random(rng.random())
    for k in range(1, max_actions + 1):
        if game.over:
            break
        step = random_step(game, play_rng, clock)
        report.actions = k
        report.clock_steps += step[0] == CLOCK
        recorded.append(all_views(game))
        if step[0] != CLOCK:
            check_private_steps(game, step[0], recorded[-2], recorded[-1])
        checks(k, final=game.over)
    if require_end and not game.over:
        raise _fail(game, f"did not end within {max_actions} random actions")
    report.over = game.over

    # copies taken mid-game play the same future (same actions, live RNG)
    actions = _player_actions(game.history)
    for k, twin, _ in futures:
        for h in actions[k : k + future_length]:
            try:
                twin.apply_step(copy.deepcopy(h))
            except IllegalAction as exc:
                raise _fail(game, f"a JSON copy taken after action {k} played a different future: {exc}") from exc
        stop = min(len(actions), k + future_length)
        expected = recorded[stop]
        if all_views(twin) != expected:
            raise _fail(game, f"a JSON copy taken after action {k} played a different future (by action {stop})")
        report.futures += 1

    check_determinism(game, recorded)
    if require_hidden_change and report.leak.resamples and not report.leak.changed:
        raise _fail(
            game,
            f"resample() never changed hidden information in {report.leak.resamples} resamples: the leak test proved nothing",
        )
    return report
