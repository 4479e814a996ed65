"""One scheduler for every game: when each bot acts and when the clock advances.

The widget, :func:`brady_widgets.simulate` and the conformance kit all drive a
game through a :class:`Scheduler`. It names no game: it reads the engine
contract (``to_act``, ``legal_actions``, ``view``, ``act``, ``next_deadline``,
``advance``, ``realtime``, ``races``) and the bots' answers.

Time
    The scheduler keeps its own time, ``now`` (ms). Simulations and tests run
    it on virtual time (:meth:`Scheduler.run` jumps from one event to the next
    as fast as the CPU allows); a notebook widget maps it to the kernel's event
    loop and sets one timer for the next pending event. A real-time game's
    actions are stamped with scheduler time; a turn-based game's are not (its
    history holds the actions alone, the same whoever drives the game).

What a bot may answer
    A bot's ``choose(view, legal)`` returns an action: act now. A real-time bot
    may define ``plan(view, legal)`` instead, asked again after every step of
    the game, and answer an action (act now), :class:`Later` ``(ms, action)``
    (act in ``ms``; its reaction time is its own, drawn from its own seeded
    RNG) or ``None`` (wait); an action is one of ``legal`` (anything else is a
    :class:`BotError`). A planner whose class sets ``plans_on_news = True``
    says its answer after a step would be the one it gave before unless the
    step brought it news: an entry in its seat's log, other legal actions or
    another deadline (a vote cast in secret, or a counter of who has acted,
    changes none of these); it is asked again only after such a step (or
    when its plan came due or was dropped). Such a planner may also name
    ``quiet_entries``, the types of log entries that are no news to it by
    themselves (another's pick of something it does not read): a step that
    brings its seat only entries of those types, and nothing else new, does
    not ask it again.

    A planner that cannot promise that for every step (its answers change
    with the clock too: a memory that fades) may promise it for a while,
    answer by answer: after each of its answers the scheduler reads its
    ``stands_until``, a time on the game's clock or ``None`` (no promise).
    A time ``T`` says: asked again while the game's clock is before ``T``,
    after steps that brought its seat no log entries but of its
    ``quiet_entries`` types and left the deadline, its plan and its legal
    actions as they were, it would answer the same, in the game's time: the
    same action (or none) due at the same clock time (``T``: when its answer
    could next change by the clock alone, or its plan's due time). Such a
    question is not asked while, besides, the scheduler's time is as far
    ahead of the game's clock as it was at the answer (the bot sees the
    clock; its plan is kept in scheduler time), so that the plan it would
    make of the answer is the very plan it holds. A plan is revisable until it is
    due: then it is stamped and committed, at its due time, whatever waits to
    be applied (one call to :meth:`Scheduler.run_until` over a long time plays
    out exactly as many short ones). ``Later(ms)`` without an action means "ask me again in
    ``ms``", and the bot is asked then. A turn-based game asks the first bot
    among ``to_act`` when its ``delay`` (the widget's pace) has passed, one
    action at a time.

Forced moves
    A bot whose class sets ``forced_move_is_free = True`` promises that when
    ``legal`` holds exactly one action its ``choose`` returns that action,
    draws nothing from its RNG and keeps nothing from the question (it decides
    afterwards exactly as an identical bot that was never asked). A turn-based
    game then takes such a seat's one legal action without building its view
    or asking the bot (about 8 of 97 steps of a 5-player Brady game). A bot
    that draws to pick from one action (``rng.choice`` of a 1-element list
    does) must not set it; ``tests/test_forced_moves.py`` checks every
    registered bot that does. Real-time games ask as before (a ``plan`` may
    answer ``Later`` or ``None``).

Fair races
    Every intent (a bot's or a person's) carries a stamp. Intents are applied in
    stamp order. An intent whose type is in the game's ``races``, and every
    deadline, waits ``lag`` ms after its stamp before it is applied, so that a
    person's intent, stamped in the browser and carried over a slow link, that
    arrives within ``lag`` is ordered by its stamp, before the race is decided
    or the window closes. Other intents apply as soon as nothing earlier waits.
    The kernel settles every race; a view only stamps.
"""

from __future__ import annotations

