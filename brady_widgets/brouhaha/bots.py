"""Brouhaha bots: real-time planners with reaction times, a fading memory and odds.

Every bot is built as ``Cls(seat, seed)`` and sees only ``(view, legal)``. It
answers :meth:`plan` as :class:`brady_widgets.scheduler.Scheduler` asks it after
every step of the game: ``Later(ms, action)`` (act in ``ms``: its reaction
time), an action (now) or ``None`` (nothing to do); ``choose`` gives one legal
action at once for code that only calls ``choose``.

The model (``easy``, ``medium``, ``hard`` differ only in the numbers of
:data:`LEVELS`):

Reaction times
    Each time a bot wants something new (a slap, a card to play, a Hunter, a card
    to pass) it draws a delay, lognormal around its level's median (``react`` for
    races: slaps and Hunters; ``think`` for choosing a card), from a 64-bit hash
    of ``(level, seed, seat, the situation)``. Asking again while it wants
    the same thing gives the same due time, so the Scheduler's plan stands; once
    that time has passed the plan was carried out, and wanting it again is a new
    reaction. Medians: easy 900/1300 ms, medium 600/850, hard 380/550.
Memory
    Read from the log in its view (a fresh bot handed a view mid-game remembers
    what one that watched the whole game remembers: :class:`Memory`): who showed
    which card in a mismatch (that seat took it back into its hand), which card it
    passed to whom, who took back a card with which cry (that seat holds a card of
    that cry), and which seats let its slap go unanswered. A memory of age ``a`` ms
    is still there iff a seeded uniform draw for it is below ``exp(-a / tau)``
    (``tau``: easy 6 s, medium 25 s, hard 240 s), so memories fade, and a forgotten
    one stays forgotten. Each pass halves how sure it is of every hand (that seat
    may have passed the card on).
Belief
    For another seat's face-down card crying ``w``, each species of ``w`` weighs
    its number of unseen copies (:func:`.odds.unseen_pool`: the box less the
    removed cards, Reserves, lost cards, its own cards; less the cards it
    remembers in other seats' hands), times ``1 + boost`` when it remembers that
    seat holding that species; its own species times ``answer`` when that card
    went down *after* its own card of the same cry (a seat answering a cry is
    likely trying to match it) and times :data:`DECLINE` for each time that seat
    let its slap go unanswered. P(some face-down card shares mine) is ``1 - prod(1 - p)``
    over the seats crying its cry (not the announced Hunter). With no memory this
    is close to :func:`.odds.share_chance` (which draws without replacement).
Slaps
    First slap when that belief reaches ``slap_first``; second slap (in the slap
    window) when the first slapper cries its cry and the chance that the slapper's
    card is its animal, with the slap itself as evidence (odds times
    ``slap_evidence``, times one more for each earlier unanswered slap of that card),
    reaches ``slap_second``. With Bang and a Reserve to lose
    both thresholds rise by ``risk``. A bot slaps only on a belief past its level's
    threshold (never with nothing behind it), and never twice at the same table:
    after a slap of its own nobody answered it waits until a card is shown, taken
    back, matched or hunted (:meth:`Memory.table`), as a person would, so the class
    does not see "Someone slapped!" every second. Lone slaps a game per bot:
    ``benchmarks/bot_levels.py``.
Cards
    It answers the cries on the table with the card most likely to be matched by a
    card already down (``attention``: the chance, per table of cries, that it
    notices); else it keeps its card down for a ``patience`` time (longer while
    its card may be matched), then shows another card: the one shown least
    recently, cards whose cry someone else took back first, or now and then a
    random one (two bots holding the same two look-alikes would otherwise keep
    missing each other). A card whose partner is gone (a Reserve, lost, removed or
    its own hand) is never played. With no other card worth showing and a belief
    of at least ``slap_last`` in the one down, it slaps after a patience time.
Hunters
    With a Hunter in hand it hunts the face-down card it can best place: a card
    whose cry is also cried elsewhere (a match about to happen), of a seat with the
    largest Reserve, whose species it can pin down, and not the partner of a card
    in its own hand (that would kill its own pair); after ``hunt_patience`` it
    hunts the best target anyway. A seat pinned by a hunt (``pinned`` in its view)
    with a Hunter of its own plays it to cancel (chance ``counter``) within the
    hunt window, if its reaction is fast enough.
Passing
    With chance ``care`` it chooses: a second copy of an animal it holds twice,
    else a dead card, else the card least likely to match (now, by its unseen
    look-alikes and by cries others took back); a Hunter last. Otherwise
    (careless: easy mostly) any card, a Hunter too.

Levels, measured (``benchmarks/brouhaha_speed.py``, 4 players, seats
alternating): hard wins far more than its half of the games against easy, and
medium against easy; see ``benchmarks/README.md`` for the figures.

``random`` plans a random legal action at a random delay (or waits a while). ``TB_BOTS``
play :mod:`.total_black`: hold iff the bumped cry equals its own.
"""

from __future__ import annotations

import math
import random

from ..engine.game import FrozenAction, FrozenEvent, FrozenList, LegalList
from ..engine.rng import hash64
from ..scheduler import Later
from . import odds

HUNTER = "hunter"
SLAP = {"type": "slap"}

#: the numbers behind each level (times in ms; ``(median, sigma)`` for lognormal draws)
LEVELS = {
    "easy": {
        "react": (900, 0.35),  # slaps and hunts (a race)
        "think": (1300, 0.4),  # choosing a card to show or to pass
        "patience": (3500, 0.3),  # how long a card stays down with no hope before the next is shown
        "hunt_patience": (9000, 0.5),
        "tau": 6_000,  # memory fades: a memory of age a stays with chance exp(-a / tau)
        "boost": 3.0,  # a remembered card weighs 1 + boost
        "answer": 1.5,  # how much it reads into a cry answered after its own
        "slap_first": 0.3,
        "slap_second": 0.3,
        "risk": 0.0,  # with Bang and a Reserve to lose, the thresholds rise by this much
        "slap_evidence": 2.0,  # how much a slap at its cry says "your partner is here"
        "switch_margin": 0.15,
        "slap_last": 0.2,  # its last hope down, nothing else worth showing: it slaps at this belief
        "counter": 0.35,  # chance to cancel a hunt on its card with a Hunter of its own
        "attention": 0.5,  # chance, per table of cries, that it answers a cry with its likeliest card
        "care": 0.3,  # chance that it chooses its pass (else any card, a Hunter too)
    },
    "medium": {
        "react": (600, 0.3),
        "think": (850, 0.35),
        "patience": (2800, 0.3),
        "hunt_patience": (6000, 0.4),
        "tau": 25_000,
        "boost": 8.0,
        "answer": 2.0,
        "slap_first": 0.45,
        "slap_second": 0.3,
        "risk": 0.1,
        "slap_evidence": 2.0,
        "switch_margin": 0.08,
        "slap_last": 0.25,
        "counter": 0.75,
        "attention": 0.7,
        "care": 0.8,
    },
    "hard": {
        "react": (380, 0.25),
        "think": (550, 0.3),
        "patience": (2200, 0.25),
        "hunt_patience": (3500, 0.3),
        "tau": 240_000,
        "boost": 20.0,
        "answer": 3.0,
        "slap_first": 0.4,
        "slap_second": 0.25,
        "risk": 0.25,
        "slap_evidence": 3.0,
        "switch_margin": 0.05,
        "slap_last": 0.2,
        "counter": 1.0,
        "attention": 1.0,
        "care": 1.0,
    },
}
#: every memory of a seat's hand keeps this weight through each pass (it may have passed it)
PASS_KEEP = 0.5
#: a memory of a seat's hand weighing this much or less is gone (and stays gone: it only halves)
FORGOTTEN = 0.05
#: the weight of the bot's own animal for a seat that let its slap go unanswered (per time)
DECLINE = 0.35
#: shortest and longest reaction, ms
REACT_MIN, REACT_MAX = 120, 20_000


