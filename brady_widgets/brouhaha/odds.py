"""Exact odds for Brouhaha, from a seat's view only.

:func:`share_chance` is the odds panel: from what a seat may know (its view), the
chance that some *other* face-down card shows the same animal as its own
face-down card. Cries are public, animals are not; with shared cries
(``cries="shared"``, the default) one cry word is shared by three look-alike
species, so hearing your own cry elsewhere is a probability, not a certainty.

The model (documented in ``docs/brouhaha.md``):

* the **unseen pool** is every animal card of the box (42) minus what the seat has
  seen: the removed cards (public), every Reserve, the Bang-lost cards, its own
  hand and its own face-down card, and the two cards shown in a reveal that is
  still on the table;
* each of the ``m`` other face-down cards crying the seat's cry (not the announced
  Hunter's imitation) is a card drawn without replacement from the unseen cards of
  that cry's species: ``n_mine`` copies of its own animal (0 or 1) and ``n_other``
  cards of the other species of the cry;
* P(some of them is its animal) = ``1 - C(n_other, m) / C(n_other + n_mine, m)``.

A seat with no animal face down (no card, or a Hunter) gets ``Fraction(0)``.
Everything is a :class:`fractions.Fraction`: exact.

The birthday-lesson helpers are here too: :func:`shared_animal_chance` (k cards
drawn without replacement from a deck of ``counts``: the chance two show the same
animal) and :func:`birthday` (the classic problem, with replacement).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from math import comb, prod
from typing import Any

from ..progress import checks, choice, mapping, plain, text

__all__ = [
    "share_chance",
    "share_parts",
    "unseen_pool",
    "cry_of",
    "species_of_cry",
    "shared_animal_chance",
    "birthday",
    "box_counts",
]

HUNTER = "hunter"

#: what share_parts and share_chance take: a seat's view
VIEW = mapping("a Brouhaha view (game.view(seat))")


# ------------------------------------------------------------------ content
@cache
def _tables() -> tuple:
    """``(ids, {mode: {animal: cry}}, {mode: {cry: (animals...)}})`` from :mod:`.content`."""
    from .content import ANIMALS

    ids = tuple(a["id"] for a in ANIMALS)
    cries = {"shared": {a["id"]: a["cry"] for a in ANIMALS}, "solo": {a["id"]: a["solo_cry"] for a in ANIMALS}}
    groups: dict = {}
    for mode, table in cries.items():
        g: dict = {}
        for animal in ids:
            g.setdefault(table[animal], []).append(animal)
        groups[mode] = {cry: tuple(members) for cry, members in g.items()}
    return ids, cries, groups


def _mode(view: Mapping) -> str:
    options = view.get("options") or {}
    return options.get("cries", "shared")


def _an_animal(name: str, value: Any) -> None:
    """One of the box's 21 species (its id, as ``content.ANIMALS`` names it)."""
    choice(_tables()[0])(name, value)


#: how the animals cry: the table option ``cries``
CRIES = choice(("shared", "solo"))


@checks(animal=_an_animal, cries=CRIES)
def cry_of(animal: str, cries: str = "shared") -> str:
    """The cry word of ``animal`` (``cries``: ``"shared"`` or ``"solo"``)."""
    return _cry_of(animal, cries)


def _cry_of(animal: str, cries: str) -> str:
    return _tables()[1][cries][animal]


@checks(cry=text, cries=CRIES)
def species_of_cry(cry: str, cries: str = "shared") -> tuple:
    """The species that make the cry ``cry`` (three with shared cries, one with solo)."""
    return _species_of_cry(cry, cries)


def _species_of_cry(cry: str, cries: str) -> tuple:
    return _tables()[2][cries].get(cry, ())


def box_counts() -> Counter:
    """Every animal card of the box: ``Counter({animal: 2})`` for the 21 species."""
    return Counter({a: 2 for a in _tables()[0]})


def _flat(cards) -> list:
    """Cards from a list, a list of lists (per seat) or a dict of lists; None -> []."""
    if cards is None:
        return []
    if isinstance(cards, Mapping):
        cards = list(cards.values())
    out = []
    for c in cards:
        if type(c) is str:  # a card (most of them): no Mapping check, an ABC's slow isinstance
            out.append(c)
        elif isinstance(c, (list, tuple)):
            out.extend(c)
        elif isinstance(c, Mapping):
            out.extend(_flat(c))
        elif c is not None:
            out.append(c)
    return out


def _known_down(view: Mapping) -> dict:
    """Face-down cards the seat sees: its own, and the two of a reveal on the table."""
    known = {}
    reveal = view.get("reveal")
    if reveal:
        for seat, card in zip(reveal.get("seats", ()), reveal.get("cards", ())):
            known[seat] = card
    if view.get("viewer") is not None and view.get("my_down") is not None:
        known[view["viewer"]] = view["my_down"]
    return known


@checks(view=VIEW)
def unseen_pool(view: Mapping) -> Counter:
    """The animal cards the seat has not seen: the box minus the removed cards, every
    Reserve, the lost cards, its own hand and face-down card, and a reveal's cards."""
    return _unseen_pool(view)


