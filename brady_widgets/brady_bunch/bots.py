"""Bots for The Brady Bunch Party Game.

A bot is given only its seat's ``view`` and the list of ``legal`` actions, never
the engine, and returns one of the legal actions. Its choices depend only on
those and on its own seeded random generator. Everything else a bot "remembers"
(what it has claimed, what Alice has checked) it reads from its views, only what is
new at each call (a view that does not go on from the last one is read afresh):
``view["talk"]`` holds every public statement, ``view["log"]`` the
public events (who peeked and how, which Help Token Alice spent, Alice's
requests to the Snoops), ``view["peeks"]`` the seat's own peeks. So a bot can be
handed any view (after a replay, in a fresh widget) and its story still holds.

``RandomBot`` picks a uniformly random action *type* among the legal ones, then
a uniformly random action of that type. (Uniform over the raw list would have
Alice ask hundreds of questions a round when ``max_questions`` is ``None``: there
are up to 260 questions against one ``end_round``.)

``BradyBot`` ("smart") plays whichever role ``view["role"]`` says.

As a kid it picks a goal from its cards (:func:`kid_goal`): the projected total
if it plays its highest, lowest or middle cards (the cards still to come count
3.5), against the totals of the other kids, modelled as independent normals of
mean 14 and variance 4 * 35/12. The goal with the best chance of coming true
wins, and it is recomputed every call, so a kid switches goals as its cards
change. Then:

* play: Troublemaker its highest card, Tattletale its lowest, Sidekick the card
  closest to 4 (4.5 with 6+ players, where "3 to 6" is the rulebook's tip);
* talk: a Tattletale always tells the truth (about its own card, about what it
  saw, whom it looked at, whether another kid told the truth about its card).
  Asked "Is X telling the truth about the Mischief card you played?", a
  Troublemaker or a Sidekick backs X's claim when it makes its card a 1 or a 2
  and denies it otherwise (the truth where Alice may have checked). Troublemaker and
  Sidekick bluff, but consistently: before saying anything they look up what
  they already said about the same card (``view["talk"]``) and say it again. A
  Troublemaker makes its high cards sound low and the cards it saw sound high
  (deflecting suspicion); a Sidekick is a decoy (makes its own middle cards
  sound high) and hides high cards it saw. Bluffers never lie about a card that
  is face up, about their own card in a round in which Alice spent a Help Token
  or asked a Snoop to look at them, or about another kid's card in a round in
  which Alice spent a token (which card she looked at is secret, so they are
  cautious). Whom they looked at they always report truthfully (that someone
  peeked is public, so "nobody" would be a lie anyone can check);
* Snoop / Cookie peeks: a Tattletale honours Alice's request; otherwise the kid
  looks at the kid it thinks likeliest to be high;
* Cousin Oliver exposes the kid it thinks highest, spending his two cards over
  the game;
* cookie sign: toward its goal (Troublemaker +, Tattletale -, Sidekick whichever
  keeps it in the middle).

As Alice it keeps a *trust* in every kid from the statements she could check
herself (her Help Token peeks and Cousin Oliver's exposures against the
values claimed in ``view["talk"]``, a kid's "yes/no, X told the truth about the card
I played" against what X said about that kid's card, and "nobody" answers against the
public record of peeks):
``trust = 0.55 + 0.4 * (1 - 0.5**checked_true)`` with no lie found, and
``0.15 / lies`` once caught (``prior_trust``, ``caught_trust``; other values
tried, 0.2 to 0.4 and 0.05 to 0.1, gave the same win rates within noise). Each round she asks Snoops she trusts to look at
her top suspects, asks at most 3 questions (what a trusted Snoop saw, what the
top suspect played, what the Cookie kid saw), gives the Cookie to the kid she
trusts most (ties: the lowest estimated total, likeliest a Tattletale), spends a
Help Token on the card whose claims are least checked (keeping tokens that
would otherwise last to the end), and accuses the kid with the highest chance
of the top total under :func:`brady_widgets.brady_bunch.odds.independent_odds` (closed
form: every unseen card an independent draw from the unseen pool, tilted by the claims), given
her trust in each speaker.

Bot levels (``BOTS["easy"]``, ``["medium"]``, ``["hard"]``; ``LEVELS``): like the
smart bot, one class plays Alice or a kid; a level is how hard the kids make
Alice's job, and how well Alice plays. Seeded from ``(seat, seed)``, they see
only ``(view, legal)``; the smart bot's code does the work (:class:`LevelBot`):

* ``easy`` (:class:`EasyBot`). Kids lie clumsily: a Troublemaker or Sidekick
  bluffing about its own card forgets what it said before (a fresh lie, 1 to 3
  or 4 to 6, every time it speaks, so it contradicts itself) and lies even
  about a card Alice checked with a Help Token or asked a Snoop to see, where
  a Snoop's report or her own peek shows the lie. Alice trusts everyone: every
  claim counts as if from a kid she trusts at 0.9, even after she caught the
  speaker lying, and she asks one question a round.
* ``medium`` (:class:`MediumBot`). Kids bluff as the smart kids do
  (consistently, never where they could be checked), and a kid whose goal is
  Tattletale bluffs like a Sidekick at 6 statements in 10, so Alice cannot
  lean on one honest kid. Alice checks claims as the smart Alice does, but
  believes a kid she has not checked more readily (trust 0.8, not 0.55) and
  asks one question a round. The smart Alice wins about half her games against
  medium kids at 5 players.
* ``hard`` (:class:`HardBot`). Every kid bluffs consistently, the Tattletale
  included; Alice is the smart Alice (the same rules; her random stream, used
  only for phases she has no rule for, is seeded ``"hard"``).

``"smart"`` stays as it was. Its kids tell the truth as Tattletales, which the
smart Alice exploits: at 5 players she wins 0.75 of her games against them,
more than against easy kids (0.68: their clumsy lies are easy to spot but are
also noise), 0.54 against medium kids and 0.41 against hard kids.
Measured win rates: ``benchmarks/bot_levels.py`` and ``benchmarks/README.md``
("Results: bot levels").
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from operator import itemgetter

from ..engine.bots import Bot as _Bot
from .content import ROUNDS
from .knowledge import known_cards

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "RandomBot",
    "BradyBot",
    "LevelBot",
    "EasyBot",
    "MediumBot",
    "HardBot",
    "kid_goal",
    "alice_trust",
]

MEAN_CARD = 3.5
CARD_VAR = 35 / 12
TATTLETALE, SIDEKICK, TROUBLEMAKER = "Tattletale", "Sidekick", "Troublemaker"
_ROUNDS = range(1, ROUNDS + 1)


class Bot(_Bot):
    """Base of the Brady Bunch bots (the kernel's ``Bot``, with its own seed strings).

    Its ``rng`` is seeded at its first use, not when the bot is built: most smart bots of
    a game never draw (Alice draws only in a phase she has no rule for), and seeding from
    the seed string (a SHA-512 of it) for every bot was 0.7% of a 5-player smart-bot
    game's instructions. The same seed string, so the same stream from the first draw on."""

    seed_prefix = "brady:"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(f"{self.seed_prefix}{self.name}:{self.seed}:{self.seat}")
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng


class RandomBot(Bot):
    """A uniformly random action type, then a uniformly random action of it."""

    name = "random"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        types = sorted({a["type"] for a in legal})
        kind = self.rng.choice(types)
        return self.rng.choice([a for a in legal if a["type"] == kind])


# ------------------------------------------------------------------ helpers
def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


# _p_top and _p_tattle: pure, and asked again and again for a few hundred argument tuples
# (a kid's goal at every new hand, the Sidekick's sign): kept
@lru_cache(maxsize=2048, typed=True)
def _p_top(total: float, others: int, var: float) -> float:
    """Chance ``total`` is at least every other kid's (ties make Troublemakers)."""
    sd = math.sqrt(ROUNDS * CARD_VAR + var)
    return _phi((total + 0.5 - ROUNDS * MEAN_CARD) / sd) ** others


@lru_cache(maxsize=2048, typed=True)
def _p_tattle(total: float, others: int, tattletales: int, var: float) -> float:
    """Chance fewer than ``tattletales`` other kids score strictly lower."""
    sd = math.sqrt(ROUNDS * CARD_VAR + var)
    p = _phi((total - 0.5 - ROUNDS * MEAN_CARD) / sd)  # one other kid is lower
    return sum(math.comb(others, j) * p**j * (1 - p) ** (others - j) for j in range(min(tattletales, others + 1)))


def _sidekick_target(players: int) -> float:
    return 4.0 if players <= 5 else 4.5


def kid_goal(view: dict) -> str:
    """The goal of the viewing kid: the one its cards give the best chance.

    Projected totals: the cards played so far plus, for the cards still to play,
    the best ``k`` of (hand + 3.5 for every card still to draw): highest for
    Troublemaker, lowest for Tattletale, closest to the Sidekick's target."""
    played = view["my_cards"] or ()
    return _kid_goal(
        len(played),
        sum(played),
        tuple(view["hand"] or ()),
        len(view["kids"]),
        view["tattletale_count"],
        view["players"],
    )


#: the Sidekick's order of the cards a kid may hold or expect (1 to 6, and 3.5 for a card still
#: to draw) by target: the closest to the target first, the higher of two as close first. A
#: look-up key for _kid_goal's sort, where a lambda building the pair for every card was a
#: fifth of a computed goal's cost (the same order: equal ranks are equal values)
_MID_RANK = {
    target: {v: i for i, v in enumerate(sorted((1, 2, 3, MEAN_CARD, 4, 5, 6), key=lambda v: (abs(v - target), -v)))}
    for target in (4.0, 4.5)
}


@lru_cache(maxsize=4096)
def _kid_goal(n_played: int, base, hand: tuple, kids: int, tt: int, players: int) -> str:
    """:func:`kid_goal` of what it reads from the view (a pure function of these: cached).
    The cards played count only by their number and their sum (``base``), so the key holds
    those, not the cards: the same few hundred keys come back from game to game (keyed by
    the cards, a sixth of the calls computed it afresh). A 60-game run still meets ~900 new
    keys, but only ~270 new hands (:func:`_hand_sums`, the sorts: two thirds of a new key's
    ~31,000 instructions); the rest is a few cached chances."""
    k, draws, top, bottom, middle = _hand_sums(n_played, hand, _sidekick_target(players))
    others = kids - 1
    var = draws * CARD_VAR
    high = base + top if k else base
    low = base + bottom
    mid = base + middle
    p_top = _p_top(high, others, var)
    p_tat = _p_tattle(low, others, tt, var)
    p_side = max(0.0, 1.0 - _p_top(mid, others, var) - _p_tattle(mid, others, tt, var))
    # each chance against the goal's share of the kids (a random kid's chance); the first
    # of the highest wins, as max() picks it
    n = others + 1
    top, side, tat = p_top * n, p_side * n / max(n - 1 - tt, 0.5), p_tat * n / tt
    if side > top:
        return TATTLETALE if tat > side else SIDEKICK
    return TATTLETALE if tat > top else TROUBLEMAKER


@lru_cache(maxsize=1024)
def _hand_sums(n_played: int, hand: tuple, target: float) -> tuple:
    """``(cards still to play k, cards still to draw, the sums of the highest, the lowest and
    the Sidekick's k: those closest to ``target``, :func:`_sidekick_target`)`` of the hand and
    the cards to draw (each 3.5): what :func:`_kid_goal` adds to the cards played. Exact sums (ints and halves), so adding them to the played
    cards' sum gives the very totals of summing all at once. Kept: the sorts here are most
    of a new goal's cost, and a hand comes back with other cards played; no lambda for the
    sort (see _MID_RANK)."""
    hand = list(hand)
    k = max(ROUNDS - n_played, 0)
    draws = max(k + 2 - len(hand), 0) if k else 0
    pool = sorted(hand + [MEAN_CARD] * draws)
    rank = _MID_RANK[target].__getitem__
    top = sum(pool[len(pool) - k :]) if k else 0
    return k, draws, top, sum(pool[:k]), sum(sorted(pool, key=rank)[:k])


#: _offers' lists: (len, id of the first and of the last action) -> [the list, its asks, its Cookie kids]
_OFFERS: dict[tuple, list] = {}
_OFFERS_MAX = 256


def _offers(legal: list[dict]) -> list:
    """``[legal, asks, cookie kids]`` kept for Alice's legal list (the last two None until
    asked for). A game hands out the same few lists (a round's questions, up to ~270) to
    every Alice of a cast, so what she reads off a list is kept for it: one look at the
    list (equal: the same objects, read by identity) instead of a pass over it by every
    Alice at every decision of the talk."""
    key = (len(legal), id(legal[0]), id(legal[-1])) if legal else (0,)
    kept = _OFFERS.get(key)
    if kept is None or kept[0] != legal:
        if len(_OFFERS) >= _OFFERS_MAX:
            _OFFERS.clear()
        kept = _OFFERS[key] = [list(legal), None, None]  # holds the actions: their ids are not reused while kept
    return kept


def _asks_of(legal: list[dict]) -> frozenset:
    """The questions in Alice's legal list, as ``(type, kid, round, about)`` (kept: :func:`_offers`)."""
    kept = _offers(legal)
    if kept[1] is None:
        kept[1] = frozenset(
            (a["type"], a["kid"], a.get("round"), a.get("about")) for a in legal if a["type"].startswith("ask_")
        )
    return kept[1]


def _cookie_kids(legal: list[dict]) -> list[str]:
    """The kids Alice may give the Cookie to, in the legal list's order (kept: :func:`_offers`;
    read-only)."""
    kept = _offers(legal)
    if kept[2] is None:
        kept[2] = [a["kid"] for a in legal if a["type"] == "cookie"]
    return kept[2]


_KID_SEAT = itemgetter("kid", "seat")

#: the log events a bot's memory reads (the most frequent first in _Memory.read)
_MEMORY_EVENTS = frozenset(("claim", "peeked", "request", "cookie", "token"))
#: the ones a kid's decisions read (Alice's requests and tokens: which cards she may have
#: checked): the claims' steps, the peeks and the Cookie's step are Alice's alone, and two
#: entries in five of a log are claims or peeks, which a kid's memory now skips at one look.
#: A kid's memory reads them only when asked about an earlier round (:meth:`_Table.token_spent`)
_KID_EVENTS = frozenset(("request", "token"))
#: the phases after the last round's end, whose views no longer hold that round's requests
#: and token (the round's state is cleared, its number stays)
_AFTER_ROUNDS = frozenset(("signs", "accuse", "over"))


class _Talk:
    """What a game's talk says, as the bots' memories read it (claims, who said what), grown
    from the new statements only. The talk is public and every seat's view hands out the
    same read-only statements (``rules._copies``), so the memories of one game's bots
    share one (:func:`_talk_of`) instead of each reading every statement: a bot's memory
    reads on from wherever the table's talk has got to. A memory uses it only while its
    view's talk continues it (the same first and last statements it read, the same length
    or longer), so what it holds is what a fresh read of that view's talk gives."""

    __slots__ = ("n", "ends", "claims", "said", "own_played", "speakers", "claimed", "answers", "looked", "vouched")

    def __init__(self):
        self.n = 0  # statements read
        self.ends: tuple = ()  # the first and the last of them
        self.claims: dict[tuple[str, int], list[tuple[str, int]]] = {}  # (subject, round) -> [(speaker, value)]
        self.said: set[tuple[str, int]] = set()  # (speaker, round): it named a value it saw on another kid's card
        self.own_played: set[tuple[str, int]] = set()  # (speaker, round): it said what it played itself
        self.speakers: dict[str, None] = {}  # who made the claims, in order of their first one
        self.claimed: dict[str, int] = {}  # subject -> how many claims about its cards
        # the lookups the bots made by reading the whole talk backwards at every decision:
        self.answers: dict[tuple, int] = {}  # (speaker, question, round) -> index of its last answer
        self.looked: dict[tuple[str, int], list[str]] = {}  # (speaker, round) -> kids it said it looked at, in order
        self.vouched: dict[tuple[str, str, int], bool] = {}  # (speaker, subject, round) -> its last yes/no

    def continues(self, talk: list) -> bool:
        n = self.n
        return len(talk) >= n and (not n or (talk[0], talk[n - 1]) == self.ends)

    def read(self, talk: list) -> None:
        if len(talk) <= self.n:
            return
        claims, said, own, speakers, claimed = self.claims, self.said, self.own_played, self.speakers, self.claimed
        answers = self.answers
        for idx in range(self.n, len(talk)):
            st = talk[idx]
            kind = st["kind"]
            speaker, subject, rnd = st["speaker"], st["subject"], st["about_round"]
            question = st["question"]
            if question is not None:
                answers[(speaker, question, rnd)] = idx
            if kind != "played" and kind != "looked":
                if kind == "vouch":
                    self.vouched[(speaker, subject, rnd)] = st["yes"]
                continue  # a suspect: nothing the memory keeps
            if kind == "looked":
                self.looked.setdefault((speaker, rnd), []).append(subject)
            if kind == "played" and subject == speaker:
                own.add((speaker, rnd))
            value = st["value"]
            if value is not None:
                claims.setdefault((subject, rnd), []).append((speaker, value))
                claimed[subject] = claimed.get(subject, 0) + 1
                speakers[speaker] = None
                if kind == "looked" or subject != speaker:
                    said.add((speaker, rnd))
        self.n = len(talk)
        self.ends = (talk[0], talk[-1])


#: the games' shared talks: id of the first statement -> (that statement, its _Talk)
_TALKS: dict[int, tuple] = {}
_TALKS_MAX = 64


def _talk_of(talk: list) -> _Talk:
    """The shared :class:`_Talk` of a non-empty talk, read to its end: the one kept for its
    first statement (the same object: a talk of the same game) if the talk continues it,
    else a new one, kept in its place (a replay's older talk, a copied view: read apart)."""
    first = talk[0]
    kept = _TALKS.get(id(first))
    if kept is not None and kept[0] is first and kept[1].continues(talk):
        shared = kept[1]
    else:
        if len(_TALKS) >= _TALKS_MAX:
            _TALKS.clear()
        shared = _Talk()
        _TALKS[id(first)] = (first, shared)  # holds the statement: its id is not reused while kept
    shared.read(talk)
    return shared


#: _cast's answers: roster -> (kids, every kid's (kid, round) keys, seat -> kid)
_CASTS: dict[tuple, tuple] = {}
_CASTS_MAX = 64


def _cast(roster: tuple) -> tuple[list[str], list[tuple[str, tuple]], dict[int, str]]:
    """The kids of a roster in board order, each kid's ``(kid, round)`` keys, and the kid at
    each seat: read-only, kept per roster (every bot of every game of a cast made them, with
    a comprehension and a generator a kid, ~30,000 instructions a memory)."""
    cast = _CASTS.get(roster)
    if cast is None:
        if len(_CASTS) >= _CASTS_MAX:
            _CASTS.clear()
        kids = [kid for kid, _ in roster]
        slots = [(kid, tuple((kid, r) for r in _ROUNDS)) for kid in kids]
        seat_kid = {seat: kid for kid, seat in roster if seat is not None}
        cast = _CASTS[roster] = (kids, slots, seat_kid)
    return cast


class _Memory:
    """What a bot has read off its views' ``log`` and ``talk`` so far, grown from the new
    entries only (a bot's views of one game grow by appending: reading the whole log and
    talk again at every decision was most of a bot's time). Before reading on it checks
    that the view continues what it read (a log and talk of the same length or longer, with
    the same first and last entries it read, and the same kids at the same seats: sure
    without a look when those entries are the very objects it read, which only a view of
    the same game holds); otherwise, a view of another game, a replay, it starts over. So its answers are those
    of a fresh read of the view, whatever view it is handed. What the talk says it reads
    through the game's shared :class:`_Talk` (the same for every seat)."""

    __slots__ = (
        "events",
        "roster",
        "kids",
        "slots",
        "seat_kid",
        "n_log",
        "log_ends",
        "n_read",
        "tokens",
        "requests",
        "peeked",
        "talk_steps",
        "cookie_step",
        "heard",
        "estimated",
        "totals",
    )

    def __init__(self, roster: tuple, events: frozenset = _MEMORY_EVENTS):
        # the log events it reads (_MEMORY_EVENTS; a kid's: _KID_EVENTS, then the parts only
        # Alice reads stay empty: talk_steps, peeked, cookie_step)
        self.events = events
        self.roster = roster  # ((kid, seat), ...) of view["kids"], in board order
        # (read-only, shared by every memory of the roster: see _cast)
        self.kids, self.slots, self.seat_kid = _cast(roster)
        self.n_log = 0  # the log's entries it has seen (the ends below: the view continues them)
        self.log_ends: tuple = ()
        self.n_read = 0  # those it has read (a kid's memory reads on only when asked: see read)
        self.tokens: dict[int, list[str]] = {}
        self.requests: list[tuple[int, str, str]] = []
        self.peeked: list[tuple[int, str, str, int]] = []  # (round, who, via, step)
        self.talk_steps: list[int] = []
        self.cookie_step: dict[int, int] = {}
        self.heard = _Talk()  # the talk read so far (a game's shared one once it has statements)
        self.estimated: dict[tuple[str, int], tuple] = {}  # _Table.estimates' claimed cards (see there)
        self.totals: tuple | None = None  # _Table.estimates' last answer (see there)

    # what the talk says (read-only: the game's bots share it)
    @property
    def n_talk(self) -> int:
        return self.heard.n

    @property
    def claims(self) -> dict[tuple[str, int], list[tuple[str, int]]]:
        return self.heard.claims

    @property
    def said(self) -> set[tuple[str, int]]:
        return self.heard.said

    @property
    def own_played(self) -> set[tuple[str, int]]:
        return self.heard.own_played

    @property
    def speakers(self) -> dict[str, None]:
        return self.heard.speakers

    @property
    def claimed(self) -> dict[str, int]:
        return self.heard.claimed

    def continues(self, view: dict) -> bool:
        log = view["log"]
        n = self.n_log
        if len(log) < n:
            return False
        if n:
            first, last = self.log_ends
            if log[0] is first and log[n - 1] is last:
                # the very entries it read (a game's log hands out the same read-only entries to
                # every view of it, and the memory holds them: no other log has them): a view of
                # the same game, so of the same cast. Building the roster to compare was a third
                # of a table's cost, at every decision
                return self.heard.continues(view["talk"])
            if (log[0], log[n - 1]) != self.log_ends:
                return False
        return tuple(map(_KID_SEAT, view["kids"])) == self.roster and self.heard.continues(view["talk"])

    def read(self, view: dict) -> None:
        log, talk = view["log"], view["talk"]
        if len(log) > self.n_log:
            # a kid's memory (_KID_EVENTS) only marks what it has seen: what it reads off the
            # log (the requests and tokens of a round) is in the view's own ``requests`` and
            # ``token_used`` for the round being played, the only one the smart Alice asks
            # about, so it reads the log when asked about an earlier round (read_log), not at
            # every decision: the log was four in five of the entries the bots read
            if self.events is not _KID_EVENTS:
                self.read_log(log)
            self.n_log = len(log)
            self.log_ends = (log[0], log[-1])
        heard = self.heard
        if len(talk) > heard.n:
            if heard.n:  # it continues the view's talk (continues checked it): read on
                heard.read(talk)
            else:  # the first statements: the game's shared talk, read to the end
                self.heard = _talk_of(talk)

    def read_log(self, log: list) -> None:
        """Read the events it keeps off ``log`` (a log that continues what it has seen) to its end."""
        if len(log) > self.n_read:
            seat_kid = self.seat_kid
            tokens, requests, peeked = self.tokens, self.requests, self.peeked
            talk_steps, cookie_step, events = self.talk_steps, self.cookie_step, self.events
            for ev in log[self.n_read :]:
                t = ev["type"]
                if t not in events:  # half the log (a kid's: nine entries in ten): one look, not five
                    continue
                if t == "claim":
                    talk_steps.append(ev["step"])
                elif t == "peeked":
                    peeked.append((ev["round"], seat_kid.get(ev["seat"], "Alice"), ev["via"], ev["step"]))
                elif t == "request":
                    requests.append((ev["round"], ev["snoop"], ev["about"]))
                elif t == "cookie":
                    cookie_step[ev["round"]] = ev["step"]
                else:
                    tokens.setdefault(ev["round"], []).append(ev["token"])
            self.n_read = len(log)


class _Table:
    """What every seat can read off its view, parsed once per decision (the log and the
    talk through a bot's :class:`_Memory`, from their new entries only).

    A bot keeps one and re-sets it for each decision (:meth:`set`, as Brouhaha's
    ``_Context.ask`` does): a class with ``__init__`` is made through a C-level call
    (~1,200 instructions), at ~70 decisions a game per table size; and the memory's
    parts it names are only looked up again when the memory is another one."""

    __slots__ = (
        "view",
        "round",
        "talk",
        "exposed",
        "memory",
        "kids",
        "seat_kid",
        "peeked",
        "talk_steps",
        "cookie_step",
        "_known",
    )

    def __init__(self, view: dict, memory: _Memory | None = None, events: frozenset = _MEMORY_EVENTS):
        self.memory = None  # type: ignore[assignment]  # (set() puts the view's memory here)
        self.set(view, memory, events)

    def set(self, view: dict, memory: _Memory | None = None, events: frozenset = _MEMORY_EVENTS) -> _Table:
        """This table for ``view``, read on from ``memory`` while the view continues it and
        the memory reads ``events`` (a kid's decisions: :data:`_KID_EVENTS`)."""
        self.view = view
        self.round = view["round"]
        self.talk = view["talk"]
        exposed = view["exposed"]
        self.exposed = {(e["kid"], e["round"]): e["value"] for e in exposed} if exposed else {}
        self._known = None
        if memory is None or memory.events is not events or not memory.continues(view):
            memory = _Memory(tuple(map(_KID_SEAT, view["kids"])), events)  # the kids and their seats
        memory.read(view)
        if memory is not self.memory:
            self.memory = memory
            # read-only from here on (the memory grows them in place as it reads on): shared
            # with the next decision's table
            self.kids = memory.kids
            self.seat_kid = memory.seat_kid
            self.peeked = memory.peeked
            self.talk_steps = memory.talk_steps
            self.cookie_step = memory.cookie_step
        return self

    @property
    def known(self) -> dict[tuple[str, int], int]:
        """``{(kid, round): value}`` the viewer has seen (a kid: its own cards, peeks, exposures),
        read once (kept by hand: before Python 3.12 ``functools.cached_property`` takes a lock
        to compute it)."""
        known = self._known
        if known is None:
            known = self._known = known_cards(self.view)
        return known

    def token_spent(self, rnd: int) -> bool:
        """Whether Alice spent a Help Token in round ``rnd`` (so she may have seen any card of it)."""
        view = self.view
        if rnd == self.round and view["phase"] not in _AFTER_ROUNDS:
            return view["token_used"] is not None  # the round's token, as its "token" event says
        memory = self.memory
        memory.read_log(view["log"])
        return bool(memory.tokens.get(rnd))

    def requested(self, rnd: int, about: str) -> bool:
        """Whether Alice asked a Snoop to look at ``about``'s card in round ``rnd``."""
        view = self.view
        if rnd == self.round and view["phase"] not in _AFTER_ROUNDS:
            for r in view["requests"]:  # the round's requests, as its "request" events say
                if r["about"] == about:
                    return True
            return False
        memory = self.memory
        memory.read_log(view["log"])
        for r, _, about_ in memory.requests:  # (a loop: a generator for any() is a frame a call)
            if r == rnd and about_ == about:
                return True
        return False

    def face_down(self) -> list[str]:
        return [k["kid"] for k in self.view["kids"] if k["played"] and k["face_up"] is None]

    def estimates(self, known: dict, weight) -> dict[str, float]:
        """Expected total of every kid: known cards, claims (each weighted by
        ``weight(speaker)`` against a prior card of 3.5 with weight 1), 3.5 else.

        A card's estimate from two claims or more is kept in the memory with the claims it
        read and the speakers' weights (claims only grow, weights rarely change: most cards
        come out the same at the next decision); from one claim it is computed again (as
        cheap as a look-up: ``sum([x])`` is ``0 + x``, the same float in these sums). So is
        the last answer, with the weights, the cards seen and the number of claims about
        each kid's cards it came from: a kid whose cards have no new claim since, at the
        same weights and cards seen, has the same total (a decision's new statements are
        about one or two kids)."""
        memory = self.memory
        heard, kept = memory.heard, memory.estimated  # (the talk's parts read once, not through properties)
        claims, claimed, speakers = heard.claims, heard.claimed, heard.speakers
        sig = tuple(map(weight, speakers))  # (map: no comprehension frame, 3.11)
        weights = dict(zip(speakers, sig))
        exposed = self.exposed
        seen = {**exposed, **known} if exposed else dict(known)  # a known card first, then an exposed one
        last = memory.totals
        if last is not None and last[0] == sig and last[1] == seen:
            last_claimed, last_out = last[2], last[3]
            if last_claimed == claimed:  # no new claim either (a tenth of the calls): the same totals
                return dict(last_out)
        else:
            last_claimed = last_out = None
        out = {}
        for kid, keys in memory.slots:
            if last_claimed is not None and last_claimed.get(kid) == claimed.get(kid):
                out[kid] = last_out[kid]
                continue
            total = 0.0
            for key in keys:  # one look-up a card (its key's hash is computed at every look-up)
                value = seen.get(key)
                if value is None:
                    cs = claims.get(key)
                    if not cs:
                        total += MEAN_CARD  # (3.5 + 0) / (1.0 + 0): the same float
                        continue
                    if len(cs) == 1:  # one claim (most cards): its sums are its product and weight
                        sp, v = cs[0]
                        a = weights[sp]
                        value = (MEAN_CARD + a * v) / (1.0 + a)
                        total += value
                        continue
                    last = kept.get(key)
                    if last is not None and last[0] == len(cs) and last[1] == sig:
                        value = last[2]
                    else:
                        ws = [weights[sp] for sp, _ in cs]
                        value = (MEAN_CARD + sum([a * v for a, (_, v) in zip(ws, cs)])) / (1.0 + sum(ws))
                        kept[key] = (len(cs), sig, value)
                total += value
            out[kid] = total
        memory.totals = (sig, seen, dict(claimed), dict(out))  # copies: the caller may change its own
        return out


def alice_trust(view: dict, table: _Table | None = None, prior: float = 0.55, caught: float = 0.15) -> dict[str, float]:
    """Alice's trust in every playing kid from the statements she verified
    herself: ``prior + (0.95 - prior) * (1 - 0.5**checked_true)`` with no lie found,
    ``caught / lies`` once caught (see the module docstring)."""
    t = table or _Table(view)
    tally = _Tally(_checked(view, t), t.seat_kid.values())
    tally.read(t, len(t.talk))
    return tally.trust(prior, caught)


def _checked(view: dict, t: _Table, peeks: dict | None = None) -> dict[tuple[str, int], int]:
    """The cards Alice has seen: her peeks and the exposures. ``peeks``: her peeks' cards
    already read from ``view`` (read-only: handed back as they are when nothing is exposed)."""
    if peeks is None:
        known = {(p["kid"], p["round"]): p["value"] for p in view["peeks"]}
        known.update(t.exposed)
        return known
    return {**peeks, **t.exposed} if t.exposed else peeks


class _Weights(dict):
    """Speakers' weights for :meth:`_Table.estimates`: 0.0 for a speaker without one."""

    __slots__ = ()

    def __missing__(self, speaker: str) -> float:
        return 0.0


class _KidWeights(dict):
    """A kid's weights of the speakers for :meth:`_Table.estimates`: 0.0 for its own words,
    0.5 for another's, kept as speakers come (looked up in C where a lambda was a Python
    call for every speaker at every estimate)."""

    __slots__ = ("me",)

    def __init__(self, me: str):
        super().__init__()
        self.me = me

    def __missing__(self, speaker: str) -> float:
        weight = self[speaker] = 0.0 if speaker == self.me else 0.5
        return weight


class _Tally:
    """:func:`alice_trust`'s counts of true and false statements, read from the talk in
    order against the cards she has seen (``known``). A bot keeps one and reads only the
    new statements while ``known`` stands (a statement's verdict depends on nothing said
    after it), instead of reading the whole talk again at every decision."""

    __slots__ = ("known", "ok", "bad", "said", "n", "kept")

    def __init__(self, known: dict, kids):
        self.known = known
        self.ok = {k: 0 for k in kids}
        self.bad = {k: 0 for k in kids}
        # (speaker, kid, round) -> [(i, value)]: what the speaker said about that kid's card
        self.said: dict[tuple[str, str, int], list[tuple[int, int]]] = {}
        self.n = 0  # statements read
        self.kept: tuple | None = None  # (prior, caught and the counts, trust) of trust's last answer

    def read(self, t: _Table, stop: int) -> None:
        known, ok, bad, said = self.known, self.ok, self.bad, self.said
        talk, talk_steps = t.talk, t.talk_steps
        for idx in range(self.n, stop):
            st = talk[idx]
            sp = st["speaker"]
            if sp not in ok:
                continue
            subject, rnd = st["subject"], st["about_round"]
            key = (subject, rnd)
            if st["kind"] in ("played", "looked") and st["value"] is not None:
                said.setdefault((sp, subject, rnd), []).append((idx, st["value"]))
                if key in known:
                    if known[key] == st["value"]:
                        ok[sp] += 1
                    else:
                        bad[sp] += 1
            elif st["kind"] == "vouch":
                # "Is <subject> telling the truth about the Mischief card you played?": the
                # speaker vouches for what the subject said about the speaker's own card
                mine = (sp, rnd)
                if mine in known:
                    before = [v for i, v in said.get((subject, sp, rnd), ()) if i < idx]
                    if before:
                        if st["yes"] == (before[-1] == known[mine]):
                            ok[sp] += 1
                        else:
                            bad[sp] += 1
            elif st["kind"] == "looked" and st["subject"] == "nobody" and idx < len(talk_steps):
                step = talk_steps[idx]
                if any(r == st["about_round"] and who == sp and s < step for r, who, _, s in t.peeked):
                    bad[sp] += 1
        self.n = stop

    def trust(self, prior: float, caught: float) -> dict[str, float]:
        """The trust in every kid; the same (read-only) dict again while the counts stand
        (most statements check nothing: their verdicts change no count)."""
        ok, bad = self.ok, self.bad
        key = (prior, caught, *ok.values(), *bad.values())  # the kids are ok's keys, fixed
        kept = self.kept
        if kept is not None and kept[0] == key:
            return kept[1]
        trust = {k: (max(0.02, caught / bad[k]) if bad[k] else prior + (0.95 - prior) * (1 - 0.5 ** ok[k])) for k in ok}
        self.kept = (key, trust)
        return trust


# ---------------------------------------------------------------------- bot
class BradyBot(Bot):
    """Plays Alice or a kid, by ``view["role"]`` (see the module docstring).

    ``questions``: the most questions Alice asks in a round (3 keeps games
    short; the rulebook has no limit). ``samples`` is no longer read: Alice's
    accusation is computed in closed form (:func:`~.odds.independent_odds`), not
    sampled; it is kept so that callers that pass it still work."""

    name = "smart"
    forced_move_is_free = True  # choose: one legal action is returned at once

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        *,
        questions: int = 3,
        prior_trust: float = 0.55,
        caught_trust: float = 0.15,
        samples: int = 5000,
    ):
        super().__init__(seat, seed)
        self.questions = questions
        self.prior_trust = prior_trust
        self.caught_trust = caught_trust
        self.samples = samples

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if not legal:
            raise ValueError("no legal actions to choose from")
        if len(legal) == 1:
            return legal[0]
        role = view.get("role")
        action = None
        if role == "alice":
            action = self._alice(view, legal)
        elif role == "kid":
            action = self._kid(view, legal)
        if action is not None:
            # the equal action of ``legal`` itself: a game that handed out read-only actions
            # takes its own back in one step (Brady's act), where a new dict is checked anew
            try:
                return legal[legal.index(action)]
            except ValueError:
                pass
        return self.rng.choice(legal)  # a phase or an answer it does not know

    # ============================================================ the kid
    def _table(self, view: dict, events: frozenset = _MEMORY_EVENTS) -> _Table:
        t = getattr(self, "_kept_table", None)  # one table re-set per decision (see _Table)
        if t is None:
            t = self._kept_table = _Table(view, getattr(self, "_memory", None), events)
        else:
            t.set(view, self._memory, events)
        self._memory = t.memory
        return t

    def _kid(self, view: dict, legal: list[dict]) -> dict | None:
        phase = view["phase"]
        goal = kid_goal(view)
        if phase == "play":  # needs no table (the memory reads the skipped entries next time)
            return self._kid_play(view, legal, goal)
        if phase == "signs":
            return self._kid_sign(view, goal)
        t = self._table(view, _KID_EVENTS)  # (a kid reads no claim step, peek or Cookie step)
        if phase in ("snoop", "cookie_peek"):
            return self._kid_peek(view, legal, t, goal, honour=(phase == "snoop"))
        if phase == "claims":
            return self._kid_claim(view, legal, t, goal)
        if phase == "answer":
            return self._kid_answer(view, legal, t, goal)
        if phase == "expose":
            return self._kid_expose(view, legal, t, goal)
        return None

    def _kid_play(self, view: dict, legal: list[dict], goal: str) -> dict:
        values = []  # (a loop: no generator, no sort, no lambda; ~4,000 instructions a play)
        for a in legal:
            values.append(a["value"])
        if goal == TROUBLEMAKER:
            v = max(values)
        elif goal == TATTLETALE:
            v = min(values)
        else:  # the closest to the target, the higher of two as close (_MID_RANK's order)
            v = min(values, key=_MID_RANK[_sidekick_target(view["players"])].__getitem__)
        return {"type": "play", "value": v}

    def _said_value(self, me: str, t: _Table, subject: str, rnd: int):
        # the last value it named for the card: the memory's claims about it, in talk order
        for speaker, value in reversed(t.memory.claims.get((subject, rnd), ())):
            if speaker == me:
                return value
        return None

    def _claim_value(self, view: dict, t: _Table, goal: str, subject: str, rnd: int) -> int:
        """What this kid says ``subject`` played in round ``rnd`` (it knows the card)."""
        me = view["me"]
        said = self._said_value(me, t, subject, rnd)
        if said is not None:
            return said  # never contradict yourself
        truth = t.known[(subject, rnd)]
        if goal == TATTLETALE or (subject, rnd) in t.exposed:
            return truth
        if subject == me:
            if t.token_spent(rnd) or t.requested(rnd, me):  # checked: Alice spent a token, or asked a Snoop to look
                return truth
            if goal == TROUBLEMAKER and truth >= 4:
                return self.rng.choice([2, 3])
            if goal == SIDEKICK and truth <= 4:
                return self.rng.choice([5, 6])
            return truth
        if t.token_spent(rnd):
            return truth
        if goal == TROUBLEMAKER and truth <= 4:
            return self.rng.choice([5, 6])  # make the other kid look like the Troublemaker
        if goal == SIDEKICK and truth >= 5:
            return self.rng.choice([2, 3])  # hide a likely Troublemaker
        return truth

    def _my_peeks(self, view: dict, rnd: int) -> list[dict]:
        peeks = []  # (a loop: no comprehension's function, ~1,400 instructions a call)
        for p in view["peeks"]:
            if p["round"] == rnd:
                peeks.append(p)
        return peeks

    def _report_target(self, view: dict, t: _Table, goal: str, rnd: int) -> str | None:
        """The kid whose card (seen in round ``rnd``) this kid talks about."""
        peeks = self._my_peeks(view, rnd)
        if not peeks:
            return None
        me = view["me"]
        seen = [p["kid"] for p in peeks]
        for subject in reversed(t.memory.heard.looked.get((me, rnd), ())):  # whom it has already named for that round
            if subject in seen:
                return subject
        for p in peeks:
            if self._said_value(me, t, p["kid"], rnd) is not None:
                return p["kid"]
        if goal == TATTLETALE:
            return max(peeks, key=lambda p: p["value"])["kid"]  # the most telling card
        return peeks[0]["kid"]

    def _others_estimate(self, view: dict, t: _Table) -> dict[str, float]:
        me = view["me"]
        weights = getattr(self, "_kid_weights", None)
        if weights is None or weights.me != me:
            weights = self._kid_weights = _KidWeights(me)
        est = t.estimates(t.known, weights.__getitem__)
        est.pop(me, None)
        return est

    def _kid_peek(self, view: dict, legal: list[dict], t: _Table, goal: str, honour: bool) -> dict:
        targets = [a["kid"] for a in legal]
        me = view["me"]
        if honour and goal == TATTLETALE:
            for r in view["requests"]:
                if r["snoop"] == me and r["about"] in targets:
                    return {"type": "peek", "kid": r["about"]}
        est = self._others_estimate(view, t)
        seen_now = {p["kid"] for p in self._my_peeks(view, view["round"])}
        best = max(targets, key=lambda k: (k not in seen_now, est.get(k, 0.0), -targets.index(k)))
        return {"type": "peek", "kid": best}

    def _kid_claim(self, view: dict, legal: list[dict], t: _Table, goal: str) -> dict:
        me, rnd = view["me"], view["round"]
        target = self._report_target(view, t, goal, rnd)
        if target is not None:
            value = self._claim_value(view, t, goal, target, rnd)
            if goal == TATTLETALE or value >= 5 or value != t.known[(target, rnd)]:
                return {"type": "claim", "kid": target, "value": value}
        if (me, rnd) in t.known:
            value = self._claim_value(view, t, goal, me, rnd)
            if goal != TROUBLEMAKER or value <= 3:
                return {"type": "claim", "kid": me, "value": value}
        return {"type": "pass"}

    def _kid_answer(self, view: dict, legal: list[dict], t: _Table, goal: str) -> dict | None:
        q = view["pending"]
        me = view["me"]
        kind, rnd = q["question"], q["round"]
        if kind == "ask_played":
            if (me, rnd) not in t.known:
                return None
            return {"type": "say_card", "value": self._claim_value(view, t, goal, me, rnd)}
        if kind == "ask_looked":
            target = self._report_target(view, t, goal, rnd)
            return {"type": "say_looked", "kid": target or "nobody"}
        if kind == "ask_number":
            target = self._report_target(view, t, goal, rnd)
            if target is None:
                return {"type": "say_looked", "kid": "nobody"}
            return {"type": "say_number", "kid": target, "value": self._claim_value(view, t, goal, target, rnd)}
        if kind == "ask_truth":
            return {"type": "say_yes_no", "yes": self._vouch(view, t, goal, q["about"], rnd)}
        if kind == "ask_suspect":
            est = self._others_estimate(view, t)
            if goal == SIDEKICK:  # point at a likely Tattletale, away from the Troublemaker
                pick = min(est, key=lambda k: (est[k], t.kids.index(k)))
            else:
                pick = max(est, key=lambda k: (est[k], -t.kids.index(k)))
            return {"type": "say_suspect", "kid": pick}
        return None

    def _vouch(self, view: dict, t: _Table, goal: str, about: str, rnd: int) -> bool:
        """The answer to "Is ``about`` telling the truth about the Mischief card you played?"
        (round ``rnd``): what ``about`` last said the bot's own card was, against the card."""
        me = view["me"]
        heard = t.memory.heard
        yes = heard.vouched.get((me, about, rnd))
        if yes is not None:
            return yes
        claim = None
        for speaker, value in reversed(heard.claims.get((me, rnd), ())):  # the claims about its card, in talk order
            if speaker == about:
                claim = value
                break
        mine = t.known.get((me, rnd))
        truth = True if (claim is None or mine is None) else claim == mine
        if claim is None or goal == TATTLETALE or t.token_spent(rnd) or (me, rnd) in t.exposed:
            return truth
        # a Troublemaker or a Sidekick backs a claim that its card was low and doubts the rest
        return claim <= 2

    def _kid_expose(self, view: dict, legal: list[dict], t: _Table, goal: str) -> dict:
        targets = [a["kid"] for a in legal if a["type"] == "expose"]
        left = view["oliver_cards"] or 0
        rounds_left = ROUNDS - view["round"] + 1
        if not targets:
            return {"type": "pass"}
        if left < rounds_left and view["round"] == 1:
            return {"type": "pass"}  # too early: nothing to go on yet
        if left < rounds_left and self.rng.random() < 0.5:
            return {"type": "pass"}
        est = self._others_estimate(view, t)
        rnd = view["round"]
        pick = max(targets, key=lambda k: ((k, rnd) not in t.known, est.get(k, 0.0), -targets.index(k)))
        return {"type": "expose", "kid": pick}

    def _kid_sign(self, view: dict, goal: str) -> dict:
        if goal == TROUBLEMAKER:
            return {"type": "sign", "plus": True}
        if goal == TATTLETALE:
            return {"type": "sign", "plus": False}
        me = view["me"]
        cookies = next(k["cookies"] for k in view["kids"] if k["kid"] == me)
        total = sum(view["my_cards"])
        others, tt = len(view["kids"]) - 1, view["tattletale_count"]

        def middle(x):
            return 1.0 - _p_top(x, others, 0.0) - _p_tattle(x, others, tt, 0.0)

        return {"type": "sign", "plus": middle(total + cookies) >= middle(total - cookies)}

    # ============================================================== Alice
    def _alice(self, view: dict, legal: list[dict]) -> dict | None:
        phase = view["phase"]
        if phase == "reveal":
            return legal[0]
        t = self._table(view)
        if phase == "play":
            return self._alice_request(view, legal, t)
        if phase in ("talk", "final"):
            return self._alice_talk(view, legal, t)
        if phase == "help":
            return self._alice_help(view, legal, t)
        if phase == "help_peek":
            return self._alice_help_peek(view, legal, t)
        if phase == "accuse":
            return self._alice_accuse(view, legal, t)
        return None

    def _alice_kept(self, view: dict, t: _Table) -> list:
        """``[memory, key, trust, known, estimates or None]`` of this decision: her trust and her
        peeks' cards worked out, the estimates only when :meth:`_alice_state` asks for them."""
        # what they read grows only with the talk, its claim and peek events, her peeks and
        # the exposures: unchanged since her last decision (a third of them), the same answer
        m = t.memory
        key = (m.n_talk, len(m.talk_steps), len(m.peeked), len(view["peeks"]), len(view["exposed"]))
        last = getattr(self, "_alice_last", None)
        if last is not None and last[0] is m:
            if last[1] == key:
                return last
            # her peeks only grow along a game (the memory's): as many as last time, the same
            # cards (read-only), not a comprehension again
            known = last[3] if last[1][3] == key[3] else {(p["kid"], p["round"]): p["value"] for p in view["peeks"]}
        else:
            known = {(p["kid"], p["round"]): p["value"] for p in view["peeks"]}
        last = self._alice_last = [m, key, self._trust(view, t, known), known, None]
        return last

    def _alice_trust(self, view: dict, t: _Table) -> dict[str, float]:
        """Her trust in every kid, without the estimates (:meth:`_alice_state`'s first part):
        what her final questions read. A third of the estimates worked out were for them,
        never read (the estimates of the same key are worked out later if asked for)."""
        return self._alice_kept(view, t)[2]

    def _alice_state(self, view: dict, t: _Table):
        last = self._alice_kept(view, t)
        trust, known, est = last[2], last[3], last[4]
        if est is None:
            # a speaker's weight, min(trust, 0.9) / (1 - min(trust, 0.9)) (0.0 without a trust),
            # worked out once for a trust dict (_Tally.trust hands out the same one while it stands)
            weights = getattr(self, "_alice_weights", None)
            if weights is None or weights[0] is not trust:
                weights = self._alice_weights = (
                    trust,
                    _Weights({s: min(x, 0.9) / (1 - min(x, 0.9)) for s, x in trust.items()}),
                )
            est = last[4] = t.estimates(known, weights[1].__getitem__)
        return trust, known, est

    def _trust(self, view: dict, t: _Table, peeks: dict | None = None) -> dict[str, float]:
        """:func:`alice_trust`, from a kept :class:`_Tally` read on from the statements it has
        read while the view continues its memory and the cards she has seen are the same.
        ``peeks``: her peeks' cards as ``_alice_state`` read them (read-only), if at hand."""
        checked = _checked(view, t, peeks)
        talk = len(t.talk)
        tally = getattr(self, "_tally", None)
        if tally is None or tally[0] is not t.memory or tally[1].known != checked or tally[1].n > talk:
            tally = self._tally = (t.memory, _Tally(checked, t.seat_kid.values()))
        if talk > len(t.talk_steps):  # statements without their step yet: read afresh
            return alice_trust(view, t, self.prior_trust, self.caught_trust)
        tally[1].read(t, talk)
        return tally[1].trust(self.prior_trust, self.caught_trust)

    def _suspects(self, est: dict, t: _Table) -> list[str]:
        # the highest estimate first, ties in board order: a stable sort keeps t.kids' order
        # among equal keys, reverse=True included, so the estimate alone is the key (not a
        # lambda's (-estimate, board index) tuple per kid, which cost 10,000 instructions a call)
        return sorted(t.kids, key=est.__getitem__, reverse=True)

    def _alice_request(self, view: dict, legal: list[dict], t: _Table) -> dict:
        snoops: dict[str, None] = {}  # the Snoops she may ask, in the list's order (a loop: no
        for a in legal:  # comprehension and generator, ~5,000 instructions a call)
            if a["type"] == "request":
                snoops[a["kid"]] = None
        if not snoops:
            return {"type": "lights_out"}
        trust, _, est = self._alice_state(view, t)
        taken = {r["about"] for r in view["requests"]}
        suspects = None  # (sorted once, when a Snoop she trusts needs them)
        for snoop in snoops:
            if trust.get(snoop, 0.0) < self.prior_trust:
                continue
            if suspects is None:
                suspects = self._suspects(est, t)
            for suspect in suspects:
                if suspect != snoop and suspect not in taken:
                    action = {"type": "request", "kid": snoop, "about": suspect}
                    if action in legal:
                        return action
        return {"type": "lights_out"}

    def _answered(self, t: _Table, kid: str, question: str, rnd: int, after: int = -1) -> bool:
        # its last answer to the question (the latest step: steps grow along the talk)
        idx = t.memory.heard.answers.get((kid, question, rnd))
        if idx is None:
            return False
        steps = t.talk_steps
        if idx < len(steps):
            return steps[idx] > after
        # the last answer has no step yet (the log is behind the talk): an earlier one may
        return any(
            st["speaker"] == kid
            and st["question"] == question
            and st["about_round"] == rnd
            and (i < len(steps) and steps[i] > after)
            for i, st in enumerate(t.talk[: len(steps)])
        )

    def _alice_talk(self, view: dict, legal: list[dict], t: _Table) -> dict:
        phase, rnd = view["phase"], view["round"]
        if phase == "final":  # her last question or the round's end: no estimate read
            trust, est = self._alice_trust(view, t), None
        else:
            trust, _, est = self._alice_state(view, t)
        budget = (self.questions - 1 if phase == "talk" else self.questions) - view["questions"]
        question = None
        if budget > 0:  # the questions on offer (up to ~270 legal actions) only when she may ask
            asks = _asks_of(legal)
            if asks:
                question = self._pick_question(view, t, trust, est, asks, phase, rnd)
        if question is not None:
            kind, kid = question
            return {"type": kind, "kid": kid, "round": rnd}
        if phase == "final":
            return {"type": "end_round"}
        best = min(_cookie_kids(legal), key=lambda k: (-trust.get(k, 0.0), est[k], t.kids.index(k)))
        return {"type": "cookie", "kid": best}

    def _pick_question(self, view, t: _Table, trust, est, asks, phase, rnd):
        def ok(kind, kid):
            return (kind, kid, rnd, None) in asks

        if phase == "final":
            kid = view["cookie"]
            for r, who, via, _ in t.peeked:  # (a loop: a generator for any() is a frame a call)
                if r == rnd and who == kid and via == "cookie":
                    peeked = True
                    break
            else:
                peeked = False
            after = t.cookie_step.get(rnd, -1)
            if (
                kid
                and peeked
                and trust.get(kid, 0) >= self.prior_trust
                and ok("ask_number", kid)
                and not self._answered(t, kid, "ask_number", rnd, after)
            ):
                return ("ask_number", kid)
            return None
        snoops = [who for r, who, via, _ in t.peeked if r == rnd and via == "snoop"]
        said = t.memory.said
        for kid in sorted(dict.fromkeys(snoops), key=lambda k: (-trust.get(k, 0.0), t.kids.index(k))):
            if (
                trust.get(kid, 0) >= self.prior_trust
                and (kid, rnd) not in said
                and ok("ask_number", kid)
                and not self._answered(t, kid, "ask_number", rnd)
            ):
                return ("ask_number", kid)
        own = t.memory.own_played
        for kid in self._suspects(est, t):
            if kid in trust and (kid, rnd) not in own and ok("ask_played", kid):
                return ("ask_played", kid)
        return None

    def _check_values(self, view: dict, t: _Table, trust: dict, known: dict, est: dict) -> dict[str, float]:
        """How much Alice learns by looking at each face-down card this round."""
        rnd = view["round"]
        suspects = self._suspects(est, t)
        claims = t.memory.claims
        out = {}
        for kid in t.face_down():
            if (kid, rnd) in known:
                continue
            v = 0.0
            values = set()
            for speaker, value in claims.get((kid, rnd), ()):  # the claims about the card, in talk order
                values.add(value)
                tr = trust.get(speaker, self.prior_trust)
                if self.caught_trust < tr <= self.prior_trust + 1e-9:  # never checked yet
                    v += 1.5 if speaker == kid else 1.0
            if len(values) > 1:
                v += 0.5
            v += 0.4 * (1 - suspects.index(kid) / max(len(suspects) - 1, 1))
            out[kid] = v
        return out

    def _alice_help(self, view: dict, legal: list[dict], t: _Table) -> dict:
        tokens = [a["token"] for a in legal if a["type"] == "use_token"]
        if not tokens:
            return {"type": "pass"}
        trust, known, est = self._alice_state(view, t)
        values = self._check_values(view, t, trust, known, est)
        good = sorted(values.values(), reverse=True)
        rounds_left = ROUNDS - view["round"] + 1
        if not good or (len(view["tokens"]) < rounds_left and good[0] < 1.0):
            return {"type": "pass"}
        singles = [x for x in tokens if x != "dog"]
        if "dog" in tokens and (len(good) >= 2 and good[1] >= 1.0 or not singles):
            return {"type": "use_token", "token": "dog"}
        return {"type": "use_token", "token": singles[0]}

    def _alice_help_peek(self, view: dict, legal: list[dict], t: _Table) -> dict:
        trust, known, est = self._alice_state(view, t)
        values = self._check_values(view, t, trust, known, est)
        targets = [a["kid"] for a in legal]
        best = max(targets, key=lambda k: (values.get(k, 0.0), -targets.index(k)))
        return {"type": "peek", "kid": best}

    def _alice_accuse(self, view: dict, legal: list[dict], t: _Table) -> dict:
        # written beside this module; imported when needed. Pure Python (no numpy: bots play in
        # browser kernels too) and closed form: no sampling (5,000 pure-Python samples were
        # 80% of a smart-bot game's time), see odds.independent_odds
        # (its unchecked body: the view and the trust dict are of her own making)
        from .odds import _independent_odds

        trust, _, est = self._alice_state(view, t)
        try:
            odds = _independent_odds(view, dict(trust))
        except ValueError:  # the claims cannot all be true together at these trusts
            odds = _independent_odds(view, None)
        kids = [a["kid"] for a in legal]
        best = max(kids, key=lambda k: (round(float(odds.get(k, 0.0)), 9), est[k], -kids.index(k)))
        return {"type": "accuse", "kid": best}