#: the log events :meth:`Memory._event` reads (any other changes nothing it remembers)
_READ = frozenset(
    ("play", "play_card", "take_back", "slap", "slap_void", "hunt", "mismatch", "match", "hunted")
    + ("hunters_cancel", "pass_open", "passed")
)


#: (removed cards, Reserves, lost cards) -> odds._public_counts of them, as last made: the
#: same for every seat, so the bots of a table share them (never changed: copied when used)
_PUBLIC: tuple = (None, None)

#: (the cries on the table as a tuple, the announced Hunter's seat) -> {cry: the seats crying
#: it but the Hunter, in seat order}, as last made (_Context._crying_map), with the view's own
#: list of cries it was made of: the same for every seat, so the bots of a table share it
#: (never changed)
_CRYING: tuple = (None, None, None)

#: repr(_key(action)) of the actions seen (a few dozen in a game): the reaction draws' keys
_REPRS: dict = {}

#: repr(table) of the tables of cries (tuples of str or None: equal ones have equal texts)
#: seen lately: the texts of the "pick" and "attention" draws of every seat at that table
_TABLE_TEXTS: dict = {}


def _table_text(table: tuple) -> str:
    """``repr(table)`` for a table of cries, kept (a tuple's repr is dear on CPython 3.11:
    ~1.3k instructions for its recursion guard and ~0.6k for each cry; the bots asked after
    a step draw at the same table)."""
    text = _TABLE_TEXTS.get(table)
    if text is None:
        if len(_TABLE_TEXTS) >= 4096:
            _TABLE_TEXTS.clear()
        text = _TABLE_TEXTS[table] = repr(table)
    return text


#: id(action) -> (action, _key(action), its repr) for the game's read-only actions: a legal
#: list hands out the same few dozen objects at every question
_FROZEN: dict = {}


def _key(action: dict) -> tuple:
    return tuple(sorted(action.items()))


def _key_and_repr(action: dict) -> tuple:
    """``(_key(action), repr(_key(action)))``, kept for a read-only action (one that cannot
    change: the same object means the same key)."""
    got = _FROZEN.get(id(action))
    if got is not None and got[0] is action:
        return got[1], got[2]
    akey = _key(action)
    r_action = _REPRS.get(akey)
    if r_action is None:
        r_action = _REPRS[akey] = repr(akey)
    if type(action) is FrozenAction:
        if len(_FROZEN) >= 4096:
            _FROZEN.clear()
        _FROZEN[id(action)] = (action, akey, r_action)
    return akey, r_action


class Memory:
    """What a bot remembers from the log of its view, built incrementally.

    ``holds[seat][animal] = (at, weight)``: ``seat`` showed (or was given) that
    card at ``at`` and may still hold it (weight 1, less after each pass).
    ``cried[seat][cry] = at``: ``seat`` took back a card with that cry.
    ``down_at[seat] = at`` when its current face-down card went down, and
    ``answered[seat]`` = True when that card went down while the bot's own card of
    the same cry was already down. ``shown[animal] = at``: when the bot last put
    that card down."""

    def __init__(self, me: int):
        self.me = me
        self.reset()

    def reset(self) -> None:
        #: bumped by every change of ``holds`` (and by a reset), and only then (a match or a
        #: hunt of a card it remembered in no hand changes none): the bot's cache of the
        #: memories still there is keyed by it
        self.version = getattr(self, "version", 0) + 1
        #: bumped by every event but a pass chosen (which changes nothing it remembers)
        self.changes = getattr(self, "changes", 0) + 1
        #: bumped by every change of ``cried`` (and by a reset): the bot's cache of the cries
        #: it still remembers is keyed by it
        self.cried_version = getattr(self, "cried_version", 0) + 1
        #: the log entries it has read, in order (its own list: what a later log must start with)
        self.entries: list = []
        self.holds: dict[int, dict[str, tuple]] = {}
        self.cried: dict[int, dict[str, float]] = {}
        self.cry_now: dict[int, str | None] = {}
        self.down_at: dict[int, float] = {}
        self.answered: dict[int, bool] = {}
        self.shown: dict[str, float] = {}
        self.slapped: tuple | None = None  # (first slapper, {seat: down_at}) of the open slap window
        #: (seat, the bot's animal) -> (that seat's down_at, times): it let the bot's slap with
        #: that animal go unanswered while that card of its was down
        self.declined: dict[tuple, tuple] = {}
        self.my_card: str | None = None  # the animal the bot last put down
        self.voids: dict[int, tuple] = {}  # seat -> (its down_at, times): its slaps with that card nobody answered
        self.slapped_on: tuple | None = None  # the table (see :meth:`table`) when the bot last slapped first
        #: table() as last made; None once ``cry_now`` or ``down_at`` changed (they alone make it)
        self._table: tuple | None = None

    def table(self) -> tuple:
        """The face-down cards on the table as the bot knows them: ``(seat, cry, when
        it went down)`` for every seat with a card down. A slap window that closes
        unanswered leaves it unchanged; a card shown, taken back, matched or hunted
        changes it."""
        table = self._table
        if table is None:  # made once per change of the cards down (not per event: a slap, a pass
            # or a card shown from its own hand leaves it as it was)
            down_at = self.down_at
            table = tuple([(s, c, down_at.get(s)) for s, c in sorted(self.cry_now.items()) if c is not None])
            self._table = table
        return table

    def slapped_here(self) -> bool:
        """Whether its own last first slap, nobody answering it, was at the table as it is now
        (:meth:`table`): then it does not slap again."""
        return self.slapped_on is not None and self.slapped_on == self.table()

    # ----------------------------------------------------------------- log
    @property
    def seen(self) -> int:
        """How many log entries it has read."""
        return len(self.entries)

    def update(self, log: list) -> bool:
        """Read what ``log`` adds to the log it has read; True when ``log`` does not go on
        from that one (another game, an older view, a changed past): then it starts again
        from ``log`` alone, as a fresh memory would. The last entry it read found at its
        place in ``log`` (the same object: a game's entries are shared, read-only, by every
        log of one seat) means ``log`` goes on from it; an equal copy is checked entry by
        entry (one entry alike at that place in another game's log is not enough)."""
        read = self.entries
        n = len(read)
        restart = False
        if n and (n > len(log) or (log[n - 1] is not read[-1] and log[:n] != read)):
            self.reset()  # not the log it was following: start again
            n = 0
            restart = True
        new = log[n:]
        for ev in new:
            kind = ev.get("type")
            if kind in _READ:
                self._event(ev, kind)
            elif kind != "pass_chosen":  # (a pass chosen changes nothing it remembers)
                self.changes += 1  # nothing it remembers, but an event (a reveal, the deal, ...)
        self.entries += new
        return restart

    def _forget_down(self, seat: int) -> None:
        self._table = None
        self.cry_now[seat] = None
        self.down_at.pop(seat, None)
        self.answered.pop(seat, None)

    def _took_back(self, seat: int, at: float) -> None:
        cry = self.cry_now.get(seat)
        if cry is not None:
            self.cried.setdefault(seat, {})[cry] = at
            self.cried_version += 1
        self._forget_down(seat)

    def _event(self, ev: dict, kind: str) -> None:
        """Remember what the event ``ev`` of type ``kind`` (one of :data:`_READ`) says."""
        self.changes += 1
        at = ev.get("at", 0) or 0
        me = self.me
        if kind == "play":
            seat = ev["seat"]
            if self.cry_now.get(seat) is not None:
                self._took_back(seat, at)  # a switch: the old card went back to the hand
            cry = ev.get("cry")
            self.answered[seat] = seat != me and self.cry_now.get(me) == cry and self.down_at.get(me, at) < at
            self.cry_now[seat] = cry
            self.down_at[seat] = at
            self._table = None
        elif kind == "play_card":
            if ev.get("seat") == me:
                self.shown[ev["card"]] = at
                self.my_card = ev["card"]
        elif kind == "take_back":
            self._took_back(ev["seat"], at)
        elif kind == "slap":
            if ev.get("first"):
                self.slapped = (ev["seat"], dict(self.down_at))
                if ev["seat"] == me:
                    self.slapped_on = self.table()
        elif kind == "slap_void":
            # nobody answered the bot's slap: the seats crying its cry likely do not hold its animal
            first, downs = self.slapped or (None, {})
            if first is not None and first in downs:
                old = self.voids.get(first)
                times = old[1] + 1 if old and old[0] == downs[first] else 1
                self.voids[first] = (downs[first], times)
            if first == me and me in downs:
                cry = self.cry_now.get(me)
                for seat, t in downs.items():
                    if seat != me and self.cry_now.get(seat) == cry and t == self.down_at.get(seat):
                        # keyed by that seat's card and the bot's animal (not by when the bot's
                        # went down): showing the same animal again does not make it forget
                        old = self.declined.get((seat, self.my_card))
                        times = old[1] + 1 if old and old[0] == t else 1
                        self.declined[(seat, self.my_card)] = (t, times)
            self.slapped = None
        elif kind == "hunt":
            seat = ev["seat"]
            if self.cry_now.get(seat) is not None:
                self._took_back(seat, at)  # the hunter's own animal went back to its hand
            self.cry_now[seat] = ev.get("cry")
            self.down_at[seat] = at
            self.answered[seat] = False
            self._table = None
        elif kind == "mismatch":
            for seat, card in zip(ev.get("seats", ()), ev.get("cards", ())):
                self._forget_down(seat)
                if seat != me:
                    self.holds.setdefault(seat, {})[card] = (at, 1.0)  # shown, then taken back
                    self.version += 1
        elif kind == "match":
            for seat in ev.get("seats", ()):
                self._forget_down(seat)
                if self.holds.get(seat, {}).pop(ev.get("card"), None) is not None:
                    self.version += 1
        elif kind == "hunted":
            target = ev.get("target")
            if self.holds.get(target, {}).pop(ev.get("card"), None) is not None:
                self.version += 1
            self._forget_down(target)
            self._forget_down(ev.get("hunter"))
        elif kind == "hunters_cancel":
            for seat in ev.get("hunters", ()):
                self._forget_down(seat)
        elif kind == "pass_open":
            # everyone is about to give a card away: every memory of a hand grows less sure,
            # and one it halves to FORGOTTEN or less is gone (nothing reads it: it could only
            # be halved again or replaced, so every later read of the hands would skip it)
            for cards in self.holds.values():
                if cards:
                    for card, (t, w) in list(cards.items()):
                        w *= PASS_KEEP
                        if w > FORGOTTEN:
                            cards[card] = (t, w)
                        else:
                            del cards[card]
                    self.version += 1
        elif kind == "passed":
            giver, to, card = ev.get("seat"), ev.get("to"), ev.get("card")
            if giver == me and to != me:
                self.holds.setdefault(to, {})[card] = (at, 1.0)
                self.version += 1
            elif to == me and self.holds.get(giver, {}).pop(card, None) is not None:
                self.version += 1


