"""The Brady Bunch Party Game: the pure rules engine.

One player is Alice; the others are Brady kids. Over four rounds each kid plays
one Mischief card (1 to 6) face down; Snoops and the kid Alice gives a Cookie
peek at other kids' cards, Alice questions the kids (who may lie) and spends Help
Tokens to check. At the end the highest total is the Troublemaker, the lowest
the Tattletale(s); Alice wins, with the Tattletales, if she accuses the
Troublemaker. Otherwise the Troublemaker and the Sidekicks win.

What it teaches: a kid's total is a sum of cards drawn without replacement, and
every claim is evidence whose weight depends on how far you trust the speaker;
see ``odds.py``.

Seats: Alice is seat 0; seats 1.. are the kids, in the order of the ``kids``
option. With 3 players a *silent kid* (not a seat) plays the top Mischief card
each round. Rules decisions where the rulebook is silent follow
``rules-decisions.md`` and ``docs/brady_bunch.md``:

* A kid whose Snoop card is drawn twice in a round snoops once, at the place of
  the first card, and looks at two different kids' cards.
* Every peek (Snoop, Cookie, Help Token) is private to the one who looks; that a
  peek happened, who got the Cookie, which token Alice spent and every Cousin
  Oliver exposure are public.
* Table talk is structured: Alice's requests to a Snoop (after the Snoop cards
  are revealed, before "lights out"), a round of volunteered claims after the
  snooping (each kid one claim or a pass; option ``volunteer``), Alice's questions
  and the asked kid's answer. Claims are public and never checked.
* ``max_questions`` caps Alice's questions per round (``None``: no cap, as in
  the rulebook; tests use a cap to keep random games short).
* Cookie signs are chosen secretly by every kid with cookies at scoring and shown
  together; then Alice accuses (any kid, the silent kid included).
"""

from __future__ import annotations

import random as _random
from fractions import Fraction
from itertools import repeat
from operator import itemgetter, lt
from typing import Any, ClassVar

from ..engine.game import FrozenAction, FrozenEvent, FrozenList, Game, LegalList, seat_audiences
from .content import (
    COPIES,
    DEFAULT_ORDER,
    HAND,
    HELP_TOKENS,
    KIDS,
    OLIVER_CARDS,
    OLIVER_REVEALS,
    ROUNDS,
    SNOOP_REVEALS,
    TATTLETALES,
    TOKEN_NAMES,
    TOKEN_PEEKS,
    VALUES,
)

ALICE = 0
_FULL_DECK = tuple(v for v in VALUES for _ in range(COPIES))  # see full_deck
#: seat -> the read-only audience of an event for that seat alone (BradyBunch._private)
_ONLY_SEAT = seat_audiences(max(TATTLETALES))
#: the phases whose legal actions are peeks at face-down cards
_PEEK_PHASES = frozenset(("snoop", "cookie_peek", "help_peek"))
#: the phases whose legal lists _legal builds from the position (no table of _Tables)
_LIST_PHASES = _PEEK_PHASES | {"play", "expose", "help"}
NOBODY = "nobody"
#: the phases in which Alice alone acts
_ALICE_PHASES = frozenset(("reveal", "talk", "help", "help_peek", "final", "accuse"))
ASKS = ("ask_played", "ask_looked", "ask_number", "ask_truth", "ask_suspect")
ANSWERS = ("say_card", "say_looked", "say_number", "say_yes_no", "say_suspect")
#: What each phase is for (used in error messages and by the view).
PHASE_TEXT = {
    "reveal": "Alice reveals the Snoop cards",
    "play": "the kids play Mischief cards (Alice may ask a Snoop to look at a kid, then says lights out)",
    "snoop": "the Snoops look at cards",
    "claims": "the kids may each make one claim",
    "talk": "Alice asks questions, then gives a Cookie",
    "answer": "the asked kid answers",
    "expose": "Cousin Oliver may expose a card",
    "cookie_peek": "the kid with the Cookie looks at a card",
    "help": "Alice may spend a Help Token",
    "help_peek": "Alice looks at cards with her Help Token",
    "final": "Alice asks final questions, then ends the round",
    "signs": "the kids with Cookies choose + or -",
    "accuse": "Alice accuses a kid of being the Troublemaker",
    "over": "the game is over",
}


def full_deck() -> list[int]:
    return list(_FULL_DECK)  # a copy of a constant: every game's set-up shuffles one


#: random.Random.shuffle's steps on the full deck: (i, i + 1, bits of i + 1), i from 47 down to 1
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(_FULL_DECK))))


def shuffled_deck(rng: _random.Random) -> list[int]:
    """A full deck shuffled as ``rng.shuffle(full_deck())`` shuffles it, drawing the same
    bits from ``rng`` (CPython's ``shuffle``, its ``_randbelow`` written out with the
    bit lengths precomputed: ~2x faster, a sixth of a game's set-up; tests/test_brady_rules
    compares the two for many seeds). Another kind of RNG: its own ``shuffle``."""
    cards = list(_FULL_DECK)
    if type(rng) is not _random.Random:
        rng.shuffle(cards)
        return cards
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def classify(scores: dict[str, int], players: int) -> dict[str, list[str]]:
    """Roles from final scores: the highest total(s) are Troublemakers; with k
    Tattletales (by player count) a kid is a Tattletale when fewer than k kids
    score strictly lower and it is not a Troublemaker; everyone else is a Sidekick.

    Its arguments are checked here, in words (notebooks call it; the engine calls it once per
    game, at the end): the rules layer imports no lesson module, so not with ``progress``."""
    if (
        not isinstance(scores, dict)
        or not scores
        or not all(isinstance(s, (int, float, Fraction)) and not isinstance(s, bool) for s in scores.values())
    ):
        got = "an empty dict" if scores == {} else str(scores)[:60]
        raise TypeError(f"scores must be a dict {{kid: final score (a number)}} of at least one kid, got {got}")
    if isinstance(players, bool) or not isinstance(players, int) or players not in TATTLETALES:
        raise ValueError(
            f"players must be a number of players from {min(TATTLETALES)} to {max(TATTLETALES)}, got {str(players)[:60]}"
        )
    k = TATTLETALES[players]
    values = scores.values()
    top = max(values)
    roles: dict[str, list[str]] = {"troublemakers": [], "sidekicks": [], "tattletales": []}
    for kid, s in scores.items():
        if s == top:
            roles["troublemakers"].append(kid)
        # how many kids score lower: the count of ``t < s`` (operator.lt: every number's own
        # comparison) in C, not a generator per kid (a third of the game's last step)
        elif sum(map(lt, values, repeat(s))) < k:
            roles["tattletales"].append(kid)
        else:
            roles["sidekicks"].append(kid)
    return roles


class _Tables:
    """The legal-action lists that depend only on the kids at the table (and the
    round, the asked kid, the question): built once per cast of kids and shared
    by every game with that cast, read-only.

    Alice's question list has up to ~270 entries and was rebuilt, dict by dict,
    on every call; a random playout spent most of its time there, then copying
    them. Each entry here is ``(actions, keys, ids, legal)``: ``actions`` a tuple of
    :class:`~brady_widgets.engine.game.FrozenAction` (read-only dicts, so
    ``_legal`` hands out a fresh list of the same actions and no caller can change
    them: the conformance kit tries), ``legal`` the same as a read-only
    :class:`~brady_widgets.engine.game.LegalList` that the fast ``legal_actions``
    hands out itself, ``ids`` their ids, and ``_is_legal`` looks the action's key
    (``_KEY``) up in ``keys``, which
    gives the same answer as ``action in templates`` for a well-formed action
    (exactly the schema's keys, str/int/bool values: tuple equality is then dict
    equality, and their hashes agree with ``==``).
    """

    def __init__(self, player_kids: tuple[str, ...], kids: tuple[str, ...]):
        self.cast = (player_kids, kids)

        def entry(actions: list[dict]) -> tuple[tuple[FrozenAction, ...], frozenset, frozenset, LegalList]:
            frozen = _ours(*map(FrozenAction, actions))
            keys = frozenset(_KEY[a["type"]](a) for a in actions)
            return frozen, keys, frozenset(map(id, frozen)), LegalList(frozen)

        cookies = [{"type": "cookie", "kid": k} for k in player_kids]
        end = [{"type": "end_round"}]
        # talk[r] / final[r]: round r's questions then the phase's way out; [0]: the cap is reached
        self.talk = [entry(cookies)]
        self.final = [entry(end)]
        for rnd in range(1, ROUNDS + 1):
            asks = _asks(player_kids, rnd)
            self.talk.append(entry(asks + cookies))
            self.final.append(entry(asks + end))
        self.claims = entry(
            [{"type": "claim", "kid": k, "value": v} for k in kids for v in VALUES] + [{"type": "pass"}]
        )
        self.answers = {(kid, q): entry(_answers(kids, kid, q)) for kid in player_kids for q in ASKS}
        self.reveal = entry([{"type": "reveal_snoops"}])
        self.signs = entry([{"type": "sign", "plus": True}, {"type": "sign", "plus": False}])
        self.accuse = entry([{"type": "accuse", "kid": k} for k in kids])
        #: the Snoop cards' odds by the counts of the Snoop deck, ``tuple(snoop_deck.values())``
        #: (its kids in seat order, Oliver left out in the Cousin Oliver variant: a shorter
        #: key): see _do_reveal_snoops; cleared when full (an 8-player cast meets ~2,000 states)
        self.snoop_odds: dict[tuple, tuple] = {}
        # the pieces of the lists that also depend on the position (face-down cards,
        # Snoops, hands, tokens): _legal picks from these instead of building dicts
        self.peek = {k: FrozenAction(type="peek", kid=k) for k in kids}
        self.expose = {k: FrozenAction(type="expose", kid=k) for k in kids}
        self.requests = {
            s: _ours(*(FrozenAction(type="request", kid=s, about=k) for k in kids if k != s)) for s in kids
        }
        _ours(*self.peek.values(), *self.expose.values())

    # a game's clone (deepcopy) and apply_history's snapshot share the read-only tables
    def __deepcopy__(self, memo: dict) -> _Tables:
        return self

    def __reduce__(self):  # pickle the cast, not the tables
        return _tables_for, self.cast


