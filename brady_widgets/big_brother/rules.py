"""Big Brother: The Game: the pure rules engine.

Four to six housemates roll two dice around the house, land on confrontation, gossip,
camera and room spaces, vote in secret into the ballot box with a limited supply of vote
cards, face nominations and evictions, and the last two bring one evicted housemate back
for the final vote among three.

What it teaches: where two dice take a pawn (an absorbing Markov chain on the track, see
``odds.py``) and how a few votes, and small voting blocs, decide who is nominated and
evicted.

Seats ``0..n-1`` wear the neck tags ``1..n``. Every choice the rulebook leaves open is
written down in ``docs/big_brother.md``; the main ones:

* Rounds: 6 players 4 rounds, 5 players 3, 4 players 2 rounds of two turns each. Every
  round starts with ``first_seat`` ("the youngest"), or with the next housemate still in
  the house clockwise if that seat was evicted, and goes clockwise.
* A turn is ``roll`` after ``roll`` until a confrontation card has been resolved.
* Vote cards: 4 for each other seat. A vote is legal with any card you hold whose number
  is eligible (never yourself, never an evicted housemate, never the housemate on the
  Toilet/Shower during their turn, only nominees in an eviction, only candidates in the
  final). That list *is* the substitution rule. A voter with no eligible card is skipped.
* Cards that *reward* a named housemate (Garden, Diary Room, gossip match, camera catch):
  if the giver has no card with that number left, the giver chooses another card they hold
  (rulebook: "If you no longer have vote cards for the person you must or want to vote for,
  you may choose another card that you still have"): the game stops in the ``pay`` phase
  until the giver puts it in (an eligible number: in the house, not shielded); a giver with
  no eligible card at all puts in nothing. The Living Room vote is the mover's own vote: with no card for the highest roller, the
  mover picks another eligible card (the substitution rule).
* The Toilet/Shower shield is literal: no card with the mover's number goes into the box
  for the rest of their turn, rewards included.
* Gossip: the lander picks a partner and a side; both dice are rolled at once; both pick a
  card before ``gossip_ms``; when both have picked, the cards are shown at once (the
  countdown does not need to run out). A missed deadline is no match.
* Camera: a behaviour the engine detected (public events only: rolls, moves, landings,
  open votes, gossip) may be claimed by the card's holder until the end of the round in
  which it happened. A card that caught somebody stays in front of its holder (face up
  now: its line is public) and catches again from the next round on ("Once the next round
  begins, you can catch people again"): one catch per card and round. Claims are legal in
  every phase of a round (``roll``, ``gossip_pick``, ``gossip``, ``vote``, ``choose``; not
  ``pay``, while a reward is being paid with another card), never in nominations,
  evictions, the return or the final vote, never by an evicted holder, and not while
  the holder is shielded on the Toilet/Shower (the catch could not give them a card).
* Nominations: the fewest-voted housemates, at least two, all ties at the boundary.
* Eviction and final: three cards, then an extra card per tie at the top (votes
  accumulate) up to 10, then a die roll-off among the tied (lowest roll is evicted;
  highest roll wins the final), ties re-rolled.
* The return: both finalists rank the evicted housemates (1 = best); the lowest sum
  returns, ties by a die roll-off (highest roll returns).
* The confrontation pile is shuffled at set-up; if it runs out, the used cards are turned
  over and read again in the same order.

Actions (each with ``at``, the game time in ms: the gossip countdown is a kernel deadline):
``{"type": "roll"}``, ``{"type": "gossip", "partner": p, "side": "+"|"-"}``,
``{"type": "gossip_card", "target": t}``, ``{"type": "vote", "target": t}``,
``{"type": "choose", "target": t}``, ``{"type": "claim", "card": c, "culprit": t}`` and
``{"type": "pay", "target": t}`` (a reward owed with a card the giver no longer holds,
paid with another) and ``{"type": "rank", "target": t}`` (a finalist's next-best evicted housemate; the last place
fills itself). No action names a ``"seat"`` key and none holds a list: the conformance kit
fuzzes an extra ``"seat"`` key as malformed and builds actions from scalar values only.

Secrets, and how :meth:`BigBrother.resample` redraws them for the leak test: the secret
votes since the last count (the count shows every card, owner and number), the cards the
gossipers hold until they are shown, the finalists' rankings until both are in, the camera
cards until they are claimed, and the order of both piles.
"""

from __future__ import annotations

import random as _random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import accumulate, compress
from typing import Any, NamedTuple

from ..engine.errors import IllegalAction
from ..engine.game import CHANCE, CLOCK, MAX_AT, FrozenAction, FrozenEvent, FrozenList, Game, LegalList, seat_audiences
from . import odds as _odds
from .content import (
    CAMERA_CARDS,
    CONFRONTATION_CARDS,
    DEFAULT_TRACK,
    GOSSIP_WORDS,
    ROOMS,
    SPACE_KINDS,
)

#: rounds by player count (rulebook, "Sequence of Play")
ROUNDS = {4: 2, 5: 3, 6: 4}
#: turns per housemate in a round (rulebook, "Big Brother for 4 Players")
TURNS_PER_ROUND = {4: 2, 5: 1, 6: 1}
#: vote cards each player holds for each other seat (rules decision)
CARDS_PER_TARGET = 4
#: questions in an eviction and in the final vote, and the most extra cards on a tie
QUESTIONS = 3
MAX_EXTRA = 10
SIDES = ("+", "-")
TAGS = ("man", "woman")
MIN_TRACK, MAX_TRACK = 32, 200
MAX_GOSSIP_MS = 600_000
LIVING_ROOM = "Living Room"
#: rooms whose landing asks the mover to choose, and what for
BEDROOM_TAG = {"Men's Bedroom": "man", "Women's Bedroom": "woman"}

#: the phases of a round (a reward being paid with another card included)
ROUND_PHASES = frozenset(("roll", "gossip_pick", "gossip", "vote", "choose", "pay"))
#: phases in which camera claims are legal (the rounds, not while a reward is being paid)
CLAIM_PHASES = ROUND_PHASES - {"pay"}
#: phases in which the mover will roll again from where the pawn stands (the odds panel)
_ODDS_PHASES = frozenset(("roll", "gossip_pick", "gossip", "choose"))
#: phases of a secret vote on a question
VOTE_PHASES = frozenset(("vote", "evict_vote", "final_vote"))

# the two dice of a movement roll (and the gossipers' two dice): 36 ordered pairs
_PAIRS = tuple([a, b] for a in range(1, 7) for b in range(1, 7))
_PAIR_DRAW = tuple((p, 1 / 36) for p in _PAIRS)
_PAIR_ODDS = tuple((p, Fraction(1, 36)) for p in _PAIRS)
_DIE_DRAW = tuple((k, 1 / 6) for k in range(1, 7))


def _draw_table(outcomes: tuple) -> tuple:
    """What Game._chance works out for ``outcomes`` (values, cumulative weights, total,
    last index): made once for the dice, so BigBrother._draw picks the very same outcome."""
    cum = list(accumulate(float(p) for _, p in outcomes))
    return [o for o, _ in outcomes], cum, cum[-1] + 0.0, len(cum) - 1


_PAIR_TABLE = _draw_table(_PAIR_DRAW)
_DIE_TABLE = _draw_table(_DIE_DRAW)

_ROLL = FrozenAction(type="roll")

#: the open votes a named housemate owes as a reward: paid with another card when the
#: giver has none with the receiver's number left
REWARDS = frozenset(("garden", "diary_room", "gossip", "camera"))


def nominate(totals: dict[int, int]) -> list[int]:
    """The nominations rule (rules decision): the fewest-voted housemates, taking more
    until at least two are nominated, and everybody tied at the boundary.
    ``totals``: housemate -> votes received this round; returns the nominees, sorted."""
    if len(totals) < 2:
        raise ValueError("nominations need at least two housemates")
    boundary = sorted(totals.values())[1]
    return sorted(s for s, v in totals.items() if v <= boundary)


def rank_sums(ranks: dict[int, list[int]]) -> dict[int, int]:
    """The return rule: each finalist ranks the evicted (1 = best); a housemate's sum of
    places over both rankings (lowest returns)."""
    sums: dict[int, int] = {}
    for order in ranks.values():
        for place, s in enumerate(order, start=1):
            sums[s] = sums.get(s, 0) + place
    return sums


def _all_but(seats: list[int], seat: int | None) -> list[int]:
    """``seats`` without ``seat``, in their order (a loop: see _NO_CELLS)."""
    out = []
    for s in seats:
        if s != seat:
            out.append(s)
    return out


#: the moves as a refusal names them ("now is the time for: ... (not a vote)")
_KIND_WORDS = {
    "roll": "a roll of the dice",
    "gossip": "a gossip",
    "gossip_card": "a gossip card",
    "vote": "a vote",
    "choose": "a room's choice",
    "claim": "a camera catch",
    "rank": "a ranking",
    "pay": "a card paid instead",
}


def _or(seats: list[int]) -> str:
    """Seats as a person reads a choice among them: "Player 2, Player 3 or Player 5"."""
    names = [label(s) for s in seats]
    if len(names) < 2:
        return names[0] if names else "nobody"
    return ", ".join(names[:-1]) + " or " + names[-1]


def label(seat: int) -> str:
    """A seat as people see it: its neck-tag number."""
    return f"Player {seat + 1}"


#: label(seat) of the first seats, written once (every seat's view names its viewer)
_LABELS = tuple(label(s) for s in range(16))


def _space_name(space: dict) -> str:
    return space["room"] if space["kind"] == "room" else space["kind"]


class Phase(NamedTuple):
    """One phase as data: who acts, what they may do, what a person reads."""

    who: Callable[[BigBrother], list[int]]
    legal: Callable[[BigBrother, int], list]
    prompt: Callable[[BigBrother], str]


# ------------------------------------------------------------- phase table
def _who_mover(g: BigBrother) -> list[int]:
    return [g.mover]


def _who_nobody(g: BigBrother) -> list[int]:
    return []


def _who_gossipers(g: BigBrother) -> list[int]:
    gos = g.gossip
    hand = g.hand
    out = []
    for s in (gos["lander"], gos["partner"]):
        if s not in gos["chosen"] and any(hand[s]):
            out.append(s)
    return out


def _who_voters(g: BigBrother) -> list[int]:
    return g.waiting  # kept up to date by _ask, _apply (a vote) and _do_claim


def _able_voters(g: BigBrother, seats) -> list[int]:
    """The seats among ``seats`` that hold a card for an eligible target of this question."""
    targets, hand = g.targets, g.hand
    out = []
    for s in seats:
        h = hand[s]
        for t in targets:
            if t != s and h[t]:
                out.append(s)
                break
    return out


def _who_payer(g: BigBrother) -> list[int]:
    return [g.owed[0]["giver"]] if g.owed else []


def _who_rankers(g: BigBrother) -> list[int]:
    return [s for s in g.finalists if len(g.ranks[s]) < len(g.evicted_now())]


def _legal_roll(g: BigBrother, seat: int) -> list:
    return _ONLY_ROLL if seat == g.mover else _NOTHING


def _legal_gossip_pick(g: BigBrother, seat: int) -> list:
    if seat != g.mover:
        return _NOTHING
    # the same for a seat until somebody leaves or comes back (a new in_house list), and
    # the same in every game of the table size with that house: the lists are kept for
    # all games (_PICK_LISTS), so a game builds one only for a house no game had before
    kept = g._pick_lists
    if kept[0] is not g.in_house:
        house = (g.players, *g.in_house)
        lists = _PICK_LISTS.get(house)
        if lists is None:
            lists = _PICK_LISTS[house] = {}
        kept = g._pick_lists = (g.in_house, lists)
    got = kept[1].get(seat)
    if got is None:
        gossip = g._acts.gossip
        mine = []  # (loops, not comprehensions, in this module's hot code: see _NO_CELLS)
        for p in g.in_house:
            if p != seat:
                for side in SIDES:
                    mine.append(gossip[p, side])
        got = kept[1][seat] = LegalList(mine)
    return got