# ------------------------------------------------------------------- levels
class LevelBot(BradyBot):
    """A :class:`BradyBot` with the knobs of the difficulty levels (see the
    module docstring, "Bot levels"). The smart bot's own code does the work; a
    level only changes what goal a kid talks for, how carefully it lies, and
    how far Alice trusts.

    * ``tattle_bluff``: the chance that a kid whose goal is Tattletale talks
      like a Sidekick at a statement (bluffs consistently) instead of telling
      the truth; 0 for the smart bot;
    * ``clumsy``: a bluffing kid forgets what it said before (a fresh random
      lie at every statement, so it contradicts itself) and lies even about a
      card Alice checked or asked a Snoop to see;
    * ``trusting``: Alice believes every kid (trust 0.9 each) whatever her Help
      Tokens and exposures show;
    * ``questions``, ``prior_trust``, ``caught_trust``, ``samples``: as
      :class:`BradyBot`.
    """

    name = "level"
    tattle_bluff = 0.0
    clumsy = False
    trusting = False

    # ------------------------------------------------------------- the kid
    def _talk_goal(self, goal: str) -> str:
        if goal == TATTLETALE and self.tattle_bluff and self.rng.random() < self.tattle_bluff:
            return SIDEKICK
        return goal

    def _kid_claim(self, view: dict, legal: list[dict], t: _Table, goal: str) -> dict:
        return super()._kid_claim(view, legal, t, self._talk_goal(goal))

    def _kid_answer(self, view: dict, legal: list[dict], t: _Table, goal: str) -> dict | None:
        return super()._kid_answer(view, legal, t, self._talk_goal(goal))

    def _said_value(self, me: str, t: _Table, subject: str, rnd: int):
        if self.clumsy:
            return None  # forgets its own story
        return super()._said_value(me, t, subject, rnd)

    def _claim_value(self, view: dict, t: _Table, goal: str, subject: str, rnd: int) -> int:
        if not self.clumsy or goal == TATTLETALE:
            return super()._claim_value(view, t, goal, subject, rnd)
        truth = t.known[(subject, rnd)]
        me = view["me"]
        if subject == me:  # lies about its own card even when Alice checked it
            if goal == TROUBLEMAKER and truth >= 4:
                return self.rng.choice([1, 2, 3])
            if goal == SIDEKICK and truth <= 4:
                return self.rng.choice([4, 5, 6])
            return truth
        return truth  # about another kid it tells the truth

    # --------------------------------------------------------------- Alice
    def _alice_trust(self, view: dict, t: _Table) -> dict[str, float]:
        trust = super()._alice_trust(view, t)
        return {k: 0.9 for k in trust} if self.trusting else trust

    def _alice_state(self, view: dict, t: _Table):
        trust, known, est = super()._alice_state(view, t)
        if self.trusting:
            trust = {k: 0.9 for k in trust}
            est = t.estimates(known, lambda s: 9.0 if s in trust else 0.0)
        return trust, known, est


class EasyBot(LevelBot):
    """``easy``: kids lie clumsily (contradict themselves, lie about checked
    cards); Alice trusts everyone and asks one question a round."""

    name = "easy"
    clumsy = True
    trusting = True

    def __init__(self, seat: int, seed: int = 0, **kw):
        kw.setdefault("questions", 1)
        super().__init__(seat, seed, **kw)


class MediumBot(LevelBot):
    """``medium``: kids bluff consistently and a Tattletale often bluffs too;
    Alice checks claims as the smart bot does, but believes a kid she has not
    checked more readily (trust 0.8 before any check, not 0.55) and asks one
    question a round."""

    name = "medium"
    tattle_bluff = 0.6

    def __init__(self, seat: int, seed: int = 0, **kw):
        kw.setdefault("questions", 1)
        kw.setdefault("prior_trust", 0.8)
        super().__init__(seat, seed, **kw)


class HardBot(LevelBot):
    """``hard``: Alice is the smart Alice; every kid bluffs consistently, the
    Tattletale included, so Alice cannot lean on one honest kid."""

    name = "hard"
    tattle_bluff = 1.0


#: the difficulty levels, easiest first
LEVELS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}

BOTS = {"random": RandomBot, "smart": BradyBot, **LEVELS}