_TABLES: dict[tuple, _Tables] = {}

#: the ids of every read-only action this module hands out (of _Tables and the module's
#: constants below): all live as long as the module (_TABLES is never cleared), so an id
#: here is never reused by another object. Each was built to its type's schema, so
#: BradyBunch._accepts_turn skips the schema checks for them (about a fifth of an act).
_OURS_IDS: set[int] = set()


def _ours(*actions: FrozenAction) -> tuple[FrozenAction, ...]:
    """``actions``, noted in :data:`_OURS_IDS` (see there)."""
    for a in actions:
        _OURS_IDS.add(id(a))
    return actions


#: the most Snoop deck states a cast keeps the odds of (_Tables.snoop_odds)
_SNOOP_ODDS_MAX = 4096


def _snoop_odds(deck: dict[str, int]) -> tuple:
    """The odds of chance_outcomes() for this Snoop deck, as the floats the draw uses:
    ``c / total`` is ``float(Fraction(c, total))`` exactly (both are correctly rounded).
    A plain loop, not a generator: a new state is met at most draws of a short run
    (callgrind's 20 games), and a generator's frame made it ~25% dearer."""
    total = sum(deck.values())
    out = []
    for kid, c in deck.items():
        if c:
            out.append((kid, c / total))
    return tuple(out)


# the read-only actions that do not depend on the kids at the table (see _Tables)
_PLAY = {v: FrozenAction(type="play", value=v) for v in VALUES}
_USE_TOKEN = {t: FrozenAction(type="use_token", token=t) for t in TOKEN_PEEKS}
_LIGHTS_OUT = FrozenAction(type="lights_out")
_PASS = FrozenAction(type="pass")
_ours(*_PLAY.values(), *_USE_TOKEN.values(), _LIGHTS_OUT, _PASS)
#: a kid's legal plays in the play phase by the values in its hand, in value order, handed
#: out read-only (BradyBunch._listed): a hand holds 1 to 3 of the 6 values, so at most 41 lists
_PLAYS: dict[frozenset, LegalList] = {}


def _tables_for(player_kids: tuple[str, ...], kids: tuple[str, ...]) -> _Tables:
    key = (player_kids, kids)
    if key not in _TABLES:
        _TABLES[key] = _Tables(player_kids, kids)
    return _TABLES[key]


def _asks(player_kids, rnd: int) -> list[dict]:
    """Every question Alice may ask in round ``rnd``, in the order of the legal list."""
    out: list[dict] = []
    rounds = range(1, rnd + 1)
    for kind in ("ask_played", "ask_looked", "ask_number"):
        out += [{"type": kind, "kid": k, "round": r} for k in player_kids for r in rounds]
    out += [
        {"type": "ask_truth", "kid": k, "about": a, "round": r}
        for k in player_kids
        for a in player_kids
        if a != k
        for r in rounds
    ]
    out += [{"type": "ask_suspect", "kid": k} for k in player_kids]
    return out


def _answers(kids, kid: str, q: str) -> list[dict]:
    """The answers ``kid`` may give to a question of kind ``q``."""
    others = [k for k in kids if k != kid]
    if q == "ask_played":
        return [{"type": "say_card", "value": v} for v in VALUES]
    if q == "ask_looked":
        return [{"type": "say_looked", "kid": k} for k in others + [NOBODY]]
    if q == "ask_number":
        return [{"type": "say_number", "kid": k, "value": v} for k in others for v in VALUES] + [
            {"type": "say_looked", "kid": NOBODY}
        ]
    if q == "ask_truth":
        return [{"type": "say_yes_no", "yes": True}, {"type": "say_yes_no", "yes": False}]
    return [{"type": "say_suspect", "kid": k} for k in kids]


def _kid_entry(
    kid: str,
    seat: int | None,
    hand: int,
    card: int | None,
    up: bool,
    tucked: int,
    cookies: int,
    sign: str | None,
    signed: bool,
    cards: list | None,
    score: int | None,
) -> dict:
    """A kid's entry of a view's ``kids`` (:meth:`BradyBunch._kids_public`)."""
    return {
        "kid": kid,
        "seat": seat,
        "silent": seat is None,
        "hand": hand,
        "played": card is not None,
        "face_up": card if up else None,
        "tucked": tucked,
        "cookies": cookies,
        "sign": sign,
        "signed": signed,
        "cards": cards,
        "score": score,
    }


#: the actions that may change what a view's kid entries show (cards in hand, on the board,
#: face up, tucked; cookies, signs; the end): BradyBunch._kids_public builds them anew after
#: one (the silent kid's card comes with the Snoops' reveal). A play changes its own kid's
#: entry alone, which _do_play puts in the kept entries itself
_BOARD_ACTIONS = frozenset(("reveal_snoops", "cookie", "expose", "end_round", "sign", "accuse"))

#: kid entries of views before the game is over, by what they show (_kid_entry's arguments
#: but the cards and score): kept read-only and handed out as they are (at most this many, then anew)
_KID_ENTRIES: dict[tuple, dict] = {}
_KID_ENTRIES_MAX = 4096


def _copies(entries: list) -> list:
    """A view's list of the game's statements, requests, peeks or exposures (non-empty): the
    game keeps each one read-only (:class:`FrozenEvent`, as the log's entries), so every view
    shares them, as it shares the log's, instead of copying every one for every view (a
    statement never changes once said, and copying them grew with the game). A copy of
    the game (``clone``, a pickle) holds plain dicts in their place, every one of a list
    (the entries it adds later are read-only again): a list whose first entry is plain is
    copied entry by entry, as before."""
    if type(entries[0]) is FrozenEvent:
        return entries.copy()
    return list(map(dict, entries))  # map: no comprehension frame (3.11)


#: a view's keys, in their order (BradyBunch._view_template)
VIEW_KEYS = (
    "game", "players", "viewer", "role", "me", "round", "rounds", "phase", "to_act", "kids", "silent",
    "cousin_oliver", "oliver_cards", "tattletale_count", "reveals", "snoop_deck", "snoops", "snooper",
    "snoop_queue", "requests", "cookie", "tokens", "token", "token_used", "questions", "max_questions",
    "pending", "talk", "exposed", "deck_count", "hand", "my_cards", "peeks", "my_sign", "accused", "roles",
    "over", "winners", "log",
)  # fmt: skip