#: (players, *in_house) -> {mover: the mover's gossip picks}: read-only lists of the
#: table's shared actions, the same in every game (at most 2**6 houses per table size)
_PICK_LISTS: dict[tuple, dict[int, LegalList]] = {}


def _legal_gossip_card(g: BigBrother, seat: int) -> list:
    gos = g.gossip
    if seat not in (gos["lander"], gos["partner"]) or seat in gos["chosen"]:
        return _NOTHING
    h = g.hand[seat]
    if h.count(0) == 1:  # a card of every number but one's own (see _vote_lists)
        return g._acts.gossip_card_all[seat]
    card = g._acts.gossip_card
    mine = []  # (a loop: see _NO_CELLS)
    for t in range(g.players):
        if t != seat and h[t]:
            mine.append(card[t])
    return LegalList(mine)


def _legal_vote(g: BigBrother, seat: int) -> list:
    if seat not in g.waiting:  # voted already, or holds no card for an eligible target
        return _NOTHING
    return _vote_lists(g)[seat]


def _vote_lists(g: BigBrother) -> list:
    """Each seat's vote list for this question: a vote for each target the seat holds a
    card for. While a seat holds a card of every number (its own is the one 0 in its hand:
    most of a round), the shared list of every target but itself (:func:`_vote_bases`),
    made once per table; once it has run out of a number, the shared list of the targets it
    still holds (``_Acts.votes_for``), so a question hands out a list it handed out before and
    a bot finds its split of it kept (``bots._by_kind``). Every seat's in one loop: a question
    asks them all."""
    hand = g.hand
    if sum(map(list.count, hand, _ZEROS)) == len(hand):
        # every seat holds a card of every number but its own (each hand's one 0: most
        # questions): the table's lists as they are, the hands counted in C instead of a
        # Python loop over the seats (~3,000 instructions a question)
        return list(g._vote_bases())
    targets, bases = g.targets, g._bases
    lists = []
    for s, h in enumerate(g.hand):
        if h.count(0) == 1:
            if bases is None:
                bases = g._vote_bases()
            lists.append(bases[s])
        else:
            held = []  # (a loop: see _NO_CELLS)
            for t in targets:
                if t != s and h[t]:
                    held.append(t)
            key = tuple(held)
            got = g._acts.votes_for.get(key)
            if got is None:
                got = g._acts.votes_with(key)
            lists.append(got)
    return lists


#: a 0 for each seat of any table: _vote_lists counts each hand's zeros with map(list.count, hands, _ZEROS)
_ZEROS = (0,) * 16

#: (players, *targets) -> per seat, a vote for each of ``targets`` but the seat itself
_VOTE_BASES: dict[tuple, tuple] = {}


def _vote_bases(players: int, targets: list[int]) -> tuple:
    """Per seat, the read-only list of a vote for each of ``targets`` but the seat itself
    (at most 2**6 target sets per table size: kept for every game): the table's one list of
    those votes (``_Acts.votes_for``), whoever is handed it."""
    key = (players, *targets)
    got = _VOTE_BASES.get(key)
    if got is None:
        acts = _ACTS[players]
        lists = []
        for s in range(players):
            lists.append(acts.votes_with(tuple([t for t in targets if t != s])))
        got = _VOTE_BASES[key] = tuple(lists)
    return got


def _legal_choose(g: BigBrother, seat: int) -> list:
    if seat != g.mover:
        return _NOTHING
    choose = g._acts.choose
    mine = []  # (a loop: see _NO_CELLS)
    for t in g._choices():
        mine.append(choose[t])
    return LegalList(mine)


def _legal_pay(g: BigBrother, seat: int) -> list:
    if not g.owed or seat != g.owed[0]["giver"]:
        return _NOTHING
    pay = g._acts.pay
    return LegalList([pay[t] for t in g._pay_choices(g.owed[0])])


def _legal_rank(g: BigBrother, seat: int) -> list:
    if seat not in g.finalists:
        return _NOTHING
    mine = g.ranks[seat]
    rank = g._acts.rank
    out = []  # (a loop: see _NO_CELLS)
    for s in g.evicted_now():
        if s not in mine:
            out.append(rank[s])
    return LegalList(out)


def _legal_none(g: BigBrother, seat: int) -> list:
    return _NOTHING


def _prompt_roll(g):
    return f"{label(g.mover)} rolls the dice."


def _prompt_gossip_pick(g):
    return f"{label(g.mover)} landed on a gossip space: pick a housemate to gossip with and a side of the gossip table."


def _prompt_gossip(g):
    gos = g.gossip
    return (
        f"{label(gos['lander'])} and {label(gos['partner'])}: who is '{gos['word']}'? "
        "Each of you secretly picks a vote card before the countdown ends."
    )


def _prompt_vote(g):
    return f"Everybody votes in secret: {g._question_text()}"


def _prompt_choose(g):
    room = g.choosing["room"]
    if room == "Diary Room":
        return f"{label(g.mover)} is in the Diary Room: name the housemate who must give you a vote."
    if room in BEDROOM_TAG:
        return (
            f"{label(g.mover)} is in the {room}: openly vote for your favourite {BEDROOM_TAG[room]} (any card if none)."
        )
    if room == LIVING_ROOM:
        return f"{label(g.mover)} has no card for the highest roller: openly vote with another card."
    return f"{label(g.mover)} is in the {room}: openly vote for the housemate who needs a treat most."


def _prompt_pay(g):
    o = g.owed[0]
    return (
        f"{label(o['giver'])} owes {label(o['target'])} a vote card but has none left: "
        f"{label(o['giver'])} chooses another card to put in the box."
    )


def _prompt_evict(g):
    return f"Eviction vote (nominees: {', '.join(label(s) for s in g.nominees)}): {g._question_text()}"


def _prompt_return(g):
    return "The two finalists each rank the evicted housemates in secret: the best ranked comes back."


def _prompt_final(g):
    return f"Final vote (candidates: {', '.join(label(s) for s in g.candidates)}): {g._question_text()}"


def _prompt_over(g):
    return f"{label(g.winners[0])} wins Big Brother!" if g.winners else "The game is over."


#: phase -> (who acts, legal-action builder, prompt). ``nominate`` never waits on anyone:
#: the count, the nominations and the first eviction card follow the round's last turn in
#: the same step, so the game is never left in it.
PHASES: dict[str, Phase] = {
    "roll": Phase(_who_mover, _legal_roll, _prompt_roll),
    "gossip_pick": Phase(_who_mover, _legal_gossip_pick, _prompt_gossip_pick),
    "gossip": Phase(_who_gossipers, _legal_gossip_card, _prompt_gossip),
    "vote": Phase(_who_voters, _legal_vote, _prompt_vote),
    "choose": Phase(_who_mover, _legal_choose, _prompt_choose),
    "pay": Phase(_who_payer, _legal_pay, _prompt_pay),
    "nominate": Phase(_who_nobody, _legal_none, lambda g: "The ballot box is counted: the fewest-voted are nominated."),
    "evict_vote": Phase(_who_voters, _legal_vote, _prompt_evict),
    "return": Phase(_who_rankers, _legal_rank, _prompt_return),
    "final_vote": Phase(_who_voters, _legal_vote, _prompt_final),
    "over": Phase(_who_nobody, _legal_none, _prompt_over),
}


#: the same table by column, for the hot paths
_WHO = {name: ph.who for name, ph in PHASES.items()}
_LEGAL = {name: ph.legal for name, ph in PHASES.items()}
#: the facts of a movement roll's dice: (a, b) -> keys
_ROLL_FACTS = {
    (a, b): (("roll_total", a + b), ("roll_face", a)) + ((("roll_double", None),) if a == b else (("roll_face", b),))
    for a in range(1, 7)
    for b in range(1, 7)
}


class _Acts:
    """The read-only actions of a table of ``n`` seats, shared by every game."""

    def __init__(self, n: int):
        self.vote = [FrozenAction(type="vote", target=t) for t in range(n)]
        self.choose = [FrozenAction(type="choose", target=t) for t in range(n)]
        self.gossip_card = [FrozenAction(type="gossip_card", target=t) for t in range(n)]
        #: per seat, a gossip card of every number but its own (a seat's list while it holds them all)
        self.gossip_card_all = [LegalList([self.gossip_card[t] for t in range(n) if t != s]) for s in range(n)]
        self.gossip = {(p, s): FrozenAction(type="gossip", partner=p, side=s) for p in range(n) for s in SIDES}
        self.rank = [FrozenAction(type="rank", target=t) for t in range(n)]
        self.pay = [FrozenAction(type="pay", target=t) for t in range(n)]
        #: (targets, in their order) -> the read-only list of a vote for each (a seat's vote list
        #: once it has run out of a number: _vote_lists); at most 2**n of them, kept for every game
        self.votes_for: dict[tuple, LegalList] = {}
        self.claim = {
            (c, t): FrozenAction(type="claim", card=c, culprit=t) for c in range(len(CAMERA_CARDS)) for t in range(n)
        }

    def votes_with(self, targets: tuple) -> LegalList:
        """``votes_for[targets]``, made and kept on a miss (the hot path, :func:`_vote_lists`,
        reads :attr:`votes_for` itself first and calls this on a miss only)."""
        got = self.votes_for.get(targets)
        if got is None:
            vote = self.vote
            got = self.votes_for[targets] = LegalList([vote[t] for t in targets])
        return got

    def __deepcopy__(self, memo):
        return self


_ACTS = {n: _Acts(n) for n in range(4, 7)}
#: the empty legal list of a seat with nothing to do, and the mover's in the roll phase
#: (every legal list is a read-only LegalList: legal_actions hands out the kept list itself)
_NOTHING = LegalList()
_ONLY_ROLL = LegalList([_ROLL])
#: the roll phase's legal lists, [players][mover] -> {seat: list}
_ROLL_LISTS: dict[int, list[dict[int, list]]] = {
    n: [{s: _ONLY_ROLL if s == mover else _NOTHING for s in range(n)} for mover in range(n)] for n in range(4, 7)
}
#: players -> every seat's empty legal list, in seat order (_refill copies it, then fills in the actors)
_EMPTY_LISTS: dict[int, dict[int, list]] = {n: dict.fromkeys(range(n), _NOTHING) for n in range(4, 7)}
#: BigBrother._move_facts of the default track, shared by every game on it
_DEFAULT_MOVES: dict[tuple, tuple] = {}
#: BigBrother._roll_keys of the default track, shared by every game on it
_DEFAULT_ROLL_KEYS: dict[tuple, tuple] = {}
#: players -> each seat's vote cards at the start (none with its own number)
_HANDS = {n: tuple(tuple(0 if t == s else CARDS_PER_TARGET for t in range(n)) for s in range(n)) for n in range(4, 7)}


def _board(track: list[dict]) -> tuple:
    """What a game keeps of its ``track``: the kinds and rooms of its spaces (lists), the
    names the views show (a tuple) and which spaces end a turn (a tuple)."""
    kinds = [s["kind"] for s in track]
    return kinds, [s["room"] for s in track], tuple(map(_space_name, track)), tuple(k == "confrontation" for k in kinds)


_DEFAULT_BOARD = _board(DEFAULT_TRACK)


