"""Bots for Big Brother: The Game: housemates who vote from a small social model.

A bot is built as ``BOTS[name](seat, seed)`` and sees only its seat's ``view`` and
``legal`` actions, never the engine. Big Brother is a real-time game (the gossip
countdown), so a bot answers ``plan(view, legal)`` with ``Later(ms, action)``: its
"thinking time" (a seeded log-normal delay; a gossip card always comes well before the
countdown ends). ``choose(view, legal)`` gives the same action at once.

The social model (:class:`SocialModel`)
---------------------------------------
Each bot keeps ``affinity``: ``{other seat: liking}``, a number in ``[-5, 5]`` that starts
near 0 (a small seeded "first impression", at most ``+-0.5``) and is moved by the events
of the game's log the bot saw, as the table :data:`EFFECTS` says:

=====================  =============================================  ======  ===========
event                  what happened                                   change  toward
=====================  =============================================  ======  ===========
``chose_me``           someone openly voted for me by choice            +1.0    the giver
                       (Storeroom, a bedroom, the Living Room card
                       picked when the highest roller had none)
``forced_to_me``       the dice made someone give me a card (Garden,    +0.25   the giver
                       Living Room's highest roller)
``diary_named_me``     a mover in the Diary Room named me: I had to      -0.75   the mover
                       give them a card
``gossip_match``       my gossip partner picked the same card as me     +1.0    the partner
``gossip_miss``        both picked, and differently                     -0.25   the partner
``caught_me``          a camera card holder caught me                   -1.0    the holder
``seen_caught``        someone else was caught on camera                 -0.2    the culprit
``count_plus``         at a nominations or final count: each secret     +0.5    the voter
                       card a voter put in for me
``count_minus``        at an eviction count: each card a voter put in   -1.0    the voter
                       against me
=====================  =============================================  ======  ===========

(At a count the open votes are left out: they moved the model when they were made. A
count after a tie shows the box again: only the new cards count.)

How it votes (``+`` questions: nominations are the *fewest*-voted, the final the *most*):

* a ``+`` question: the eligible housemate it likes most; a ``-`` question (eviction):
  the one it likes least;
* strategy (``hard``, half of it at ``medium``): in an eviction a nominee votes for the
  rival nominee who leads the last count it saw (to push the top away from itself), and a
  voter who is not nominated weighs in each nominee's *threat* (their share of the votes
  at the counts: who would win a final); a candidate in the final votes for the weakest
  other candidate, never the strongest; the return ranking puts the weakest first;
* gossip: it picks the partner it likes most and the ``+`` side; its card is, at
  ``hard``, a *focal point* both partners can work out from public facts (the most-voted
  housemate at the counts other than the two of them, lowest seat on a tie), so two hard
  bots match; ``easy`` picks from its own likings (a match by luck);
* Storeroom / bedrooms: an open vote for the one it likes most; the Diary Room: it names
  the one it likes least (they must give it a card);
* camera: it claims a sighting by itself, but may miss it (``notice``: 50% / 80% / 97%
  by level, drawn once per card, culprit and round), a culprit it likes least first.

Every choice adds a seeded noise (``noise``: the level's spread over the scores), drawn
from the bot's seed, its seat and the moment of the game, so the same view always gives
the same answer (a bot can be handed any view; a resampled world gives the same one).

Blocs (the voting-blocs lesson): :func:`make_bloc` ``(seats, level)`` returns
``{seat: factory}`` for bots that vote together: they like each other from the start,
vote for each other on ``+`` questions (taking turns), agree on the eviction target (the
non-member nominee with the most threat, lowest seat on a tie), gossip with each other
and always match (the lowest other seat).

For plots: ``bot.affinity`` (the dict now), ``bot.history`` (a row per change:
``{"step", "event", "affinity"}``), and without a bot :func:`affinity_history` (a seat's
view or log replayed) and :func:`affinity_matrix` (every seat's liking of every other).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from operator import add

from ..engine.game import FrozenEvent, LegalList
from ..engine.rng import fed_with, kept_hasher
from ..engine.rng import hash64 as _hash  # (the first impressions and a kept key's draws; a decision's: _draw)
from ..scheduler import Later

#: event -> change of affinity (see the module docstring's table)
EFFECTS: dict[str, float] = {
    "chose_me": 1.0,
    "forced_to_me": 0.25,
    "diary_named_me": -0.75,
    "gossip_match": 1.0,
    "gossip_miss": -0.25,
    "caught_me": -1.0,
    "seen_caught": -0.2,
    "count_plus": 0.5,
    "count_minus": -1.0,
}
#: the affinity stays in [-LIMIT, LIMIT]
LIMIT = 5.0
#: the first impression: uniform in [-FIRST, FIRST]
FIRST = 0.5
#: a bloc's members start this fond of each other
BLOC_START = 3.0

#: level -> parameters: ``noise`` (spread added to every score), ``notice`` (chance to
#: see a camera sighting), ``strategy`` (0: purely social .. 1: self-protecting),
#: ``focal`` (chance its gossip card is the focal point), ``think`` / ``react`` (median
#: delays in ms)
LEVELS: dict[str, dict] = {
    "easy": {"noise": 1.5, "notice": 0.5, "strategy": 0.0, "focal": 0.0, "think": 2200, "react": 2500},
    "medium": {"noise": 0.5, "notice": 0.8, "strategy": 0.5, "focal": 0.5, "think": 1600, "react": 1500},
    "hard": {"noise": 0.1, "notice": 0.97, "strategy": 1.0, "focal": 1.0, "think": 1200, "react": 900},
}
DEFAULT = "medium"

#: the reasons of an open vote that the giver chose (the others were forced by the dice
#: or by a rule, and are handled by their own events)
_CHOSEN = frozenset(("storeroom", "bedroom"))


#: the event types :meth:`SocialModel._event` reads (it passes over every other)
_READ = frozenset(("open_vote", "highest", "turn", "diary", "gossip_reveal", "claim", "count", "cards_back", "evicted"))


#: the last roll read by :meth:`HousemateBot._moment` (a read-only one, shared by the views
#: of the states until the next roll) and its ``(dice, to)``
_roll_kept: list = [None, ((), None)]


# ------------------------------------------------------------------ draws
# A decision's draw is the hash of its text (:func:`.hash64`): the bot's prefix
# ``"big_brother:<level>:<seed>:<seat>:("``, the moment ``"(<moment>, "`` and the end
# ``"'why', <part>)"``, which is ``"big_brother:<level>:<seed>:<seat>:" + repr((moment,
# why, part))``. A bot draws once or twice a question, nearly always at a moment it has not
# drawn at yet, so the three parts are kept apart, as bytes, where each is the same again:
# the prefix in a hasher fed with it (one per bot), the moment's bytes for every bot asked
# at that moment (the bots asked after one step see one moment), the ends (a few dozen) for
# every game. A draw copies the prefix's hasher and feeds it the other two: about 5k
# instructions (callgrind), where writing the text out and hashing it was about 8k.

#: the last moment written out as a draw's text has it, ``((moment), b"(<moment>, ")``
_moment_kept: tuple = ((), b"(), ")


def _moment_bytes(moment: tuple) -> bytes:
    """``f"{moment!r}, "`` encoded (a moment holds only ints, strings, None and tuples of
    ints, so an equal moment has the same text), kept for the next bot asked at it."""
    global _moment_kept
    kept = _moment_kept
    if kept[0] is not moment and kept[0] != moment:  # (the same tuple: a decision's second draw)
        kept = _moment_kept = (moment, f"{moment!r}, ".encode())
    return kept[1]


#: the end of a draw's text, ``b"'why', <part>)"``, by ``(why, part)``: a question's think
#: draw by its kind of action, a pick's draws by seat. ``part`` is a seat (an int) or a kind
#: of action (a str), so no key equals one of another type (``True`` and ``1``)
_tails: dict[tuple, bytes] = {}


def _tail(why: str, part) -> bytes:
    """``f"{why!r}, {part!r})"`` encoded, kept in :data:`_tails` (look there first: this
    is the miss)."""
    if len(_tails) >= 4096:
        _tails.clear()
    tail = _tails[(why, part)] = f"{why!r}, {part!r})".encode()
    return tail


#: int.from_bytes bound once (a global, then the type's attribute at every draw otherwise)
_from_bytes = int.from_bytes

#: a 64-bit hash as a uniform in [0, 1] (``x * _TO_UNIT`` is ``x / 2.0**64``: a power of two)
_TO_UNIT = 2.0**-64


def _draw(prefix: str, moment: bytes, tail: bytes) -> float:
    """The uniform in [0, 1) of the draw whose text is ``prefix`` + ``moment`` + ``tail``
    (bytes of ASCII text): ``hash64(text) * 2**-64``, the hash fed in those three parts."""
    # (the bot's prefix is a head kept as hash64 keeps its heads, module-wide: a hasher
    # cannot be deep-copied with a bot, which the conformance kit does)
    fed = kept_hasher(prefix) or fed_with(prefix)
    h = fed.copy()
    h.update(moment)
    h.update(tail)
    return _from_bytes(h.digest(), "big") * _TO_UNIT


def _uniform(text: str, head: str = "") -> float:
    """The seeded uniform in [0, 1] of the draw's text ``head + text`` (:func:`.hash64`)."""
    return _hash(text, head) * _TO_UNIT


