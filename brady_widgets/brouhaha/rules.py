"""Brouhaha: a real-time card game of shouting animals, on the engine's game clock.

3 to 10 players. 46 cards (:mod:`.content`): 21 animal species x 2 and 4 Hunters.
The rulebook's table removes some cards by player count (drawn with the game's
seeded RNG; the removed cards are **public**, set aside face up) and the rest is
dealt evenly (14, 11, 9, 7, 6, 5, 5, 4 cards each for 3..10 players).

Time runs in ms from 0; every action carries ``at`` (``realtime = True``), and
``races = {"slap", "hunt"}`` (the scheduler orders those by their stamps).

Phases (``phase`` in every view): ``play | slap | reveal | hunt | pass | over``.

* ``play``: everybody may act at any time. ``{"type": "play", "card": a}`` puts an
  animal of the hand face down (a card already down goes back to the hand first:
  a switch); its **cry** is public, the card secret. ``{"type": "take_back"}``
  takes the face-down animal back. ``{"type": "slap"}`` (a seat with an animal
  down) opens a slap window until ``at + slap_ms``. ``{"type": "hunt", "target":
  t}`` (a seat holding a Hunter; ``t`` another seat with an animal down): the
  hunter's own animal goes back to its hand, its Hunter goes down crying ``t``'s
  cry; the hunt is announced (public ``hunt`` event, the game freezes for
  ``hunt_ms``) but the **target is secret** (only the hunter's view has it; the
  target's view says ``pinned: true``).
* ``slap`` (frozen): only a second slap, by another seat with an animal down.
  A second slap reveals both cards (public ``reveal``) for ``reveal_ms``; a window
  that closes with one slapper is void (``slap_void``), back to ``play``.
* ``reveal`` (frozen, no action): at its deadline a match puts both cards in their
  owners' Reserves (``match``), the end is checked, then everyone passes
  (``pass``); a mismatch returns both cards to their owners' hands (``mismatch``;
  with ``bang=True`` each of the two loses its latest Reserve card, if any, to
  ``lost``: ``bang``), back to ``play``.
* ``hunt`` (frozen): only a second Hunter, by another seat holding one. Both
  Hunters then leave the game (``hunters_cancel``): nothing else happens (the
  second hunter's own animal, if any, goes back to its hand first; the target's
  card stays down, unless the target is the second hunter). A Hunter aims only at
  another seat's face-down animal, never at the Hunter down. At the deadline with
  no second Hunter the target's card goes to the hunter's Reserve and the Hunter
  leaves the game (``hunted``, public).
  No pass after a hunt.
* ``pass`` (a simultaneous secret choice): every seat with a card in hand chooses
  one (``{"type": "pass", "card": c}``, Hunters included; only ``pass_chosen`` is
  public). When all have chosen, or at ``pass_ms`` (the undecided pass the first
  card of their sorted hand), every chosen card moves at once to the left
  neighbour ``(s + 1) % players`` (``passed``, private to giver and receiver).
  Face-down cards stay down.
* The end: after a match, a hunt (taken or cancelled), a pass or a Bang, when a player has no card in
  hand and none down (``no_cards``), or when no pair can be made any more (no
  species with its two copies with two different seats, in hands or down, and
  no Hunter in play with an animal left to hunt: ``no_pairs``; right after a match
  two copies with one seat still count, as the pass may split them); or at ``time_limit_ms`` (``time``; ``None``: no limit). The
  largest Reserve wins, ties share; ``scores`` are the Reserve sizes.

``to_act`` is ``[]`` except in ``pass`` (the undecided seats). ``next_deadline()``
is the phase's deadline (slap window, reveal, hunt, pass) or the time limit,
whichever comes first; a time limit due with another deadline ends the game.

View keys (spec, unchanged): ``game, players, viewer, phase, to_act, cries,
hunter_down, my_hand, my_down, pinned, hand_sizes, reserves, removed, lost,
hunters_out, slap, reveal, hunt, passing, scores, over, winners, options, log``
(+ ``clock``, ``deadline`` from the base) and one extra key, ``reason`` (the end
reason or None). ``lost`` is one flat public list of the cards lost to Bangs, in
order. ``full_view()`` adds ``hands``, ``down``, ``hunt.target`` and ``passes``
(the chosen card of each seat, or None). A seat's view shares its public lists and
dicts, read-only (``FrozenList``, ``FrozenEvent``: changing one raises ``TypeError``),
with the other views of the same state; its own parts (``my_hand``, ``passing``, the
hunter's ``hunt``, ``log``) and ``full_view()`` are plain new lists and dicts.

Events: ``deal`` (private), ``start``, ``play`` (public: seat, cry, at, switch)
with ``play_card`` (private to the player: the card), ``take_back``, ``slap``
(seat, ``first``: true for the slap that opens the window, with its ``closes_at``;
false for the second),
``reveal``, ``slap_void``, ``match``, ``mismatch``, ``bang``, ``hunt`` with
``hunt_target`` (private to the hunter) and ``pinned`` (private to the target),
``hunted``, ``hunters_cancel``, ``pass_open``, ``pass_chosen``, ``passed``
(private to giver and receiver), ``passes_done``, ``game_over``.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from itertools import filterfalse

from brady_widgets.engine import FrozenAction, Game
from brady_widgets.engine.game import CLOCK, FrozenEvent, FrozenList, LegalList
from brady_widgets.engine.game import MAX_AT as _MAX_AT

from .content import ALL_CARDS, ANIMAL_IDS, CRIES, HAND_SIZE, HUNTER, RANK, REMOVED, sort_cards

MAX_MS = 3_600_000  # an option's largest value: one hour
_RANK = RANK.__getitem__
# legal actions are handed out as shared read-only dicts (FrozenAction): no copies in the hot path
TAKE_BACK = FrozenAction(type="take_back")
SLAP = FrozenAction(type="slap")
_PLAY = {c: FrozenAction(type="play", card=c) for c in RANK}
_PASS = {c: FrozenAction(type="pass", card=c) for c in RANK}
_HUNT = tuple(FrozenAction(type="hunt", target=t) for t in range(10))


_NO_ACTION = LegalList()
_ONLY_SLAP = LegalList([SLAP])
_NOTHING_FOR = [dict.fromkeys(range(n), _NO_ACTION) for n in range(11)]  # players -> every seat: no action
# what _hand_list makes of a hand: its plays, its plays then take back and slap (a card down), its passes
_PLAYS, _PLAYS_DOWN, _PASSES = 0, 1, 2
#: the legal lists made from a hand, by (*hand, kind): a random playout makes about one list a
#: step and the same hands come back (a switch, a take-back, a mismatch: ~90% of the lists are
#: made before), so each is made once and shared (read-only) by every seat and game that holds
#: that hand; emptied when full, so it stays small
_BY_HAND: dict = {}
_BY_HAND_MAX = 4096
PHASES = ("play", "slap", "reveal", "hunt", "pass", "over")
END_REASONS = ("no_cards", "no_pairs", "time")


class _LegalCache(dict):
    """Each seat's legal list, kept until something it depends on changes, and what the
    cache itself must know: ``hunters``, the cached seats whose play-phase list names hunt
    targets (stale once a seat's first card goes down or comes back), and ``void``, the
    play phase's cache set aside while a slap window is open; ``view``, the public part of
    the views of the state last viewed (:meth:`Brouhaha._view`). (Slots of the cache, not
    attributes of the game: CPython keeps an object of at most 30 attributes in its fast
    inline layout, and Brouhaha is at 30 with the kernel's; ~7% of a random playout.)

    A seat with no list kept reads ``None`` (``cache[seat]``: on a dict subclass a subscript
    is cheaper than ``.get``). A copy of the game (``clone``, the snapshot ``apply_history``
    takes, a pickle) starts with an empty cache: a deep copy would turn the shared
    read-only actions and view parts into plain lists and dicts."""

    __slots__ = ("hunters", "void", "view")

    def __init__(self):
        self.hunters: list[int] = []
        self.void: _LegalCache | None = None
        #: (history, its length, the public part of a view, with the view's clock and
        #: deadline) of the state last viewed (:meth:`Brouhaha._view`; a slot here for the
        #: same reason)
        self.view: tuple | None = None

    def __missing__(self, seat):
        return None

    def drop_hunters(self) -> None:
        """Forget the lists that name hunt targets (which seats have a card down changed)."""
        for s in self.hunters:
            self.pop(s, None)
        self.hunters.clear()

    def __deepcopy__(self, memo):
        return _LegalCache()

    def __reduce__(self):
        return (_LegalCache, ())


def _insert(hand: list, card) -> None:
    insort(hand, card, key=_RANK)


def _hand_list(hand: list, kind: int) -> LegalList:
    """A play (``_PLAYS``, ``_PLAYS_DOWN``: then take back and slap) or a pass (``_PASSES``)
    of each distinct card of ``hand`` (sorted), from ``_BY_HAND`` when it was made before."""
    key = (*hand, kind)
    got = _BY_HAND.get(key)
    if got is None:
        table = _PASS if kind == _PASSES else _PLAY
        out = []
        prev = None
        for c in hand:
            if c != prev:
                out.append(table[c])
                prev = c
        if kind == _PLAYS_DOWN:
            out.append(TAKE_BACK)
            out.append(SLAP)
        if len(_BY_HAND) >= _BY_HAND_MAX:
            _BY_HAND.clear()
        got = _BY_HAND[key] = LegalList(out)
    return got


def _take(hand: list, card) -> object:
    """Remove and return the hand's object equal to ``card`` (the first one)."""
    return hand.pop(hand.index(card))


def _take_object(hand: list, obj) -> None:
    """Remove exactly ``obj`` (by identity) from ``hand``."""
    for i, c in enumerate(hand):
        if c is obj:
            del hand[i]
            return
    hand.remove(obj)  # pragma: no cover - same value, another object


#: every key of a seat's view (:meth:`Brouhaha._view`), in order, with the value it has when
#: nothing sets it (a copy is filled in: never changed itself, and holding nothing mutable)
_VIEW = dict.fromkeys(
    ("game", "players", "viewer", "phase", "to_act", "cries", "hunter_down", "my_hand", "my_down", "pinned")
    + ("hand_sizes", "reserves", "removed", "lost", "hunters_out", "slap", "reveal", "hunt", "passing", "scores")
    + ("over", "winners", "reason", "options", "log")
)
_VIEW["pinned"] = False
#: no kept view parts (:meth:`Brouhaha._public`)
_NO_PARTS: dict = {}


class Brouhaha(Game):
    name = "brouhaha"
    title = "Brouhaha"
    player_counts = range(3, 11)
    default_options = {
        "bang": False,
        "cries": "shared",
        "slap_ms": 1000,
        "reveal_ms": 1500,
        "hunt_ms": 1500,
        "pass_ms": 15000,
        "time_limit_ms": 300000,
    }
    action_schema = {
        "play": {"card": str},
        "take_back": {},
        "slap": {},
        "hunt": {"target": int},
        "pass": {"card": str},
    }
    realtime = True
    _fast_act = True
    races = frozenset({"slap", "hunt"})

    # --------------------------------------------------------------- options
    def _check_options(self) -> None:
        o = self.options
        if type(o["bang"]) is not bool:
            raise ValueError(f"bang must be True or False, got {o['bang']!r}")
        if o["cries"] not in ("shared", "solo") or type(o["cries"]) is not str:
            raise ValueError(f"cries must be 'shared' or 'solo', got {o['cries']!r}")
        for key in ("slap_ms", "reveal_ms", "hunt_ms", "pass_ms"):
            ms = o[key]
            if type(ms) is not int or not 1 <= ms <= MAX_MS:
                raise ValueError(f"{key} must be a whole number of ms from 1 to {MAX_MS}, got {ms!r}")
        tl = o["time_limit_ms"]
        if tl is not None and (type(tl) is not int or not 1 <= tl <= 100 * MAX_MS):
            raise ValueError(f"time_limit_ms must be None or a whole number of ms from 1 to {100 * MAX_MS}, got {tl!r}")

    # ---------------------------------------------------------------- set-up
    def _setup(self, deal):
        n = self.players
        pairs, hunters = REMOVED[n]
        size = HAND_SIZE[n]
        if deal is None:
            species = self.rng.sample(ANIMAL_IDS, pairs)
            removed = sort_cards([a for a in species for _ in range(2)] + [HUNTER] * hunters)
            rest = list(ALL_CARDS)
            for c in removed:
                rest.remove(c)
            self.rng.shuffle(rest)
            hands = [rest[i * size : (i + 1) * size] for i in range(n)]
        else:
            self._check_deal(deal, n)
            removed, hands = deal["removed"], deal["hands"]
        self._cry = CRIES[self.options["cries"]]
        self.removed = sort_cards(removed)  # public, face up
        self.hands = [sort_cards(h) for h in hands]  # secret, sorted
        self.down: list = [None] * n  # face-down cards (secret); their cries are public
        self.cries: list = [None] * n  # the public cry of each down card
        self.reserves: list[list] = [[] for _ in range(n)]  # public, in order won
        self.lost: list = []  # public: Reserve cards lost to Bangs, in order
        self.out: list = []  # Hunters that left the game (public)
        self.phase = "play"
        self.slap: dict | None = None  # {"first", "second", "at", "closes_at"}
        self.reveal: dict | None = None  # {"seats", "cards", "match", "until"}
        self.hunt: dict | None = None  # {"hunter", "cry", "closes_at", "target", "at"}
        self.passes: dict = {}  # seat -> the card object chosen (secret)
        self.pass_seats: list[int] = []  # seats that must pass
        self.pass_closes = None
        self.end_reason: str | None = None
        self._kept = _LegalCache()  # seat -> its legal list (see legal_actions)
        for seat, hand in enumerate(self.hands):
            self._emit("deal", audience=[seat], seat=seat, hand=list(hand))
        self._emit("start", removed=list(self.removed), hand_size=size, players=n)
        return {"removed": list(self.removed), "hands": [list(h) for h in self.hands]}

    @staticmethod
    def _check_deal(deal, players) -> None:
        if type(deal) is not dict or set(deal) != {"removed", "hands"}:
            raise ValueError(f"a Brouhaha deal is {{'removed': [...], 'hands': [[...], ...]}}, got {deal!r}")
        removed, hands = deal["removed"], deal["hands"]
        size = HAND_SIZE[players]
        if (
            type(hands) is not list
            or len(hands) != players
            or any(type(h) is not list or len(h) != size for h in hands)
        ):
            raise ValueError(f"a {players}-player deal needs {players} hands of {size} cards, got {hands!r}")
        if type(removed) is not list:
            raise ValueError(f"a deal's 'removed' must be a list, got {removed!r}")
        cards = [c for h in hands for c in h] + removed
        if any(not isinstance(c, str) or c not in RANK for c in cards) or sorted(cards, key=_RANK) != list(ALL_CARDS):
            raise ValueError(f"a deal's removed cards and hands must be the 46 cards, each once, got {deal!r}")
        pairs, hunters = REMOVED[players]
        count = Counter(removed)
        if (
            count[HUNTER] != hunters
            or any(count[a] not in (0, 2) for a in ANIMAL_IDS)
            or len(removed) != 2 * pairs + hunters
        ):
            raise ValueError(
                f"a {players}-player deal removes {pairs} pair(s) of animals and {hunters} Hunter(s), got removed={removed!r}"
            )

    # -------------------------------------------------------------- contract
    def _to_act(self):
        if self.phase == "pass":
            return [*filterfalse(self.passes.__contains__, self.pass_seats)]  # the undecided seats
        return []

    def legal_actions(self, seat):
        # the base's answer, from the cache when the seat's list is known (a random
        # playout asks every seat at every step; one play changes one seat's list);
        # the list itself is handed out, read-only (LegalList), not a copy
        # (the cache holds only this game's seats, and nothing once the game is over)
        if type(seat) is int:
            got = self._kept[seat]
            if got is not None:
                return got
            if 0 <= seat < self.players and not self.over:
                got = self._kept[seat] = self._compute_legal(seat)
                return got
        return Game.legal_actions(self, seat)

    def _legal(self, seat):
        got = self._kept[seat]
        if got is None:
            got = self._kept[seat] = self._compute_legal(seat)
        return got

    def _forget(self) -> None:
        """Every cached legal list is stale (the phase or several seats changed)."""
        self._kept.clear()
        self._kept.hunters.clear()

    def _play_list(self, seat):
        """``seat``'s legal list in the play phase: a play of each distinct card in hand (a
        Hunter's plays are its hunts, and the seat is noted in the cache's ``hunters``: its list depends
        on which seats have an animal down), then take back and slap once a card is down."""
        hand = self.hands[seat]
        down = self.down
        if not hand or hand[-1] != HUNTER:  # sorted: a Hunter is last
            kind = _PLAYS if down[seat] is None else _PLAYS_DOWN
            return _BY_HAND.get((*hand, kind)) or _hand_list(hand, kind)  # (the look-up inline: most calls)
        out = [*_hand_list(hand[: hand.index(HUNTER)], _PLAYS)]
        out += [_HUNT[t] for t in range(self.players) if t != seat and down[t] is not None]
        self._kept.hunters.append(seat)
        if down[seat] is not None:
            out.append(TAKE_BACK)
            out.append(SLAP)
        return LegalList(out)

    def _compute_legal(self, seat):
        phase = self.phase
        down = self.down
        if phase == "play":
            return self._play_list(seat)
        if phase == "slap":
            if seat != self.slap["first"] and down[seat] is not None:
                return _ONLY_SLAP
            return _NO_ACTION
        if phase == "hunt":
            hand = self.hands[seat]
            if seat != self.hunt["hunter"] and hand and hand[-1] == HUNTER:
                return LegalList(
                    [_HUNT[t] for t in range(self.players) if t != seat and down[t] is not None and down[t] != HUNTER]
                )
            return _NO_ACTION
        if phase == "pass":
            if seat in self.pass_seats and seat not in self.passes:
                return _hand_list(self.hands[seat], _PASSES)
        return _NO_ACTION

    def _is_legal(self, seat, action):
        kind = action["type"]
        phase = self.phase
        down = self.down
        if phase == "play":
            if kind == "play":
                card = action["card"]
                return card != HUNTER and card in self.hands[seat]
            if kind == "take_back" or kind == "slap":
                return down[seat] is not None
            if kind == "hunt":
                t = action["target"]
                hand = self.hands[seat]
                return bool(hand) and hand[-1] == HUNTER and 0 <= t < self.players and t != seat and down[t] is not None
            return False
        if phase == "slap":
            return kind == "slap" and seat != self.slap["first"] and down[seat] is not None
        if phase == "hunt":
            if kind != "hunt":
                return False
            t = action["target"]
            hand = self.hands[seat]
            return (
                seat != self.hunt["hunter"]
                and bool(hand)
                and hand[-1] == HUNTER
                and 0 <= t < self.players
                and t != seat
                and down[t] is not None
                and down[t] != HUNTER
            )
        if phase == "pass":
            return (
                kind == "pass"
                and seat in self.pass_seats
                and seat not in self.passes
                and action["card"] in self.hands[seat]
            )
        return False

    def _why_illegal(self, seat, action):
        kind, phase = action["type"], self.phase
        if phase in ("slap", "reveal", "hunt", "pass") and kind not in {
            "slap": ("slap",),
            "hunt": ("hunt",),
            "pass": ("pass",),
        }.get(phase, ()):
            return f"the game is frozen in the {phase!r} phase: no {kind!r} now"
        if kind == "play":
            if action["card"] == HUNTER and HUNTER in self.hands[seat]:
                return "a Hunter is never played as an animal: hunt another seat's face-down animal with it"
            return f"seat {seat} holds no animal {action['card']!r} to play"
        if kind in ("take_back", "slap"):
            if phase == "slap" and seat == self.slap["first"]:
                return f"seat {seat} already slapped"
            return f"seat {seat} has no animal face down"
        if kind == "hunt":
            if phase == "hunt" and seat == self.hunt["hunter"]:
                return f"seat {seat} is the hunter already"
            if HUNTER not in self.hands[seat]:
                return f"seat {seat} holds no Hunter"
            return f"the target {action['target']!r} is not another seat with an animal face down"
        if kind == "pass":
            if phase != "pass":
                return "passing happens only after a match"
            if seat in self.passes:
                return f"seat {seat} has already chosen its card to pass"
            return f"seat {seat} holds no {action['card']!r} to pass"
        return "that action is not legal now"

    # ------------------------------------------------------------------ time
    def _phase_deadline(self):
        phase = self.phase
        if phase == "slap":
            return self.slap["closes_at"]
        if phase == "reveal":
            return self.reveal["until"]
        if phase == "hunt":
            return self.hunt["closes_at"]
        if phase == "pass":
            return self.pass_closes
        return None

    def next_deadline(self):
        # the base's answer in one call (a playout asks it at every step): the phase is
        # "over" exactly when the game is, and the play phase's only deadline is the time limit
        phase = self.phase
        if phase == "play":
            return self.options["time_limit_ms"]
        if phase == "over":
            return None
        return self._next_deadline()

    def _next_deadline(self):
        due = self._phase_deadline()
        limit = self.options["time_limit_ms"]
        if limit is not None and (due is None or limit <= due):
            return limit
        return due

    def _on_deadline(self, at):
        self._forget()
        void, self._kept.void = self._kept.void, None
        limit = self.options["time_limit_ms"]
        if limit is not None and at >= limit:
            self._finish("time", at)
            return
        phase = self.phase
        if phase == "slap":
            first = self.slap["first"]
            self.slap = None
            self.phase = "play"
            self.events.append({"type": "slap_void", "step": len(self.history), "seat": first, "at": at})
            if void is not None:  # nothing but the phase changed since the slap
                self._kept = void
        elif phase == "reveal":
            a, b = self.reveal["seats"]
            self._resolve_reveal(at)
            if void is not None and self.phase == "play" and not self.over:
                # a mismatch: only the two slappers' hands and the hunt targets (which seats
                # have a card down) changed since the first slap; every other play-phase
                # list comes back as it was, and the slappers' new ones are made at once
                # (a playout and the scheduler ask every seat at the next step)
                self._kept = void
                void.drop_hunters()
                void[a] = self._play_list(a)
                void[b] = self._play_list(b)
        elif phase == "hunt":
            self._resolve_hunt(at)
        elif phase == "pass":
            self._resolve_pass(at)
        else:  # pragma: no cover - no deadline in play
            raise RuntimeError(f"no deadline in phase {phase!r}")

    def advance(self, at):
        # the kernel's advance in one frame for the common case, a plain time that is exactly
        # the next deadline (the scheduler and a playout advance so): one transition, after
        # which the next deadline is later (every window lasts at least 1 ms, and a time limit
        # due ends the game), so the kernel's loop would stop there too; anything else, and
        # every refusal, goes through the kernel
        if type(at) is int or type(at) is float:
            due = self.next_deadline()
            if at == due and self.clock <= at <= _MAX_AT:
                mark = len(self.events)
                self.history.append({"seat": CLOCK, "at": at})
                self.clock = due
                self._on_deadline(due)
                self.clock = at
                return self.events[mark:]
        return Game.advance(self, at)

    def act(self, seat, action, at=None):
        # the kernel's act in one frame for the common case, the one Game._accepts_at_once
        # takes first: the very action object handed out for the seat (found by identity in
        # the cache, which is empty once the game is over), at a plain time from the clock to
        # before the next deadline; anything else, and every refusal, goes through the kernel
        if type(action) is FrozenAction and type(seat) is int and (type(at) is int or type(at) is float):
            clock = self.clock
            if clock <= at <= _MAX_AT:
                got = self._kept[seat]
                if got:
                    for handed in got:
                        if handed is action:
                            due = self.options["time_limit_ms"] if self.phase == "play" else self._next_deadline()
                            if due is not None and at >= due:
                                break
                            mark = len(self.events)
                            self.history.append({"seat": seat, "action": action, "at": at})
                            if at > clock:
                                self.clock = at
                            self._apply(seat, action, at)
                            return self.events[mark:]
        return Game.act(self, seat, action, at)

    # --------------------------------------------------------------- actions
    def _apply(self, seat, action, at):
        kind = action["type"]
        lc = self._kept
        if kind == "play":
            # the play phase: the player's own list changes; a first card down also
            # changes the hunt targets of the seats holding a Hunter
            down = self.down
            old = down[seat]
            if old is None:
                if lc.hunters:
                    lc.drop_hunters()
            # (the play itself, inline: the hot path of a playout)
            hand = self.hands[seat]
            new = hand.pop(hand.index(action["card"]))  # _take
            if old is not None:
                insort(hand, old, key=_RANK)  # _insert
            down[seat] = new
            cry = self._cry[new]
            self.cries[seat] = cry
            step = len(self.history)
            events = self.events
            events.append({"type": "play", "step": step, "seat": seat, "cry": cry, "at": at, "switch": old is not None})
            events.append({"type": "play_card", "step": step, "seat": seat, "card": new, "at": at, "audience": [seat]})
            # the player's new list at once (a playout asks for it at the next step)
            lc[seat] = self._play_list(seat)
        elif kind == "take_back":
            if lc.hunters:
                lc.drop_hunters()
            card = self.down[seat]
            self.down[seat] = None
            self.cries[seat] = None
            _insert(self.hands[seat], card)
            self.events.append({"type": "take_back", "step": len(self.history), "seat": seat, "at": at})
            lc[seat] = self._play_list(seat)  # asked for at the next step of a playout
        elif kind == "pass":
            lc.pop(seat, None)  # the others' choices do not depend on it, until all are in
            self._choose_pass(seat, action["card"], at)
            if self.phase != "pass":
                self._forget()
        elif kind == "slap":
            if self.phase == "play":
                # the play-phase lists come back unchanged if the window closes void (and
                # all but the two slappers' after a mismatch): set aside as they are (no
                # copy), the frozen phases get a cache of their own
                void = lc
                lc = self._kept = _LegalCache()
                lc.void = void
                self._slap(seat, at)
                # every seat's list in the slap window, at once (what _compute_legal gives)
                lc.update(_NOTHING_FOR[self.players])
                for s, d in enumerate(self.down):
                    if d is not None:
                        lc[s] = _ONLY_SLAP
                lc[seat] = _NO_ACTION  # the first slapper waits for another
            else:
                self._slap(seat, at)  # the second: a reveal, where nobody acts
                lc.update(_NOTHING_FOR[self.players])  # (every seat's list replaced)
        else:
            self._forget()
            self._hunt(seat, action["target"], at)

    def _slap(self, seat, at):
        if self.phase == "play":
            closes = at + self.options["slap_ms"]
            self.slap = {"first": seat, "second": None, "at": at, "closes_at": closes}
            self.phase = "slap"
            self.events.append(
                {"type": "slap", "step": len(self.history), "seat": seat, "first": True, "at": at, "closes_at": closes}
            )
            return
        first = self.slap["first"]
        self.slap["second"] = seat
        cards = [self.down[first], self.down[seat]]
        match = cards[0] == cards[1]
        until = at + self.options["reveal_ms"]
        self.reveal = {"seats": [first, seat], "cards": cards, "match": match, "until": until}
        self.phase = "reveal"
        step = len(self.history)
        events = self.events
        events.append({"type": "slap", "step": step, "seat": seat, "first": False, "at": at})
        events.append(
            {
                "type": "reveal",
                "step": step,
                "seats": [first, seat],
                "cards": list(cards),
                "match": match,
                "at": at,
                "until": until,
            }
        )

    def _hunt(self, seat, target, at):
        hand = self.hands[seat]
        own = self.down[seat]
        if own is not None:
            _insert(hand, own)
        hunter_card = hand.pop()  # sorted: the Hunter is last
        cry = self.cries[target]
        if self.phase == "play":
            closes = at + self.options["hunt_ms"]
            self.down[seat] = hunter_card
            self.cries[seat] = cry
            self.hunt = {"hunter": seat, "cry": cry, "closes_at": closes, "target": target, "at": at}
            self.phase = "hunt"
            self._emit("hunt", seat=seat, cry=cry, at=at, closes_at=closes)
            self._emit("hunt_target", audience=[seat], seat=seat, target=target, at=at)
            self._emit("pinned", audience=[target], seat=target, hunter=seat, at=at)
            return
        # a second Hunter inside the window: both leave the game, nothing else happens
        first = self.hunt["hunter"]
        self.out.append(self.down[first])
        self.out.append(hunter_card)
        self.down[first] = self.cries[first] = None
        self.down[seat] = self.cries[seat] = None
        self.hunt = None
        self.phase = "play"
        self._emit("hunt_target", audience=[seat], seat=seat, target=target, at=at)
        self._emit("hunters_cancel", hunters=[first, seat], cry=cry, at=at)
        self._end_check(at)  # a Hunter may have been its player's last card

    def _choose_pass(self, seat, card, at):
        hand = self.hands[seat]
        self.passes[seat] = hand[hand.index(card)]
        self._emit("pass_chosen", seat=seat, at=at)
        if len(self.passes) == len(self.pass_seats):
            self._resolve_pass(at)

    # ---------------------------------------------------------- resolutions
    def _resolve_reveal(self, at):
        reveal = self.reveal
        a, b = reveal["seats"]
        ca, cb = self.down[a], self.down[b]
        self.down[a] = self.down[b] = None
        self.cries[a] = self.cries[b] = None
        self.reveal = None
        self.slap = None
        if reveal["match"]:
            self.reserves[a].append(ca)
            self.reserves[b].append(cb)
            self._emit("match", seats=[a, b], card=ca, at=at)
            if self._end_check(at, pass_next=True):  # the pass to come may split a seat's two copies
                return
            self._open_pass(at)
            return
        _insert(self.hands[a], ca)
        _insert(self.hands[b], cb)
        self.events.append(
            {"type": "mismatch", "step": len(self.history), "seats": [a, b], "cards": [ca, cb], "at": at}
        )
        self.phase = "play"
        if self.options["bang"]:
            for s in (a, b):
                if self.reserves[s]:
                    card = self.reserves[s].pop()
                    self.lost.append(card)
                    self._emit("bang", seat=s, card=card, at=at)
            self._end_check(at)

    def _open_pass(self, at):
        seats = [s for s in range(self.players) if self.hands[s]]
        self.passes = {}
        if not seats:
            self.phase = "play"
            return
        self.pass_seats = seats
        self.pass_closes = at + self.options["pass_ms"]
        self.phase = "pass"
        self._emit("pass_open", seats=list(seats), at=at, closes_at=self.pass_closes)

    def _resolve_hunt(self, at):
        hunt = self.hunt
        s, t = hunt["hunter"], hunt["target"]
        card = self.down[t]
        self.down[t] = self.cries[t] = None
        self.reserves[s].append(card)
        self.out.append(self.down[s])
        self.down[s] = self.cries[s] = None
        self.hunt = None
        self.phase = "play"
        self._emit("hunted", hunter=s, target=t, card=card, at=at)
        self._end_check(at)

    def _default_pass(self, seat):
        """The card an undecided seat passes at the deadline: its sorted hand's first."""
        return self.hands[seat][0]

    def _resolve_pass(self, at):
        n = self.players
        moves = []
        defaults = []
        for s in self.pass_seats:
            card = self.passes.get(s)
            if card is None:
                card = self._default_pass(s)
                defaults.append(s)
            moves.append((s, card))
        for s, card in moves:
            _take_object(self.hands[s], card)
        for s, card in moves:
            _insert(self.hands[(s + 1) % n], card)
        for s, card in moves:
            to = (s + 1) % n
            self._emit("passed", audience=[s, to], seat=s, to=to, card=card, default=s in defaults, at=at)
        self.passes = {}
        self.pass_seats = []
        self.pass_closes = None
        self.phase = "play"
        self._emit("passes_done", defaults=defaults, at=at)
        self._end_check(at)

    # -------------------------------------------------------------- the end
    def pair_possible(self, pass_next: bool | None = None) -> bool:
        """Whether a pair can still be made: some species has one copy with one seat and
        the other with another seat (in hand or face down), or a Hunter and an animal are
        both still in play (a hunt still changes the Reserves: every player holds a card,
        so one seat holds the Hunter and another an animal to hunt; a Hunter with no animal
        left can never be played). Both copies with one seat never make a match, and
        without a match there is no pass to move them apart; they count only when a pass
        is to come (``pass_next``; ``None``: during the ``pass`` phase), as it may split
        them."""
        if pass_next is None:
            pass_next = self.phase == "pass"
        down = self.down
        holder: dict = {}
        hunter = False
        for s, hand in enumerate(self.hands):
            d = down[s]
            for c in hand if d is None else (*hand, d):
                if c == HUNTER:
                    hunter = True
                    continue
                other = holder.get(c)
                if other is None:
                    holder[c] = s
                elif other != s or pass_next:
                    return True
        return hunter and bool(holder)

    def _end_check(self, at, pass_next: bool = False) -> bool:
        for s in range(self.players):
            if not self.hands[s] and self.down[s] is None:
                self._finish("no_cards", at)
                return True
        if not self.pair_possible(pass_next):
            self._finish("no_pairs", at)
            return True
        return False

    def _finish(self, reason, at):
        self._forget()
        sizes = [len(r) for r in self.reserves]
        best = max(sizes)
        self.winners = [s for s in range(self.players) if sizes[s] == best]
        self.over = True
        self.phase = "over"
        self.end_reason = reason
        self.slap = self.reveal = self.hunt = None
        self.passes = {}
        self.pass_seats = []
        self.pass_closes = None
        self._emit("game_over", winners=list(self.winners), scores=sizes, reason=reason, at=at)

    def _scores(self):
        return [*map(len, self.reserves)]

    # ----------------------------------------------------------------- views
    def view(self, seat):
        # the kernel's view, for a seat or the public one, in one call: a seat's view from
        # _view holds the clock and the deadline already, in the kernel's key order (read
        # once per state, not once per view: a bot game asks ~600 views, ~4 per state at 4
        # players); anything else, and every refusal, goes through the kernel
        if seat is None or (type(seat) is int and 0 <= seat < self.players):
            return self._view(seat)
        return Game.view(self, seat)

    def _view(self, seat, reveal=False):
        if reveal:
            view = self._public(list, dict)  # (the teacher's reveal: plain new lists and dicts)
        else:
            # the part every seat sees, made once per state of the game, read-only and shared
            # by every view of that state: the Scheduler asks every bot after every step, so a
            # state is viewed by about three seats at 4 players and six at 10. Every change of
            # the state appends to the history: its length tells the states apart.
            history = self.history
            lc = self._kept
            kept = lc.view
            if kept is None or kept[1] != len(history) or kept[0] is not history:
                part = self._public(FrozenList, FrozenEvent, kept)
                # the clock and the deadline the kernel's view adds last (after the log), read
                # once per state too (every change of either appends to the history): view()
                # then hands out what _view gives
                part["clock"] = self.clock
                part["deadline"] = self.next_deadline()
                kept = lc.view = (history, len(history), part)
            view = kept[2].copy()
        # the seat's own parts, each a new object of its view
        view["viewer"] = seat
        hunt = self.hunt
        if seat is not None:
            view["my_hand"] = self.hands[seat][:]
            view["my_down"] = self.down[seat]
            if hunt is not None:
                view["pinned"] = hunt["target"] == seat
                if seat == hunt["hunter"]:
                    view["hunt"] = {**view["hunt"], "target": hunt["target"]}
            if self.phase == "pass":
                passing = view["passing"]
                view["passing"] = {
                    "chosen": passing["chosen"],
                    "closes_at": passing["closes_at"],
                    "mine": self.passes.get(seat),
                }
        view["log"] = self._shown(seat, reveal)[:]  # log_for(seat, reveal), without its call
        if reveal:
            if hunt is not None:
                view["hunt"]["target"] = hunt["target"]
            view["hands"] = [*map(list, self.hands)]
            view["down"] = self.down[:]
            view["passes"] = [self.passes.get(s) for s in range(self.players)]
        return view

    def _public(self, flat, ro, last: tuple | None = None) -> dict:
        """Every key of a view, in order, with the value the public view (``viewer`` None)
        has: its lists made by ``flat`` and its dicts by ``ro`` (``list`` and ``dict``, or the
        read-only ``FrozenList`` and ``FrozenEvent`` that the views of one state share).
        ``last``: the kept part of a state viewed before (``_LegalCache.view``), whose
        read-only cries, Reserves (and with them the scores), removed and lost cards and
        options are kept where they are still the same: most steps change none but the
        cries, and a bot compares them with what it made its caches of (the same object is
        found equal at once)."""
        # (a copy of a template dict with every key in place, so no dict is grown key by key)
        kept = last[2] if last is not None else _NO_PARTS
        phase = self.phase
        view = _VIEW.copy()
        view["game"] = self.name
        view["players"] = self.players
        view["phase"] = phase
        if phase == "pass":
            view["to_act"] = flat(self._to_act())
            view["passing"] = ro({"chosen": flat(sorted(self.passes)), "closes_at": self.pass_closes, "mine": None})
        else:
            view["to_act"] = flat()
        part = kept.get("cries")
        view["cries"] = part if part == self.cries else flat(self.cries)
        hunt = self.hunt
        if hunt is not None:
            view["hunter_down"] = hunt["hunter"]
            view["hunt"] = ro({"hunter": hunt["hunter"], "cry": hunt["cry"], "closes_at": hunt["closes_at"]})
        reserves = self.reserves
        view["hand_sizes"] = flat(map(len, self.hands))
        part = kept.get("reserves")
        if part == reserves:
            view["reserves"] = part
            # the scores are the Reserves' sizes: the last part's too (a list of sizes by map(len)
            # costs about a fifth of the part)
            view["scores"] = kept["scores"]
        else:
            view["reserves"] = flat(map(flat, reserves))
            view["scores"] = flat(map(len, reserves))
        part = kept.get("removed")
        view["removed"] = part if part == self.removed else flat(self.removed)
        part = kept.get("lost")
        view["lost"] = part if part == self.lost else flat(self.lost)
        view["hunters_out"] = len(self.out)
        slap = self.slap
        if slap is not None:
            view["slap"] = ro(slap)
        r = self.reveal
        if r is not None:
            view["reveal"] = ro(
                {"seats": flat(r["seats"]), "cards": flat(r["cards"]), "match": r["match"], "until": r["until"]}
            )
        view["over"] = self.over
        view["winners"] = flat(self.winners)
        view["reason"] = self.end_reason
        options = self.options
        view["options"] = kept.get("options") or ro({"bang": options["bang"], "cries": options["cries"]})
        return view

    # ------------------------------------------------------------- leak test
    def resample(self, seat, rng):
        """A game with the same public history (and, for ``seat``, the same private
        history) in which every card ``seat`` cannot know is redrawn: the other
        hands, the other face-down animals (within their public cry), the cards
        passed between other seats, and the secret targets of Hunters (among the
        seats whose face-down card cries the imitated cry). ``seat`` None: the
        public view's unknowns.

        How: the history is replayed with every card as a distinct token (a
        ``str`` subclass the rules move by identity), which tells which token each
        action moved, which tokens ``seat`` has seen (any event it received), which
        tokens cried in public (they keep their cry word) and which hands were
        defaulted from in a pass (kept whole: the default is the sorted hand's
        first card). The other tokens' labels are shuffled among themselves; the
        actions are rewritten with the new labels, the secret hunt targets are
        redrawn, and the result is replayed from the new deal.
        """
        removed = [_Tok(c) for c in self.deal["removed"]]
        hands = [[_Tok(c) for c in h] for h in self.deal["hands"]]
        tokens = removed + [t for h in hands for t in h]
        tracker = _Tracker(self.players, self.seed, deal={"removed": removed, "hands": hands}, **self.options)
        tracker._viewer = seat
        for h in self.history:
            tracker.apply_step(h)
        known = set(tracker._fixed)
        for ev in tracker.events:
            aud = ev.get("audience")
            if aud is None or (seat is not None and seat in aud):
                for v in ev.values():
                    if type(v) is _Tok:
                        known.add(id(v))
                    elif type(v) is list:
                        known.update(id(x) for x in v if type(x) is _Tok)
        for place in (tracker.removed, tracker.lost, tracker.out, *tracker.reserves):
            known.update(id(x) for x in place)
        known.update(id(x) for x in tracker.down if x is not None and x == HUNTER)
        if seat is not None:
            known.update(id(x) for x in tracker.hands[seat])
            if tracker.down[seat] is not None:
                known.add(id(tracker.down[seat]))
        unknown = [t for t in tokens if id(t) not in known]
        pool = [str(t) for t in unknown]
        rng.shuffle(pool)
        groups: dict[str, list] = {}
        free = []
        for t in unknown:
            cry = tracker._cried.get(id(t))
            if cry is None:
                free.append(t)
            else:
                groups.setdefault(cry, []).append(t)
        label: dict[int, str] = {}
        table = tracker._cry
        for cry in sorted(groups):
            toks = groups[cry]
            fits = [i for i, c in enumerate(pool) if c != HUNTER and table[c] == cry]
            picked = rng.sample(fits, len(toks))
            for t, i in zip(toks, picked):
                label[id(t)] = pool[i]
            taken = set(picked)
            pool = [c for i, c in enumerate(pool) if i not in taken]
        rng.shuffle(pool)
        for t, c in zip(free, pool):
            label[id(t)] = c

        def name(t) -> str:
            return label.get(id(t), str(t))

        deal = {"removed": [name(t) for t in removed], "hands": [[name(t) for t in h] for h in hands]}
        history = []
        for i, h in enumerate(self.history):
            if i in tracker._moved:
                h = {**h, "action": {**h["action"], "card": name(tracker._moved[i])}}
            elif i in tracker._hunts:
                h = {**h, "action": {**h["action"], "target": rng.choice(tracker._hunts[i])}}
            history.append(h)
        return type(self).replay(self.players, self.seed, history, deal=deal, **self.options)


#: Brouhaha._validate's fast path: each action type's keys and their exact types


class _Tok(str):
    """A card as a distinct object (for :meth:`Brouhaha.resample`'s replay)."""

    __slots__ = ()


class _Tracker(Brouhaha):
    """Brouhaha replayed on tokens, noting what :meth:`Brouhaha.resample` needs."""

    _viewer = None

    def _setup(self, deal):
        self._cried: dict[int, str] = {}  # token id -> the cry it made in public
        self._fixed: set[int] = set()  # token ids whose card must not change
        self._moved: dict[int, object] = {}  # history index -> the token a play/pass moved
        self._hunts: dict[int, list] = {}  # history index -> the seats a secret target may be
        self._first_hunt = None
        return super()._setup(deal)

    def _apply(self, seat, action, at):
        i = len(self.history) - 1
        kind = action["type"]
        if kind == "hunt":
            target = action["target"]
            viewer = self._viewer
            if seat == viewer or target == viewer:
                self._hunts[i] = [target]
            else:
                cry = self.cries[target]
                self._hunts[i] = [
                    u
                    for u in range(self.players)
                    if u != seat
                    and u != viewer
                    and self.down[u] is not None
                    and self.down[u] != HUNTER
                    and self.cries[u] == cry
                ]
            if self.phase == "play":
                self._first_hunt = i
        elif kind == "pass":
            hand = self.hands[seat]
            self._moved[i] = hand[hand.index(action["card"])]  # the object _choose_pass keeps
        super()._apply(seat, action, at)
        if kind == "play":
            self._moved[i] = self.down[seat]
        for u, d in enumerate(self.down):
            if d is not None and d != HUNTER:
                self._cried[id(d)] = self.cries[u]

    def _resolve_hunt(self, at):
        self._hunts.pop(self._first_hunt, None)  # the target becomes public
        super()._resolve_hunt(at)

    def _default_pass(self, seat):
        if seat != self._viewer:
            self._fixed.update(id(c) for c in self.hands[seat])
        return super()._default_pass(seat)