def _lognormal(h: int, median: float, sigma: float) -> int:
    """A reaction time from the 64-bit seeded hash ``h`` of its draw: a Box-Muller normal
    of two uniforms made of its two 32-bit halves (one hash a draw, no generator seeded
    for it), as ``median * exp(sigma * z)`` kept within ``REACT_MIN`` and ``REACT_MAX``."""
    x2pi = (h >> 32) * _HALF * _TWOPI
    z = math.cos(x2pi) * math.sqrt(-2.0 * math.log(1.0 - (h & 0xFFFFFFFF) * _HALF))
    t = median * math.exp(sigma * z)
    # int(min(REACT_MAX, max(REACT_MIN, t))), without the two calls
    return int((t if t < REACT_MAX else REACT_MAX) if t > REACT_MIN else REACT_MIN)


_TWOPI = 2.0 * math.pi  # random.TWOPI
_HALF = 2.0**-32  # a 32-bit half of a hash as a uniform in [0, 1)


class RandomBot:
    """Plans a random legal action at a random delay (0-2 s), or sometimes waits a
    random time (0.2-2 s) and is asked again."""

    name = "random"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(f"brouhaha:random:{seed}:{seat}")

    def choose(self, view: dict, legal: list) -> dict:
        return self.rng.choice(legal)

    def plan(self, view: dict, legal: list):
        if not legal:
            return None
        if self.rng.random() < 0.3:
            return Later(self.rng.randint(200, 2000))
        return Later(self.rng.randint(0, 2000), self.rng.choice(legal))