class BradyBunch(Game):
    """The Brady Bunch Party Game for 3 to 8 players (Alice + 2 to 7 kids).

    Options:
        kids: the kid characters at seats 1.. (default: from ``content.DEFAULT_ORDER``;
            with ``cousin_oliver`` Oliver is always one of them).
        silent: the silent kid of a 3-player game (default: the next unused character).
        cousin_oliver: the Cousin Oliver variant (6 to 8 players only).
        volunteer: each round, after the snooping, every kid may make one claim.
        max_questions: the most questions Alice may ask in a round (None: no limit).
    Test-only keyword ``deal``: ``{"hands": {kid: [3 values]}, "deck": [values, top
    first]}`` fixes the Mischief cards instead of shuffling. Snoop cards are drawn
    at reveal time, as recorded chance events.
    """

    name = "brady_bunch"
    title = "The Brady Bunch Party Game"
    # This class's state in slots, the kernel's and the caches in __dict__: CPython (3.11,
    # 3.12) keeps a __dict__ of at most 30 attributes in its fast inline layout, and a game
    # had ~57 (a capped 8-player random playout ~10% faster). Game.apply_history restores them.
    __slots__ = (
        # _check_options
        "seat_kid", "kid_seat", "player_kids", "kids", "oliver", "reveals", "tattletales", "_tables",
        # _setup
        "_seats", "_targets_now", "hands", "deck", "takers", "board", "face_up", "tucked", "cookies",
        "snoop_deck", "oliver_cards", "tokens", "exposed", "peeks", "talk", "signs", "signs_shown",
        "accused", "final_scores", "roles", "round", "phase", "_kids_kept",
        # _new_round_state
        "snoops", "snoop_queue", "snoop_seen", "requests", "alice_ready", "spoken", "questions",
        "pending", "talk_phase", "cookie_kid", "oliver_done", "token", "token_seen", "token_used",
    )  # fmt: skip
    player_counts = range(3, 9)
    default_options = {"kids": None, "silent": None, "cousin_oliver": False, "volunteer": True, "max_questions": None}
    action_schema = {
        "reveal_snoops": {},
        "request": {"kid": str, "about": str},
        "lights_out": {},
        "play": {"value": int},
        "peek": {"kid": str},
        "claim": {"kid": str, "value": int},
        "pass": {},
        "ask_played": {"kid": str, "round": int},
        "ask_looked": {"kid": str, "round": int},
        "ask_number": {"kid": str, "round": int},
        "ask_truth": {"kid": str, "about": str, "round": int},
        "ask_suspect": {"kid": str},
        "say_card": {"value": int},
        "say_looked": {"kid": str},
        "say_number": {"kid": str, "value": int},
        "say_yes_no": {"yes": bool},
        "say_suspect": {"kid": str},
        "cookie": {"kid": str},
        "expose": {"kid": str},
        "use_token": {"token": str},
        "end_round": {},
        "sign": {"plus": bool},
        "accuse": {"kid": str},
    }

    # ------------------------------------------------------------------ set-up
    def _check_options(self) -> None:
        o = self.options
        n_kids = self.players - 1
        if not isinstance(o["cousin_oliver"], bool):
            raise ValueError(f"cousin_oliver must be True or False, got {o['cousin_oliver']!r}")
        if o["cousin_oliver"] and self.players < 6:
            raise ValueError(f"the Cousin Oliver variant is for 6 to 8 players, not {self.players}")
        if not isinstance(o["volunteer"], bool):
            raise ValueError(f"volunteer must be True or False, got {o['volunteer']!r}")
        mq = o["max_questions"]
        if mq is not None and (isinstance(mq, bool) or not isinstance(mq, int) or mq < 0):
            raise ValueError(f"max_questions must be None or an int >= 0, got {mq!r}")
        kids = o["kids"]
        if kids is None:
            kids = DEFAULT_ORDER[:n_kids]
            if o["cousin_oliver"] and "Oliver" not in kids:
                kids = kids[:-1] + ["Oliver"]
        if (
            not isinstance(kids, (list, tuple))
            or len(kids) != n_kids
            or len(set(kids)) != n_kids
            or any(k not in KIDS for k in kids)
        ):
            raise ValueError(f"kids must be {n_kids} different characters from {KIDS}, got {kids!r}")
        if o["cousin_oliver"] and "Oliver" not in kids:
            raise ValueError("the Cousin Oliver variant needs Oliver among the kids")
        o["kids"] = list(kids)
        silent = o["silent"]
        if self.players == 3:
            if silent is None:
                silent = next(k for k in DEFAULT_ORDER if k not in kids)
            if silent not in KIDS or silent in kids:
                raise ValueError(f"silent must be a character not among the kids {kids}, got {silent!r}")
        elif silent is not None:
            raise ValueError("only a 3-player game has a silent kid")
        o["silent"] = silent
        self.seat_kid = {seat: kid for seat, kid in enumerate(o["kids"], start=1)}
        self.kid_seat: dict[str, int | None] = {kid: seat for seat, kid in self.seat_kid.items()}
        self.player_kids = list(o["kids"])
        self.kids = self.player_kids + ([silent] if silent else [])  # slot order on the board
        if silent:
            self.kid_seat[silent] = None
        self.oliver = "Oliver" if o["cousin_oliver"] else None
        self.reveals = OLIVER_REVEALS[self.players] if self.oliver else SNOOP_REVEALS[self.players]
        self.tattletales = TATTLETALES[self.players]
        self._tables = _tables_for(tuple(self.player_kids), tuple(self.kids))

    def _setup(self, deal: dict | None) -> dict:
        self._seats: list[int] | None = None  # _to_act's answer for this position (see _to_act)
        self._targets_now: list[str] | None = None  # _targets' answer for this position
        if deal is None:
            # the hands and the deck are fresh slices that nothing else holds: the game's own
            cards = shuffled_deck(self.rng)
            self.hands: dict[str, list[int]] = {
                kid: cards[i * HAND : (i + 1) * HAND] for i, kid in enumerate(self.player_kids)
            }
            self.deck: list[int] = cards[len(self.player_kids) * HAND :]
        else:
            deal = self._check_deal(deal)
            self.hands = {k: list(v) for k, v in deal["hands"].items()}
            self.deck = list(deal["deck"])
        self.takers: list[str] = []  # who took each card off the top of the deck, in order
        self.board: dict[str, int | None] = {k: None for k in self.kids}  # this round's cards
        self.face_up: list[str] = []  # kids whose card this round is exposed
        self.tucked: dict[str, list[int]] = {k: [] for k in self.kids}
        self.cookies = {k: 0 for k in self.player_kids}
        self.snoop_deck = {k: 2 for k in self.player_kids if k != self.oliver}
        self.oliver_cards = OLIVER_CARDS if self.oliver else 0
        self.tokens = list(HELP_TOKENS[self.players])
        self.exposed: list[dict] = []
        self.peeks: dict[int, list[dict]] = {s: [] for s in range(self.players)}
        self.talk: list[dict] = []
        self.signs: dict[str, int] = {}
        self.signs_shown = False
        self._kids_kept: list[dict] | None = None  # _kids_public's entries, until a _BOARD_ACTIONS action
        self.accused: str | None = None
        self.final_scores: dict[str, int] = {}
        self.roles: dict[str, list[str]] = {}
        self.round = 1
        self._new_round_state()
        self.phase = "reveal"
        self._emit(
            "setup",
            kids=list(self.kids),
            silent=self.options["silent"],
            tokens=list(self.tokens),
            tattletales=self.tattletales,
            reveals=list(self.reveals),
            cousin_oliver=bool(self.oliver),
        )
        for kid in self.player_kids:
            seat = self.kid_seat[kid]
            self._private("hand", seat, seat=seat, kid=kid, cards=FrozenList(sorted(self.hands[kid])))
        self._public("round", round=1)
        return {"hands": {k: list(v) for k, v in self.hands.items()}, "deck": list(self.deck)}

    def _check_deal(self, deal: dict) -> dict:
        try:
            hands, deck = deal["hands"], list(deal["deck"])
            hands = {k: list(hands[k]) for k in self.player_kids}
        except (KeyError, TypeError):
            raise ValueError(
                f"deal must be a dict with 'hands' ({{kid: 3 values}} for {self.player_kids}) and 'deck'"
            ) from None
        if set(deal["hands"]) != set(self.player_kids):
            raise ValueError(f"deal: hands must be given for exactly the kids {self.player_kids}")
        cards = [c for h in hands.values() for c in h] + deck
        if any(type(c) is not int for c in cards) or any(len(h) != HAND for h in hands.values()):
            raise ValueError("deal: every hand holds 3 card values (ints)")
        if sorted(cards) != full_deck():
            raise ValueError("deal: hands and deck must hold the 48 Mischief cards, eight of each value 1-6")
        return {"hands": hands, "deck": deck}

    def _new_round_state(self) -> None:
        self.snoops: list[str] = []  # revealed this round, in draw order
        self.snoop_queue: list[list] = []  # [kid, peeks left], in order of first draw
        self.snoop_seen: list[str] = []  # kids the current Snoop has looked at
        self.requests: list[dict] = []
        self.alice_ready = False
        self.spoken: list[str] = []  # kids who claimed or passed this round
        self.questions = 0
        self.pending: dict | None = None
        self.talk_phase = "talk"
        self.cookie_kid: str | None = None
        self.oliver_done = False
        self.token: str | None = None  # the token being used
        self.token_seen: list[str] = []
        self.token_used: str | None = None

    def __getstate__(self) -> tuple[dict, dict]:
        # (__dict__, slots), as object's from Python 3.11 on: pickle's protocols 0 and 1 refuse slots without one
        return self.__dict__, self._slot_values()

    # --------------------------------------------------------------- queries
    def kid_of(self, seat: int) -> str | None:
        return self.seat_kid.get(seat)

    def _seat(self, kid: str) -> int | None:
        return self.kid_seat.get(kid)

    def _to_act(self) -> list[int]:
        # Called three times an action (to_act, legal_actions, act), so the answer is kept
        # until the next action (_apply forgets it); the base class hands out copies.
        seats = self._seats
        if seats is None:
            seats = self._seats = self._seats_now()
        return seats

    def _seats_now(self) -> list[int]:
        # the common phases first
        p = self.phase
        if p in _ALICE_PHASES:
            return [ALICE]
        if p == "answer":
            return [self.kid_seat[self.pending["kid"]]]
        if p == "play":
            board, kid_seat = self.board, self.kid_seat  # locals: read once per kid
            seats = [] if self.alice_ready else [ALICE]
            return seats + [kid_seat[k] for k in self.player_kids if board[k] is None]
        if p == "snoop":
            return [self.kid_seat[self.snoop_queue[0][0]]]
        if p == "claims":
            kid_seat, spoken = self.kid_seat, self.spoken  # locals: read once per kid
            return [kid_seat[k] for k in self.player_kids if k not in spoken]
        if p == "expose":
            return [self.kid_seat[self.oliver]]
        if p == "cookie_peek":
            return [self.kid_seat[self.cookie_kid]]
        if p == "signs":
            return [self.kid_seat[k] for k in self.player_kids if self.cookies[k] and k not in self.signs]
        return []

    def _face_down(self, exclude: list[str] | tuple = ()) -> list[str]:
        """Kids with a face-down card on the board, in board order."""
        board, face_up = self.board, self.face_up  # locals: read once per kid
        return [k for k in self.kids if board[k] is not None and k not in face_up and k not in exclude]

    def _table(self, seat: int) -> tuple[tuple[FrozenAction, ...], frozenset, frozenset, LegalList] | None:
        """The shared ``(templates, keys, ids of the templates, the templates as a read-only list)``
        of the seat's legal actions now, or None in the phases whose list depends on more (hands,
        face-down cards, tokens)."""
        p = self.phase
        if p in _LIST_PHASES:  # a third of a short game's actions: said first
            return None
        t = self._tables
        if p == "talk" or p == "final":
            mq = self.options["max_questions"]
            rnd = 0 if mq is not None and self.questions >= mq else self.round
            return t.talk[rnd] if p == "talk" else t.final[rnd]
        if p == "answer":
            return t.answers[self.seat_kid[seat], self.pending["question"]]
        if p == "claims":
            return t.claims
        if p == "reveal":
            return t.reveal
        if p == "signs":
            return t.signs
        if p == "accuse":
            return t.accuse
        return None

    def _legal(self, seat: int) -> list[dict]:
        table = self._table(seat)
        if table is not None:
            # a fresh list of the shared read-only actions (no caller can change them)
            return list(table[0])
        return self._listed(seat)

    def _listed(self, seat: int) -> list[dict]:
        """_legal's list in the phases without a table (``_table`` is None)."""
        # The other phases' lists depend on the position, but their actions do not:
        # fresh lists of the shared read-only actions of _Tables and the module (no
        # dict built per call), in the order the rules give.
        p = self.phase
        t = self._tables
        if p == "play":
            if seat == ALICE:
                asked = {r["snoop"] for r in self.requests}
                out = []
                for s in dict.fromkeys(self.snoops):
                    if s not in asked:
                        out += t.requests[s]
                out.append(_LIGHTS_OUT)
                return out
            # a kid's plays: one read-only list per set of values held (at most 41), kept
            held = frozenset(self.hands[self.seat_kid[seat]])
            plays = _PLAYS.get(held)
            if plays is None:
                plays = _PLAYS[held] = LegalList([_PLAY[v] for v in sorted(held)])
            return plays
        if p in _PEEK_PHASES:
            peek = t.peek
            return [peek[k] for k in self._targets()]
        if p == "expose":
            expose = t.expose
            return [expose[k] for k in self._targets()] + [_PASS]
        if p == "help":
            return [_USE_TOKEN[token] for token in dict.fromkeys(self.tokens)] + [_PASS]
        return []

    def _targets(self) -> list[str]:
        """The kids whose card the peek (or Oliver's exposure) of this phase may choose."""
        # asked twice an action (legal_actions, then act's _is_legal), so the answer is
        # kept until the next action, as _to_act's (_apply forgets both); callers only read it
        targets = self._targets_now
        if targets is None:
            targets = self._targets_now = self._targets_of_phase()
        return targets

    def _targets_of_phase(self) -> list[str]:
        p = self.phase
        if p == "snoop":
            return self._face_down(exclude=[self.snoop_queue[0][0], *self.snoop_seen])
        if p == "cookie_peek":
            return self._face_down(exclude=[self.cookie_kid])
        if p == "help_peek":
            return self._face_down(exclude=self.token_seen)
        return self._face_down(exclude=[self.oliver])  # expose

    #: whether ``_legal`` is this class's own, so that ``_is_legal`` may use the tables;
    #: a subclass that changes ``_legal`` (the tests' broken engines) is tested against its list
    _tables_are_the_truth = True
    #: whether act and legal_actions may take their one-frame paths (made for every subclass)
    _fast_brady = True
    #: whether _emit is the kernel's, so that the busiest events (claims, plays, peeks,
    #: draws: ~7 in 10 of a game's) may be built here directly, the same keys in the same
    #: order (made for every subclass: the tests' leaky engines override _emit)
    _own_emit = True
    #: action type -> the function that applies it (made for every subclass; see _do_functions)
    _do_functions: ClassVar[dict] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._tables_are_the_truth = cls._legal is BradyBunch._legal and cls._listed is BradyBunch._listed
        # act and legal_actions read _to_act's kept answer (self._seats) themselves
        cls._fast_brady = (
            cls._tables_are_the_truth
            and cls._one_pass_turn
            and cls._to_act is BradyBunch._to_act
            and cls._apply is BradyBunch._apply
        )
        cls._do_functions = _do_functions(cls)
        cls._own_emit = cls._emit is Game._emit

    def _is_legal(self, seat: int, action: dict) -> bool:
        # Always the same answer as ``action in self._legal(seat)``, without building the list.
        if not self._tables_are_the_truth:
            return action in self._legal(seat)
        table = self._table(seat)
        if table is not None:
            # one set look-up instead of scanning up to ~270 questions (see _Tables): of
            # the action's id when it is one of the table's own (what legal_actions
            # handed out), else of its key
            return id(action) in table[2] or _KEY[action["type"]](action) in table[1]
        return self._is_listed(seat, action)

    def _is_listed(self, seat: int, action: dict) -> bool:
        """_is_legal's answer in the phases without a table (``_table`` is None)."""
        if self.phase == "play":
            # a third of a short game's actions; the tests of _legal's "play" branch
            kind = action["type"]
            if seat != ALICE:
                return kind == "play" and action["value"] in self.hands[self.seat_kid[seat]]
            if kind == "request":
                snoop, about = action["kid"], action["about"]
                return (
                    snoop in self.snoops
                    and all(r["snoop"] != snoop for r in self.requests)
                    and about != snoop
                    and about in self.kids
                )
            return kind == "lights_out"
        # the other phases: the test of the list _legal would build (one of the same
        # dicts: its type, then its one other value among the list's)
        p = self.phase
        kind = action["type"]
        if p in _PEEK_PHASES:
            return kind == "peek" and action["kid"] in self._targets()
        if p == "expose":
            return kind == "pass" or kind == "expose" and action["kid"] in self._targets()
        if p == "help":
            return kind == "pass" or kind == "use_token" and action["token"] in self.tokens
        return action in self._legal(seat)

    @property
    def to_act(self) -> list[int]:
        # Game.to_act (a fresh list; [] once over) reading _to_act's kept answer itself
        if self._fast_brady:
            if self.over:
                return []
            seats = self._seats
            if seats is None:  # _to_act written out (the first of its three calls a step)
                seats = self._seats = self._seats_now()
            return seats[:]
        return [] if self.over else list(self._to_act())

    def legal_actions(self, seat: int) -> list[dict]:
        # Game.legal_actions with _legal's table look-up written out (one call a step fewer)
        if type(seat) is int and 0 <= seat < self.players and self._fast_brady:
            if self.over or seat not in (self._seats or self._to_act()):
                return []
            table = None if self.phase in _LIST_PHASES else self._table(seat)  # (see act)
            if table is not None:
                # the table's read-only list itself (a LegalList, as Brouhaha and Big Brother
                # hand out), not a fresh copy: Alice's questions are ~270 actions, the claims
                # 43, copied and freed at every step of those phases
                return table[3]
            return self._listed(seat)
        return Game.legal_actions(self, seat)

    def act(self, seat: int, action: Any, at: int | float | None = None) -> list[dict]:
        # The common case in one frame: one of this module's own read-only actions (what
        # legal_actions hands out), no time stamp, a plain int seat the game waits on, and
        # an engine whose legal lists and checks are this class's (see _accepts_turn).
        # Then Game.act would accept it in its one pass and do exactly this: the handed-out
        # action kept as it is in the history and applied. Anything else: Game.act.
        if (
            at is None
            and type(action) is FrozenAction
            and id(action) in _OURS_IDS
            and type(seat) is int
            and not self.over
            and self._fast_brady
            and seat in (self._seats or self._to_act())
        ):
            # _is_legal's test, its table look-up written out (what legal_actions handed out);
            # the phases without a table (half the steps) tested first, without calling _table
            phase = self.phase
            table = None if phase in _LIST_PHASES else self._table(seat)
            if table is None:
                if not self._is_listed(seat, action):
                    return Game.act(self, seat, action, at)  # raises its IllegalAction
            elif id(action) not in table[2]:
                if not self._is_legal(seat, action):
                    return Game.act(self, seat, action, at)  # raises its IllegalAction
            mark = len(self.events)
            seats = self._seats if phase == "play" else None
            self.history.append({"seat": seat, "action": action})
            # _apply written out (one call a step fewer; _fast_brady: this class's _apply)
            kind = action["type"]
            self._seats = self._targets_now = None
            if kind in _BOARD_ACTIONS:
                self._kids_kept = None
            self._do_functions[kind](self, seat, action)
            self._targets_now = None
            if seats is not None and self.phase == "play":
                # Still the play phase: a card or Alice's lights out took just that seat off
                # _seats_now's list, a request took no one off; the rest keep their order. So
                # the seats are kept for the next action instead of asked again (~4 in 10 of a
                # capped 8-player game's actions are in this phase).
                if kind != "request":
                    seats = seats[:]
                    seats.remove(seat)
                self._seats = seats
            else:
                self._seats = None
            return self.events[mark:]
        return Game.act(self, seat, action, at)

    def _accepts_turn(self, seat: int, action: Any) -> bool:
        # One of this module's own read-only actions (what legal_actions hands out) has
        # exactly its type's schema keys and types by construction (tests/test_brady_rules
        # checks every table), so the kernel's schema loop is skipped; the rest are
        # the kernel's checks, in its order. Anything else: the kernel's one pass.
        if type(action) is FrozenAction and id(action) in _OURS_IDS and self._tables_are_the_truth:
            return not self.over and seat in self._to_act() and self._is_legal(seat, action)
        return Game._accepts_turn(self, seat, action)

    def _why_illegal(self, seat: int, action: dict) -> str:
        kind = action["type"]
        now = PHASE_TEXT[self.phase]
        kid = action.get("kid")
        if kid is not None and kid not in self.kids and not (kid == NOBODY and kind == "say_looked"):
            return f"there is no kid {kid!r} in this game (kids: {self.kids})"
        about = action.get("about")
        if about is not None and about not in self.kids:
            return f"there is no kid {about!r} in this game (kids: {self.kids})"
        if kind == "play" and self.phase == "play" and seat != ALICE:
            return f"you hold {sorted(self.hands[self.seat_kid[seat]])}: play one of those values"
        if kind in ASKS:
            mq = self.options["max_questions"]
            if self.phase in ("talk", "final") and mq is not None and self.questions >= mq:
                return f"Alice has asked the {mq} questions this game allows in a round"
            if "round" in action and not 1 <= action["round"] <= self.round:
                return f"questions are about rounds 1..{self.round}, not round {action['round']}"
            if kid is not None and kid not in self.player_kids:
                return f"{kid} is the silent kid and cannot answer questions"
            if kind == "ask_truth" and about == kid and self.phase in ("talk", "final"):
                return f"ask {kid} about another kid than {kid}"
        if kind == "peek" and self.phase in ("snoop", "cookie_peek", "help_peek"):
            if kid in self.face_up:
                return f"{kid}'s card is already face up"
            if kid == self.seat_kid.get(seat):
                # rulebook: a Snoop looks at "any 1 Mischief card played by another kid", and so
                # does the kid with the Cookie
                return f"you cannot look at your own card, {kid}: look at another kid's card"
            if kid in self.snoop_seen or kid in self.token_seen:
                return f"you have just looked at {kid}'s card: look at a different kid's card"
            return f"you cannot look at {kid}'s card now (your own card, or one you have just looked at)"
        if kind == "cookie" and self.cookie_kid is not None and self.phase != "reveal":
            # rulebook: "Alice may not give out more than 1 Cookie per round"
            return f"Alice may give only one Cookie a round, and {self.cookie_kid} has this round's Cookie"
        if kind == "use_token" and self.phase == "final":
            # rulebook: "Once per round ... Alice may also spend a Help Token"
            if self.token_used is not None:
                used = TOKEN_NAMES.get(self.token_used, self.token_used)
                return f"Alice may spend only one Help Token a round, and she has spent {used} this round"
            return "Alice may spend a Help Token once a round, right after the Cookie kid has looked: not now"
        if kind == "use_token" and self.phase in ("reveal", "play", "talk"):
            return "Alice spends a Help Token after the kid given the Cookie has looked at a card"
        if kind == "accuse" and self.phase != "accuse":
            # rulebook: Alice accuses at Scoring, after the 4th round and the Cookie signs
            return f"Alice accuses a kid at the end of the game, after round {ROUNDS} and the Cookie signs"
        if kind == "request" and self.phase == "play":
            if kid not in self.snoops:
                return f"{kid} is not a Snoop this round (Snoops: {self.snoops})"
            return "ask each Snoop once, and about another kid than themselves"
        if kind == "expose" and self.phase == "expose":
            if kid in self.face_up:
                return f"{kid}'s card is already face up"
            return "Cousin Oliver exposes another kid's face-down card, not his own"
        if kind == "use_token" and self.phase == "help":
            return f"Alice has {self.tokens or 'no tokens'} left"
        if kind in ANSWERS and self.phase == "answer":
            return f"that answer does not fit the question {self.pending['question']!r}"
        if kind == "cookie" and self.phase == "talk":
            return f"{kid} is the silent kid: only a playing kid can take a Cookie"
        return f"now is the time for: {now} (not {kind!r})"

    def _chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if self.over or self.phase != "reveal":
            return []
        total = sum(self.snoop_deck.values())
        return [(k, Fraction(c, total)) for k, c in self.snoop_deck.items() if c]

    # ----------------------------------------------------------------- apply
    def _apply(self, seat: int, action: dict, at: Any) -> None:
        self._seats = self._targets_now = None  # the position changes: _to_act and _targets ask again
        kind = action["type"]
        if kind in _BOARD_ACTIONS:
            self._kids_kept = None  # the board may change: the view's kid entries are built anew
        # the class's own table of _do_ functions (a subclass's table names its overrides)
        self._do_functions[kind](self, seat, action)
        self._seats = self._targets_now = None

    def _do_reveal_snoops(self, seat: int, action: dict) -> None:
        drawn = []
        deck = self.snoop_deck
        kept = self._tables.snoop_odds
        for _ in range(self.reveals[self.round - 1]):
            # the odds of chance_outcomes() without building Fractions (~9 us a draw, ~5% of
            # a capped 8-player random game); one tuple per state of the Snoop deck, shared by
            # every game of the cast, so that _chance keeps its table of cumulative weights
            # (~2.5 us a draw less). Keyed by the counts alone, a flat tuple of ints: the
            # cast's own dict knows the kids (half the instructions of a key of the items)
            key = tuple(deck.values())
            outcomes = kept.get(key)
            if outcomes is None:
                outcomes = _snoop_odds(deck)
                if len(kept) >= _SNOOP_ODDS_MAX:
                    kept.clear()
                kept[key] = outcomes
            if not outcomes:  # cannot happen with the rulebook's counts
                break
            kid = self._chance("snoop", outcomes)
            self.snoop_deck[kid] -= 1
            drawn.append(kid)
        self.snoops = drawn
        counts: dict[str, int] = {}
        for kid in drawn:
            counts[kid] = counts.get(kid, 0) + 1
        self.snoop_queue = [[kid, n] for kid, n in counts.items()]
        self._public("snoops", seat=seat, round=self.round, kids=FrozenList(drawn))
        self.phase = "play"
        silent = self.options["silent"]
        if silent:
            value = self.deck.pop(0)
            self.takers.append(silent)
            self.board[silent] = value
            self._public("silent_play", kid=silent, round=self.round)

    def _do_request(self, seat: int, action: dict) -> None:
        req = FrozenEvent(snoop=action["kid"], about=action["about"])  # read-only: views share it (_copies)
        self.requests.append(req)
        self._public("request", seat=seat, round=self.round, **req)

    def _do_lights_out(self, seat: int, action: dict) -> None:
        self.alice_ready = True
        self._public("lights_out", seat=seat, round=self.round)
        self._after_play()

    def _do_play(self, seat: int, action: dict) -> None:
        kid = self.seat_kid[seat]
        value = action["value"]
        self.hands[kid].remove(value)
        self.board[kid] = value
        kept = self._kids_kept
        if kept is not None:
            # the kid's entry alone changes (its hand, its card down): the others stay kept,
            # where building every kid's again cost ~3,600 instructions a kid, at each of the
            # ~4 plays a round per kid (the kept list is never handed out: views get copies)
            kept[self.kids.index(kid)] = self._kid_entries((kid,))[0]
        if self._own_emit:  # Game._emit's two events written out, read-only (see _say, _private)
            step, now = len(self.history), self.round
            self.events += (
                FrozenEvent({"type": "played", "step": step, "seat": seat, "kid": kid, "round": now}),
                FrozenEvent({"type": "my_card", "step": step, "seat": seat, "kid": kid, "round": now, "value": value,
                             "audience": _ONLY_SEAT[seat]}),
            )  # fmt: skip
        else:
            self._emit("played", seat=seat, kid=kid, round=self.round)
            self._emit("my_card", audience=[seat], seat=seat, kid=kid, round=self.round, value=value)
        self._after_play()

    def _after_play(self) -> None:
        # ``None not in map(...)``: "every kid has played" without a generator (ints never == None)
        if self.alice_ready and None not in map(self.board.__getitem__, self.player_kids):
            self._public("eyes_closed", round=self.round)
            self._next_snoop()

    def _peek(self, seat: int, kid: str, via: str) -> None:
        value, now = self.board[kid], self.round
        self.peeks[seat].append(FrozenEvent(round=now, kid=kid, value=value, via=via))  # (see _copies)
        if self._own_emit:  # Game._emit's two events written out, read-only (see _say, _private)
            step = len(self.history)
            self.events += (
                FrozenEvent({"type": "peeked", "step": step, "seat": seat, "via": via, "round": now}),
                FrozenEvent({"type": "peek", "step": step, "seat": seat, "round": now, "kid": kid, "value": value, "via": via,
                             "audience": _ONLY_SEAT[seat]}),
            )  # fmt: skip
            return
        self._emit("peeked", seat=seat, via=via, round=now)
        # the peek's fields written out, not merged from its dict (faster; the same order)
        self._emit("peek", audience=[seat], seat=seat, round=now, kid=kid, value=value, via=via)

    def _do_peek(self, seat: int, action: dict) -> None:
        kid = action["kid"]
        if self.phase == "snoop":
            self._peek(seat, kid, "snoop")
            self.snoop_seen.append(kid)
            self.snoop_queue[0][1] -= 1
            if self.snoop_queue[0][1] == 0:
                self.snoop_queue.pop(0)
                self.snoop_seen = []
                self._next_snoop()
        elif self.phase == "cookie_peek":
            self._peek(seat, kid, "cookie")
            self._to_help()
        else:  # help_peek
            self._peek(seat, kid, self.token)
            self.token_seen.append(kid)
            if len(self.token_seen) >= TOKEN_PEEKS[self.token] or not self._face_down(exclude=self.token_seen):
                self.token = None
                self.token_seen = []
                self._to_final()

    def _next_snoop(self) -> None:
        if self.snoop_queue:
            self.phase = "snoop"
        else:
            self._public("eyes_open", round=self.round)
            self.phase = "claims" if self.options["volunteer"] else "talk"

    def _public(self, type_: str, **fields) -> None:
        """Game._emit's public event of scalar or read-only fields (a list as a
        :class:`FrozenList`), made read-only here (as _say's): the logs share it as it is,
        where Game.log_for would check and copy every one of them (about 70 events a
        5-player game: the questions, eyes closed and open, rounds, Snoops, reveals...)."""
        if self._own_emit:
            self.events.append(FrozenEvent({"type": type_, "step": len(self.history), **fields}))
        else:
            self._emit(type_, **fields)

    def _private(self, type_: str, to: int, /, **fields) -> None:
        """Game._emit's event for seat ``to`` alone (a one-seat audience is sorted), of scalar or
        read-only fields, made read-only here (as _public's): Game.log_for's entry of it is
        one copy without the audience that shares its values, where it would check and copy
        each (the game's ~50 private events: hands, own cards, peeks, draws, signs)."""
        if self._own_emit:
            self.events.append(
                FrozenEvent({"type": type_, "step": len(self.history), **fields, "audience": _ONLY_SEAT[to]})
            )
        else:
            self._emit(type_, audience=[to], **fields)

    def _say(self, seat: int, kind: str, subject: str, rnd: int, value=None, yes=None, question=None) -> None:
        # The talk entry and the event name the same fields, in the same order, each
        # written out: a third faster than one dict of them merged into both (~0.6 us;
        # every claim and answer says something)
        talk, now, speaker = self.talk, self.round, self.seat_kid[seat]
        talk.append(  # read-only: every view shares it (_copies), as the log's entries
            FrozenEvent({
                "i": len(talk),
                "round": now,
                "about_round": rnd,
                "speaker": speaker,
                "kind": kind,
                "subject": subject,
                "value": value,
                "yes": yes,
                "question": question,
            })
        )  # fmt: skip
        if self._own_emit:
            # Game._emit's event written out, and read-only already (its values are scalars):
            # the logs share it as it is (Game.log_for), where they would check and copy it
            self.events.append(
                FrozenEvent({"type": "claim", "step": len(self.history), "seat": seat, "round": now, "about_round": rnd,
                 "speaker": speaker, "kind": kind, "subject": subject, "value": value, "yes": yes, "question": question})
            )  # fmt: skip
            return
        self._emit(
            "claim", seat=seat, round=now, about_round=rnd, speaker=speaker,
            kind=kind, subject=subject, value=value, yes=yes, question=question,
        )  # fmt: skip

    def _do_claim(self, seat: int, action: dict) -> None:
        self.spoken.append(self.seat_kid[seat])
        self._say(seat, "played", action["kid"], self.round, value=action["value"])
        self._after_claims()

    def _do_pass(self, seat: int, action: dict) -> None:
        p = self.phase
        if p == "claims":
            self.spoken.append(self.seat_kid[seat])
            self._public("silent", seat=seat, kid=self.seat_kid[seat], round=self.round)
            self._after_claims()
        elif p == "expose":
            self.oliver_done = True
            self._public("no_expose", seat=seat, round=self.round)
            self.phase = "cookie_peek"
        else:  # help
            self._public("no_token", seat=seat, round=self.round)
            self._to_final()

    def _after_claims(self) -> None:
        # the length first: the scan of the list (quadratic in the kids) then runs once a round
        spoken = self.spoken
        if len(spoken) >= len(self.player_kids) and all(k in spoken for k in self.player_kids):
            self.phase = "talk"

    def _do_ask(self, seat: int, action: dict) -> None:
        self.questions += 1
        question, kid, about = action["type"], action["kid"], action.get("about")
        rnd = action.get("round", self.round)
        self.pending = {"question": question, "kid": kid, "round": rnd, "about": about}
        # the fields written out, not merged from the pending dict (faster; the same order)
        self._public("question", seat=seat, question=question, kid=kid, round=rnd, about=about)
        self.phase = "answer"

    def _do_answer(self, seat: int, action: dict) -> None:
        q = self.pending
        kind = action["type"]
        rnd = q["round"]
        if kind == "say_card":
            self._say(seat, "played", self.seat_kid[seat], rnd, value=action["value"], question=q["question"])
        elif kind == "say_looked":
            self._say(seat, "looked", action["kid"], rnd, question=q["question"])
        elif kind == "say_number":
            self._say(seat, "looked", action["kid"], rnd, value=action["value"], question=q["question"])
        elif kind == "say_yes_no":
            self._say(seat, "vouch", q["about"], rnd, yes=action["yes"], question=q["question"])
        else:
            self._say(seat, "suspect", action["kid"], rnd, question=q["question"])
        self.pending = None
        self.phase = self.talk_phase

    def _do_cookie(self, seat: int, action: dict) -> None:
        kid = action["kid"]
        self.cookies[kid] += 1
        self.cookie_kid = kid
        self.talk_phase = "final"
        self._public("cookie", seat=seat, kid=kid, round=self.round)
        self._public("eyes_closed", round=self.round)
        if self.oliver and self.oliver_cards > 0 and self._face_down(exclude=[self.oliver]):
            self.phase = "expose"
        else:
            self.phase = "cookie_peek"

    def _do_expose(self, seat: int, action: dict) -> None:
        kid = action["kid"]
        self.oliver_cards -= 1
        self.oliver_done = True
        self.face_up.append(kid)
        ex = FrozenEvent(round=self.round, kid=kid, value=self.board[kid])  # (see _copies)
        self.exposed.append(ex)
        self._public("expose", seat=seat, **ex)
        self.phase = "cookie_peek"

    def _to_help(self) -> None:
        if self.tokens and self._face_down():
            self.phase = "help"
        else:
            self._to_final()

    def _do_use_token(self, seat: int, action: dict) -> None:
        token = action["token"]
        self.tokens.remove(token)
        self.token = token
        self.token_used = token
        self.token_seen = []
        self._public("token", seat=seat, token=token, round=self.round)
        self.phase = "help_peek"

    def _to_final(self) -> None:
        self._public("eyes_open", round=self.round)
        self.phase = "final"

    def _do_end_round(self, seat: int, action: dict) -> None:
        now = self.round
        self._public("round_end", seat=seat, round=now)
        board, tucked = self.board, self.tucked  # locals: read once per kid (here and below)
        for kid in self.kids:
            tucked[kid].append(board[kid])
            board[kid] = None
        self.face_up = []
        if now < ROUNDS:
            deck, takers, hands, kid_seat = self.deck, self.takers, self.hands, self.kid_seat
            own, events, step = self._own_emit, self.events, len(self.history)
            for kid in self.player_kids:
                value = deck.pop(0)
                takers.append(kid)
                hands[kid].append(value)
                s = kid_seat[kid]
                if own:  # Game._emit's event written out, read-only (see _private)
                    events.append(
                        FrozenEvent({"type": "draw", "step": step, "seat": s, "kid": kid, "value": value, "round": now,
                                     "audience": _ONLY_SEAT[s]})
                    )  # fmt: skip
                else:
                    self._emit("draw", audience=[s], seat=s, kid=kid, value=value, round=now)
            self.round += 1
            self._new_round_state()
            self.phase = "reveal"
            self._public("round", round=self.round)
        else:
            self._new_round_state()
            self.round = ROUNDS
            self.phase = "signs"
            self._public("scoring")
            self._after_signs()

    def _do_sign(self, seat: int, action: dict) -> None:
        kid = self.seat_kid[seat]
        self.signs[kid] = 1 if action["plus"] else -1
        self._public("signed", seat=seat, kid=kid)
        self._private("my_sign", seat, seat=seat, kid=kid, plus=action["plus"])
        self._after_signs()

    def _after_signs(self) -> None:
        if all(k in self.signs for k in self.player_kids if self.cookies[k]):
            self.signs_shown = True
            self._emit("signs", signs={k: self._sign(k) for k in self.signs})
            self.phase = "accuse"

    def _do_accuse(self, seat: int, action: dict) -> None:
        self.accused = action["kid"]
        scores = {}
        for kid in self.kids:
            cookies = self.cookies.get(kid, 0)
            total = sum(self.tucked[kid]) + cookies * self.signs.get(kid, 1)
            scores[kid] = total
            self._public(
                "reveal",
                kid=kid,
                cards=FrozenList(self.tucked[kid]),
                cookies=cookies,
                sign=self._sign(kid),
                score=total,
            )
        self.final_scores = scores
        self.roles = classify(scores, self.players)
        right = self.accused in self.roles["troublemakers"]
        if right:
            winners = [ALICE] + [self.kid_seat[k] for k in self.roles["tattletales"] if self.kid_seat[k] is not None]
        else:
            winners = [
                self.kid_seat[k]
                for k in self.roles["troublemakers"] + self.roles["sidekicks"]
                if self.kid_seat[k] is not None
            ]
        self.winners = sorted(winners)
        self.over = True
        self.phase = "over"
        self._public("accusation", seat=seat, kid=self.accused, right=right)
        self._emit(
            "game_over",
            winners=list(self.winners),
            roles={k: list(v) for k, v in self.roles.items()},
            scores=dict(scores),
        )

    # ------------------------------------------------------------------ view
    def _sign(self, kid: str) -> str | None:
        """The kid's chosen Cookie sign as shown, ``"+"``/``"-"``, or None before it chose."""
        if kid not in self.signs:
            return None
        return "+" if self.signs[kid] > 0 else "-"

    def _kids_public(self) -> list[dict]:
        """The board's kid entries of a view, in board order: a fresh list of the read-only
        entries kept since the last action that may change one (:data:`_BOARD_ACTIONS`:
        two actions in three change none, the talk's questions and answers, the claims,
        the peeks), shared by every view as the log's entries are. Building them was a
        quarter of a view's cost, and copying them for every view a fifth of it."""
        kept = self._kids_kept
        if kept is None:
            entries = self._kid_entries()
            if self.over:  # then they hold lists (the cards): built afresh for every view
                return entries
            kept = self._kids_kept = entries
        return kept.copy()

    def _kid_entries(self, kids: list[str] | tuple[str, ...] | None = None) -> list[dict]:
        """The board's kid entries as the state shows them now (``kids``: those kids' alone,
        in that order). One loop that reads the
        state once rather than a call per kid reading it again. Until the game is over an
        entry is a pure function of what it shows, so the read-only one kept for it
        (:data:`_KID_ENTRIES`, shared by every game) is taken: an entry rarely changes from
        one round to the next. Once over, fresh plain dicts (they hold the cards' lists)."""
        kid_seat, board, hands, face_up, tucked = self.kid_seat, self.board, self.hands, self.face_up, self.tucked
        cookies, signs, shown, over = self.cookies, self.signs, self.signs_shown, self.over
        out = []
        for kid in self.kids if kids is None else kids:
            seat = kid_seat[kid]
            card = board[kid]
            shows = (
                kid,
                seat,
                len(hands[kid]) if seat is not None else 0,
                card,
                kid in face_up,
                len(tucked[kid]),
                cookies.get(kid, 0),
                (("+" if signs[kid] > 0 else "-") if kid in signs else None) if shown else None,  # _sign
                kid in signs,
            )
            if over:  # the cards and scores too (once a game)
                out.append(_kid_entry(*shows, list(tucked[kid]), self.final_scores.get(kid)))
                continue
            kept = _KID_ENTRIES.get(shows)
            if kept is None:
                if len(_KID_ENTRIES) >= _KID_ENTRIES_MAX:
                    _KID_ENTRIES.clear()
                kept = _KID_ENTRIES[shows] = FrozenEvent(_kid_entry(*shows, None, None))
            out.append(kept)
        return out

    def _view_template(self, seat: int | None) -> dict:
        """A view's every key in its order, holding the values that stay the same for the
        seat all game (the rest None), kept per seat: :meth:`_view` fills a copy. A view has
        39 keys, and a dict display that long is built key by key, growing its table three
        times (~23,000 instructions a view under callgrind); a copy of a dict of the same
        keys is one block copy, and filling in the ~30 that change costs half of that."""
        templates = getattr(self, "_view_templates", None)  # not self.__dict__: see Game._shown
        if templates is None:
            templates = self._view_templates = {}
        template = templates.get(seat)
        if template is None:
            if seat is None:
                role = me = None
            elif seat == ALICE:
                role, me = "alice", "Alice"
            else:
                role, me = "kid", self.seat_kid.get(seat)
            template = templates[seat] = dict.fromkeys(VIEW_KEYS)
            template.update(
                game=self.name,
                players=self.players,
                viewer=seat,
                role=role,
                me=me,
                rounds=ROUNDS,
                silent=self.options["silent"],
                cousin_oliver=bool(self.oliver),
                tattletale_count=self.tattletales,
                max_questions=self.options["max_questions"],
            )
        return template

    def _view(self, seat: int | None, reveal: bool = False) -> dict:
        # the seat's own parts read once, before the dict; an empty state list gives a fresh
        # [] without running a comprehension (a frame each in 3.11)
        if seat is None:
            kid = hand = my_cards = my_sign = None
            peeks: list = []
        else:
            kid = self.seat_kid.get(seat)
            if kid:
                hand = sorted(self.hands[kid])
                card = self.board[kid]
                my_cards = self.tucked[kid] + [card] if card is not None else self.tucked[kid].copy()
                signs = self.signs
                my_sign = ("+" if signs[kid] > 0 else "-") if kid in signs else None  # _sign
            else:
                hand = my_cards = my_sign = None
            mine = self.peeks[seat]
            peeks = _copies(mine) if mine else []
        over = self.over
        phase = self.phase
        snoop_queue, requests, exposed, pending = self.snoop_queue, self.requests, self.exposed, self.pending
        # the template's copy holds the keys in their order and the seat's constants (game,
        # players, viewer, role, me, rounds, silent, cousin_oliver, tattletale_count,
        # max_questions); the rest are filled in here. The state's lists are copied with
        # list.copy(): the same plain list as list(x) or x[:], ~250 instructions fewer each
        # (no global look-up and type call, no slice object), eight or so a view
        view = self._view_template(seat).copy()
        view["round"] = self.round
        view["phase"] = phase
        # to_act's and _kids_public's kept answers read here when they are kept (the scheduler
        # asked to_act before the view; most views come before any board action): two calls
        # a view fewer, ~1,200 instructions of ~30,000
        seats = self._seats if self._fast_brady and not over else None
        view["to_act"] = seats.copy() if seats is not None else self.to_act
        kids = self._kids_kept
        view["kids"] = kids.copy() if kids is not None else self._kids_public()
        view["oliver_cards"] = self.oliver_cards if self.oliver else None
        view["reveals"] = self.reveals.copy()
        view["snoop_deck"] = sum(self.snoop_deck.values())
        view["snoops"] = self.snoops.copy()
        view["snooper"] = snoop_queue[0][0] if phase == "snoop" else None
        view["snoop_queue"] = list(map(list, snoop_queue)) if snoop_queue else []
        view["requests"] = _copies(requests) if requests else []
        view["cookie"] = self.cookie_kid
        view["tokens"] = self.tokens.copy()
        view["token"] = self.token
        view["token_used"] = self.token_used
        view["questions"] = self.questions
        view["pending"] = dict(pending) if pending else None
        view["talk"] = _copies(self.talk) if self.talk else []
        view["exposed"] = _copies(exposed) if exposed else []
        view["deck_count"] = len(self.deck)
        view["hand"] = hand
        view["my_cards"] = my_cards
        view["peeks"] = peeks
        view["my_sign"] = my_sign
        if over:
            view["accused"] = self.accused
            view["roles"] = {k: list(v) for k, v in self.roles.items()}
        view["over"] = over
        view["winners"] = self.winners.copy()
        view["log"] = self.log_for(seat, reveal=reveal)
        if reveal:
            view["hands"] = {k: sorted(self.hands[k]) for k in self.player_kids}
            view["board"] = dict(self.board)
            view["tucked_cards"] = {k: list(v) for k, v in self.tucked.items()}
            view["deck"] = list(self.deck)
            view["all_peeks"] = {str(s): [dict(p) for p in ps] for s, ps in self.peeks.items()}
            view["chosen_signs"] = {k: self._sign(k) for k in self.signs}
            view["snoop_cards"] = dict(self.snoop_deck)
        return view

    # ------------------------------------------------------- hidden information
    def known_cards(self, seat: int | None) -> dict[tuple[str, int], int]:
        """``{(kid, round): value}`` of the played cards ``seat`` knows: its own,
        its peeks, the exposed ones, and every card once the game is over."""
        known: dict[tuple[str, int], int] = {}
        for kid in self.kids:
            cards = self.tucked[kid] + ([self.board[kid]] if self.board[kid] is not None else [])
            for r, v in enumerate(cards, start=1):
                if self.over or (seat is not None and seat != ALICE and self.seat_kid.get(seat) == kid):
                    known[(kid, r)] = v
        for ex in self.exposed:
            known[(ex["kid"], ex["round"])] = ex["value"]
        if seat is not None:
            for p in self.peeks[seat]:
                known[(p["kid"], p["round"])] = p["value"]
        return known

    def resample(self, seat: int | None, rng: _random.Random) -> BradyBunch:
        """A game with the same public history whose hidden information is redrawn
        consistently with everything ``seat`` knows: the other kids' hands, draws
        and unseen played cards, the silent kid's unseen cards, the deck order, the
        other seats' peek targets, and cookie signs not yet shown. Used by the leak test."""
        mine = self.seat_kid.get(seat) if seat is not None else None
        known = self.known_cards(seat)
        # the cards each kid has taken so far: plays in round order, then the hand
        plays = {k: self.tucked[k] + ([self.board[k]] if self.board[k] is not None else []) for k in self.kids}
        pool = full_deck()
        if mine:
            for v in plays[mine] + self.hands[mine]:
                pool.remove(v)
        for (kid, _r), v in known.items():
            if kid != mine:
                pool.remove(v)
        rng.shuffle(pool)
        new_plays: dict[str, list[int]] = {}
        new_hands: dict[str, list[int]] = {}
        for kid in self.kids:
            if kid == mine:
                continue
            new_plays[kid] = [
                known[(kid, r)] if (kid, r) in known else pool.pop() for r in range(1, len(plays[kid]) + 1)
            ]
            if self.kid_seat[kid] is not None:
                new_hands[kid] = [pool.pop() for _ in self.hands[kid]]
        # rebuild the deal: a kid's taken cards are its plays then its hand; the
        # first three were dealt, the rest came off the deck at its turns to draw
        hands, deck_parts = {}, {}
        for kid in self.player_kids:
            if kid == mine:
                hands[kid] = list(self.deal["hands"][kid])
                continue
            taken = new_plays[kid] + new_hands[kid]
            hands[kid] = taken[:HAND]
            deck_parts[kid] = taken[HAND:]
        silent = self.options["silent"]
        if silent:
            deck_parts[silent] = list(new_plays[silent])
        deck = []
        for i, taker in enumerate(self.takers):
            deck.append(self.deal["deck"][i] if taker == mine else deck_parts[taker].pop(0))
        deck += pool
        deal = {"hands": hands, "deck": deck}
        twin = type(self)(self.players, self.seed, deal=deal, **self.options)
        twin._forced = [h["outcome"] for h in self.history if h.get("seat") == "chance"]
        for h in self.history:
            if h.get("seat") == "chance":
                continue
            s, action = h["seat"], dict(h["action"])
            kind = action["type"]
            if s != seat:
                if kind == "play":
                    kid = self.seat_kid[s]
                    action["value"] = new_plays[kid][twin.round - 1]
                elif kind == "peek":
                    action = rng.choice(twin.legal_actions(s))
                elif kind == "sign" and not self.signs_shown:
                    action = {"type": "sign", "plus": rng.random() < 0.5}
            twin.act(s, action, h.get("at"))
        twin._forced = None
        return twin

    # --------------------------------------------------------------- helpers
    def scores_of_kids(self) -> dict[str, int]:
        """Final totals (after the accusation), ``{}`` before."""
        return dict(self.final_scores)


#: action type -> its key: the values of "type" and the schema's fields, in schema order
#: (itemgetter gives a tuple, or the bare type for an action without fields)
_KEY = {kind: itemgetter("type", *schema) for kind, schema in BradyBunch.action_schema.items()}

#: action type -> the name of the method that applies it (every question goes to _do_ask, every answer to _do_answer)
_DO = {
    kind: "_do_" + ("ask" if kind in ASKS else "answer" if kind in ANSWERS else kind)
    for kind in BradyBunch.action_schema
}


def _do_functions(cls: type) -> dict:
    """action type -> the function of ``cls`` that applies it (by the names of _DO, looked up
    once per class instead of once per action: a subclass's overrides are the ones found)."""
    return {kind: getattr(cls, name) for kind, name in _DO.items()}


BradyBunch._do_functions = _do_functions(BradyBunch)
