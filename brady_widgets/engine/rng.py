"""Seeds the package draws for itself: 128 bits from :mod:`secrets`, never guessable.

A game's seed decides every hidden thing in it (the deal, the decks, the dice, the
bots' choices), so a seed someone can guess is a game someone can recompute: from
the cards of their own hand, a student can try every seed of a small range until
one deals that hand, and then knows every other hand. Every seed that the package
draws when none is given (a new engine with ``seed=None``, a widget or a table with
the default seed, a rooms table, an app page, :func:`~brady_widgets.simulation.simulate`
without a seed) comes from :func:`new_seed`: ``SEED_BITS`` bits from the operating
system's secure generator, far beyond any search.

An explicit seed is a teacher's choice and works as it always did (the lessons
depend on it); but a seed that is published (on a slide, in a page's address) makes
its game recomputable by anyone who reads it. :func:`seed_refusal` is the rule for a
seed that comes from outside (a rooms table's description): a non-negative int of
at most ``MAX_SEED_BITS`` bits.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

__all__ = ["MAX_SEED_BITS", "SEED_BITS", "hash64", "new_seed", "seed_refusal"]

#: bits of a drawn seed
SEED_BITS = 128
#: the most bits a seed given from outside (a rooms table's description) may have
MAX_SEED_BITS = 256


def new_seed() -> int:
    """A fresh seed no one can guess: ``SEED_BITS`` random bits from :mod:`secrets`."""
    return secrets.randbits(SEED_BITS)


def seed_refusal(seed: Any) -> str | None:
    """Why ``seed`` is not a seed one may give from outside (a plain sentence), or
    ``None`` when it is one: a non-negative int (not a bool) of at most
    ``MAX_SEED_BITS`` bits."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        return f"a seed is a whole number, not {type(seed).__name__}"
    if seed < 0 or seed.bit_length() > MAX_SEED_BITS:
        return f"a seed is a whole number from 0 to 2**{MAX_SEED_BITS} - 1"
    return None


#: hash64: head text -> a blake2b fed with it (never updated itself: copied). A bot's
#: draws share a head (its level, seed and seat, or a moment of the game), so the latest
#: few hundred are enough; module-wide, since a hasher cannot be deep-copied with a bot
_heads: dict[str, Any] = {}

#: int.from_bytes bound once: a draw looks it up otherwise (a global, then the type's
#: attribute: ~1k of a draw's ~5.6k instructions, callgrind)
_from_bytes = int.from_bytes


def hash64(text: str, head: str = "") -> int:
    """The 64-bit blake2b hash of the text ``head + text``, as an int: how the bots turn a
    draw's name into a seeded number (the same in every run and on every machine).

    The hasher fed ``head`` is kept and copied for each text after it: a new hasher is
    about a third of a draw's cost, and a bot makes thousands of draws per game. The empty
    head is kept like any other (blake2b fed nothing, then the text, is blake2b of the
    text), so a draw without a head is not the dearer kind."""
    fed = kept_hasher(head) or fed_with(head)  # (a hasher is never false: the call on a miss only)
    h = fed.copy()
    h.update(text.encode())
    return _from_bytes(h.digest(), "big")


#: the kept hasher fed with a head, or None: ``kept_hasher(head) or fed_with(head)`` is
#: hash64's look-up, for code that feeds a kept head more parts itself (never update it: copy)
kept_hasher = _heads.get


def fed_with(head: str) -> Any:
    """A blake2b (8 bytes) fed with ``head``, kept for the next draws with that head (the
    latest 1,024 heads: the cache is emptied when full)."""
    if len(_heads) >= 1024:
        _heads.clear()
    fed = _heads[head] = hashlib.blake2b(head.encode(), digest_size=8)
    return fed