class SocialModel:
    """One seat's likings of the others, moved by the events of its log (:data:`EFFECTS`).

    ``update(log)`` reads the events it has not read yet (a log that is not the
    continuation of the one it read is read again from the start). ``affinity`` is
    ``{seat: liking}``, ``threat`` ``{seat: share of the votes at the counts}``,
    ``history`` a row ``{"step", "event", "affinity"}`` per change."""

    def __init__(self, seat: int, players: int, seed: int = 0, effects: dict | None = None,
                 bloc: Iterable[int] = ()):  # fmt: skip
        self.seat, self.players, self.seed = seat, players, seed
        self.effects = dict(EFFECTS if effects is None else effects)
        self.bloc = frozenset(bloc)
        self._reset()

    def _reset(self) -> None:
        me, n = self.seat, self.players
        self.affinity: dict[int, float] = {}
        for s in range(n):
            if s != me:
                u = _hash(f"big_brother:first:{self.seed}:{me}:{s}") / 2.0**64
                base = BLOC_START if (me in self.bloc and s in self.bloc) else 0.0
                self.affinity[s] = round(base + FIRST * (2 * u - 1), 6)
        self.votes = [0] * n  # votes received at the counts (nominations and final)
        self._threat: tuple | None = None  # (votes, threat) of the last threat asked
        # the changes, (step, event, toward, liking) each: history's rows are written out when
        # it is read (a plot, a test), not at each change (a row and a copy of the likings
        # cost more than the change itself, and a bot never reads them)
        self._changes: list[tuple] = []
        self._rows: list[dict] = [{"step": 0, "event": "start", "affinity": dict(self.affinity)}]
        self.last_eviction: dict[int, int] | None = None  # the last eviction count's totals among nominees
        self._read = 0
        self._last = None
        self._accounted = [0] * n  # cards of each owner for me in the box, already counted
        self._highest: int | None = None

    @property
    def history(self) -> list[dict]:
        """A row ``{"step", "event", "toward", "affinity"}`` per change, after the start's
        ``{"step": 0, "event": "start", "affinity"}`` (``affinity``: the likings after it)."""
        rows, changes = self._rows, self._changes
        if len(rows) <= len(changes):  # (rows[0] is the start)
            liking = dict(rows[-1]["affinity"])
            for step, event, toward, value in changes[len(rows) - 1 :]:
                liking[toward] = value
                rows.append({"step": step, "event": event, "toward": toward, "affinity": dict(liking)})
        return rows

    @property
    def threat(self) -> dict[int, float]:
        return dict(self._shares())

    def _shares(self) -> dict[int, float]:
        """:attr:`threat`, kept while the votes stand (read it, do not change it)."""
        kept = self._threat
        if kept is None or kept[0] is not self.votes:  # (the votes list is replaced, never changed)
            total = sum(self.votes)
            kept = self._threat = (
                self.votes,
                {s: (self.votes[s] / total if total else 0.0) for s in range(self.players)},
            )
        return kept[1]

    def _move(self, toward: int, event: str, ev: dict, times: int = 1) -> None:
        """Move the liking of ``toward`` by ``event``'s effect (``times`` over), at the step of
        the log's entry ``ev`` (read here: most entries move nothing)."""
        if toward == self.seat or toward not in self.affinity:
            return
        v = self.affinity[toward] + times * self.effects.get(event, 0.0)
        v = self.affinity[toward] = round(LIMIT if v > LIMIT else -LIMIT if v < -LIMIT else v, 6)  # (clamped)
        self._changes.append((ev.get("step", 0), event, toward, v))

    def update(self, log: list[dict]) -> None:
        read, n = self._read, len(log)
        if read:
            last = log[read - 1] if n >= read else None
            if n < read or (last is not self._last and last != self._last):
                self._reset()  # another game, or another history: read it again
                read = 0
            elif n == read:
                return  # nothing new (most questions: a bot is asked after every step)
        event = self._event
        for ev in log[read:]:
            if ev["type"] in _READ:  # (most events move nothing: rolls, cards, secret votes)
                event(ev)
        self._read = n
        self._last = log[-1] if log else None

    def _event(self, ev: dict) -> None:
        t, me = ev["type"], self.seat
        if t == "open_vote":
            giver, target, why = ev["seat"], ev["target"], ev["why"]
            if target == me:
                self._accounted[giver] += 1
                if why in _CHOSEN or "instead" in ev or (why == "living_room" and self._highest != me):
                    self._move(giver, "chose_me", ev)
                elif why in ("garden", "living_room"):
                    self._move(giver, "forced_to_me", ev)
        elif t == "highest":
            self._highest = ev["seat"]
        elif t == "turn":
            self._highest = None
        elif t == "diary":
            if ev["named"] == me:
                self._move(ev["seat"], "diary_named_me", ev)
        elif t == "gossip_reveal":
            lander, partner, shown = ev["lander"], ev["partner"], ev["shown"]
            if me in (lander, partner):
                other = partner if me == lander else lander
                if ev["match"]:
                    self._move(other, "gossip_match", ev)
                elif len(shown) == 2:
                    self._move(other, "gossip_miss", ev)
        elif t == "claim":
            holder, culprit = ev["holder"], ev["culprit"]
            if culprit == me:
                self._move(holder, "caught_me", ev)
            else:
                self._move(culprit, "seen_caught", ev)
        elif t == "count":
            box, purpose = ev["box"], ev["purpose"]
            accounted = self._accounted
            # (each owner's row of the box in turn: box[o][me] was two look-ups through the
            # read-only class, which a read-only list's own iterator spares)
            for o, row in enumerate(box):
                got = row[me]
                new = got - accounted[o]
                if new > 0:
                    if o != me:
                        self._move(o, "count_minus" if purpose == "eviction" else "count_plus", ev, new)
                    accounted[o] = got
            totals = ev["totals"]
            if purpose == "eviction":
                # (a loop: a comprehension reading totals would make it a closure cell in every
                # call of _event, which reads most of a game's events)
                lead = self.last_eviction = {}
                for s in ev["among"]:
                    lead[s] = totals[s]
            else:
                self.votes = list(map(add, self.votes, totals))
        elif t == "cards_back":
            self._accounted = [0] * self.players
        elif t == "evicted":
            self.last_eviction = None