#: the fact of a move that ends on a space where another pawn stands
_SHARE = ("share_space", None)


def _line_key(card: int, holder: int) -> tuple:
    """The fact a camera line looks for: the key :meth:`BigBrother._fact` files it under."""
    line = CAMERA_CARDS[card][holder]
    code, params = line["code"], line["params"]
    if code == "open_vote":
        return ("open_vote", holder) if params["for"] == "holder" else ("open_vote", None)
    if not params:
        return (code, None)
    (value,) = params.values()
    return (code, value)


#: _line_key of every camera card's line for every holder: [card][holder] -> key
_LINE_KEYS = tuple(
    tuple(_line_key(card, holder) for holder in range(len(lines))) for card, lines in enumerate(CAMERA_CARDS)
)


def _ro(value: Any) -> Any:
    """``value`` copied with every list and dict in it read-only (:class:`FrozenList`,
    :class:`FrozenEvent`): a part of a view that the views of one state share."""
    t = type(value)
    if t is list or t is tuple or t is FrozenList:
        if _NESTED.isdisjoint(map(type, value)):  # a flat list (a row of the box, the dice): one copy
            return FrozenList(value)
        return FrozenList([v if type(v) not in _NESTED else _ro(v) for v in value])
    if _NESTED.isdisjoint(map(type, value.values())):  # a flat dict: one copy
        return FrozenEvent(value)
    return FrozenEvent({k: (v if type(v) not in _NESTED else _ro(v)) for k, v in value.items()})


def _fresh(value: Any) -> Any:
    """``value`` copied with every list (and tuple) and dict in it new and plain."""
    t = type(value)
    if t is list or t is tuple or t is FrozenList:
        return [v if type(v) not in _NESTED else _fresh(v) for v in value]
    return {k: (v if type(v) not in _NESTED else _fresh(v)) for k, v in value.items()}


#: the empty seat list of a view's shared public part (nominees, finalists, candidates and
#: winners are empty most of a game): read-only and empty, so every state's views may share it
_NO_SEATS = FrozenList()

#: seat -> the read-only audience of an event for that seat alone (a secret vote's my_vote)
_ONLY_SEAT = seat_audiences(max(ROUNDS))  # (ROUNDS: a key per table size)

#: _ro / _fresh: the types they go into (everything else is shared as it is)
_NESTED = frozenset((list, dict, tuple, FrozenList, FrozenEvent))

#: _NO_CELLS (the note that comments in the step functions point to): the functions a
#: playout runs at its steps use loops or C-level ``map``/``filter``, not comprehensions
#: that read the function's locals: on CPython 3.11 each such local becomes a closure cell
#: made at every call (and read through the cell everywhere in the function), and the
#: comprehension a new function object and frame (callgrind: about 2% of a 6-player
#: random playout's instructions)


def _secret_votes_since(history: list, viewed: tuple, now: tuple) -> bool:
    """Whether every step from the state ``viewed`` to ``now`` (``(len(history),
    len(events))`` of each) is a vote that left its question going on: votes alone, and one
    event each (the voter's own ``my_vote``; a question's last vote also emits
    ``votes_in``, and more), so nothing public changed but who is waited on, who has voted
    and the box's count (:meth:`BigBrother._view`)."""
    steps = now[0] - viewed[0]
    if steps <= 0 or now[1] - viewed[1] != steps:
        return False
    for h in history[viewed[0] :]:
        action = h.get("action")  # (a clock step has none, a chance step an outcome)
        if action is None or action["type"] != "vote":
            return False
    return True


def _roll_view(ev: dict | None, flat: Callable = list) -> dict | None:
    """A view's ``last_roll`` from the movement roll's event ``ev`` (None: no roll yet): a
    plain dict and list, or with ``flat`` FrozenList read-only ones (a view's shared part)."""
    if ev is None:
        return None
    out = {"seat": ev["seat"], "dice": flat(ev["dice"]), "from": ev["start"], "to": ev["to"]}
    return out if flat is list else FrozenEvent(out)