class PlannerBot:
    """The Brouhaha player of the module docstring, at one of :data:`LEVELS`."""

    name = "planner"
    level = "medium"
    #: the scheduler's promise (see its module docstring), made answer by answer: in the pass
    #: phase another seat's secret choice changes nothing the bot reads (not its memory:
    #: Memory.update skips it, and reads it as well later), so its answer stands while no
    #: memory may fade and its plan is not due; None: no promise (every other answer)
    quiet_entries = frozenset(("pass_chosen",))
    stands_until: float | None = None

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.seed = seed
        self.p = LEVELS[self.level]
        self.memory = Memory(seat)
        self._salt = f"brouhaha:{self.level}:{seed}:{seat}:"  # every seeded draw hashes this + its key
        self._want: tuple | None = None  # (action key, due ms, the action if read-only, else None)
        self._draws: dict = {}  # fact key -> seeded uniform (memories' fading)
        self._hunter_since: float | None = None  # when it first saw a Hunter in its hand
        # caches kept between questions, each keyed by what it is computed from (the
        # Scheduler asks after every step, and most steps change little of it)
        self._fades: dict = {}  # (at, fact key) -> (surely kept before, surely gone after)
        self._draws_of: dict = {}  # seeded lognormal draws by key
        # the unseen pool (_unseen) and the view's parts it is made of
        self._public_key: tuple | None = None  # removed cards, Reserves, lost cards
        self._public: dict | None = None  # odds._public_counts of them
        self._seen_key: list | None = None  # its hand and known face-down cards, sorted
        self._seen_of: tuple = (None, None)  # (its hand, known face-down cards) as last read
        self._pool: dict | None = None
        self._holds_cache: tuple | None = None  # (memory version, from, until, {seat: {animal: w}})
        self._belief_of: tuple = (None, None)  # (pool, holds) the cached beliefs were made from
        self._beliefs: dict = {}  # what a belief reads -> {animal: p} (see _Context.belief)
        self._surely: tuple | None = None  # (holds, its sure memories by animal)
        self._pass_cache: tuple | None = None  # (inputs, from, until, holds, the card to pass)
        self._hopes_cache: tuple | None = None  # (memory cried version, from, until, {cry: 1.0})
        self._dead_of: tuple = (None, None, None, {})  # (pool, hand, card down, {animal: dead})
        self._alive_of: tuple = (None, None, [], None)  # (cards, the {animal: dead} above, _Context.alive, card down)
        self._order_of: tuple = (None, None, None)  # (_Context.alive, since, the card of its lowest order draw)
        self._legal_read: tuple = (None,)  # _read_legal of the read-only legal list last asked with
        #: the context of its questions, set up anew for each (:meth:`_Context.ask`)
        self._ctx = _Context()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seat={self.seat} seed={self.seed}>"

    # ------------------------------------------------------------ randomness
    def _hash(self, key: tuple) -> int:
        """The bot's 64-bit hash of ``key`` (its level, seed and seat are the head)."""
        return hash64(repr(key), self._salt)

    def _uniform(self, *key) -> float:
        """A seeded uniform number in [0, 1) for ``key``."""
        u = self._draws.get(key)
        if u is None:
            u = self._uniform_of(key, repr(key))
        return u

    def _uniform_as(self, key: tuple, text: str) -> float:
        """:meth:`_uniform` of ``key``, ``text`` being ``repr(key)`` as its caller wrote it: a
        literal name and the reprs of the rest in an f-string (``repr`` of a tuple costs
        CPython 3.11 ~1.3k instructions for its recursion guard, ~0.6k for each str in it,
        twice the f-string's cost; most such draws are new ones)."""
        u = self._draws.get(key)
        return u if u is not None else self._uniform_of(key, text)

    def _uniform_of(self, key: tuple, text: str) -> float:
        """:meth:`_uniform` of ``key`` not drawn yet, ``text`` being ``repr(key)`` as its caller
        made it: a loop over the cards draws keys alike but for the card, and builds the head
        of their text once (``repr`` of a tuple is most of a draw's cost)."""
        u = hash64(text, self._salt) / 2.0**64
        if len(self._draws) > 50_000:
            self._draws.clear()
        self._draws[key] = u
        return u

    def _remembered(self, at: float, now: float, *key) -> bool:
        """Whether the memory ``key`` of age ``now - at`` is still there: iff its seeded
        uniform draw is below ``exp(-age / tau)``. That is True up to an age of
        ``-tau * log(u)`` and False after, so the answer is looked up away from that
        boundary (1 ms either side, far beyond any rounding) and computed near it."""
        return self._remembered_until(at, now, key) is not None

    def _remembered_until(self, at: float, now: float, key: tuple) -> float | None:
        """None when the memory ``key`` is gone at ``now`` (:meth:`_remembered`), else up to
        when (exclusive) it surely stays: ``now`` itself near its boundary (ask again)."""
        fade = self._fades.get((at, key))
        if fade is None:
            u = self._draws.get(key)
            if u is None:
                # repr(key) of a memory's key (its name, a seat, a card or a cry, a time) from its
                # items' reprs: half the cost of a tuple's repr (see _uniform_as)
                text = f"({key[0]!r}, {key[1]!r}, {key[2]!r}, {key[3]!r})" if len(key) == 4 else repr(key)
                u = self._uniform_of(key, text)
            if u > 1e-300:
                span = -self.p["tau"] * math.log(u)
                fade = (at + span - 1.0, at + span + 1.0)
            else:  # no shortcut: computed every time
                fade = (-math.inf, math.inf)
            if len(self._fades) > 50_000:
                self._fades.clear()
            self._fades[(at, key)] = fade
        if now < fade[0]:
            return fade[0]
        if now > fade[1]:
            return None
        return now if self._uniform(*key) < math.exp(-max(0.0, now - at) / self.p["tau"]) else None

    def _drawn(self, key: tuple, params: tuple) -> int:
        """A seeded lognormal draw (:func:`_lognormal`) for ``key``, drawn once per key."""
        d = self._draws_of.get(key)
        if d is None:
            d = _lognormal(hash64(repr(key), self._salt), *params)
            if len(self._draws_of) > 50_000:
                self._draws_of.clear()
            self._draws_of[key] = d
        return d

    def _holds_now(self, now: float) -> dict:
        """The memories of hands still there at ``now``: ``{seat: {animal: weight}}``,
        recomputed only when the memory changed or one of them may have faded."""
        memory = self.memory
        cached = self._holds_cache
        if cached is not None and cached[0] == memory.version and cached[1] <= now < cached[2]:
            return cached[3]
        out: dict = {}
        until = math.inf
        fades = self._fades
        for seat, cards in memory.holds.items():
            for card, (at, w) in cards.items():
                if w > FORGOTTEN:
                    key = ("holds", seat, card, at)
                    fade = fades.get((at, key))  # _remembered_until's first look, made here
                    if fade is not None and now > fade[1]:
                        continue  # faded, and a faded memory stays faded: it cannot come back later
                    kept = fade[0] if fade is not None and now < fade[0] else self._remembered_until(at, now, key)
                    if kept is not None:
                        held = out.get(seat)  # (setdefault would make a dict per memory)
                        if held is None:
                            held = out[seat] = {}
                        held[card] = w
                        if kept < until:
                            until = kept
        if cached is not None and out == cached[3]:
            out = cached[3]  # the same memories: the caches keyed by this dict stand
        self._holds_cache = (memory.version, now, until, out)
        return out

    def _hopes_now(self, now: float) -> tuple:
        """``({cry: 1.0}, until)``: the cries it remembers another seat taking back at ``now``
        (:meth:`_Context.cry_hope`), and up to when (exclusive) no memory of them may fade;
        recomputed only when ``cried`` changed or one of them may have faded."""
        memory = self.memory
        cached = self._hopes_cache
        if cached is not None and cached[0] == memory.cried_version and cached[1] <= now < cached[2]:
            return cached[3], cached[2]
        hopes: dict = {}
        until = math.inf
        fades = self._fades
        for seat, cries in memory.cried.items():
            if seat != self.seat:
                for cry, at in cries.items():
                    key = ("cried", seat, cry, at)
                    fade = fades.get((at, key))  # _remembered_until's first look, made here
                    if fade is not None and now > fade[1]:
                        continue  # faded, and a faded memory stays faded
                    kept = fade[0] if fade is not None and now < fade[0] else self._remembered_until(at, now, key)
                    if kept is not None:
                        hopes[cry] = 1.0
                        if kept < until:
                            until = kept
        self._hopes_cache = (memory.cried_version, now, until, hopes)
        return hopes, until

    def _surely_held(self, holds: dict) -> dict:
        """``{animal: [(seat, weight), ...]}``: the memories of ``holds`` of weight at least
        0.5, in its order (made once per ``holds``)."""
        cached = self._surely
        if cached is not None and cached[0] is holds:
            return cached[1]
        out: dict = {}
        for seat, cards in holds.items():
            for animal, w in cards.items():
                if w >= 0.5:
                    out.setdefault(animal, []).append((seat, w))
        self._surely = (holds, out)
        return out

    def _unseen(self, view: dict, known: dict) -> dict:
        """:func:`.odds.unseen_pool` of ``view`` (as a dict), recomputed only when its parts
        changed: the public removed cards, Reserves and lost cards (:func:`.odds._public_counts`,
        kept apart: they change only at a match, a hunt or a lost card), and the cards the
        seat sees as a multiset (its hand and the face-down cards it knows: a card shown from
        its hand leaves the pool as it was). A pool made anew equal to the last one is the
        last one: the beliefs cached of it (keyed by its identity) stand."""
        public_key = (view.get("removed"), view.get("reserves"), view.get("lost"))
        hand = view.get("my_hand") or ()
        last = self._seen_of
        if self._pool is not None and last[0] == hand and last[1] == known and self._public_key == public_key:
            return self._pool  # the same hand and known cards: the same multiset, not sorted again
        self._seen_of = (hand, known)
        seen = sorted([*hand, *known.values()])
        if self._pool is not None and self._seen_key == seen and self._public_key == public_key:
            return self._pool
        if self._public is None or self._public_key != public_key:
            global _PUBLIC
            made_of, public = _PUBLIC
            if made_of != public_key:  # (the same for every seat: the first bot asked makes them)
                public = odds._public_counts(view)
                _PUBLIC = (public_key, public)
            self._public = public
            self._public_key = public_key
        self._seen_key = seen
        pool = odds._unseen_less(self._public, view, known)
        if self._pool is not None and pool == self._pool:
            return self._pool
        self._pool = pool
        return pool

    # ---------------------------------------------------------------- plans
    def _later(self, action: dict, kind: str, now: float, tag: tuple, not_before: float = 0.0):
        """``Later`` for ``action``: its reaction time (``kind``: a ``"react"`` race or a
        ``"think"`` choice) is drawn when the bot first wants it for the reason ``tag``,
        and the due time stands while it goes on wanting it. A due time already
        passed means that plan was carried out: wanting it again is a new reaction."""
        want = self._want
        if want is not None and want[2] is action and want[1] > now and want[0][1] == tag:
            # the same read-only action for the same reason, not yet due: the plan stands
            # (due after now: the int of a positive time, never below 0)
            return Later(int(want[1] - now), action)
        akey, r_action = _key_and_repr(action)
        key = (akey, tag)
        if want is None or want[0] != key or want[1] <= now:
            if kind == "react":
                median, sigma = self.p["react"]
                r_kind = "'react'"
            else:
                median, sigma = self.p["think"]
                r_kind = "'think'" if kind == "think" else repr(kind)
            # the draw of the key ("react", kind, tag, key, now): its repr built of its parts'
            # (a tuple's repr joins its items' with ", "), the action's kept, the tag's made of
            # its one or two items' (a tuple's own repr passes CPython 3.11's recursion guard:
            # ~1.2k instructions more)
            n = len(tag)
            r_tag = f"({tag[0]!r},)" if n == 1 else f"({tag[0]!r}, {tag[1]!r})" if n == 2 else repr(tag)
            text = f"('react', {r_kind}, {r_tag}, ({r_action}, {r_tag}), {now!r})"
            delay = _lognormal(hash64(text, self._salt), median, sigma)
            # (the action itself is kept when it cannot change: a FrozenAction, or the bot's SLAP)
            kept = action if type(action) is FrozenAction or action is SLAP else None
            due = now + delay
            self._want = (key, int(not_before if not_before > due else due), kept)  # int(max(due, not_before))
        ms = int(self._want[1] - now)
        return Later(ms if ms > 0 else 0, action)

    def choose(self, view: dict, legal: list) -> dict:
        answer = self.plan(view, legal)
        action = answer.action if isinstance(answer, Later) else answer
        if action is None:
            action = next((a for a in legal if a["type"] == "pass"), None) or legal[0]
        return action

    def plan(self, view: dict, legal: list):
        self.stands_until = None
        if self.memory.update(view.get("log") or []):
            # not the game (or the moment) it was following: what it wanted and when it
            # first saw its Hunter belong to that one; it goes on as a fresh bot would
            self._want = None
            self._hunter_since = None
        if not legal or view.get("over"):
            self._want = None
            return None
        ctx = self._ctx
        ctx.ask(self, view)
        try:
            phase = view.get("phase")
            if phase == "play":  # (most questions)
                return self._plan_play(ctx, legal)
            if phase == "slap":
                return self._plan_second_slap(ctx, legal)
            if phase == "hunt":
                return self._plan_counter(ctx, legal)
            if phase == "pass":
                return self._plan_pass(ctx, legal)
            self._want = None
            return None
        finally:
            # (between questions no reference back to the bot, whose caches then go with their
            # game, as they did before it kept a context, not at a later collection; and no view
            # kept alive, and walked by the collector, until the bot's next question)
            ctx.bot = ctx.view = None

    # slap window: join as the second slapper?
    def _plan_second_slap(self, ctx: _Context, legal: list):
        slap = ctx.view.get("slap") or {}
        first = slap.get("first")
        if SLAP not in legal or first is None or ctx.mine is None:
            self._want = None
            return None
        situation = ("second", slap.get("at"))
        same_cry = ctx.cries[first] == ctx.my_cry
        p = ctx.belief(first).get(ctx.mine, 0.0) if same_cry else 0.0
        # the slap says the slapper believes in a match; each earlier unanswered slap of that
        # card (by this slapper) says it more loudly
        voids = ctx.memory.voids.get(first)
        again = voids[1] if voids and voids[0] == ctx.memory.down_at.get(first) else 0
        e = self.p["slap_evidence"] * (1 + again)
        if 0 < p < 1:
            p = p * e / (p * e + (1 - p))
        if p >= self.p["slap_second"] + ctx.risk():
            return self._later(SLAP, "react", ctx.now, situation)
        self._want = None
        return None

    # a hunt announced: cancel it with a Hunter of its own when it is the target
    def _plan_counter(self, ctx: _Context, legal: list):
        hunts = [a for a in legal if a["type"] == "hunt"]
        hunt = ctx.view.get("hunt") or {}
        if not hunts or not ctx.view.get("pinned"):
            self._want = None
            return None
        situation = ("counter", hunt.get("closes_at"))
        if self._uniform(*situation) >= self.p["counter"]:
            self._want = None
            return None
        return self._later(hunts[0], "react", ctx.now, situation)

    def _read(self, legal: list) -> tuple:
        """:func:`_read_legal` of ``legal``, kept while the game hands out the same read-only
        list (a LegalList: the same object until the seat's options change)."""
        read = self._legal_read
        if read[0] is not legal:
            read = _read_legal(legal)
            if type(legal) is LegalList:
                self._legal_read = read
        return read

    def _plan_pass(self, ctx: _Context, legal: list):
        cards, passes = self._read(legal)[4:]
        if not cards:
            self._want = None
            return None
        closes = (ctx.view.get("passing") or {}).get("closes_at")
        now = ctx.now
        care = self.p["care"]
        # (at a care of 1, hard's, the draw, below 1, could never fail: it is not made)
        if care >= 1.0 or self._uniform_as(("care", closes), f"('care', {closes!r})") < care:
            card = self._pass_choice(ctx, cards, closes)
            # the card stands while the memories it was chosen by stay (_pass_choice's cache)
            until = min(self._holds_cache[2], self._pass_cache[2])
        else:
            # (drawn by closes alone)
            card = cards[int(self._uniform_as(("careless", closes), f"('careless', {closes!r})") * len(cards))]
            until = math.inf
        answer = self._later(passes[card], "think", now, ("pass", closes))
        # Later(due - now): due at the same clock time while it is not due, for a whole clock
        # (a fraction of a ms would be cut off differently at another time)
        due = self._want[1]
        if now % 1 == 0:
            self.stands_until = due if due < until else until
        return answer

    def _pass_choice(self, ctx: _Context, cards: list, closes) -> str:
        """``ctx.pass_choice(cards)``, kept while the pass window's inputs stay: the same
        cards, view parts and memories (a pass chosen by another seat changes none of them)
        and no memory that may fade before ``now`` (a faded one stays faded)."""
        now, holds = ctx.now, ctx.holds()
        key = (
            closes,
            cards,
            ctx.view.get("my_hand"),
            ctx.mine,
            ctx.cries,
            ctx.hunter,
            ctx.known(),
            ctx.mode,
            ctx.view.get("players"),
            # the parts the unseen pool is made of besides the hand and known cards above
            ctx.view.get("removed"),
            ctx.view.get("reserves"),
            ctx.view.get("lost"),
            self.memory.changes,
        )
        cached = self._pass_cache
        if cached is not None and cached[3] is holds and cached[1] <= now < cached[2] and cached[0] == key:
            return cached[4]
        card = ctx.pass_choice(cards)
        until = self._hopes_now(now)[1]  # (the cries it remembers: the pass may read them)
        self._pass_cache = (key, now, until, holds, card)
        return card

    def _plan_play(self, ctx: _Context, legal: list):
        now, mine, memory, p = ctx.now, ctx.mine, ctx.memory, self.p
        # the legal list read once: a slap, the Hunter's targets, the cards to show (kept
        # while the game hands out the same read-only list: it does until the hand changes)
        read = self._legal_read
        if read[0] is not legal:
            read = self._read(legal)
        can_slap, hunts, plays = read[1], read[2], read[3]
        # a person does not slap twice at the same table: after a slap nobody answered, it
        # waits until a card is shown, taken back, matched or hunted (Memory.slapped_here,
        # asked last: only when the belief would slap, as the table is remade, sorted, after
        # every change of the cards down, and most questions come after one)
        may_slap = can_slap and mine is not None
        # 1. slap when it believes someone shares its animal
        p_now = ctx.share() if mine is not None else 0.0
        # (the risk, never below 0, is read only for a belief past the bare threshold)
        first = p["slap_first"]
        if may_slap and p_now >= first and p_now >= first + ctx.risk() and not memory.slapped_here():
            return self._later(SLAP, "react", now, ("first", memory.down_at.get(self.seat)))
        # 2. a Hunter at the card it can best place
        if HUNTER in ctx.hand:
            if self._hunter_since is None:
                self._hunter_since = now
        else:
            self._hunter_since = None
        if hunts:
            target, score = ctx.hunt_target([a["target"] for a in hunts])
            since = self._hunter_since if self._hunter_since is not None else now
            patience = self._drawn(("hunt_patience", since), p["hunt_patience"])
            if score >= 1.5 or now >= since + patience:
                action = next(a for a in hunts if a["target"] == target)
                return self._later(action, "react", now, ("hunt", target))
        # 3. a card to show: the likeliest to be matched by a card already down
        if not plays:
            self._want = None
            return None
        table = tuple(ctx.cries)
        # (whether it notices the cries at this table is asked first, and only with a card that
        # may score: with no attention no card is answered, and the cards' beliefs are not
        # worked out; at an attention of 1 the draw, below 1, never fails, and is not made)
        may_score = ctx.may_score(plays)
        attention = p["attention"]
        if may_score and (
            attention >= 1.0
            or self._uniform_as(("attention", table), f"('attention', {_table_text(table)})") < attention
        ):
            best = self._best_card(ctx, may_score, p_now, table)
            if best is not None:
                return self._later(plays[best], "think", now, ("best",))
        # 4. else search: show the next card, at once with none down, after a patience with one
        alive = ctx.alive(plays)
        since = memory.down_at.get(self.seat, now) if mine is not None else now
        if not alive:
            if may_slap and p_now >= p["slap_last"] + ctx.risk() and not memory.slapped_here():
                # its last hope is down: with nothing else to try, it slaps on a weaker belief
                wait = self._drawn(("last", since, table), p["patience"])
                return self._later(SLAP, "react", now, ("last", since, table), not_before=now + wait)
            self._want = None
            return None
        if len(alive) == 1:
            nxt = alive[0]  # both ways below pick it: their draws would change nothing
        # now and then a random card, not the oldest shown
        elif self._uniform_as(("shuffle", since), f"('shuffle', {since!r})") < 0.5:
            order = self._order_of
            if order[0] is alive and order[1] == since:
                nxt = order[2]  # the same live cards (the same kept list) and since: the same card
            else:
                # min(alive, key=the seeded draw of ("order", since, card)): the first card of
                # the lowest draw (a draw is below 1), its cache read first
                draws = self._draws
                head = f"('order', {since!r}, "  # (the text of every card's draw begins so)
                low = 2.0
                for c in alive:
                    key = ("order", since, c)
                    u = draws.get(key)
                    if u is None:
                        u = self._uniform_of(key, f"{head}{c!r})")
                    if u < low:
                        nxt, low = c, u
                self._order_of = (alive, since, nxt)
        else:
            # the card shown least recently (a cry someone else took back first), ties broken
            # by a seeded draw per card
            tied = ctx.shown_first(alive)
            nxt = tied[0]
            if len(tied) > 1:
                # min(tied, key=the seeded draw of ("order", card)), as above
                low_u = 2.0
                for c in tied:
                    u = self._uniform("order", c)
                    if u < low_u:
                        nxt, low_u = c, u
        if mine is None:
            return self._later(plays[nxt], "think", now, ("show",))
        patience = 0 if ctx.dead(mine) else self._drawn(("patience", since), p["patience"]) * (1 + 2 * p_now)
        return self._later(plays[nxt], "think", now, ("next", since), not_before=since + patience)

    def _best_card(self, ctx: _Context, cards: list, p_now: float, table: tuple) -> str | None:
        """The card of ``cards`` (:meth:`_Context.may_score`) likeliest to be matched by a card
        already down, if its score is past the bar (``p_now + switch_margin``, at least 0.05),
        else None: the highest score to 3 places, ties broken by a seeded draw per card (drawn
        only when the tie matters: no card of the tie is worth showing otherwise)."""
        scores = ctx.scores_of(cards)
        bar = p_now + self.p["switch_margin"]
        if not bar > 0.05:
            bar = 0.05  # max(0.05, p_now + switch_margin)
        # (rounding is monotone: the top rounded score is the top score rounded, and with no
        # score past the bar no card of the tie is worth showing)
        hi = max(scores.values()) if scores else 0.0  # (no default=: max parses no keywords)
        if not hi > bar:
            return None
        top = round(hi, 3)
        # (a score rounding to top is within 0.001 of hi, so one further away than 0.002 is
        # not rounded)
        tied = []  # (a loop: a list comprehension makes a function frame in CPython 3.11)
        for c, v in scores.items():
            if hi - v < 0.002 and round(v, 3) == top:
                tied.append(c)
        best = tied[0]
        if len(tied) > 1:
            if not any(scores[c] > bar for c in tied):
                return None
            # max(tied, key=the seeded draw of ("pick", table, card)): the first card of the
            # highest draw (a draw is at least 0), found without max's keyword
            top_u = -1.0
            head = f"('pick', {_table_text(table)}, "  # (the text of every card's draw begins so)
            for c in tied:
                key = ("pick", table, c)
                u = self._draws.get(key)
                if u is None:
                    u = self._uniform_of(key, f"{head}{c!r})")
                if u > top_u:
                    best, top_u = c, u
        return best if scores[best] > bar else None