# ---------------------------------------------------------------- helpers
def affinity_history(view_or_log, seat: int | None = None, players: int | None = None, seed: int = 0,
                     bloc: Iterable[int] = ()) -> list[dict]:  # fmt: skip
    """The social model of ``seat`` replayed on its view (or its log): one row per
    change, ``{"step", "event", "toward", "affinity": {seat: liking}}`` (the first row is
    the start). ``seed`` is the bot's seed (its first impressions)."""
    return _model(view_or_log, seat, players, seed, bloc).history


def _model(view_or_log, seat, players, seed, bloc) -> SocialModel:
    if isinstance(view_or_log, dict):
        log = view_or_log["log"]
        seat = view_or_log["viewer"] if seat is None else seat
        players = view_or_log["players"] if players is None else players
    else:
        log = view_or_log
        if players is None:
            players = next(ev["players"] for ev in log if ev["type"] == "setup")
    if seat is None:
        raise ValueError("affinity_history needs the seat (a view names its viewer)")
    model = SocialModel(seat, players, seed, bloc=bloc)
    model.update(log)
    return model


def affinity_matrix(views: list[dict], seed: int = 0) -> list[list[float]]:
    """Every seat's liking of every other (``[row seat][column seat]``, 0 on the
    diagonal), from each seat's own view (``views[seat]``)."""
    out = []
    for s, view in enumerate(views):
        aff = _model(view, s, None, seed, ()).affinity
        out.append([0.0 if t == s else aff[t] for t in range(len(views))])
    return out


