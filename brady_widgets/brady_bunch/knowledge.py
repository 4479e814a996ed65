"""What one seat knows about the kids' totals in The Brady Bunch Party Game, from its view alone.

A kid's final total is the sum of its four Mischief cards (one per round), plus or
minus one point per Cookie. :func:`position` turns a view into a small model of
the viewer's uncertainty, :class:`Position`, which ``odds.py`` computes with:

* **seen cards are fixed**: a kid viewer's own plays (``my_cards``), the viewer's
  peeks (``peeks``), Cousin Oliver's exposures (``exposed``) and, once the game
  is over, every card (``kids[i]["cards"]``);
* **every other card is a draw without replacement** from the cards the viewer
  cannot place: the 48-card deck (eight of each value 1..6, or ``counts``) minus
  the seen cards and minus a kid viewer's own hand. That covers cards played face
  down and never seen, cards tucked unseen, and cards not played yet: which of the
  unseen cards sits where is, from the viewer's chair, a random arrangement
  (every hidden card is exchangeable with every other: that is why a card in
  Greg's hand and a card at the bottom of the deck count the same);
* **a kid viewer's own future plays** are its own choice, which no odds can know:
  the model is "I play a card from my hand uniformly at random each round",
  drawing to three cards between rounds (:func:`my_future`);
* **Cookie signs**: a shown sign (``kids[i]["sign"]``, or a kid viewer's own
  ``my_sign``) is fixed; an unknown sign is + or - with probability 1/2 each.
  Only the Cookies given so far count (future Cookies are Alice's choice);
* **claims are evidence** (:func:`claim_likelihoods`): with trust ``t`` in a
  speaker, the statement "kid X played v in round r" (``kind == "played"``, or
  ``"looked"`` with a value) has likelihood ``t`` if X's round-r card is ``v``
  and ``(1 - t) / 5`` otherwise (a liar names one of the five other values at
  random). ``t = 1/6`` makes a claim worthless; ``t = 1`` makes it certain.
  Claims about a card the viewer has seen change nothing (the same factor in
  every world) and are dropped; so are the viewer's own statements.

What it teaches: a total is a sum of cards drawn without replacement, and a claim
is a likelihood whose strength is set by how far you trust the speaker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real
from typing import Any

from .content import COPIES, HAND, ROUNDS, VALUES

#: Number of values a liar may name instead of the true one.
OTHER_VALUES = len(VALUES) - 1
DEFAULT_TRUST = Fraction(7, 10)

Slot = tuple  # (kid, round)


def deck_counts(counts: dict | None = None) -> dict[int, int]:
    """The deck composition ``{value: copies}`` (the game's: eight each of 1..6)."""
    if counts is None:
        return {v: COPIES for v in VALUES}
    if not isinstance(counts, dict) or not counts:
        raise ValueError(f"counts must be a non-empty dict {{value: copies}}, got {counts!r}")
    out = {}
    for v, c in counts.items():
        if isinstance(v, bool) or v not in VALUES or isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise ValueError(f"counts must map card values {VALUES} to int copies >= 0, got {v!r}: {c!r}")
        out[v] = c
    return dict(sorted(out.items()))


def _number(t: Any, exact: bool):
    """A trust level as an exact Fraction (a float is read as written: 0.7 -> 7/10) or a float."""
    # a float is a Real: checked by its type first (the ABC check costs a few thousand instructions)
    if type(t) is not float and (isinstance(t, bool) or not isinstance(t, (Real, Fraction))):
        raise ValueError(f"trust must be a number from 0 to 1, got {t!r}")
    if not 0 <= t <= 1:
        raise ValueError(f"trust must be from 0 to 1, got {t!r}")
    if exact:
        return Fraction(repr(float(t))) if isinstance(t, float) else Fraction(t)
    return float(t)


def trust_of(trust: Any, speaker: str, exact: bool = False):
    """How far the viewer trusts ``speaker`` (``None``: the speaker's claims are ignored).

    ``trust`` is ``None`` (ignore all claims), one number for everybody, or
    ``{speaker: number}`` (speakers not listed are ignored)."""
    if trust is None:
        return None
    if isinstance(trust, dict):
        if speaker not in trust or trust[speaker] is None:
            return None
        return _number(trust[speaker], exact)
    return _number(trust, exact)


def check_trust(trust: Any) -> None:
    """Raise ``ValueError`` for a malformed ``trust`` argument."""
    if trust is None:
        return
    if isinstance(trust, dict):
        for _k, t in trust.items():
            if t is not None:
                _check_number(t)
        return
    _check_number(trust)


def _check_number(t: Any) -> None:
    """Raise what ``_number(t, exact=True)`` raises. A float that passes its checks always has
    its exact Fraction (a finite float), so only other types build one (~35,000 instructions
    for a float's, from its repr: Alice's bot checks her trust in every kid at her accusation)."""
    _number(t, type(t) is not float)


def known_cards(view: dict) -> dict[Slot, int]:
    """``{(kid, round): value}`` of every card the viewer has seen."""
    known: dict[Slot, int] = {}
    me = view.get("me") if view.get("role") == "kid" else None
    if me is not None:
        for r, v in enumerate(view.get("my_cards") or [], start=1):
            known[(me, r)] = v
    for ex in view.get("exposed") or []:
        known[(ex["kid"], ex["round"])] = ex["value"]
    for p in view.get("peeks") or []:
        known[(p["kid"], p["round"])] = p["value"]
    for k in view["kids"]:
        if k.get("cards") is not None:
            for r, v in enumerate(k["cards"], start=1):
                known[(k["kid"], r)] = v
        if k.get("face_up") is not None and view.get("round") is not None:
            known[(k["kid"], view["round"])] = k["face_up"]
    return known


def my_future(
    hand: list[int], played: int, rounds: int = ROUNDS, hand_size: int = HAND
) -> tuple[list[tuple[Fraction, tuple[int, ...], int]], int]:
    """A kid viewer's future plays under "I play a uniformly random card from my hand".

    The kid holds ``hand`` and has played ``played`` cards; before each future play
    it draws back up to ``hand_size`` while draws remain (a kid takes
    ``hand_size + rounds - 1`` cards in a game). Returns ``(outcomes, draws)``:
    ``draws`` cards will still be drawn from the unseen cards, and each outcome
    ``(probability, hand indices played, number of drawn cards played)``. Which
    drawn cards are played does not matter: unseen cards are exchangeable.
    """
    future = rounds - played
    draws = hand_size + rounds - 1 - played - len(hand)
    if future < 0 or draws < 0 or future > len(hand) + draws:
        raise ValueError(f"a hand of {len(hand)} after {played} plays does not fit a {rounds}-round game")
    out: dict[tuple, Fraction] = {}

    def walk(held: tuple, left: int, plays_left: int, used: tuple, p: Fraction) -> None:
        # held: hand indices still held (ints) and drawn cards (strings "d0", "d1", ...)
        if plays_left == 0:
            idx = tuple(sorted(i for i in used if isinstance(i, int)))
            key = (idx, sum(1 for i in used if not isinstance(i, int)))
            out[key] = out.get(key, 0) + p
            return
        if len(held) < hand_size and left > 0:
            walk(held + (f"d{draws - left}",), left - 1, plays_left, used, p)
            return
        for c in held:
            walk(tuple(x for x in held if x != c), left, plays_left - 1, used + (c,), p / len(held))

    walk(tuple(range(len(hand))), draws, future, (), Fraction(1))
    return [(p, idx, j) for (idx, j), p in sorted(out.items())], draws


def claim_likelihoods(
    view: dict, trust: Any, known: dict[Slot, int] | None = None, exact: bool = False
) -> dict[Slot, dict[int, Any]]:
    """``{(kid, round): {value: likelihood}}`` for every unseen card someone made a claim about.

    The likelihood of one claim "value c" by a speaker trusted ``t`` is ``t`` for
    ``c`` and ``(1 - t) / 5`` for each other value; several claims about the same
    card multiply. Each table covers the values 1..6."""
    if trust is None:
        return {}
    known = known_cards(view) if known is None else known
    viewer_kid = view.get("me") if view.get("role") == "kid" else None
    played_by_me = len(view.get("my_cards") or []) if viewer_kid else 0
    rounds = view.get("rounds", ROUNDS)
    one = Fraction(1) if exact else 1.0
    out: dict[Slot, dict[int, Any]] = {}
    odds: dict[str, tuple] = {}  # speaker -> (t, liar): trust_of once per speaker, not per claim
    for st in view.get("talk") or []:
        if st.get("kind") not in ("played", "looked") or st.get("value") is None:
            continue
        speaker, subject, r, claimed = st["speaker"], st["subject"], st["about_round"], st["value"]
        if speaker == viewer_kid:
            continue  # your own words are no evidence to you
        slot = (subject, r)
        if slot in known or not 1 <= r <= rounds:
            continue
        if subject == viewer_kid and r > played_by_me:
            continue  # a claim about a card I have not played yet: my own choice
        if speaker not in odds:
            t = trust_of(trust, speaker, exact)
            odds[speaker] = (t, None if t is None else (one - t) / OTHER_VALUES)
        t, liar = odds[speaker]
        if t is None:
            continue
        table = out.setdefault(slot, {})
        for v in VALUES:
            table[v] = table.get(v, one) * (t if v == claimed else liar)
    return out


@dataclass
class Position:
    """The viewer's uncertainty about the final totals, ready to compute with.

    ``kids``: board order. ``fixed[kid]``: the sum of the kid's seen cards.
    ``unknown``: the unseen card slots ``(kid, round)`` of the other kids, each a
    draw from ``pool`` (``{value: copies}``). ``likelihood``: claim tables of
    some of those slots. ``cookies[kid]`` and ``signs[kid]`` (+1, -1 or ``None``
    = unknown, + or - with probability 1/2). ``me``: a kid viewer, whose own
    future plays follow ``future`` (outcomes of :func:`my_future`) over ``hand``,
    with ``draws`` more cards to come from the pool."""

    kids: list[str]
    rounds: int
    known: dict[Slot, int]
    fixed: dict[str, int]
    pool: dict[int, int]
    unknown: list[Slot]
    likelihood: dict[Slot, dict[int, Any]]
    cookies: dict[str, int]
    signs: dict[str, int | None]
    me: str | None = None
    hand: list[int] = field(default_factory=list)
    draws: int = 0
    future: list = field(default_factory=list)

    def unknown_of(self, kid: str) -> list[Slot]:
        return [s for s in self.unknown if s[0] == kid]

    def sign_options(self, kid: str, exact: bool = False) -> list[tuple[Any, int]]:
        """``[(probability, points)]`` the kid's Cookies add to its total."""
        c = self.cookies.get(kid, 0)
        if not c:
            return [(1, 0)]
        s = self.signs.get(kid)
        if s is not None:
            return [(1, s * c)]
        half = Fraction(1, 2) if exact else 0.5
        return [(half, c), (half, -c)]


def _sign(s: Any) -> int | None:
    if s in ("+", 1, True):
        return 1
    if s in ("-", -1, False):
        return -1
    return None


def position(view: dict, trust: Any = None, counts: dict | None = None, exact: bool = False) -> Position:
    """Build the :class:`Position` of ``view``'s seat (see the module docstring for the model)."""
    check_trust(trust)
    rounds = view.get("rounds", ROUNDS)
    kids = [k["kid"] for k in view["kids"]]
    known = known_cards(view)
    me = view.get("me") if view.get("role") == "kid" else None
    hand = list(view.get("hand") or []) if me else []
    pool = deck_counts(counts)
    seen = [v for v in known.values()] + hand
    for v in seen:
        if pool.get(v, 0) <= 0:
            raise ValueError(f"the cards this view has seen ({sorted(seen)}) do not fit the deck {pool}")
        pool[v] -= 1
    future, draws = ([], 0)
    unknown: list[Slot] = []
    for kid in kids:
        if kid == me:
            continue
        unknown += [(kid, r) for r in range(1, rounds + 1) if (kid, r) not in known]
    if me is not None:
        played = len(view.get("my_cards") or [])
        if view.get("over") or played >= rounds:
            future, draws = [(Fraction(1), (), 0)], 0
        else:
            future, draws = my_future(hand, played, rounds)
    if sum(pool.values()) < len(unknown) + draws:
        raise ValueError(f"{len(unknown) + draws} unseen cards cannot come from a pool of {sum(pool.values())}")
    fixed = {kid: sum(v for (k, r), v in known.items() if k == kid and r <= rounds) for kid in kids}
    cookies = {k["kid"]: int(k.get("cookies") or 0) for k in view["kids"]}
    signs = {k["kid"]: _sign(k.get("sign")) for k in view["kids"]}
    if me is not None and signs.get(me) is None:
        signs[me] = _sign(view.get("my_sign"))
    return Position(
        kids=kids,
        rounds=rounds,
        known=known,
        fixed=fixed,
        pool=pool,
        unknown=unknown,
        likelihood=claim_likelihoods(view, trust, known, exact),
        cookies=cookies,
        signs=signs,
        me=me,
        hand=hand,
        draws=draws,
        future=future,
    )