import copy
import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .engine.errors import IllegalAction
from .engine.game import FrozenAction, Game, LegalList

__all__ = ["DEFAULT_LAG", "BotError", "BotsDoNotStop", "Later", "Scheduler", "ask_bot"]

#: how long (ms) a race or a deadline waits for stamped intents that are still on their way
DEFAULT_LAG = 250


@dataclass(frozen=True, init=False)
class Later:
    """A bot's answer: act ``ms`` milliseconds from now (``action``), or, without an
    action, ask me again then."""

    ms: int | float
    action: dict | None = None

    # A real-time bot answers one after every step of the game: the dataclass's own frozen
    # __init__ (an object.__setattr__ per field, then __post_init__) was half its cost.
    def __init__(self, ms: int | float, action: dict | None = None) -> None:
        if not ((type(ms) is int or type(ms) is float) and 0 <= ms <= 10**9):
            if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not 0 <= ms <= 10**9:
                raise ValueError(f"Later(ms) takes a delay from 0 to 10**9 ms, got {ms!r}")
        if action is not None and not isinstance(action, dict):
            raise TypeError(f"Later's action must be a dict or None, got {action!r}")
        fields = self.__dict__  # frozen: no setattr, written once here
        fields["ms"] = ms
        fields["action"] = action


def ask_bot(bot: Any, view: dict, legal: list[dict], realtime: bool, waited_on: bool) -> Any:
    """A bot's answer for a seat: ``plan(view, legal)`` when the bot has one, else
    ``choose(view, legal)`` (in real time only for a seat the game waits on; any
    other seat waits)."""
    plan = getattr(bot, "plan", None)
    if plan is not None:
        return plan(view, legal)
    if realtime and not waited_on:
        return None
    return bot.choose(view, legal)


def _kept_action(action: dict) -> dict:
    """The action a plan keeps: a copy of a bot's own dict (the bot may change it later),
    but a game's handed-out read-only action as it is (a game may take that very object
    in one pass: ``Game.act``)."""
    return action if type(action) is FrozenAction else dict(action)


class BotError(RuntimeError):
    """A bot failed: it raised, answered something that is not an answer, or chose an
    action the game refuses (other than losing a real-time race). ``seat`` says whose."""

    def __init__(self, seat: int, cause: BaseException):
        self.seat = seat
        self.cause = cause
        super().__init__(f"the bot at seat {seat} failed: {type(cause).__name__}: {cause}")


# item kinds, in the order they are taken when their times are equal
_DEADLINE, _INTENT, _PLAN = 0, 1, 2
#: Scheduler._run_until: "not computed yet" (``_earliest`` may be None: nothing scheduled)
_UNKNOWN = object()
#: run_until: questions and refused intents in a row at one time, without a step, before it gives up
_STALLED = 10_000


class BotsDoNotStop(RuntimeError):
    """The bots went on past ``max_steps`` steps, or were asked (or refused) over and
    over at one time without a step: a run that would never end."""


class _StepLimit(BotsDoNotStop):
    """run_until: a step is due beyond ``max_steps`` (run() reports its own total)."""