#: (bound once: a question's think draw calls both)
_log, _exp = math.log, math.exp


def _lognormal(u: float, median: float, sigma: float = 0.4) -> int:
    # the inverse normal CDF of u by a logistic approximation (enough for a delay); float
    # constants, as int ones make each comparison and 1 - u convert them (the same values)
    z = _log(u / (1.0 - u)) / 1.7 if 0.0 < u < 1.0 else 0.0
    ms = median * _exp(sigma * z)
    return 20_000 if ms >= 20_000.0 else 150 if ms <= 150.0 else int(ms)  # (clamped)


# ------------------------------------------------------------------- bots
class RandomBot:
    """A random legal action, after a random 0.3-2 s (a gossip card in time)."""

    name = "random"

    def __init__(self, seat: int, seed: int = 0):
        self.seat, self.seed = seat, seed
        self.rng = random.Random(f"big_brother:random:{seed}:{seat}")

    def choose(self, view: dict, legal: list) -> dict:
        return self.rng.choice(legal)

    def plan(self, view: dict, legal: list):
        if not legal:
            return None
        action = self.rng.choice(legal)
        ms = self.rng.randint(300, 2000)
        return Later(_in_time(view, ms), action)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat} seed={self.seed}>"


#: id of a read-only legal list the game handed out -> (the list, its :func:`_by_kind`): the
#: game hands the same list out again and again (a seat's votes while it holds every
#: number, the roll), so about three questions in four find theirs split already (the list
#: is kept with its parts, so no other list can take its id while they are kept)
_kinds_kept: dict[int, tuple] = {}