def _unseen_pool(view: Mapping) -> Counter:
    return Counter(_unseen_less(_public_counts(view), view, _known_down(view)))


def _public_counts(view: Mapping) -> dict:
    """``{animal: n}`` for every species of the box with a copy left (in the box's order):
    its copies less the cards every seat sees, the removed cards, the Reserves and the lost
    cards (a species with none left, or a negative count of a broken view, is dropped).
    Changes only at a match, a hunt or a lost card: the bots keep it between questions."""
    pool = dict.fromkeys(_tables()[0], 2)
    for c in _flat(view.get("removed")) + _flat(view.get("reserves")) + _flat(view.get("lost")):
        if c in pool:
            pool[c] -= 1
    return {a: n for a, n in pool.items() if n > 0}


def _unseen_less(public: dict, view: Mapping, known: Mapping) -> dict:
    """:func:`unseen_pool` as a dict, from :func:`_public_counts` of ``view`` (not changed)
    and :func:`_known_down` of it: less the seat's hand and the face-down cards it knows (a
    species whose last copy it sees is dropped: the order of the others stays)."""
    pool = public.copy()
    for c in [*(view.get("my_hand") or ()), *known.values()]:
        n = pool.get(c)
        if n is not None:
            if n > 1:
                pool[c] = n - 1
            else:
                del pool[c]
    return pool


@checks(view=VIEW)
def share_parts(view: Mapping) -> dict:
    """The numbers behind :func:`share_chance`, for the odds panel to show its working:
    ``{"animal", "cry", "m", "n_mine", "n_other", "known", "chance"}`` (``m`` other
    face-down cards cry the seat's cry and are unknown to it; ``known`` of them are
    known and are its animal; ``chance`` is a Fraction)."""
    mine = view.get("my_down")
    out = {"animal": mine, "cry": None, "m": 0, "n_mine": 0, "n_other": 0, "known": 0, "chance": Fraction(0)}
    if mine is None or mine == HUNTER or view.get("viewer") is None:
        return out
    mode = _mode(view)
    cry = _cry_of(mine, mode)
    out["cry"] = cry
    me = view["viewer"]
    hunter = view.get("hunter_down")
    known = _known_down(view)
    cries = view.get("cries") or []
    m = hits = 0
    for seat, word in enumerate(cries):
        if seat == me or seat == hunter or word != cry:
            continue
        if seat in known:
            hits += known[seat] == mine
        else:
            m += 1
    pool = _unseen_pool(view)  # share_parts' own entry checked the view
    n_mine = pool[mine]
    n_other = sum(pool[a] for a in _species_of_cry(cry, mode) if a != mine)
    out.update(m=m, n_mine=n_mine, n_other=n_other, known=hits)
    if hits:
        out["chance"] = Fraction(1)
    elif m and n_mine:
        total = comb(n_mine + n_other, m)
        # m > n_mine + n_other cannot happen in a real game; then every card of the cry is down
        out["chance"] = Fraction(1) if total == 0 else 1 - Fraction(comb(n_other, m), total)
    return out


@checks(view=VIEW)
def share_chance(view: Mapping) -> Fraction:
    """The exact chance, from ``view`` alone, that some other face-down card shows the
    same animal as the seat's own face-down card (``Fraction(0)`` with no animal
    face down). See the module docstring for the model."""
    return share_parts(view)["chance"]


# ------------------------------------------------------------- birthday lesson
def _counts_list(counts) -> list[int]:
    if counts is None:
        counts = box_counts()
    if not isinstance(counts, (Mapping, list, tuple, range)):
        raise TypeError(f"counts must be a deck, {{animal: copies}} or a list of copies, got {plain(counts)}")
    values = list(counts.values()) if isinstance(counts, Mapping) else list(counts)
    for c in values:
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise ValueError(f"counts must be whole numbers of copies >= 0, got {c!r}")
    return [c for c in values if c]


def shared_animal_chance(k: int, counts: Mapping | Iterable[int] | None = None) -> Fraction:
    """Exact chance that among ``k`` cards drawn without replacement from a deck holding
    ``counts`` copies of each animal (``{animal: copies}`` or a list of copies; default:
    the 42 animal cards of the box), some two show the same animal.

    No two share iff the k cards are k different animals: choose k animals and one of
    their copies each, ``e_k(counts)`` ways (the k-th elementary symmetric sum of the
    copies), out of ``C(N, k)`` hands."""
    values = _counts_list(counts)
    total = sum(values)
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= total:
        raise ValueError(
            f"k must be a whole number of cards from 0 to {total}: counts is a deck of {total} cards, got {k!r}"
        )
    e = [1] + [0] * k  # e[j]: ways to pick j different animals, one copy each
    for c in values:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * c
    return 1 - Fraction(e[k], comb(total, k))


def birthday(k: int, days: int = 365) -> Fraction:
    """Exact chance that among ``k`` people, each born on one of ``days`` equally likely
    days (independently: with replacement), some two share a birthday."""
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise ValueError(f"days must be a whole number >= 1, got {days!r}")
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"k must be a whole number of people >= 0, got {k!r}")
    if k > days:
        return Fraction(1)
    return 1 - Fraction(prod(range(days - k + 1, days + 1)), days**k)