class Scheduler:
    """Drives one game: bots' plans, people's stamped intents and the clock.

    Args:
        game: the engine.
        bots: ``{seat: bot}``; the other seats are people (they act through :meth:`submit`).
        delay: ms a turn-based bot waits before it acts (the widget's pace; 0 in simulations).
        lag: ms a race or a deadline waits for stamped intents (0: decide at once).
        now: the starting time (default: the game's clock).
        copy_views: give bots deep copies of the legal actions (a widget does; a
            simulation, whose bots are trusted, need not). A view is never copied again:
            ``game.view(seat)`` is already a fresh snapshot that shares nothing with the
            engine (the conformance kit's ``check_view_snapshot`` proves it for every
            game), and copying its whole log for every bot after every step was most of
            a click's time in the kernel.
        on_refused: ``(seat, exc)`` called when a person's intent is refused when it
            is applied (a race already lost); a bot's is dropped and the bot asked again.
    """

    def __init__(
        self,
        game: Game,
        bots: dict[int, Any],
        *,
        delay: float = 0,
        lag: float = DEFAULT_LAG,
        now: float | None = None,
        copy_views: bool = True,
        on_refused: Callable[[int, IllegalAction], None] | None = None,
    ):
        for name, value in (("delay", delay), ("lag", lag)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 60_000:
                raise ValueError(f"{name} must be a number of ms from 0 to 60000, got {value!r}")
        self.game = game
        self.bots = dict(bots)
        self.delay = delay
        self.lag = lag
        self.now = game.clock if now is None else now
        self.copy_views = copy_views
        self.on_refused = on_refused
        self.steps = 0  # steps applied (actions and clock steps)
        self._plans: dict[int, tuple[float, dict | None]] = {}  # seat -> (due, action or None: ask again)
        self._queue: list[tuple] = []  # heap of (stamp, seq, seat, action, person)
        self._seq = 0
        self._dirty = True
        self._stalled = 0  # things done in a row at time `now` without a step (run_until)
        # seat -> (bot, (deadline, plan, legal), the game's event count, until, offset) at its
        # last question, for a bot that plans on news only (until: inf, offset: None) or whose
        # answer stands until a time (stands_until; offset: now - the game's clock then; an
        # answer without a promise: until -inf and None for the tuple, never compared).
        # _replan asks it again when one of them changed, or its log grew with entries it does
        # not name quiet (_unread: the seats whose logs grew since, up to the game's event
        # count _read), or the game's clock reached until, or the offset is another
        self._asked: dict[int, tuple] = {}
        self._unread: set[int] = set()
        self._read = 0
        self._deadline_read: Any = _UNKNOWN  # see _replan

    # ------------------------------------------------------------------ people
    def submit(self, seat: int, action: dict, stamp: float | None = None) -> float:
        """Queue a person's intent, stamped ``stamp`` (default: now), to be applied in
        stamp order by :meth:`run_until`; return the stamp used (never before the
        game's clock). Nothing is checked here: the engine judges it when it applies."""
        game = self.game
        stamp = self.now if stamp is None else stamp
        if game.realtime:
            stamp = max(stamp, game.clock)
        self._seq += 1
        heapq.heappush(self._queue, (stamp, self._seq, seat, action, True))
        return stamp

    def changed(self) -> None:
        """The game changed outside the scheduler (a person's turn-based action): ask
        the bots again."""
        self._dirty = True
        self._asked.clear()  # every bot, news or not

    def pending(self, seat: int) -> int:
        """How many intents of ``seat`` wait in the queue."""
        return sum(1 for item in self._queue if item[2] == seat)

    # ------------------------------------------------------------------- times
    def _race(self, action: Any) -> bool:
        return isinstance(action, dict) and action.get("type") in self.game.races

    def _first_plan(self) -> int:
        """The seat whose plan falls due first (a plan with an action first at equal times,
        then the lowest seat)."""
        plans = self._plans
        if len(plans) == 1:  # a turn-based game's one plan (and often a real-time one's)
            for seat in plans:
                return seat
        # min() over (due, no action, seat) without a key function's call and tuple per plan:
        # the dues decide, but for a tie (rare: the tie's tuples are made only then)
        items = iter(plans.items())
        best, (best_due, best_action) = next(items)
        for seat, (due, action) in items:
            if due < best_due or (due == best_due and (action is None, seat) < (best_action is None, best)):
                best, best_due, best_action = seat, due, action
        return best

    def _earliest(self, due: Any = _UNKNOWN) -> tuple | None:
        """``(time, kind, ready)`` of the next thing to happen, or None: the next step to
        apply in stamp order (the next deadline or the first queued intent; a deadline first
        at equal times), unless a bot's plan falls due before that step is ready.

        A plan happens at its own time, whatever waits to be applied (a race or a
        deadline held back ``lag`` ms): it is stamped and committed then, or the bot is
        asked again then. At the very time a step is ready, a plan with an action is
        stamped first (the bot acted before it could know), a question comes after.

        Asked before every step of every game, so written as one function (a method call
        costs ~350 instructions in CPython 3.11): a turn-based game, which has no
        deadline, does not ask for one, and a lone plan is read without _first_plan.

        ``due``: the game's next deadline, as the caller read it at this very state (a
        real-time step's replan has just asked the game), or ``_UNKNOWN``: asked here."""
        best: tuple | None = None
        game = self.game
        if game.realtime:
            if due is _UNKNOWN:
                due = game.next_deadline()
            if due is not None:
                best = (due, _DEADLINE, due + self.lag)
        queue = self._queue
        if queue:
            stamp, _, _, action, _ = queue[0]
            # (stamp, _INTENT) < (due, _DEADLINE): a deadline first at equal times; without
            # a lag a race waits no more than any other intent
            if best is None or stamp < best[0]:
                lag = self.lag
                best = (stamp, _INTENT, stamp + (lag if lag and self._race(action) else 0))
        plans = self._plans
        if plans:
            if len(plans) == 1:  # (_first_plan's own first case; unpacking items() costs more)
                (seat,) = plans
            else:
                seat = self._first_plan()
            due_at, action = plans[seat]
            if best is None or due_at < best[2] or (due_at == best[2] and action is not None):
                best = (due_at, _PLAN, due_at, seat)  # the seat: run_until takes that plan
        return best

    def _after_commit(self, stamp: float, action: dict) -> Any:
        """:meth:`_earliest` right after a plan's action was committed at ``stamp`` (nothing
        else changed), when it is sure to be that intent: the only one queued, before the
        next deadline, with no plan due before it is ready (nor one with an action at that
        very time); else ``_UNKNOWN`` (:meth:`_run_until` asks ``_earliest``). A bot acts
        this way at nearly every step of a real-time game, and this look costs less."""
        if len(self._queue) != 1:
            return _UNKNOWN
        due = self.game.next_deadline()
        if due is not None and not stamp < due:
            return _UNKNOWN  # (a deadline first at equal times)
        lag = self.lag
        ready = stamp + (lag if lag and self._race(action) else 0)
        for at, planned in self._plans.values():
            if at < ready or (at == ready and planned is not None):
                return _UNKNOWN  # (_earliest takes the first such plan before the intent)
        return (stamp, _INTENT, ready)

    def next_wakeup(self) -> float | None:
        """When something is next due (ms, scheduler time), or None: nothing is scheduled
        (the game is over, or it waits on people)."""
        if self.game.over:
            return None
        if self._dirty:
            self._replan()
        nxt = self._earliest()
        return None if nxt is None else max(nxt[2], self.now)

    # ------------------------------------------------------------------- bots
    def _ask(self, seat: int, legal: list | None = None) -> Any:
        """The bot's answer for ``seat`` now. In real time an action in it (at once, or in a
        :class:`Later`) must be one of the seat's legal actions: a bot that answers
        anything else is broken (:class:`BotError`), as the docstring of ``BotError`` says,
        rather than dropped and asked again, and again.

        ``legal``: the seat's legal actions as the caller already asked the game at this
        very state (a bot cannot change the game: it gets views and copies)."""
        game = self.game
        view = game.view(seat)
        if legal is None:
            legal = game.legal_actions(seat)
        given_legal = copy.deepcopy(legal) if self.copy_views else legal
        realtime = game.realtime
        bot = self.bots[seat]
        try:
            plan = getattr(bot, "plan", None)
            if plan is not None:  # ask_bot, without the to_act it does not read for a planner
                answer = plan(view, given_legal)
            elif not realtime:  # ask_bot: a turn-based bot is asked only when it is to act
                answer = bot.choose(view, given_legal)
            else:  # a real-time bot without plan() is asked only for a seat the game waits on
                answer = ask_bot(bot, view, given_legal, realtime, seat in game.to_act)
        except Exception as exc:
            self._dirty = True  # the next run asks again
            raise BotError(seat, exc) from exc
        if realtime and answer is not None:
            action = answer.action if type(answer) is Later or isinstance(answer, Later) else answer
            if isinstance(action, dict) and action not in legal:
                try:
                    game.check(seat, action, game.clock)
                    refused = IllegalAction("illegal_action", "it is not one of the seat's legal actions", seat, action)
                except IllegalAction as exc:  # the game's own reason: malformed, not legal now, ...
                    refused = exc
                self._dirty = True
                raise BotError(seat, refused)
        return answer

    def _replan(self) -> None:
        """Ask the bots whose answers may have changed. ``_deadline_read``: the game's next
        deadline if this replan read it (a real-time game with a bot that plans on news or
        says when its answer stands), else ``_UNKNOWN``; :meth:`_run_until` hands it to the
        :meth:`_earliest` that comes right after, at the same state, which would otherwise
        ask the game again (a game's ``next_deadline`` may be several calls). Kept on the
        scheduler, not returned: tests of the games subclass ``_replan``."""
        self._dirty = False
        self._deadline_read = _UNKNOWN
        game = self.game
        if game.over:
            self._plans.clear()
            return
        if not game.realtime:
            # the first bot the game waits on acts after `delay` (and is asked then)
            bots = self.bots
            seat = None
            for s in game._to_act():  # the game is not over: to_act without its copy
                if s in bots:
                    seat = s
                    break
            if seat is None:
                self._plans.clear()
            elif seat not in self._plans or len(self._plans) > 1:
                self._plans = {seat: (self.now + self.delay, None)}
            return
        queue = self._queue
        waiting = {item[2] for item in queue} if queue else ()  # seats whose stamped action waits
        plans = self._plans
        legal_actions = game.legal_actions
        bots, asked, unread = self.bots, self._asked, self._unread
        deadline: Any = _UNKNOWN
        for seat in sorted(bots):
            if seat in waiting:
                continue  # it has pressed the button: it is asked again once that is decided
            legal = legal_actions(seat)
            if not legal:
                if seat in plans:
                    del plans[seat]
                continue
            bot = bots[seat]
            last = asked.get(seat)
            # (a bot with an entry in _asked plans on news, or says when its answer stands)
            if last is None or last[0] is not bot:
                on_news = getattr(bot, "plans_on_news", False)
                if not on_news and not hasattr(bot, "stands_until"):
                    self._take(seat, self._ask(seat, legal))
                    continue
                last = None  # a new planner, or another bot in the seat: asked
            else:
                on_news = last[4] is None
            if deadline is _UNKNOWN:
                deadline = game.next_deadline()
                seen, self._read = game.seen_since(self._read)
                unread.update(bots if seen is None else seen)
            # no news since its last question (the same log, or new entries it names quiet, and
            # the same deadline, plan and legal actions, of the same bot; for a promise of
            # stands_until, the clock before it and scheduler time as far ahead of the clock):
            # its answer stands, unasked (one tuple comparison: each item is compared by
            # identity first, as the legal list the game hands out again is). The promise is
            # looked at first: an answer without one (until -inf, most of a real-time bot's in
            # play) is asked again without the tuple made and compared
            if (
                last is not None
                and (on_news or (game.clock < last[3] and self.now - game.clock == last[4]))
                and last[1] == (deadline, plans.get(seat), legal)
            ):
                if seat not in unread:
                    continue
                if self._quiet_since(seat, bot, last[2]):
                    # read as no news: the next look starts after them (each entry looked at once)
                    asked[seat] = (bot, last[1], self._read, last[3], last[4])
                    unread.discard(seat)
                    continue
            self._take(seat, self._ask(seat, legal))
            # (a game's read-only legal list kept as it is; a plain one may be changed later)
            kept = legal if type(legal) is LegalList else copy.deepcopy(legal)
            if on_news:
                asked[seat] = (bot, (deadline, plans.get(seat), kept), self._read, math.inf, None)
            else:
                until = bot.stands_until
                if until is None:  # no promise: asked after every step, so nothing kept to compare
                    asked[seat] = (bot, None, self._read, -math.inf, self.now - game.clock)
                else:
                    asked[seat] = (bot, (deadline, plans.get(seat), kept), self._read, until, self.now - game.clock)
            unread.discard(seat)
        self._deadline_read = deadline

    def _quiet_since(self, seat: int, bot: Any, mark: int) -> bool:
        """Whether every entry of ``seat``'s log from the game's event ``mark`` on is of a type
        its bot names in ``quiet_entries`` (then the bot's answer stands: it says so)."""
        quiet = getattr(bot, "quiet_entries", None)
        if not quiet:
            return False
        for ev in self.game.events[mark:]:
            audience = ev.get("audience")
            if (audience is None or seat in audience) and ev["type"] not in quiet:
                return False
        return True

    def _take(self, seat: int, answer: Any) -> None:
        """Record a real-time bot's answer (at ``now``)."""
        plans = self._plans
        if answer is None:
            plans.pop(seat, None)
        elif type(answer) is Later or isinstance(answer, Later):
            due = self.now + answer.ms
            action = answer.action
            old = plans.get(seat)
            if old is not None and old[1] is not None and (old[1] is action or old[1] == action) and old[0] <= due:
                return  # the same plan, already under way: its reaction time stands
            plans[seat] = (due, None if action is None else _kept_action(action))
        elif isinstance(answer, dict):
            plans.pop(seat, None)
            self._commit(seat, _kept_action(answer), self.now)
        else:
            raise BotError(seat, TypeError(f"it answered {answer!r}: an action, Later(ms, action) or None"))

    def _commit(self, seat: int, action: dict, stamp: float) -> None:
        self._seq += 1
        heapq.heappush(self._queue, (stamp, self._seq, seat, action, False))

    # -------------------------------------------------------------------- run
    def run_until(self, t: float, max_steps: int = 100_000, replan: bool = True) -> int:
        """Apply everything ready by time ``t`` in order; ``now`` becomes ``t``.

        ``replan=False``: apply only what is queued and planned already; the bots are not
        asked about the changes (the next call asks them, at its own time ``t``).

        Returns the number of steps applied (at most ``max_steps``: a step due beyond
        that raises :class:`BotsDoNotStop`; so does a bot that is asked
        again at one time, or whose intents are refused, over and over without a step).
        A person's intent the engine refuses goes to ``on_refused``; a bot's is dropped
        (the bot is asked again)."""
        return self._run_until(t, max_steps, replan, _UNKNOWN)[0]

    def _run_until(self, t: float, max_steps: int, replan: bool, first: Any) -> tuple[int, Any]:
        """:meth:`run_until`; ``first``: :meth:`_earliest` as the caller just computed it
        (not dirty, nothing changed since), or ``_UNKNOWN``. Returns the steps applied and
        :meth:`_earliest` as it stands on return (``_UNKNOWN`` if not computed last):
        :meth:`run` asks it next, and it costs a look at every plan."""
        game = self.game
        applied = 0
        nxt = first
        for _ in range(4 * max_steps + 16):
            if game.over:
                nxt = _UNKNOWN
                break
            if nxt is _UNKNOWN:
                if self._dirty and replan:
                    self._replan()
                    # (the deadline the replan read, if it did, is the one _earliest would read)
                    nxt = self._earliest(self._deadline_read)
                else:
                    nxt = self._earliest()
            if nxt is None or nxt[2] > t:
                break
            time, kind, ready = nxt[0], nxt[1], nxt[2]
            if ready > self.now:
                self.now, self._stalled = ready, 0
            else:  # counted across calls: run() calls again at the same time
                self._stalled += 1
                if self._stalled > _STALLED:
                    raise BotsDoNotStop(
                        f"the bots do not stop: {self._stalled} questions or refused intents at {self.now} ms without a step"
                    )
            if kind == _PLAN and game.realtime:
                seat = nxt[3]
                nxt = _UNKNOWN
                due, action = self._plans.pop(seat)
                if action is not None:  # a plan falls due: stamped and committed
                    self._commit(seat, action, due)
                    nxt = self._after_commit(due, action)
                else:  # "ask me again then"
                    self._take(seat, self._ask(seat))
                    last = self._asked.get(seat)
                    if last is not None and last[4] is not None:
                        del self._asked[seat]  # its promise was of another answer: asked next time
                continue
            if applied >= max_steps:
                raise _StepLimit(f"the bots do not stop: more than {max_steps} steps in a row")
            plan_seat = nxt[3] if kind == _PLAN else -1
            nxt = _UNKNOWN
            if kind == _DEADLINE:
                game.advance(time)
            elif kind == _INTENT:
                stamp, _, seat, action, person = heapq.heappop(self._queue)
                at = None
                if game.realtime:
                    # max(stamp, game.clock) written out (ties keep the first, as max does): in
                    # the per-step path the builtin's call and the iterator over its arguments
                    # cost more than the comparison
                    at = game.clock
                    if stamp >= at:
                        at = stamp
                try:
                    game.act(seat, action, at=at)
                except IllegalAction as exc:
                    if not person and exc.code == "malformed_action":
                        raise BotError(seat, exc) from exc
                    if person and self.on_refused is not None:
                        self.on_refused(seat, exc)
                    self._dirty = True  # a race lost: the bot is asked again
                    continue
            else:
                del self._plans[plan_seat]
                self._turn(plan_seat)
                # paced by the time it really acted: a late timer does not make the next
                # bot catch up (each paced step is its own update on screen); max(self.now,
                # t) written out, as the other per-step max() calls are (ties keep the first)
                if t > self.now:
                    self.now = t
            self._dirty = True
            self.steps += 1
            applied += 1
            self._stalled = 0
        else:
            nxt = _UNKNOWN
        if t > self.now:  # max(self.now, t)
            self.now = t
        return applied, nxt

    def _turn(self, seat: int) -> None:
        """A turn-based bot's step: it is asked (a bot that promises to take a forced move
        unmoved is not: ``forced_move_is_free``) and its choice is applied now."""
        game = self.game
        if getattr(self.bots[seat], "forced_move_is_free", False):
            legal = game.legal_actions(seat)
            # a forced move of a bot that promises to take it unmoved: no view, no question
            answer = legal[0] if len(legal) == 1 else self._ask(seat, legal)
        else:
            answer = self._ask(seat)  # a BotError leaves the scheduler to ask again
        try:
            game.act(seat, answer)  # a turn-based bot's choice: now
        except IllegalAction as exc:
            self._dirty = True  # the next run asks again
            raise BotError(seat, exc) from exc

    def _run_turns(self, max_steps: int) -> int:
        """:meth:`run` for a turn-based game at ``delay`` 0 with no person's intent queued:
        each step is the first bot among ``to_act`` taking its turn at ``now``, until the
        game ends or waits on people, as :meth:`_run_until` would play it, without its
        plan, its :meth:`_replan` and :meth:`_earliest` and its times (``now`` never
        moves). Those were ~9,000 instructions a step of the scheduler's own (callgrind,
        a game whose calls do nothing), ~5% of a 5-player Brady game."""
        game, bots = self.game, self.bots
        self._plans.clear()  # (the plan a former replan made: taken here, as _run_until takes it)
        applied = 0
        while not game.over:
            for seat in game._to_act():  # the game is not over: to_act without its copy
                if seat in bots:
                    break
            else:
                break  # it waits on people
            if applied >= max_steps:
                raise BotsDoNotStop(f"the bots do not stop: more than {max_steps} steps")
            self._turn(seat)
            self.steps += 1
            applied += 1
            self._stalled = 0
        self._dirty = True  # the next run_until or wake-up asks again
        return applied

    def run(self, max_steps: int = 100_000) -> int:
        """Virtual time: jump from one event to the next until the game ends or waits on
        people (nothing is scheduled). Returns the steps applied; raises
        :class:`BotsDoNotStop` for more than ``max_steps`` steps, or for more than 10,000
        wake-ups in a row without a step."""
        game = self.game
        if not game.realtime and not self.delay and not self._queue:
            return self._run_turns(max_steps)
        applied = idle = 0
        nxt: Any = _UNKNOWN
        while not game.over:
            # next_wakeup(), reusing the _earliest() that the last run_until ended on
            if nxt is _UNKNOWN:
                if self._dirty:
                    self._replan()
                nxt = self._earliest()
            if nxt is None:
                break
            wake = nxt[2] if nxt[2] >= self.now else self.now  # max(nxt[2], self.now)
            try:
                done, nxt = self._run_until(wake, max_steps - applied, True, nxt)
            except _StepLimit:
                raise BotsDoNotStop(f"the bots do not stop: more than {max_steps} steps") from None
            applied += done
            idle = 0 if done else idle + 1
            if idle > 10_000:
                raise BotsDoNotStop(f"the bots do not stop ({applied} steps, {idle} wake-ups without one)")
        return applied