def _by_kind(legal: list) -> tuple[tuple, str | None, tuple, tuple | None]:
    """``(claims, kind, same, targets)``: the claims among ``legal``, the type of its first
    other action (None if none), the actions of that type in their order, and their
    targets when they name one (else None). Read them, never change them: a read-only
    list's are kept for the next question that gets it."""
    kept = _kinds_kept.get(id(legal)) if type(legal) is LegalList else None
    if kept is not None:  # (its list itself: kept alive in the entry, no other has its id)
        return kept[1]
    claims: list = []
    same: list = []
    kind = None
    for a in legal:
        t = a["type"]
        if t == "claim":
            claims.append(a)
        elif kind is None or t == kind:
            kind = t
            same.append(a)
    targets = tuple([a["target"] for a in same]) if same and "target" in same[0] else None
    got = (tuple(claims), kind, tuple(same), targets)
    if type(legal) is LegalList:
        if len(_kinds_kept) >= 1024:
            _kinds_kept.clear()
        _kinds_kept[id(legal)] = (legal, got)
    return got


def _in_time(view: dict, ms: int) -> int:
    """``ms``, shortened to half of what is left of a running countdown."""
    due, now = view.get("deadline"), view.get("clock")
    if due is not None and now is not None:
        half = (due - now) // 2
        ms = half if half < ms else ms  # (clamped to [0, half])
        return int(ms) if ms > 0 else 0
    return ms