def _read_legal(legal: list) -> tuple:
    """``(legal, can slap, [hunt actions], {card: play action}, [cards to pass], {card: its
    first pass action})``: what :meth:`PlannerBot._plan_play` and :meth:`PlannerBot._plan_pass`
    read of a legal list (never changed: read only)."""
    can_slap = False
    hunts = []
    plays = {}
    passes: dict = {}
    cards = []
    for a in legal:
        kind = a["type"]
        if kind == "play":
            plays[a["card"]] = a
        elif kind == "hunt":
            hunts.append(a)
        elif kind == "pass":
            cards.append(a["card"])
            passes.setdefault(a["card"], a)
        elif a == SLAP:
            can_slap = True
    return legal, can_slap, hunts, plays, cards, passes


def _dead(animal: str, hand, mine: str | None, pool: dict) -> bool:
    """:meth:`_Context.dead`: a Hunter never; a card it holds twice (or holds and has down)
    always; else iff no copy of it is unseen."""
    return animal != HUNTER and (hand.count(animal) + (mine == animal) >= 2 or not pool.get(animal))


def _held(hand, mine: str | None) -> list:
    """The cards of ``hand`` and the card down ``mine`` as one sorted list: what :func:`_dead`
    counts of them (equal lists, equal answers)."""
    return sorted([*hand, mine]) if mine is not None else sorted(hand)