class BigBrother(Game):
    """Big Brother: The Game for 4 to 6 housemates.

    Options:
        first_seat: the seat that starts every round ("the youngest"; default 0).
        track: the board, a list of at least 32 spaces ``{"kind", "room"}`` (kinds
            ``room``/``confrontation``/``gossip``/``camera``; a room space names one of
            ``content.ROOMS``; space 0 is the Living Room where the pawns start);
            ``None``: ``content.DEFAULT_TRACK``.
        tags: ``None``, or one of ``"man"``/``"woman"``/``None`` per seat, for the bedrooms.
        gossip_ms: the gossip countdown in ms (default 10 000).
    Test-only keyword ``deal``: ``{"deck": [card ids, top first], "camera": [camera card
    ids, top first]}`` instead of shuffling.
    """

    name = "big_brother"
    title = "Big Brother: The Game"
    player_counts = range(4, 7)
    default_options = {"first_seat": 0, "track": None, "tags": None, "gossip_ms": 10_000}
    action_schema = {
        "roll": {},
        "gossip": {"partner": int, "side": str},
        "gossip_card": {"target": int},
        "vote": {"target": int},
        "choose": {"target": int},
        "claim": {"card": int, "culprit": int},
        "rank": {"target": int},
        "pay": {"target": int},
    }
    realtime = True
    _fast_act = True
    races = frozenset()
    # This class's state and memos in slots, the kernel's in __dict__: CPython (3.11,
    # 3.12) keeps a __dict__ of at most 30 attributes in its fast inline layout (a game
    # had ~78), and only until something reads self.__dict__ (so the memos are slots too,
    # not __dict__.get). Game.apply_history and __getstate__ handle the slots.
    __slots__ = (
        # _setup
        "track", "kinds", "rooms", "length", "_track_names", "_absorbing", "_moves", "_roll_keys", "_acts",
        "deck", "drawn", "cam_deck", "cam_drawn", "cam_held", "cam_seq", "cam_shown", "cam_used", "owed",
        "resume", "seq", "facts", "watch", "watchers", "_stale", "hand", "box", "box_total", "open_votes",
        "pos", "evicted", "out", "in_house", "_pick_lists", "returned", "rounds", "round", "order", "turn",
        "mover", "rolls", "shield", "_roll_event", "card", "sign", "purpose", "questions", "extra", "targets",
        "_asked", "_bases", "voted", "waiting", "ballot", "gossip", "deadline", "choosing", "nominees",
        "finalists", "candidates", "ranks", "ranks_shown", "count", "last_count_step", "phase",
        # _cache_reset
        "_seats", "_kept",
        # the memos of claims and views (None until first use)
        "_claim_memo", "_claims_all", "_secret_vote_at", "_view_cache", "_view_parts",
        # whether a view was asked: the busiest public events are emitted read-only from then on
        "_logs_read",
    )  # fmt: skip

    # ------------------------------------------------------------------ set-up
    def _check_options(self) -> None:
        o, n = self.options, self.players
        fs = o["first_seat"]
        if isinstance(fs, bool) or not isinstance(fs, int) or not 0 <= fs < n:
            raise ValueError(f"first_seat must be a seat 0..{n - 1}, got {fs!r}")
        ms = o["gossip_ms"]
        if isinstance(ms, bool) or not isinstance(ms, int) or not 1 <= ms <= MAX_GOSSIP_MS:
            raise ValueError(f"gossip_ms must be a whole number of ms from 1 to {MAX_GOSSIP_MS}, got {ms!r}")
        tags = o["tags"]
        if tags is not None:
            if (
                not isinstance(tags, (list, tuple))
                or len(tags) != n
                or any(t is not None and t not in TAGS for t in tags)
            ):
                raise ValueError(
                    f"tags must be None or a list of {n} entries, each 'man', 'woman' or None, got {tags!r}"
                )
            o["tags"] = list(tags)
        track = o["track"]
        if track is not None:
            o["track"] = self._check_track(track)

    @staticmethod
    def _check_track(track: Any) -> list[dict]:
        if not isinstance(track, (list, tuple)) or not MIN_TRACK <= len(track) <= MAX_TRACK:
            size = len(track) if isinstance(track, (list, tuple)) else "?"
            raise ValueError(
                f"track must be a list of {MIN_TRACK} to {MAX_TRACK} spaces, got {type(track).__name__} of {size}"
            )
        out = []
        for i, space in enumerate(track):
            if not isinstance(space, dict) or set(space) != {"kind", "room"}:
                raise ValueError(f"track space {i} must be {{'kind': ..., 'room': ...}}, got {space!r}")
            kind, room = space["kind"], space["room"]
            if kind not in SPACE_KINDS:
                raise ValueError(f"track space {i}: kind must be one of {SPACE_KINDS}, got {kind!r}")
            if kind == "room" and room not in ROOMS:
                raise ValueError(f"track space {i}: a room space names one of {list(ROOMS)}, got {room!r}")
            if kind != "room" and room is not None:
                raise ValueError(f"track space {i}: only a room space names a room (room must be None), got {room!r}")
            out.append({"kind": kind, "room": room})
        if out[0] != {"kind": "room", "room": LIVING_ROOM}:
            raise ValueError("track space 0 must be the Living Room, where every pawn starts")
        if not any(s["kind"] == "confrontation" for s in out):
            raise ValueError("the track needs at least one confrontation space, or a turn never ends")
        return out

    def _setup(self, deal: dict | None) -> dict:
        n = self.players
        self._cache_reset()
        self._claim_memo: dict | None = None
        self._claims_all: tuple | None = None
        self._secret_vote_at: int | None = None
        self._view_cache: tuple | None = None
        self._view_parts: dict | None = None
        # The busiest public events (turn, card, votes_in, roll, open_vote, gossip_picked) and
        # the secret votes (my_vote) are emitted read-only (FrozenEvent of scalars and
        # FrozenLists) once a view of the game was asked: the kernel's log (catch_up) then
        # shares each public one as it is, and makes a secret vote's entry with one copy,
        # instead of checking and copying it, at the cost of one copy when it is emitted. Until
        # then (a random playout reads no log) they stay plain dicts: the copy would only slow
        # its steps (~1.6%).
        self._logs_read = False
        # the class's flag again on the instance: CPython 3.11 reads an instance attribute in
        # one specialized step, a class attribute through the generic look-up every time (a
        # random playout and the scheduler read it at every step)
        self.realtime = True  # type: ignore[misc]  # (the same value as the class's, on purpose)
        self.track = self.options["track"] or DEFAULT_TRACK
        if self.options["track"] is None:  # the default board's lists, made once (each game its own copies)
            kinds, rooms, self._track_names, self._absorbing = _DEFAULT_BOARD
            self.kinds, self.rooms = list(kinds), list(rooms)
        else:
            self.kinds, self.rooms, self._track_names, self._absorbing = _board(self.track)
        self.length = len(self.track)
        # _move_facts by (start, steps): a pure function of the track, so every game on
        # the default track shares one
        self._moves: dict[tuple, tuple] = _DEFAULT_MOVES if self.options["track"] is None else {}
        # the facts of a roll's dice and move by (start, a, b), shared the same way
        self._roll_keys: dict[tuple, tuple] = _DEFAULT_ROLL_KEYS if self.options["track"] is None else {}
        self._acts = _ACTS[n]
        if deal is None:
            deck = list(range(len(CONFRONTATION_CARDS)))
            self.rng.shuffle(deck)
            camera = list(range(len(CAMERA_CARDS)))
            self.rng.shuffle(camera)
            deal = {"deck": deck, "camera": camera}
        else:
            deal = self._check_deal(deal)
        self.deck: list[int] = list(deal["deck"])  # top first; secret beyond `drawn`
        self.drawn = 0  # confrontation cards read so far (the pile cycles when empty)
        self.cam_deck: list[int] = list(deal["camera"])  # top first; secret
        self.cam_drawn = 0
        self.cam_held: list[list[int]] = [[] for _ in range(n)]  # camera cards in front of each seat
        self.cam_seq: dict[int, int] = {}  # card -> fact counter when drawn
        self.cam_shown: list[dict] = []  # claims made: public
        self.cam_used: dict[int, int] = {}  # card -> the round of its last catch (public)
        self.owed: list[dict] = []  # rewards to be paid with another card: {"giver", "target", "why"}
        # the phase the ``pay`` phase interrupted (None only while no pay is on)
        self.resume: Any = None
        self.seq = 0  # fact counter
        self.facts: dict[tuple, list] = {}  # this round's behaviour facts: key -> [(seq, seat)]
        self.watch: set[tuple] = set()  # the fact keys the held camera cards look for
        self.watchers: dict[tuple, tuple] = {}  # fact key -> the holders of a card that looks for it
        self._stale: set[int] = set()  # holders whose claims changed since _claims_by_seat
        self.hand = [list(row) for row in _HANDS[n]]
        self.box = [[0] * n for _ in range(n)]
        self.box_total = 0
        self.open_votes: list[dict] = []  # public votes since the last count
        self.pos: list[Any] = [0] * n  # a space, None once evicted
        self.evicted: list[int] = []  # in eviction order
        self.out: set[int] = set()  # not in the house now (evicted and not returned)
        self.in_house: list[int] = list(range(n))
        self._pick_lists: tuple = (None, {})  # _legal_gossip_pick's lists for this in_house
        self.returned: int | None = None
        self.rounds = ROUNDS[n]
        self.round = 0
        self.order: list[int] = []
        self.turn = 0
        self.mover = self.options["first_seat"]
        self.rolls = 0  # movement rolls in this turn
        self.shield: int | None = None
        self._roll_event: dict | None = None  # the last movement roll's event (last_roll)
        self.card: int | None = None
        self.sign = "+"
        self.purpose: str | None = None  # "confrontation" / "eviction" / "final"
        self.questions = 0  # questions asked in this eviction or final vote
        self.extra = 0  # extra cards in it
        self.targets: list[int] = []
        self._asked: list | None = None  # every seat's vote list, from _ask to the step's _refill
        self._bases: tuple | None = None  # _vote_bases of the targets (made at first use)
        self.voted: list[int] = []
        self.waiting: list[int] = []  # voters of this question still to vote (holding an eligible card)
        self.ballot: dict[int, int] = {}  # this question's secret votes
        # a dict while a gossip is on (the gossip phases: the phase says so), else None
        self.gossip: Any = None
        self.deadline: int | float | None = None
        self.choosing: Any = None  # a dict in the choose phase, else None
        self.nominees: list[int] = []
        self.finalists: list[int] = []
        self.candidates: list[int] = []
        self.ranks: dict[int, list[int]] = {}
        self.ranks_shown = False
        self.count: dict | None = None  # the last count, public
        self.last_count_step = 0  # history length at the last count (votes before it are public)
        self.phase = "roll"
        # (the board is in every view: "track")
        self._emit("setup", players=n, rounds=self.rounds, spaces=self.length, first_seat=self.mover)
        self._start_round()
        return {"deck": list(self.deck), "camera": list(self.cam_deck)}

    def _check_deal(self, deal: Any) -> dict:
        if not isinstance(deal, dict) or set(deal) != {"deck", "camera"}:
            raise ValueError("deal must be {'deck': [card ids], 'camera': [camera card ids]}")
        deck, camera = deal["deck"], deal["camera"]
        if (
            not isinstance(deck, list)
            or any(type(c) is not int for c in deck)
            or sorted(deck) != list(range(len(CONFRONTATION_CARDS)))
        ):
            raise ValueError(f"deal['deck'] must order the {len(CONFRONTATION_CARDS)} confrontation card ids")
        if (
            not isinstance(camera, list)
            or any(type(c) is not int for c in camera)
            or sorted(camera) != list(range(len(CAMERA_CARDS)))
        ):
            raise ValueError(f"deal['camera'] must order the {len(CAMERA_CARDS)} camera card ids")
        return {"deck": list(deck), "camera": list(camera)}

    # ------------------------------------------------------------ caches
    def _cache_reset(self) -> None:
        self._seats: list[int] | None = None
        self._kept: dict[int, list] = {}

    def __getstate__(self) -> tuple[dict, dict]:
        # (__dict__, slots), as object's from Python 3.11 on (pickle's protocols 0 and 1
        # refuse slots without a __getstate__), without the caches
        state = self.__dict__.copy()
        state.pop("_trace_cache", None)  # a copy may play another history of the same length
        slots = self._slot_values()
        slots["_view_cache"] = slots["_view_parts"] = None  # (read-only parts would come back as plain lists)
        slots["_claim_memo"] = slots["_claims_all"] = None
        slots["_seats"], slots["_kept"] = None, {}
        slots["_bases"] = None  # (read-only lists of the shared actions)
        slots["_pick_lists"] = (None, {})
        slots["_asked"] = None
        slots["_stale"] = set()
        return state, slots

    # ---------------------------------------------------------- contract
    def _vote_bases(self) -> tuple:
        """:func:`_vote_bases` of this question's targets."""
        got = self._bases
        if got is None:
            got = self._bases = _vote_bases(self.players, self.targets)
        return got

    def _to_act(self) -> list[int]:
        seats = self._seats
        if seats is None:
            seats = self._seats = _WHO[self.phase](self)
        return seats

    def legal_actions(self, seat: int) -> list:
        # the base's answer in one call for a seat of this game (a random playout asks
        # every seat at every step; most lists are cached between steps), and the kept
        # list itself, read-only (a LegalList: copying six lists was a good part of a
        # playout's step); the scheduler gives bots copies unless told not to
        # (the cache holds only this game's seats, and nothing once the game is over:
        # _apply and _on_deadline empty it after every change)
        if type(seat) is int:
            try:
                return self._kept[seat]
            except KeyError:
                pass
            if 0 <= seat < self.players and not self.over:
                self._legal(seat)
                return self._kept[seat]
        return Game.legal_actions(self, seat)

    def _legal(self, seat: int) -> list:
        got = self._kept.get(seat)
        if got is None:
            phase = self.phase
            got = _LEGAL[phase](self, seat)
            if self.cam_held[seat] and phase in CLAIM_PHASES and self.facts:
                more = self._claims_by_seat().get(seat)  # (kept between steps)
                if more:
                    got = LegalList(got + more)
            self._kept[seat] = got
        return list(got)

    def act(self, seat: int, action: Any, at: int | float | None = None) -> list[dict]:
        # the kernel's one-pass case written out for this game (a random playout acts at
        # nearly every step): a plain int seat, a plain time from the clock to before the
        # deadline, and the very action object handed out for the seat (found by identity
        # in ``_kept``); anything else goes through Game.act and its full checks
        # (``_kept`` is empty once the game is over, so a list found means a game going on;
        # it holds only FrozenActions, so the identity test alone says what the action is)
        if type(seat) is int and (type(at) is int or type(at) is float):
            try:
                got = self._kept[seat]  # (a subscript: cheaper than .get, and a miss is rare)
            except KeyError:
                got = None
            if got and self.clock <= at and at <= MAX_AT:
                due = self.deadline
                if due is None or at < due:
                    for handed in got:
                        if handed is action:
                            self.history.append({"seat": seat, "action": action, "at": at})
                            if at > self.clock:
                                self.clock = at
                            events = self.events
                            mark = len(events)
                            self._apply(seat, action, at)
                            return events[mark:]
        return Game.act(self, seat, action, at)

    def _is_legal(self, seat: int, action: dict) -> bool:
        got = self._kept.get(seat)
        if got is None:
            self._legal(seat)
            got = self._kept[seat]
        return action in got

    def _next_deadline(self):
        return self.deadline

    def next_deadline(self):
        # the base's answer (None once the game is over), in one call: act() asks it every time
        return None if self.over else self.deadline

    def _chance_outcomes(self) -> list:
        if self.over:
            return []
        if self.phase == "roll" or self.phase == "gossip_pick":
            return list(_PAIR_ODDS)
        return []

    def _scores(self) -> list:
        return [1 if s in self.winners else 0 for s in range(self.players)]

    def _why_illegal(self, seat: int, action: dict) -> str:
        kind, p = action["type"], self.phase
        who: Any = next((action[k] for k in ("target", "partner", "culprit") if k in action), None)
        if who is not None and not 0 <= who < self.players:
            return f"there is no seat {who!r} in a {self.players}-player game"
        if kind == "claim":
            if p not in CLAIM_PHASES:
                if p == "pay":
                    return "wait until the vote card that is owed has been put in the box"
                return "camera catches can only be claimed during a round (not at a count, an eviction, the return or the final)"
            if action["card"] not in self.cam_held[seat]:
                return f"{label(seat)} holds no camera card {action['card']!r}"
            return f"{label(who)} has not been seen doing what camera card {action['card']} asks of {label(seat)} this round (or {label(seat)} is shielded now)"
        if kind == "gossip" and p == "gossip_pick" and seat == self.mover:
            if action["side"] not in SIDES:
                return f"the gossip table has a + side and a - side, not {action['side']!r}"
            return f"gossip with another housemate still in the house: {_or(_all_but(self.in_house, seat))}"
        if kind == "gossip_card" and p == "gossip" and seat in (self.gossip["lander"], self.gossip["partner"]):
            if seat in self.gossip["chosen"]:
                return "you have already picked your gossip card"
        if kind in ("vote", "choose", "gossip_card") and who == seat:
            return "you can never vote for yourself"
        if kind in ("vote", "choose") and who in self.out:
            return f"{label(who)} has been evicted: nobody may vote for them"
        if kind == "vote" and p in VOTE_PHASES and seat in self.voted:
            return "you have already voted on this question"
        if kind == "vote" and p in VOTE_PHASES and who == self.shield:
            return f"{label(who)} is on the Toilet/Shower: nobody may vote for them during their turn"
        if kind == "vote" and p in VOTE_PHASES and who not in self.targets:
            return f"you may vote only for {_or(self.targets)} now"
        if kind in ("vote", "choose", "gossip_card") and who is not None and not self.hand[seat][who]:
            return f"{label(seat)} has no vote card left with number {who + 1}"
        if kind == "pay" and p == "pay" and seat == self.owed[0]["giver"]:
            return f"pay with a card you still hold for a housemate in the house, not on the Toilet/Shower: {_or(self._pay_choices(self.owed[0]))}"
        if kind == "choose" and p == "choose" and seat == self.mover and self.choosing["room"] in BEDROOM_TAG:
            room = self.choosing["room"]
            return (
                f"in the {room} you vote openly for your favourite {BEDROOM_TAG[room]} "
                f"(any card only if you hold none for one): {_or(self._choices())}"
            )
        if kind == "rank" and p == "return":
            return f"rank each evicted housemate once, best first: {label(who)} is not evicted or already ranked"
        return f"now is the time for: {PHASES[p].prompt(self)} (not {_KIND_WORDS.get(kind, repr(kind))})"

    @property
    def last_roll(self) -> dict | None:
        """The last movement roll, ``{"seat", "dice", "from", "to"}`` (a new dict), or None:
        what the views show, read from the roll's event (a roll makes no dict of its own)."""
        return _roll_view(self._roll_event)

    # -------------------------------------------------------------- rounds
    def evicted_now(self) -> list[int]:
        """The evicted housemates not back in the house, in eviction order."""
        out, gone = [], self.out  # (a loop: see _NO_CELLS)
        for s in self.evicted:
            if s in gone:
                out.append(s)
        return out

    def _start_round(self) -> None:
        self.round += 1
        n = self.players
        start = self.options["first_seat"]
        while start in self.out:
            start = (start + 1) % n
        one = [(start + k) % n for k in range(n) if (start + k) % n not in self.out]
        self.order = one * TURNS_PER_ROUND[n]
        self.turn = 0
        self.facts = {}
        self._emit("round", round=self.round, order=list(self.order))
        self._start_turn()

    def _start_turn(self) -> None:
        self.mover = self.order[self.turn]
        self.rolls = 0
        self.shield = None
        self.phase = "roll"
        # what _emit("turn", seat=self.mover, round=self.round, turn=self.turn + 1) gives (see _logs_read)
        ev = {"type": "turn", "step": len(self.history), "seat": self.mover, "round": self.round, "turn": self.turn + 1}
        self.events.append(FrozenEvent(ev) if self._logs_read else ev)

    def _end_turn(self) -> None:
        self.shield = None
        self.card = None
        self.turn += 1
        if self.turn < len(self.order):
            self._start_turn()
        else:
            self._nominate()

    # ---------------------------------------------------------- questions
    def _question_text(self) -> str:
        if self.card is None:
            return ""
        c = CONFRONTATION_CARDS[self.card]
        return f"{c['situation']} ({self.sign}) {c['plus'] if self.sign == '+' else c['minus']}"

    def _ask(self, phase: str, sign: str, targets: list[int]) -> None:
        self.card = self.deck[self.drawn % len(self.deck)]
        self.drawn += 1
        self.sign = sign
        self.phase = phase
        self.targets = targets
        self._bases = None
        self.voted = []
        self.ballot = {}
        # every seat's vote list, made once: who can vote (what _able_voters gives) and, kept
        # for this step's _refill, the lists themselves (no hand changes between the two)
        lists = self._asked = _vote_lists(self)
        self.waiting = list(compress(range(len(lists)), lists))  # the seats whose list is not empty
        # what _emit("card", card=..., sign=sign, purpose=...) gives (the targets: in the view; see _logs_read)
        ev = {"type": "card", "step": len(self.history), "card": self.card, "sign": sign, "purpose": self.purpose}
        self.events.append(FrozenEvent(ev) if self._logs_read else ev)

    def _house_targets(self) -> list[int]:
        """Who may receive a vote during a round: housemates in the house, not shielded."""
        shield = self.shield
        if shield is None:  # (most turns) a copy: targets and in_house are never the same list
            return self.in_house.copy()
        return _all_but(self.in_house, shield)

    def _question_done(self) -> None:
        p = self.phase
        # what _emit("votes_in", purpose=..., card=..., voters=list(self.voted)) gives (see _logs_read)
        shared = self._logs_read
        ev = {"type": "votes_in", "step": len(self.history), "purpose": self.purpose, "card": self.card,
              "voters": (FrozenList if shared else list)(self.voted)}  # fmt: skip
        self.events.append(FrozenEvent(ev) if shared else ev)
        if p == "vote":
            self._end_turn()
        elif p == "evict_vote":
            self.questions += 1
            if self.questions < QUESTIONS:
                self._ask("evict_vote", "-", self.targets)
                return
            self._decide("eviction", self.nominees)
        else:  # final_vote
            self.questions += 1
            if self.questions < QUESTIONS:
                self._ask("final_vote", "+", self.targets)
                return
            self._decide("final", self.candidates)

    def _count(self, purpose: str, among: list[int]) -> list[int]:
        """Open the box: every card is shown (owner and number); the totals of ``among``."""
        box = self.box
        totals = list(map(sum, zip(*box)))  # box is n rows of n counts: column t is target t
        # one copy of the box and of ``among``, shared by the count and its event: nothing
        # changes either once made (a view copies them; the next count makes new ones)
        shown, among = list(map(list.copy, box)), list(among)
        self.count = {"purpose": purpose, "round": self.round, "totals": totals, "box": shown, "among": among,
                      "extra": self.extra}  # fmt: skip
        self.last_count_step = len(self.history)
        self._emit("count", purpose=purpose, round=self.round, totals=totals, box=shown, among=among,
                   extra=self.extra)  # fmt: skip
        return totals

    def _cards_back(self) -> None:
        # Every card in the box goes back to its owner, and a count never comes while a
        # gossip card is held out (a gossip ends before the turn's vote), so each owner
        # holds all of their cards again: each hand row is set to the full hand, not
        # summed with its box row (one C-level copy a row instead of ``map(add, ...)``,
        # ~33k -> ~14k instructions a count; the conformance kit's
        # vote_cards_are_conserved checks hand + box after every step)
        zeros = [0] * self.players
        for ho, full, bo in zip(self.hand, _HANDS[self.players], self.box):  # each row in place (a row's list is kept)
            ho[:] = full
            bo[:] = zeros
        self.box_total = 0
        self.open_votes = []
        self._emit("cards_back")

    def _roll_off(self, seats: list[int], why: str, low: bool) -> int:
        """Each of ``seats`` rolls a die; the lowest (``low``) or highest loses/wins;
        ties roll again among the tied. Returns the seat picked."""
        tied = list(seats)
        while len(tied) > 1:
            rolls = {}  # (loops: see _NO_CELLS)
            for s in tied:
                rolls[s] = self._draw("die", _DIE_DRAW, _DIE_TABLE)
            self._emit("roll_off", why=why, rolls={str(s): r for s, r in rolls.items()})
            best = min(rolls.values()) if low else max(rolls.values())
            tied = []
            for s, r in rolls.items():  # (in the order of tied)
                if r == best:
                    tied.append(s)
        return tied[0]

    def _decide(self, purpose: str, among: list[int]) -> None:
        totals = self._count(purpose, among)
        top = max(map(totals.__getitem__, among))
        tied = []  # (a loop: see _NO_CELLS)
        for s in among:
            if totals[s] == top:
                tied.append(s)
        if len(tied) > 1 and self.extra < MAX_EXTRA:
            self.extra += 1
            self._emit("tie", purpose=purpose, tied=tied, extra=self.extra)
            self._ask(self.phase, self.sign, self.targets)
            return
        if len(tied) > 1:
            pick = self._roll_off(tied, purpose, low=(purpose == "eviction"))
        else:
            pick = tied[0]
        self._cards_back()
        self.card = None
        if purpose == "eviction":
            self._evict(pick)
        else:
            self.winners = [pick]
            self.over = True
            self.phase = "over"
            self._emit("winner", seat=pick, totals=totals)

    # -------------------------------------------------- nominations, eviction
    def _nominate(self) -> None:
        self.phase = "nominate"
        self.purpose = "nominations"
        self.extra = 0
        house = self.in_house
        totals = self._count("nominations", house)
        self.nominees = nominate({s: totals[s] for s in house})
        self._emit("nominated", seats=list(self.nominees), votes=[totals[s] for s in self.nominees])
        self._cards_back()
        self.facts = {}
        self.purpose = "eviction"
        self.questions = 0
        self.extra = 0
        self._ask("evict_vote", "-", list(self.nominees))

    def _evict(self, seat: int) -> None:
        self.pos[seat] = None
        self.evicted.append(seat)
        self.out.add(seat)
        self.in_house = [s for s in range(self.players) if s not in self.out]
        self.nominees = []
        self._emit("evicted", seat=seat, round=self.round)
        if len(self.in_house) == 2:
            self.finalists = list(self.in_house)
            self.ranks = {s: [] for s in self.finalists}
            self.phase = "return"
            self.purpose = None
            self._emit("return_vote", finalists=list(self.finalists), evicted=self.evicted_now())
        else:
            self._start_round()

    def _do_rank(self, seat: int, action: dict) -> None:
        mine = self.ranks[seat]
        mine.append(action["target"])
        left = []  # (loops: see _NO_CELLS)
        for s in self.evicted_now():
            if s not in mine:
                left.append(s)
        if len(left) == 1:
            mine.append(left[0])  # the last place needs no choice
        self._emit("ranked", seat=seat, done=not left or len(left) == 1)
        self._emit("my_rank", audience=[seat], seat=seat, order=list(mine))
        k = len(self.evicted_now())
        for f in self.finalists:
            if len(self.ranks[f]) != k:
                return
        self._return()

    def _return(self) -> None:
        self.ranks_shown = True
        sums = rank_sums(self.ranks)
        best = min(sums.values())
        tied = [s for s in sums if sums[s] == best]
        self._emit(
            "ranks", ranks={str(k): list(v) for k, v in self.ranks.items()}, sums={str(k): v for k, v in sums.items()}
        )
        back = tied[0] if len(tied) == 1 else self._roll_off(tied, "return", low=False)
        self.returned = back
        self.out.discard(back)
        self.in_house = [s for s in range(self.players) if s not in self.out]
        self.candidates = sorted(self.finalists + [back])
        for s in self.candidates:
            self.pos[s] = 0  # the candidates stand in the Living Room
        self._emit("returned", seat=back, candidates=list(self.candidates))
        self.purpose = "final"
        self.questions = 0
        self.extra = 0
        self._ask("final_vote", "+", list(self.candidates))

    # ------------------------------------------------------------ a turn
    def _fact(self, seat: int, key: tuple) -> None:
        """File a behaviour the engine saw (only the kinds a held camera card looks for:
        a fact before a card was drawn never counts for it)."""
        if key in self.watch:
            self.seq += 1
            self.facts.setdefault(key, []).append((self.seq, seat))
            # only the claims of the other holders whose cards look for it can change (a
            # holder never catches itself: its own facts leave its claims as they are)
            stale = self._stale
            for holder in self.watchers[key]:
                if holder != seat:
                    stale.add(holder)

    def _rewatch(self) -> None:
        watchers: dict[tuple, tuple] = {}
        for s, held in enumerate(self.cam_held):
            for card in held:
                key = _LINE_KEYS[card][s]
                watchers[key] = watchers.get(key, ()) + (s,)
        self.watchers = watchers
        self.watch = set(watchers)

    def _draw(self, kind: str, outcomes: tuple, table: tuple) -> Any:
        """``self._chance(kind, outcomes)`` for the dice in one call: the same outcome from
        the same random number, recorded the same way (a replay goes through _chance)."""
        if self._forced is not None:
            return self._chance(kind, outcomes)
        values, cum, total, last = table
        value = values[bisect_right(cum, self.rng.random() * total, 0, last)]
        self.history.append({"seat": CHANCE, "kind": kind, "outcome": value})
        return value

    def _do_roll(self, seat: int, action: dict) -> None:
        a, b = self._draw("dice", _PAIR_DRAW, _PAIR_TABLE)
        rolls = self.rolls = self.rolls + 1
        pos = self.pos
        start = pos[seat]
        to = (start + a + b) % self.length
        # what _emit("roll", seat=seat, dice=[a, b], start=start, to=to, rolls=self.rolls) gives (see _logs_read)
        shared = self._logs_read
        ev = {"type": "roll", "step": len(self.history), "seat": seat, "dice": FrozenList((a, b)) if shared else [a, b],
              "start": start, "to": to, "rolls": rolls}  # fmt: skip
        # the event is last_roll too (read from it when a view asks: no dict of its own at each roll)
        ev = self._roll_event = FrozenEvent(ev) if shared else ev
        self.events.append(ev)
        watch = self.watch
        if watch:  # facts matter only for the lines of the camera cards held now
            # filed in this order: the dice, the move, a shared space, a long turn
            keys = self._roll_keys.get((start, a, b))
            if keys is None:
                keys = self._roll_keys[start, a, b] = _ROLL_FACTS[a, b] + self._move_facts(start, a + b)
            for key in keys:
                if key in watch:
                    self._fact(seat, key)
            # another pawn on the landing space (the mover's own still stands on start)
            if _SHARE in watch and pos.count(to) > (start == to):
                self._fact(seat, _SHARE)
            key = ("long_turn", rolls)
            if key in watch:
                self._fact(seat, key)
        pos[seat] = to
        kind = self.kinds[to]
        if kind == "confrontation":
            self.purpose = "confrontation"
            self._ask("vote", "+", self._house_targets())
        elif kind == "gossip":
            self.phase = "gossip_pick"
        elif kind == "camera":
            self._draw_camera(seat)
        else:
            self._room(seat, self.rooms[to])

    def _move_facts(self, start: int, steps: int) -> tuple:
        """The facts of a move of ``steps`` from ``start``: the rooms passed (strictly
        between), then the landing (a room, or the kind of space)."""
        cache = self._moves
        got = cache.get((start, steps))
        if got is None:
            rooms, length = self.rooms, self.length
            keys = []
            for k in range(1, steps):
                room = rooms[(start + k) % length]
                if room is not None:
                    keys.append(("pass_room", room))
            to = (start + steps) % length
            keys.append(("land_room", rooms[to]) if rooms[to] is not None else ("land_kind", self.kinds[to]))
            got = cache[start, steps] = tuple(keys)
        return got

    def _draw_camera(self, seat: int) -> None:
        if self.cam_drawn >= len(self.cam_deck):
            self.events.append({"type": "camera_empty", "step": len(self.history), "seat": seat})  # (_emit's)
            return
        card = self.cam_deck[self.cam_drawn]
        self.cam_drawn += 1
        self.seq += 1
        self.cam_seq[card] = self.seq
        self.cam_held[seat].append(card)
        self._stale.add(seat)
        self._rewatch()
        line = CAMERA_CARDS[card][seat]
        # what _emit("camera_drawn", seat=seat, left=...) and _emit("camera_card", audience=[seat], seat=seat,
        # card=card, text=..., code=...) give
        step = len(self.history)
        events = self.events
        events.append({"type": "camera_drawn", "step": step, "seat": seat, "left": len(self.cam_deck) - self.cam_drawn})
        events.append({"type": "camera_card", "step": step, "seat": seat, "card": card, "text": line["text"],
                       "code": line["code"], "audience": [seat]})  # fmt: skip

    def _give(self, giver: int, target: int, why: str) -> bool:
        """An open vote card from ``giver`` with ``target``'s number, if ``giver`` holds
        one and ``target`` may receive votes now; True if it went in. A reward
        (``why`` in :data:`REWARDS`) the giver holds no card for is owed instead: the
        giver pays it with another card in the ``pay`` phase (nothing goes in if the giver
        has no eligible card at all)."""
        if target == giver or target in self.out or target == self.shield:
            self._emit("no_card", seat=giver, target=target, why=why)
            return False
        if not self.hand[giver][target]:
            owed = {"giver": giver, "target": target, "why": why}
            if why in REWARDS and self._pay_choices(owed):
                self.owed.append(owed)
                self._emit("owes", seat=giver, target=target, why=why)
            else:
                self._emit("no_card", seat=giver, target=target, why=why)
            return False
        self._put(giver, target, why)
        return True

    def _pay_choices(self, owed: dict) -> list[int]:
        """The cards ``owed["giver"]`` may pay a reward with instead: a number they hold of
        a housemate in the house, not shielded, never their own."""
        giver, h, shield = owed["giver"], self.hand[owed["giver"]], self.shield
        return [t for t in self.in_house if t != giver and t != shield and h[t]]

    def _do_pay(self, seat: int, action: dict) -> None:
        owed = self.owed.pop(0)
        self._put(seat, action["target"], owed["why"], instead=owed["target"])
        if not self.owed:
            self.phase, self.resume = self.resume, None
            if self.phase in VOTE_PHASES:  # the payer may have given their last card
                self.waiting = _able_voters(self, self.waiting)

    def _put(self, giver: int, target: int, why: str, instead: int | None = None) -> None:
        """The open vote itself: a card of ``giver``'s with ``target``'s number into the box
        (``instead``: the number the reward was owed to, when paid with another card)."""
        self.hand[giver][target] -= 1
        self.box[giver][target] += 1
        self.box_total += 1
        vote = {"owner": giver, "target": target, "why": why}
        if instead is not None:
            vote["instead"] = instead
        self.open_votes.append(vote)
        # what _emit("open_vote", seat=giver, **{k: v for k, v in vote.items() if k != "owner"}) gives
        ev = {"type": "open_vote", "step": len(self.history), "seat": giver, "target": target, "why": why}
        if instead is not None:
            ev["instead"] = instead
        self.events.append(FrozenEvent(ev) if self._logs_read else ev)  # (see _logs_read)
        if self.watch:
            self._fact(giver, ("open_vote", None))
            self._fact(giver, ("open_vote", target))

    def _room(self, seat: int, room: str) -> None:
        self.events.append({"type": "room", "step": len(self.history), "seat": seat, "room": room})  # (_emit's)
        if room == "Toilet/Shower":
            self.shield = seat
            self._emit("shielded", seat=seat)
        elif room == "Garden":
            others = _all_but(self.in_house, seat)
            loser = self._roll_off(others, "garden", low=True)
            self._give(loser, seat, "garden")
        elif room == LIVING_ROOM:
            others = _all_but(self.in_house, seat)
            top = self._roll_off(others, "living_room", low=False)
            self._emit("highest", seat=top)
            if self.hand[seat][top]:
                self._give(seat, top, "living_room")
            else:
                self._open_choice(seat, room, "vote")
        elif room in BEDROOM_TAG or room == "Storeroom":
            self._open_choice(seat, room, "vote")
        elif room == "Diary Room":
            self._open_choice(seat, room, "diary")
        # the Kitchen: a drink or a snack, nothing else

    def _open_choice(self, seat: int, room: str, mode: str) -> None:
        self.choosing = {"room": room, "mode": mode}
        self.phase = "choose"

    def _choices(self) -> list[int]:
        """The seats the mover may name in the ``choose`` phase now."""
        c, seat, house = self.choosing, self.mover, self.in_house
        if c["mode"] == "diary":
            return _all_but(house, seat)
        h = self.hand[seat]
        held = []  # (loops: see _NO_CELLS)
        for s in house:
            if h[s]:  # never the mover: nobody holds a card of their own number
                held.append(s)
        tag = BEDROOM_TAG.get(c["room"])
        tags = self.options["tags"]
        if tag and tags:
            tagged = []
            for s in held:
                if tags[s] == tag:
                    tagged.append(s)
            if tagged:
                return tagged
        return held

    def _do_choose(self, seat: int, action: dict) -> None:
        t = action["target"]
        room = self.choosing["room"]
        self.choosing = None
        self.phase = "roll"
        if room == "Diary Room":
            self._emit("diary", seat=seat, named=t)
            self._give(t, seat, "diary_room")
        else:
            self._give(seat, t, {"Storeroom": "storeroom", LIVING_ROOM: "living_room"}.get(room, "bedroom"))

    # ------------------------------------------------------------- gossip
    def _do_gossip(self, seat: int, action: dict, at) -> None:
        partner, side = action["partner"], action["side"]
        a, b = self._draw("gossip_dice", _PAIR_DRAW, _PAIR_TABLE)
        word = GOSSIP_WORDS[side][a - 1][b - 1]
        self.deadline = at + self.options["gossip_ms"]
        self.gossip = {"lander": seat, "partner": partner, "side": side, "dice": [a, b], "word": word,
                       "deadline": self.deadline, "chosen": {}, "step": len(self.history)}  # fmt: skip
        self.phase = "gossip"
        # what _emit("gossip", seat=seat, partner=partner, side=side, dice=[a, b], word=word, deadline=...) gives
        self.events.append({"type": "gossip", "step": len(self.history), "seat": seat, "partner": partner,
                            "side": side, "dice": [a, b], "word": word, "deadline": self.deadline})  # fmt: skip
        if self.watch:
            self._fact(seat, ("gossips", None))
            self._fact(partner, ("gossips", None))

    def _do_gossip_card(self, seat: int, action: dict) -> None:
        t = action["target"]
        self.hand[seat][t] -= 1  # held out of the hand until the reveal
        self.gossip["chosen"][seat] = t
        # what _emit("gossip_picked", seat=seat) and _emit("my_gossip_card", audience=[seat], seat=seat,
        # target=t) give
        step = len(self.history)
        events = self.events
        ev = {"type": "gossip_picked", "step": step, "seat": seat}
        events.append(FrozenEvent(ev) if self._logs_read else ev)  # (see _logs_read)
        events.append({"type": "my_gossip_card", "step": step, "seat": seat, "target": t, "audience": [seat]})

    def _gossip_reveal(self, why: str) -> None:
        gos = self.gossip
        lander, partner, chosen = gos["lander"], gos["partner"], gos["chosen"]
        for s, t in chosen.items():
            self.hand[s][t] += 1  # back to the hand
        match = len(chosen) == 2 and chosen[lander] == chosen[partner]
        # what _emit("gossip_reveal", lander=..., partner=..., shown=..., match=..., why=...) gives
        self.events.append({"type": "gossip_reveal", "step": len(self.history), "lander": lander, "partner": partner,
                            "shown": {str(s): t for s, t in chosen.items()}, "match": match, "why": why})  # fmt: skip
        self.gossip = None
        self.deadline = None
        if self.phase == "pay":  # the countdown ran out while a reward was being paid
            self.resume = "roll"
        else:
            self.phase = "roll"
        if match:
            if self.watch:
                self._fact(lander, ("gossip_match", None))
                self._fact(partner, ("gossip_match", None))
            self._give(lander, partner, "gossip")
            self._give(partner, lander, "gossip")

    def _on_deadline(self, at) -> None:
        self._cache_reset()
        self._gossip_reveal("time")
        self._settle()
        self._cache_reset()
        self._refill()

    # ------------------------------------------------------------- camera
    def _claims(self, seat: int) -> list:
        """The claims ``seat`` may make now (never changed in place by a caller: kept).

        They change only with a new fact (``seq`` counts facts and camera draws), a claim
        made (``cam_shown`` grows: ``cam_used``) or fresh facts (a new ``facts`` dict each
        round and at the nominations), so the last list per seat is kept on those keys:
        a camera holder's legal list is made again after every step of the game."""
        if seat in self.out or seat == self.shield:
            return _NOTHING
        facts = self.facts
        if not facts:
            return _NOTHING
        memo = self._claim_memo
        if memo is None:
            memo = self._claim_memo = {}
        seq, shown = self.seq, len(self.cam_shown)
        got = memo.get(seat)
        if got is not None and got[0] is facts and got[1] == seq and got[2] == shown:
            return got[3]
        out = self._claims_now(seat, facts)
        memo[seat] = (facts, seq, shown, out)
        return out

    def _claims_by_seat(self) -> dict[int, list]:
        """seat -> the claims it may make now, for every seat with one (kept lists: what
        :meth:`_claims` gives).

        Kept between steps: a new round or the nominations (a new ``facts`` dict) or who is
        in the house (a new ``in_house`` list) make them all again; a fact filed changes
        only the claims of the other holders whose cards look for it, a camera card drawn only
        the drawer's (``_stale``: :meth:`_fact` and :meth:`_draw_camera`), a claim made
        only the claimer's (its card is used up for the round) and the shield only the
        claims of the seats it leaves and reaches, so only those seats are made again."""
        # (two names a line: CPython packs four or more into a tuple first)
        facts, shown = self.facts, len(self.cam_shown)
        shield, house = self.shield, self.in_house
        got = self._claims_all
        stale = self._stale
        if got is not None and got[0] is facts and got[3] is house:
            out = got[4]
            if got[1] != shown or got[2] != shield:
                for c in self.cam_shown[got[1] :]:
                    stale.add(c["holder"])
                if got[2] != shield:
                    stale.update(s for s in (got[2], shield) if s is not None)
                self._claims_all = (facts, shown, shield, house, out)
            elif not stale:
                return out
            seats = sorted(stale)
        else:
            out = {}
            seats = [s for s, held in enumerate(self.cam_held) if held]
            self._claims_all = (facts, shown, shield, house, out)
        stale.clear()
        for s in seats:
            mine = self._claims(s)
            if mine:
                out[s] = mine
            else:
                out.pop(s, None)
        return out

    def _claims_now(self, seat: int, facts: dict) -> list:
        out: list = []
        claim = self._acts.claim
        used, r = self.cam_used, self.round
        for card in self.cam_held[seat]:
            if used.get(card) == r:
                continue  # one catch per card and round
            got = facts.get(_LINE_KEYS[card][seat])
            if got:
                since = self.cam_seq[card]
                seen = set()  # (loops: see _NO_CELLS)
                for q, s in got:
                    if q > since and s != seat:
                        seen.add(s)
                for s in sorted(seen):
                    out.append(claim[card, s])
        return LegalList(out) if out else _NOTHING

    def _do_claim(self, seat: int, action: dict) -> None:
        card, culprit = action["card"], action["culprit"]
        self.cam_used[card] = self.round  # the card stays: it catches again from the next round
        line = CAMERA_CARDS[card][seat]
        shown = {"card": card, "holder": seat, "culprit": culprit, "text": line["text"], "round": self.round}
        self.cam_shown.append(shown)
        self.events.append(
            {"type": "claim", "step": len(self.history), **shown}
        )  # (what _emit("claim", **shown) gives)
        if self._give(culprit, seat, "camera") and self.phase in VOTE_PHASES:
            self.waiting = _able_voters(self, self.waiting)  # the culprit may have given their last card

    # -------------------------------------------------------------- apply
    def _apply(self, seat: int, action: dict, at) -> None:
        # who acts is worked out again at the next read of _to_act: nothing inside a step
        # reads it (so neither _settle nor the end of this step resets it again)
        self._seats = None
        kind = action["type"]
        if kind == "vote":  # most of a game's actions: the vote written out here
            t = action["target"]
            self.hand[seat][t] -= 1
            self.box[seat][t] += 1
            self.box_total += 1
            self.voted.append(seat)
            self.waiting.remove(seat)
            self.ballot[seat] = t
            # what _emit("my_vote", audience=[seat], ...) gives; who has voted is public in
            # the view ("card"/"voted") and in the "votes_in" event that closes the question.
            # The game's busiest event (~220 a 6-player game): read-only once a view was asked
            # (see _logs_read), so the kernel's log makes its entry with one copy instead of
            # checking and copying each value; its audience is the voter's shared read-only
            # list either way (no new list for each vote, which a random playout pays too)
            step = len(self.history)
            ev = {"type": "my_vote", "step": step, "seat": seat, "target": t, "audience": _ONLY_SEAT[seat]}
            self.events.append(FrozenEvent(ev) if self._logs_read else ev)
            # a secret vote changes only the voter's own lists (the others' do not depend on it)
            if self.waiting:  # the question goes on: nothing to settle
                self._secret_vote_at = step  # (_view: what this step changed)
                if not self.cam_held[seat] or self.phase not in CLAIM_PHASES:
                    self._kept[seat] = _NOTHING  # what _legal gives: voted, and no claim to add
                else:  # what _legal gives: voted, so the claims alone (a kept list)
                    self._kept[seat] = self._claims_by_seat().get(seat, _NOTHING) if self.facts else _NOTHING
                return
            self._kept = {}
        elif kind == "roll":
            self._kept = {}
            self._do_roll(seat, action)
        else:
            self._kept = {}
            self._do_other(seat, action, at)
        self._settle()
        self._refill()

    def _refill(self) -> None:
        """A fresh cache of legal lists, filled in at once (what ``_legal`` gives): in
        the ``roll`` phase a roll for the mover, nothing for the others; in a secret vote
        a card for each target the voter still holds, nothing once voted; in any other
        phase what the phase's builder gives its actors, nothing for the others (every
        seat is filled in: a playout asks every seat at every step); a camera holder's
        list adds its claims (kept by ``_claims_by_seat``: made again only for the
        holders a new fact or card concerns)."""
        # (the cached lists are never changed in place: seats and games may share them)
        asked, self._asked = self._asked, None  # _ask's vote lists, if it asked in this step
        if self.over:
            self._kept = {}
            return
        phase = self.phase
        # no facts filed (most steps of a round's start): nobody has a claim to add;
        # otherwise the seats with claims to make now (kept between steps)
        claims = self._claims_by_seat() if self.facts and phase in CLAIM_PHASES else None
        if phase == "roll":
            lo = self._kept = _ROLL_LISTS[self.players][self.mover].copy()
            if claims:
                for s, got in claims.items():  # a camera holder's list adds its claims
                    mine = lo[s]
                    lo[s] = got if mine is _NOTHING else LegalList(mine + got)  # (got: read-only, kept)
            return
        # every seat empty first (seat order), then the actors' lists, then the claims
        # added: the same lists as asking _legal seat by seat
        lo = self._kept = _EMPTY_LISTS[self.players].copy()
        if phase in VOTE_PHASES:
            if asked is None:
                asked = _vote_lists(self)
            for s in self.waiting:
                lo[s] = asked[s]
        else:  # a bystander's list is empty, an actor's is what the phase's builder gives
            actors: Sequence[int]
            if phase == "gossip":
                gos = self.gossip
                actors = (gos["lander"], gos["partner"])
            elif phase == "return":
                actors = self.finalists
            elif phase == "gossip_pick" or phase == "choose":
                actors = (self.mover,)
            elif phase == "pay":
                actors = (self.owed[0]["giver"],)
            else:  # nominate, over: nobody acts
                actors = ()
            legal = _LEGAL[phase]
            for s in actors:
                lo[s] = legal(self, s)
        if claims:  # a camera holder's list adds its claims (what _legal gives)
            for s, more in claims.items():
                mine = lo[s]
                lo[s] = more if mine is _NOTHING else LegalList(mine + more)  # (more: read-only, kept)

    def _do_other(self, seat: int, action: dict, at) -> None:
        kind = action["type"]
        if kind == "gossip":
            self._do_gossip(seat, action, at)
        elif kind == "gossip_card":
            self._do_gossip_card(seat, action)
        elif kind == "choose":
            self._do_choose(seat, action)
        elif kind == "claim":
            self._do_claim(seat, action)
        elif kind == "pay":
            self._do_pay(seat, action)
        else:
            self._do_rank(seat, action)

    def _settle(self) -> None:
        """Move on from every phase that waits on nobody any more (a question everyone
        has answered or cannot answer, a gossip with both cards in or a gossiper without
        cards, a choice with nothing to choose)."""
        # (its callers, _apply and _on_deadline, reset _seats at the step's start)
        if not self.owed:  # (most steps that get here: nothing waits)
            p = self.phase
            if p == "roll" or (self.waiting and p in VOTE_PHASES):
                return
        for _ in range(10_000):
            p = self.phase
            self._seats = None
            if self.owed and p != "pay":  # a reward to pay with another card comes first
                self.resume, self.phase = p, "pay"
                continue
            if p in VOTE_PHASES:
                if self.waiting:
                    return
                self._question_done()
            elif p == "gossip":
                gos = self.gossip
                chosen = gos["chosen"]
                if len(chosen) == 2:
                    self._gossip_reveal("shown")
                elif len(_who_gossipers(self)) < 2 - len(chosen):
                    # a gossiper still to pick holds no card (whom _who_gossipers leaves out;
                    # a length, not a comprehension here: see _NO_CELLS)
                    self._gossip_reveal("no_card")
                else:
                    return
            elif p == "pay":
                if self._pay_choices(self.owed[0]):
                    return
                o = self.owed.pop(0)  # (the giver's cards changed meanwhile: nothing to pay with)
                self._emit("no_card", seat=o["giver"], target=o["target"], why=o["why"])
                if not self.owed:
                    self.phase, self.resume = self.resume, None
                    if self.phase in VOTE_PHASES:
                        self.waiting = _able_voters(self, self.waiting)
            elif p == "choose":
                if self._choices():
                    return
                self._emit("no_card", seat=self.mover, target=None, why=self.choosing["room"])
                self.choosing = None
                self.phase = "roll"
            else:
                return
        raise RuntimeError("Big Brother: the game does not settle")

    # --------------------------------------------------------------- view
    def _question_view(self, flat: Callable = list) -> dict | None:
        if self.card is None or self.phase not in VOTE_PHASES:
            return None
        c = CONFRONTATION_CARDS[self.card]
        out = {
            "id": self.card,
            "situation": c["situation"],
            "sign": self.sign,
            "question": c["plus"] if self.sign == "+" else c["minus"],
            "purpose": self.purpose,
            "number": self.questions + 1 if self.purpose in ("eviction", "final") else 1,
            "extra": self.extra,
            "targets": flat(self.targets),
            "voted": flat(self.voted),
        }
        return out if flat is list else FrozenEvent(out)

    def _gossip_view(self, seat: int | None, reveal: bool, ro: Callable | None = None) -> dict | None:
        gos = self.gossip
        if gos is None:
            return None
        out = {k: gos[k] for k in ("lander", "partner", "side", "word", "deadline")}
        out["dice"] = list(gos["dice"])
        out["picked"] = sorted(gos["chosen"])
        if reveal:
            out["chosen"] = {str(s): t for s, t in gos["chosen"].items()}
        return out if ro is None else ro(out)

    def _view(self, seat: int | None, reveal: bool = False) -> dict:
        self._logs_read = True  # (see _setup)
        if reveal:
            view = self._public(True)
        else:
            # the part no seat changes, made once per state of the game (read-only, shared
            # by every view of that state): the Scheduler asks every bot with a legal
            # action after every step, so a state is viewed by two or three seats
            key = (len(self.history), len(self.events))
            cache = self._view_cache
            if cache is None or cache[0] != key or cache[1] is not self.history:
                if (
                    cache is not None
                    and cache[1] is self.history
                    and self._secret_vote_at == key[0]
                    and _secret_votes_since(self.history, cache[0], key)
                ):
                    # every step since the last state viewed is a secret vote on a question
                    # that goes on (most steps; often several, as the Scheduler asks a
                    # housemate only on news): only these public fields change (the prompt
                    # and the question's other fields stay)
                    public = cache[2].copy()
                    public["to_act"] = FrozenList(self._to_act())
                    public["card"] = FrozenEvent(public["card"], voted=FrozenList(self.voted))  # (same key order)
                    public["box_count"] = self.box_total
                else:
                    public = self._public(False)
                cache = self._view_cache = (key, self.history, public)
            view = cache[2].copy()
        if seat is not None:
            view["viewer"] = seat
            view["me"] = _LABELS[seat] if seat < len(_LABELS) else label(seat)
            view["my_cards"] = list(self.hand[seat])
            view["my_camera"] = self._camera_view(seat) if self.cam_held[seat] else []  # (most seats: no call)
            view["my_choice"] = self._choice_view(seat)
        view["log"] = self.log_for(seat, reveal=reveal)
        if reveal:
            view["hands"] = [list(h) for h in self.hand]
            view["box"] = [list(b) for b in self.box]
            view["ballot"] = {str(k): v for k, v in self.ballot.items()} if self.phase in VOTE_PHASES else {}
            # the deck from the next card on (a slice, not a comprehension: one reading self would
            # make self a closure cell in every call of _view, see _NO_CELLS)
            deck = self.deck
            cut = self.drawn % len(deck) if deck else 0
            view["deck"] = deck[cut:] + deck[:cut]
            view["camera_deck"] = self.cam_deck[self.cam_drawn :]
            view["camera_held"] = [list(h) for h in self.cam_held]
            view["pending_ranks"] = {str(k): list(v) for k, v in self.ranks.items()}
        return view

    def _public(self, fresh: bool) -> dict:
        """Every view's fields as the public view (``viewer`` None) has them, in the view's
        order. ``fresh``: plain new lists and dicts (the full view); otherwise read-only
        ones (:class:`FrozenList`, :class:`FrozenEvent`) that every view of this state
        shares, so a view still shares nothing that changes with the engine or another
        view; the parts that seldom change (the board, the last count, the open votes, the
        claims shown, the last roll) are made read-only once and kept while they last."""
        n = self.players
        phase = self.phase
        if fresh:
            flat, ro, parts = list, _fresh, None
            track, tags = list(self._track_names), (list(self.options["tags"]) if self.options["tags"] else None)
            last_roll = self.last_roll
            open_votes, shown, count = _fresh(self.open_votes), _fresh(self.cam_shown), self._count_view()
        else:
            flat, ro = FrozenList, _ro
            parts = self._view_parts
            if parts is None:
                tags = self.options["tags"]
                parts = self._view_parts = {
                    "track": FrozenList(self._track_names),
                    "tags": FrozenList(tags) if tags else None,
                    "land_odds": {},  # space -> its landing odds (_odds_view)
                }
            track, tags = parts["track"], parts["tags"]
            kept = parts.get("last_roll")  # (the read-only one of the last roll event seen)
            if kept is None or kept[0] is not self._roll_event:
                kept = parts["last_roll"] = (self._roll_event, _roll_view(self._roll_event, FrozenList))
            last_roll = kept[1]
            count = self._kept_part(parts, "count", self.count)
            open_votes = self._kept_part(parts, "open_votes", self.open_votes)
            shown = self._kept_part(parts, "shown", self.cam_shown)
        choosing = self.choosing
        return {
            "game": self.name,
            "players": n,
            "viewer": None,
            "me": None,
            "round": self.round,
            "rounds": self.rounds,
            "turn": self.turn + 1 if phase in ROUND_PHASES else None,
            "turns": len(self.order),
            "order": flat(self.order),
            "mover": self.mover if phase in ROUND_PHASES else None,
            "phase": phase,
            "prompt": PHASES[phase].prompt(self),
            "to_act": flat(self._to_act()) if not self.over else flat(),
            "track": track,
            "positions": flat(self.pos),
            "evicted": flat(self.evicted),
            "returned": self.returned,
            "tags": tags,
            "shielded": self.shield,
            "last_roll": last_roll,
            "card": self._question_view(flat),
            "cards_read": self.drawn,
            "cards_left": max(len(self.deck) - self.drawn, 0),
            "box_count": self.box_total,
            "open_votes": open_votes,
            "gossip": self._gossip_view(None, fresh, ro),
            "choosing": ro(choosing) if choosing else None,
            "paying": ro(self.owed[0]) if phase == "pay" else None,
            "camera": (dict if fresh else FrozenEvent)(
                left=len(self.cam_deck) - self.cam_drawn, held=flat(map(len, self.cam_held)), shown=shown
            ),
            # (empty most of a game: one shared read-only empty list then, see _NO_SEATS)
            "nominees": flat(self.nominees) if fresh or self.nominees else _NO_SEATS,
            "finalists": flat(self.finalists) if fresh or self.finalists else _NO_SEATS,
            "candidates": flat(self.candidates) if fresh or self.candidates else _NO_SEATS,
            "count": count,
            "ranks": ro({str(k): v for k, v in self.ranks.items()}) if self.ranks_shown else None,
            "land_odds": self._odds_view(parts),
            "my_cards": None,
            "my_camera": None,
            "my_choice": None,
            "over": self.over,
            "winners": flat(self.winners) if fresh or self.winners else _NO_SEATS,
            "log": None,
        }

    @staticmethod
    def _kept_part(parts: dict, name: str, source: Any) -> Any:
        """The read-only copy of ``source`` (``None`` stays ``None``) kept in ``parts``,
        made again when ``source`` is another object or has grown (the last count is
        replaced, never changed; the open votes and the claims shown only grow, or are
        replaced; the last roll is kept by its event in _public)."""
        if source is None:
            return None
        got = parts.get(name)
        if got is None or got[0] is not source or got[1] != len(source):
            if got is not None and got[0] is source and type(source) is list and got[1] < len(source):
                # a list that grew (its entries are never changed): only the new ones copied
                got = parts[name] = (source, len(source), FrozenList(got[2] + _ro(source[got[1] :])))
            else:
                got = parts[name] = (source, len(source), _ro(source))
        return got[2]

    def _count_view(self) -> dict | None:
        c = self.count
        if c is None:
            return None
        return {k: ([list(r) for r in v] if k == "box" else list(v) if type(v) is list else v) for k, v in c.items()}

    def _odds_view(self, parts: dict | None = None) -> list[float] | None:
        """The mover's chances of landing on each space during the rest of the turn (from a
        room, gossip or camera space the mover rolls again from where the pawn stands): a new
        list, or with ``parts`` (:meth:`_public`'s shared parts) the read-only one kept there
        for the space (a function of the board and the space alone)."""
        if self.phase not in _ODDS_PHASES:
            return None
        position = self.pos[self.mover]
        if parts is None:
            return _odds.landing_shown(self._absorbing, position)
        kept = parts["land_odds"]
        got = kept.get(position)
        if got is None:
            got = kept[position] = FrozenList(_odds.landing_shown(self._absorbing, position))
        return got

    def _camera_view(self, seat: int) -> list[dict]:
        if not self.cam_held[seat]:
            return []  # (most seats, most of the time)
        claims: dict[int, list] = {}
        if self.phase in CLAIM_PHASES:
            for a in self._claims(seat):
                claims.setdefault(a["card"], []).append(a["culprit"])
        out = []
        for card in self.cam_held[seat]:
            line = CAMERA_CARDS[card][seat]
            out.append({"card": card, "code": line["code"], "text": line["text"], "claimable": claims.get(card, []),
                        "caught_this_round": self.cam_used.get(card) == self.round})  # fmt: skip
        return out

    def _choice_view(self, seat: int) -> dict | None:
        if self.phase in VOTE_PHASES and seat in self.ballot:
            return {"vote": self.ballot[seat]}
        if self.phase == "gossip" and seat in self.gossip["chosen"]:
            return {"gossip_card": self.gossip["chosen"][seat]}
        if self.phase == "return" and self.ranks.get(seat):
            return {"rank": list(self.ranks[seat])}
        return None

    # ------------------------------------------------------- hidden information
    def _secret_steps(self, seat: int | None) -> set[int]:
        """History indices of the other seats' choices ``seat`` has not seen yet: secret
        votes since the last count, the cards picked in the gossip not yet shown, the
        ranks not yet shown."""
        out = set()
        gossip_from = self.gossip["step"] if self.gossip is not None else None
        for i, h in enumerate(self.history):
            s = h.get("seat")
            if type(s) is not int or s == seat:
                continue
            kind = h["action"]["type"]
            if kind == "vote" and i >= self.last_count_step:
                out.add(i)
            elif kind == "gossip_card" and gossip_from is not None and i >= gossip_from:
                out.add(i)
            elif kind == "rank" and not self.ranks_shown:
                out.add(i)
        return out

    def _fingerprint(self) -> tuple:
        """What the rules make public after a step, hidden votes aside: who the game waits
        on, how many cards are in the box, the phase."""
        return (tuple(self._to_act()), self.box_total, self.phase, self.over)

    def _trace(self) -> list[tuple]:
        """:meth:`_fingerprint` after each step of this game's history (cached)."""
        cached = getattr(self, "_trace_cache", None)
        if cached is not None and cached[0] == len(self.history):
            return cached[1]
        trace = self._replay_trace(self.deal, set(), None)[1]
        self._trace_cache = (len(self.history), trace)
        return trace

    def _replay_trace(self, deal: dict, secret: set[int], rng, expect: list | None = None):
        """Replay the history on ``deal``, each step of ``secret`` replaced by a random
        legal choice of the same type; ``(game, fingerprints)``, or ``(None, None)`` as
        soon as a fingerprint differs from ``expect`` or a step is refused."""
        twin = type(self)(self.players, self.seed, deal=deal, **self.options)
        twin._forced = [h["outcome"] for h in self.history if h.get("seat") == CHANCE]
        trace = []
        k = 0
        try:
            for i, h in enumerate(self.history):
                s: Any = h.get("seat")
                if s == CHANCE:
                    continue
                if s == CLOCK:
                    twin.advance(h["at"])
                else:
                    action = h["action"]
                    if i in secret:
                        kind = action["type"]
                        options = [a for a in twin.legal_actions(s) if a["type"] == kind]
                        if not options:
                            return None, None
                        action = dict(rng.choice(options))
                    twin.act(s, action, h.get("at"))
                fp = twin._fingerprint()
                if expect is not None and fp != expect[k]:
                    return None, None
                trace.append(fp)
                k += 1
        except (IllegalAction, ValueError):
            return None, None
        twin._forced = None
        return twin, trace

    def resample(self, seat: int | None, rng: _random.Random) -> BigBrother:
        """A game with the same public history whose hidden information is redrawn
        consistently with everything ``seat`` knows: the order of the unread
        confrontation cards, the camera cards ``seat`` has not seen (other holders'
        unshown cards and the pile), the other seats' secret votes since the last count,
        the cards picked in a gossip not yet shown and the finalists' ranks not yet shown.
        A redrawn world must give the same public facts (who the game waits on, the
        number of cards in the box, after every step); if random votes do not, a few
        more are tried, then the real votes are kept (the card orders are still redrawn).
        Used by the leak test."""
        deck = list(self.deck)
        read = min(self.drawn, len(deck))
        rest = deck[read:]
        rng.shuffle(rest)
        deck = deck[:read] + rest
        known: set[int] = set()
        for c in self.cam_shown:
            known.add(c["card"])
        if seat is not None:
            known.update(c for c, s in self._camera_owner().items() if s == seat)
        cam = list(self.cam_deck)
        free = [i for i, c in enumerate(cam) if c not in known]
        cards = [cam[i] for i in free]
        rng.shuffle(cards)
        for i, card in zip(free, cards):
            cam[i] = card
        deal = {"deck": deck, "camera": cam}
        secret = self._secret_steps(seat)
        expect = self._trace()
        for attempt in range(6):
            twin, _ = self._replay_trace(deal, secret if attempt < 5 else set(), rng, expect)
            if twin is not None:
                twin.rng.setstate(self.rng.getstate())
                return twin
        raise RuntimeError("resample: the real history does not replay")

    def _camera_owner(self) -> dict[int, int]:
        """camera card -> the seat that drew it (every drawn card)."""
        out = {}
        drawers = [e["seat"] for e in self.events if e["type"] == "camera_drawn"]
        for card, s in zip(self.cam_deck, drawers):
            out[card] = s
        return out