class HousemateBot:
    """The social housemate of the module docstring, at one of :data:`LEVELS`."""

    name = "housemate"
    level = DEFAULT
    bloc: frozenset = frozenset()
    #: its answer after a step is the one it gave before unless the step brought news (its
    #: log, legal actions or deadline changed: :meth:`plan` reads nothing else that a step
    #: changes alone, and a held plan's due time stands as the clock moves, as
    #: :func:`_in_time` shortens it to a later time, never an earlier one), so the
    #: Scheduler asks it only then: most steps are the others' secret votes
    plans_on_news = True
    #: entries that are no news by themselves: a gossip partner's pick (the card stays hidden
    #: until the reveal) and a finalist's ranking (its order is private): they change nothing
    #: :meth:`plan` reads (the model reads neither, and the moment, card, gossip's pair and
    #: side, nominees and candidates stand), so a step that brings only them leaves the
    #: answer as it was
    quiet_entries = frozenset(("gossip_picked", "ranked"))

    def __init__(self, seat: int, seed: int = 0):
        self.seat, self.seed = seat, seed
        self.p = LEVELS[self.level]
        self.model: SocialModel | None = None
        #: the bot's part of its draws' texts (see _draw), written once: a game's seed is a
        #: 64-bit number, and writing it out in decimal was a good part of a draw
        self._prefix = f"big_brother:{self.level}:{seed}:{seat}:("

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat} seed={self.seed}>"

    # ----------------------------------------------------------- the model
    @property
    def affinity(self) -> dict[int, float]:
        """``{other seat: liking}`` now (empty before the bot has seen a view)."""
        return dict(self.model.affinity) if self.model else {}

    @property
    def history(self) -> list[dict]:
        """One row per change of the affinity: ``{"step", "event", "toward", "affinity"}``."""
        return list(self.model.history) if self.model else []

    def observe(self, view: dict) -> SocialModel:
        if self.model is None or self.model.players != view["players"]:
            self.model = SocialModel(self.seat, view["players"], self.seed, bloc=self.bloc)
        self.model.update(view["log"])
        return self.model

    # ---------------------------------------------------------- randomness
    def _u(self, *key) -> float:
        # a bot is asked again after every step of the game, mostly at the same moment:
        # each key's number is drawn once and kept (the same number as drawing it again)
        draws = getattr(self, "_draws", None)
        if draws is None:
            draws = self._draws = {}
        u = draws.get(key)
        if u is None:
            u = _uniform(self._key_text(key))
            if len(draws) > 50_000:
                draws.clear()
            draws[key] = u
        return u

    def _at(self, moment: tuple, why: str, part) -> float:
        """``_u(moment, why, part)`` without keeping it: a draw of one decision."""
        return _draw(self._prefix, _moment_bytes(moment), _tails.get((why, part)) or _tail(why, part))

    def _key_text(self, key: tuple) -> str:
        """The text of a draw: the bot's level, seed and seat, and ``repr(key)``."""
        return f"big_brother:{self.level}:{self.seed}:{self.seat}:{key!r}"

    @staticmethod
    def _moment(view: dict) -> tuple:
        r = view["last_roll"]
        if not r:
            dice, to = (), None
        elif r is _roll_kept[0]:
            dice, to = _roll_kept[1]
        else:
            dice, to = tuple(r.get("dice", ())), r.get("to")
            if type(r) is FrozenEvent:  # (read-only: it stays what it is while kept)
                _roll_kept[:] = r, (dice, to)
        card = view["card"]
        number, extra = (card.get("number"), card.get("extra")) if card else (None, None)
        return (view["round"], view["turn"], view["phase"], view["cards_read"], number, extra, dice, to,
                len(view["camera"]["shown"]), len(view["evicted"]))  # fmt: skip

    def _best(self, scores: dict[int, float], moment: tuple, why: str) -> int:
        """The seat of the highest ``score + noise * (2u - 1)`` (``u``: the draw of
        ``(moment, why, seat)``; the lowest seat on a tie)."""
        noise = self.p["noise"]
        # a top score's value first (any top seat): a seat whose score is below the best
        # value by more than the noise cannot win whatever it draws (noise * (2u - 1) <=
        # noise), so it is not drawn
        best = top = max(scores, key=scores.__getitem__)
        # the top seat's value is at least its score minus the noise: when no other seat
        # can reach that, the top seat wins whatever anyone draws, and nothing is drawn
        # (about half of the picks of a 6-medium game: two or three targets, one liked
        # or disliked by far the most)
        low = scores[top] - noise
        for s, score in scores.items():
            if s != top and score + noise >= low:
                break
        else:
            return top
        # each seat's draw is _at(moment, why, seat), its parts looked up once
        prefix, mb, tails = self._prefix, _moment_bytes(moment), _tails
        value = scores[top] + noise * (2 * _draw(prefix, mb, tails.get((why, top)) or _tail(why, top)) - 1)
        for s, score in scores.items():
            if s != top and score + noise >= value:
                v = score + noise * (2 * _draw(prefix, mb, tails.get((why, s)) or _tail(why, s)) - 1)
                if v > value or (v == value and s < best):
                    best, value = s, v
        return best

    # --------------------------------------------------------------- answers
    def choose(self, view: dict, legal: list) -> dict:
        answer = self.plan(view, legal)
        if answer is None:
            return legal[0]
        return answer.action if isinstance(answer, Later) else answer

    def plan(self, view: dict, legal: list):
        """The answer: a claim it noticed, in its reaction time; else an action of the legal
        list's first other kind, in its thinking time shortened to the countdown
        (:func:`_in_time`); else None."""
        if not legal:
            return None
        # (the Scheduler asks on news: nearly every question brings new entries of the log,
        # so the model's own look at what is new is the only one)
        model = self.observe(view)
        # worked out at every question, not kept with a key of what it reads: about one
        # question in 25 gave the answer it held, most of them after a quiet entry (which
        # the Scheduler no longer asks about), and the key of the moment, the model, the
        # legal list and the card cost more over a game than the plans it saved
        claims, kind, same, targets = _by_kind(legal)
        if claims:
            claim = self._claim(view, claims, model)
            if claim is not None:
                return claim  # (a reaction time is not shortened by a countdown)
        if kind is None:
            return None  # only claims it did not notice (or chose to miss)
        moment = self._moment(view)
        action = self._act(kind, view, same, targets, model, moment)
        # the think draw, _at(moment, "think", kind), written out: one a question
        think = _draw(self._prefix, _moment_bytes(moment), _tails.get(("think", kind)) or _tail("think", kind))
        ms = _lognormal(think, self.p["think"] * (0.5 if kind == "roll" else 1.0))
        return Later(_in_time(view, ms), action)

    def _claim(self, view, claims, model):
        """The claim among ``claims`` (the claims of the legal list, :func:`_by_kind`) the
        bot makes, in a :class:`Later`, or None: it noticed none of them."""
        r = view["round"]
        seen = [a for a in claims if self._u("notice", a["card"], a["culprit"], r) < self.p["notice"]]
        if not seen:
            return None
        aff = model.affinity
        best = min(seen, key=lambda a: (aff.get(a["culprit"], 0.0), a["card"], a["culprit"]))
        ms = _lognormal(self._u("react", best["card"], best["culprit"], r), self.p["react"])
        return Later(ms, best)

    def _act(self, kind: str, view: dict, legal: tuple, targets: tuple | None, model: SocialModel,
             moment: tuple) -> dict:  # fmt: skip
        if kind == "roll" or len(legal) == 1:
            return legal[0]
        if kind == "gossip":
            return self._gossip_pick(view, legal, model, moment)
        pick = getattr(self, "_" + kind)(view, targets, model, moment)
        return legal[targets.index(pick)]

    # each returns a target among ``targets``
    def _vote(self, view, targets, model, moment) -> int:
        card = view["card"] or {}
        aff = model.affinity
        purpose, sign = card.get("purpose"), card.get("sign", "+")
        bloc = self.bloc
        if bloc and self.seat in bloc:
            got = self._bloc_vote(view, targets, model, purpose, sign)
            if got is not None:
                return got
        k = self.p["strategy"]
        me = self.seat
        # loops, not comprehensions: a comprehension that reads this function's locals makes
        # them closure cells at every call (rules.py's _NO_CELLS note); most questions are votes
        scores = {}
        if purpose == "eviction":
            if me in targets or me in (view["nominees"] or []):
                # a nominee: push the top away from itself, onto the leading rival
                lead = model.last_eviction or {}
                for t in targets:
                    scores[t] = -aff[t] + k * 3.0 * lead.get(t, 0)
            else:
                threat = model._shares()
                for t in targets:
                    scores[t] = -aff[t] + k * 6.0 * threat[t]
        elif purpose == "final" and me in (view["candidates"] or []):
            # a candidate: never boost the strongest rival
            threat = model._shares()
            for t in targets:
                scores[t] = aff[t] - k * 6.0 * threat[t]
        else:
            for t in targets:
                scores[t] = aff[t] if sign == "+" else -aff[t]
        return self._best(scores, moment, "vote")

    def _bloc_vote(self, view, targets, model, purpose, sign):
        members = sorted(s for s in self.bloc if s != self.seat)
        if purpose == "eviction" or sign == "-":
            others = [t for t in targets if t not in self.bloc]
            if others:
                threat = model._shares()
                return max(others, key=lambda t: (round(threat[t], 9), -t))
            return None
        friends = [t for t in targets if t in members]
        if friends:
            return friends[view["cards_read"] % len(friends)]
        # no card for a member left: the outsider the votes cannot save from nominations
        # anyway (the most-voted at the counts), so the marginal outsiders stay low
        votes = model.votes
        return max(targets, key=lambda t: (votes[t], -t)) if purpose != "final" else None

    def _choose(self, view, targets, model, moment) -> int:
        aff = model.affinity
        if (view["choosing"] or {}).get("mode") == "diary":
            return self._best({t: -aff[t] for t in targets}, moment, "diary")
        scores = {t: aff[t] + (BLOC_START if t in self.bloc else 0.0) for t in targets}
        return self._best(scores, moment, "choose")

    def _pay(self, view, targets, model, moment) -> int:
        # a reward owed with a card it no longer holds: the vote goes to whom it likes
        # most (a bloc's member first), as a vote in the box keeps them off the nominations
        aff = model.affinity
        scores = {t: aff[t] + (BLOC_START if t in self.bloc else 0.0) for t in targets}
        return self._best(scores, moment, "pay")

    def _gossip_pick(self, view, legal, model, moment) -> dict:
        aff = model.affinity
        partners = sorted({a["partner"] for a in legal})
        bloc_mates = [p for p in partners if p in self.bloc and self.seat in self.bloc]
        if bloc_mates:
            partner = bloc_mates[0]
        else:
            partner = self._best({p: aff[p] for p in partners}, moment, "partner")
        side = "+" if any(a["side"] == "+" and a["partner"] == partner for a in legal) else "-"
        return next(a for a in legal if a["partner"] == partner and a["side"] == side)

    def _gossip_card(self, view, targets, model, moment) -> int:
        gos = view["gossip"] or {}
        pair = {gos.get("lander"), gos.get("partner")}
        thirds = [t for t in targets if t not in pair]
        if self.bloc and pair <= self.bloc and thirds:
            return min(thirds)  # a bloc's agreed card
        if thirds and self._u(moment, "focal") < self.p["focal"]:
            votes = model.votes
            return max(thirds, key=lambda t: (votes[t], -t))  # the focal point
        aff = model.affinity
        sign = 1.0 if gos.get("side", "+") == "+" else -1.0
        return self._best({t: sign * aff[t] for t in targets}, moment, "gossip_card")

    def _rank(self, view, targets, model, moment) -> int:
        aff, threat = model.affinity, model._shares()
        k = self.p["strategy"]
        return self._best({t: aff[t] - k * 6.0 * threat[t] for t in targets}, moment, "rank")