#: no options read yet (a view's options are never this object)
_NO_OPTIONS = object()

#: odds._tables() by cry mode: {animal: its cry}, {cry: its species}
_CRY_OF, _SPECIES = odds._tables()[1:]


class _Context:
    """One question's view, with the bot's beliefs computed lazily."""

    __slots__ = (
        "bot", "view", "memory", "me", "now", "mode", "cry_of", "species", "cries", "hand", "mine", "my_cry", "hunter",
        "_pool", "_beliefs", "_made", "_holds", "_known", "_crying", "_hopes", "_dead", "_options",
    )  # fmt: skip

    def __init__(self, bot: PlannerBot | None = None, view: dict | None = None):
        self._options = _NO_OPTIONS  # (the read-only options its mode was read from, see ask)
        if bot is not None and view is not None:
            self.ask(bot, view)

    def ask(self, bot: PlannerBot, view: dict) -> None:
        """Set up for ``bot``'s question about ``view``, with nothing of an earlier question
        kept. (A bot keeps one context and asks it anew for each question: making an object
        whose class has an ``__init__`` costs CPython 3.11 a call through C, ~1% of a question.)"""
        self.bot = bot
        self.memory = bot.memory
        self.me = bot.seat
        self.view = view
        self.now = view.get("clock", 0) or 0
        options = view.get("options")
        if options is not self._options:
            # (the views of a game share one read-only dict of options: its cry mode and tables
            # are read at the bot's first question, not at every one; a plain dict, as in a
            # reveal, is read every time: it may be a new one, or changed)
            self._options = options if type(options) is FrozenEvent else None
            self.mode = mode = options.get("cries", "shared") if options else "shared"  # odds._mode
            self.cry_of = _CRY_OF[mode]  # {animal: its cry}
            self.species = _SPECIES[mode]  # {cry: its species}: odds.species_of_cry
        # the view is a snapshot (its public parts read-only, shared by the views of one state):
        # read, never copied
        self.cries = view.get("cries") or ()
        self.hand = view.get("my_hand") or ()
        down = view.get("my_down")
        self.mine = down if down is not None and down != HUNTER else None
        self.my_cry = self.cry_of[down] if self.mine else None
        self.hunter = view.get("hunter_down")
        self._pool = None
        self._beliefs: dict = {}
        self._made: dict | None = None  # _beliefs_made()
        self._holds = None
        self._known: dict | None = None
        self._crying: dict | None = None  # _crying_map()
        self._hopes: dict | None = None  # PlannerBot._hopes_now: {cry: 1.0} for cry_hope
        self._dead: dict | None = None  # _deads(): animal -> dead(animal)

    def known(self) -> dict:
        """:func:`.odds._known_down` of the view: with no reveal on the table (most questions)
        only its own card down, read here without the call."""
        known = self._known
        if known is None:
            view = self.view
            if view.get("reveal"):
                known = odds._known_down(view)
            else:
                down = view.get("my_down")
                known = {} if down is None or view.get("viewer") is None else {view["viewer"]: down}
            self._known = known
        return known

    # memories still there now: {seat: {animal: weight}}
    def holds(self) -> dict:
        if self._holds is None:
            self._holds = self.bot._holds_now(self.now)
        return self._holds

    def pool(self) -> dict:
        """Unseen cards less the ones it surely remembers in other seats' hands."""
        if self._pool is None:
            self._pool = self.bot._unseen(self.view, self._known if self._known is not None else self.known())
        return self._pool

    def belief(self, seat: int) -> dict:
        """``{animal: p}`` for ``seat``'s face-down card (by its cry)."""
        out = self._beliefs.get(seat)
        if out is not None:
            return out
        known = self._known if self._known is not None else self.known()
        if seat in known:
            out = {known[seat]: 1.0}
        else:
            cry = self.cries[seat] if seat < len(self.cries) else None
            if cry is None or seat == self.hunter:
                out = {}  # (no card down, or the announced Hunter's imitation: no belief)
            else:
                # the bot's cache between questions, made of the same pool and memories: a belief
                # reads of its seat only the weights it remembers of the cry's species and, for
                # its own animal, the seat's answer and unanswered slaps, so seats alike share it
                # (the weights are 1 or halves: the sums they enter are exact in any order)
                made = self._made if self._made is not None else self._beliefs_made()
                holds, memory = self._holds, self.memory
                here = holds.get(seat)
                held = tuple(map(here.get, self.species.get(cry, ()))) if here else None
                if cry == self.my_cry:
                    declined = memory.declined.get((seat, self.mine))
                    times = declined[1] if declined and declined[0] == memory.down_at.get(seat) else 0
                    key: tuple = (cry, self.mode, held, self.mine, not memory.answered.get(seat), times)
                else:
                    key = (cry, self.mode, held)
                out = made.get(key)
                if out is None:
                    out = made[key] = self._belief(seat, cry, self._pool, holds)
        self._beliefs[seat] = out
        return out

    def _beliefs_made(self) -> dict:
        """The bot's cache of beliefs (:meth:`belief`), emptied when the pool or the memories
        of hands it was made of changed; looked up once per question."""
        pool, holds = self.pool(), self.holds()
        bot = self.bot
        made_of = bot._belief_of
        if made_of[0] is not pool or made_of[1] is not holds:
            bot._belief_of = (pool, holds)
            bot._beliefs = {}
        self._made = bot._beliefs
        return self._made

    def _belief(self, seat: int, cry: str, pool: dict, holds: dict) -> dict:
        """The belief of :meth:`belief` for a seat crying ``cry`` (not known, not the Hunter)."""
        out: dict = {}
        mine_here = holds.get(seat, {})
        bot = self.bot
        boost = bot.p["boost"]
        surely = bot._surely  # (_surely_held's own cache, read here first)
        surely = surely[1] if surely is not None and surely[0] is holds else bot._surely_held(holds)
        for animal in self.species.get(cry, ()):
            # the sure memories of it in other seats' hands (summed in the memories' order)
            sure = surely.get(animal)
            elsewhere = 0
            if sure:
                for s, w in sure:  # (sum of a generator, without making one: the same order)
                    if s != seat:
                        elsewhere += w
            base = pool.get(animal, 0) - elsewhere
            if not base > 0.0:
                base = 0.0  # max(0.0, base)
            here = mine_here.get(animal)
            if base <= 0 and not here:
                continue
            weight = (base if base >= 0.5 else 0.5) * (1 + boost * here) if here else base  # max(base, 0.5)
            if animal == self.mine:
                if self.memory.answered.get(seat):
                    weight *= self.bot.p["answer"]
                declined = self.memory.declined.get((seat, animal))
                if declined and declined[0] == self.memory.down_at.get(seat):
                    weight *= DECLINE ** declined[1]
            out[animal] = weight
        total = sum(out.values())
        if not total:
            return {}
        for a, w in out.items():  # (normalised in place: the same keys, no new dict)
            out[a] = w / total
        return out

    def _crying_map(self) -> dict:
        """``{cry: the seats crying it}`` for every cry on the table, the announced Hunter's
        seat left out (a seat with no card down cries nothing), in seat order: the table's
        map of :data:`_CRYING`, the same for every seat, so its own seat is in it (the
        readers skip it)."""
        crying = self._crying
        if crying is None:
            global _CRYING
            cries, hunter = self.cries, self.hunter
            made_of, crying, made_from = _CRYING
            # the views of one moment share one read-only list of cries (a FrozenList, kept by
            # the game while the cries stay): the bots asked after a step find the map by that
            # object, without a tuple of the cries made and compared per question
            if made_from is not cries or type(cries) is not FrozenList or made_of[1] != hunter:
                table = (tuple(cries), hunter)
                if made_of != table:  # (the same for every seat: the first bot asked makes it)
                    crying = {}
                    for s, c in enumerate(cries):
                        if c is not None and s != hunter:
                            crying[c] = crying[c] + (s,) if c in crying else (s,)
                _CRYING = (table, crying, cries)
            self._crying = crying
        return crying

    def share(self, animal: str | None = None) -> float:
        """P(some other face-down card is ``animal``) (default: its own down card's)."""
        animal = animal or self.mine
        if animal is None:
            return 0.0
        # (not kept: a question asks it once per animal, its own down card's or a card of its
        # hand, each a different one)
        miss = 1.0
        beliefs = self._beliefs  # (belief's own cache of this question, read here first)
        crying = self._crying if self._crying is not None else self._crying_map()
        me = self.me
        for seat in crying.get(self.cry_of[animal], ()):
            if seat != me:
                b = beliefs.get(seat)
                miss *= 1 - (b if b is not None else self.belief(seat)).get(animal, 0.0)
        return 1 - miss

    def dead(self, animal: str) -> bool:
        """Its partner cannot be matched: no unseen copy and nobody remembered holding one."""
        made = self._dead if self._dead is not None else self._deads()
        d = made.get(animal)
        if d is None:
            d = made[animal] = _dead(animal, self.hand, self.mine, self._pool)
        return d

    def _deads(self) -> dict:
        """The bot's cache of :meth:`dead` (``{animal: dead}``), kept between questions while
        the pool and the cards it holds (its hand and card down together, as :func:`_dead`
        counts them) stay: a card shown by another seat changes none of them, and a card it
        shows itself only moves one between its hand and the table (nearly every change of
        its hand in the play phase)."""
        pool = self._pool if self._pool is not None else self.pool()  # (most often made already)
        hand, mine = self.hand, self.mine
        bot = self.bot
        made = bot._dead_of
        if made[0] is not pool or made[2] != mine or made[1] != hand:
            # (sorted only on a change of the hand or the card down, never per question)
            if made[0] is pool and _held(made[1], made[2]) == _held(hand, mine):
                made = bot._dead_of = (pool, hand, mine, made[3])
            else:
                made = bot._dead_of = (pool, hand, mine, {})
        self._dead = made[3]
        return made[3]

    def alive(self, animals) -> list:
        """The animals of ``animals`` but its own down card that are not :meth:`dead`, in order
        (read only). The bot keeps the last list while it is asked with the same ``animals``
        object (a kept legal read's cards) and the same cache of :meth:`dead`, which is kept
        for one pool and the cards it holds, and the same card down: they are all the list is
        made of."""
        made = self._dead if self._dead is not None else self._deads()
        bot = self.bot
        mine = self.mine
        kept = bot._alive_of
        if kept[0] is animals and kept[1] is made and kept[3] == mine:
            return kept[2]
        hand, pool = self.hand, self._pool
        out: list = []
        bot._alive_of = (animals, made, out, mine)  # (filled below)
        for c in animals:
            if c != mine:
                d = made.get(c)
                if d is None:
                    d = made[c] = _dead(c, hand, mine, pool)
                if not d:
                    out.append(c)
        return out

    def play_scores(self, animals) -> dict:
        """``{animal: play_score(animal)}`` for the animals other than its own down card whose
        score is not 0, in their order: a card whose cry nobody else cries scores 0 without
        a belief (``share`` would be ``1 - 1.0``), and the caller looks only at the best."""
        return self.scores_of(self.may_score(animals))

    def scores_of(self, cards: list) -> dict:
        """``{card: share(card)}`` for the cards of :meth:`may_score` whose share is not 0."""
        share = self.share
        out = {}
        for c in cards:
            v = share(c)
            if v:
                out[c] = v
        return out

    def may_score(self, animals) -> list:
        """The animals of ``animals`` whose :meth:`play_score` may not be 0, in order, found
        without a belief: not its own down card, not dead, and of a cry another seat cries."""
        cry_of, dead, mine = self.cry_of, self.dead, self.mine
        crying = self._crying if self._crying is not None else self._crying_map()
        # its own cry when no other seat cries it (made here, its one reader, not with the map:
        # many questions read the map and never score a card)
        cries, me = self.cries, self.me
        own = cries[me] if me < len(cries) else None
        lonely = own if own is not None and crying.get(own) == (me,) else None
        deads = self._dead if self._dead is not None else self._deads()  # (dead's cache, read here first)
        out = []
        for c in animals:
            # (a Hunter has no cry; every cry in the map but its lonely own has another seat)
            cry = cry_of.get(c)
            if cry in crying and cry != lonely and c != mine:
                d = deads.get(c)
                if not (d if d is not None else dead(c)):
                    out.append(c)
        return out

    def play_score(self, animal: str) -> float:
        if animal == HUNTER or self.dead(animal):
            return 0.0
        return self.share(animal)

    def risk(self) -> float:
        """How much higher its slap thresholds are: with Bang, a mismatch costs a Reserve card."""
        reserves = self.view.get("reserves") or []
        bang = (self.view.get("options") or {}).get("bang")
        return self.bot.p["risk"] if bang and self.me < len(reserves) and reserves[self.me] else 0.0

    def cry_hope(self, animal: str) -> float:
        """1 when it remembers another seat taking back a card with this animal's cry
        (that seat holds one of its look-alikes, maybe its partner), else 0."""
        return self._hopes_made().get(self.cry_of[animal], 0.0)

    def _hopes_made(self) -> dict:
        """:meth:`PlannerBot._hopes_now` ``{cry: 1.0}``, looked up once per question."""
        hopes = self._hopes
        if hopes is None:
            hopes = self._hopes = self.bot._hopes_now(self.now)[0]
        return hopes

    def shown_first(self, animals) -> list:
        """The animals of ``animals`` (in their order) with the lowest ``when it last showed
        it (-1: never) - 1000 * cry_hope(animal)``: the card to show next when it searches is
        one of them. (One loop: no dict of every card's value, no min() and tie list after.)"""
        hopes, shown, cry_of = self._hopes_made(), self.memory.shown.get, self.cry_of
        low = math.inf
        tied: list = []
        for c in animals:
            v = shown(c, -1.0) - 1000 * hopes.get(cry_of[c], 0.0)
            if v < low:
                low = v
                tied = [c]
            elif v == low:
                tied.append(c)
        return tied

    def hunt_target(self, targets: list) -> tuple:
        """The best target and its score: 1 for a card, + the chance its cry is
        matched elsewhere, + a little for a large Reserve, - the chance it is the
        partner of a card in its own hand."""
        reserves = self.view.get("reserves") or []
        sizes = [len(r) for r in reserves] or [0]
        top = max(sizes)
        best, best_score = None, -1.0
        mine = set(self.hand)
        crying = self._crying if self._crying is not None else self._crying_map()
        me, cries = self.me, self.cries
        for t in targets:
            belief = self.belief(t)
            cry = cries[t] if t < len(cries) else None
            score = 1.0
            # a seat other than itself and the target cries that cry (not the announced Hunter)
            if cry and any(s != me and s != t for s in crying.get(cry, ())):
                score += 0.5
            if self.mine and self.my_cry == cry:
                score -= 0.3  # it might match that card itself
            score -= sum(p for a, p in belief.items() if a in mine)
            if sizes and t < len(sizes) and sizes[t] == top and top > 0:
                score += 0.25
            if belief and max(belief.values()) >= 0.6:
                score += 0.25  # a cry it can place
            if score > best_score:
                best, best_score = t, score
        return best, best_score

    def pass_choice(self, cards: list) -> str:
        """The card to give: a second copy, a dead card, else the least promising; a
        Hunter last. (``min(cards, key=rank)`` as one loop, with the question's pool read
        once: the first card of the lowest rank, ranks that never tie since each names its
        card.)"""
        count = self.hand.count  # (a hand of a few cards: counted in C, no Counter made)
        left = (self.me + 1) % (self.view.get("players") or 1)
        left_holds = self.holds().get(left, {})
        dead, share, pool, cry_hope = self.dead, self.share, self.pool(), self.cry_hope
        best: tuple = ()
        for card in cards:
            if card == HUNTER:
                rank: tuple = (3, 0.0, card)
            elif count(card) >= 2:
                rank = (0, 0.0, card)
            elif dead(card):
                rank = (1, 0.0, card)
            else:
                # keep cards that can match: likely matched now, or with more unseen look-alikes
                hope = share(card) + 0.01 * pool.get(card, 0) + 0.1 * cry_hope(card)
                # giving the left neighbour the partner of a card it holds stalls its pair
                hope += 0.5 * left_holds.get(card, 0)
                rank = (2, hope, card)
            if not best or rank < best:
                best = rank
        return best[2]


class EasyBot(PlannerBot):
    name = level = "easy"


class MediumBot(PlannerBot):
    name = level = "medium"


class HardBot(PlannerBot):
    name = level = "hard"


BOTS = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}


# ------------------------------------------------------------------ Total Black
class TBHoldBot:
    """Total Black: holds hands, at once, iff the cry it heard in this bump equals its
    own (with shared cries a look-alike may hold back: then nothing happens)."""

    name = "hold"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.seed = seed

    def choose(self, view: dict, legal: list) -> dict:
        return legal[0]

    def plan(self, view: dict, legal: list):
        hold = {"type": "hold"}
        if hold not in legal or not _same_cry(view):
            return None
        return hold


def _same_cry(view: dict) -> bool:
    heard = view.get("heard")
    own = view.get("my_cry")
    return heard is not None and heard == own


TB_BOTS = {"hold": TBHoldBot}