class EasyBot(HousemateBot):
    name = level = "easy"


class MediumBot(HousemateBot):
    name = level = "medium"


class HardBot(HousemateBot):
    name = level = "hard"


#: level -> class
LEVEL_BOTS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
#: the game's bot table: name -> factory(seat, seed) -> bot (the default is :data:`DEFAULT`)
BOTS: dict[str, Callable] = {"random": RandomBot, **LEVEL_BOTS}


def make_bloc(seats: Iterable[int], level: str = DEFAULT) -> dict[int, Callable]:
    """``{seat: factory(seat, seed) -> bot}`` for a bloc of ``seats`` (two or three)
    playing at ``level``: they vote together (see the module docstring). Use them for
    those seats and any other bots for the rest::

        bots = {s: BOTS["medium"](s, seed) for s in range(6)}
        bots.update({s: f(s, seed) for s, f in make_bloc([1, 4]).items()})
    """
    members = frozenset(seats)
    if not 2 <= len(members) <= 3 or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in members):
        raise ValueError(f"a bloc is two or three seats, got {sorted(members, key=repr)!r}")
    if level not in LEVEL_BOTS:
        raise ValueError(f"level must be one of {sorted(LEVEL_BOTS)}, got {level!r}")
    cls = type(f"Bloc{LEVEL_BOTS[level].__name__}", (LEVEL_BOTS[level],), {"bloc": members, "name": f"bloc_{level}"})
    return {s: cls for s in sorted(members)}
