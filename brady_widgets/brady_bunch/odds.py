"""Who will end with the highest total? Odds for The Brady Bunch Party Game, from one seat's view.

The model (``knowledge.py``): cards the viewer has seen are fixed; every other
card is a draw without replacement from the cards the viewer cannot place; an
unknown Cookie sign is + or - with probability 1/2; a kid viewer plays its own
future cards at random from its hand. The highest total makes the Troublemaker,
and a tie makes every tied kid a Troublemaker, so each tied kid counts: the odds
sum to 1 or more.

* :func:`highest_odds`: Monte Carlo, all samples drawn at once in numpy, seeded.
* :func:`exact_highest_odds`: exact ``Fraction`` answers by a dynamic programme
  over the kids (small decks, via ``counts``, or positions with few unseen cards).
* :func:`panel`: both, as rounded floats, for the widget's "Alice's notebook".

Claims: ``trust=None`` ignores them. With a trust ``t`` (one number, or
``{speaker: t}``) every claim about an unseen card is evidence with likelihood
``t`` if it names the card's value and ``(1 - t) / 5`` if it does not, and each
hidden world is weighted by the product of its likelihoods (Bayes' rule: the
posterior is prior times likelihood, normalised). Moving ``t`` moves the odds.

What it teaches: the sum of cards drawn without replacement, ties, and how the
weight of a claim depends on how much you trust the speaker.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from .knowledge import DEFAULT_TRUST, Position, position

DEFAULT_SAMPLES = 20000
#: The only view keys the odds read (a widget keys its cache on them; a test checks
#: that the panel of these keys alone is the panel of the whole view).
VIEW_KEYS = (
    "viewer",
    "role",
    "me",
    "round",
    "rounds",
    "kids",
    "exposed",
    "hand",
    "my_cards",
    "my_sign",
    "over",
    "peeks",
    "talk",
)
#: The panel takes the exact path when :func:`exact_cost` is at most this (a few ms).
EXACT_BUDGET = 2000


# --------------------------------------------------------------------------- exact
def _multisets(slots: list[dict | None], values: list[int], one) -> dict[tuple, Any]:
    """``{counts tuple: weight}``: over every ordered filling of ``slots`` with
    ``values``, grouped by multiset, the sum of the products of the slots'
    likelihoods (``None`` = 1). Unweighted, the weight of a multiset is its
    number of orderings."""
    out: dict[tuple, Any] = {tuple(0 for _ in values): one}
    for lik in slots:
        nxt: dict[tuple, Any] = {}
        for m, w in out.items():
            for i, v in enumerate(values):
                f = one if lik is None else lik[v]
                if not f:
                    continue
                key = m[:i] + (m[i] + 1,) + m[i + 1 :]
                nxt[key] = nxt.get(key, 0) + w * f
        out = nxt
    return out


def _entries(pos: Position, kid: str, values: list[int], exact: bool) -> list[tuple[tuple, int, int, Any]]:
    """The kid's possible futures: ``(multiset drawn from the pool, its size, total, weight)``."""
    one = Fraction(1) if exact else 1.0
    parts = []  # (probability, fixed points, slots drawn from the pool)
    if kid == pos.me:
        for p, idx, j in pos.future:
            parts.append((p if exact else float(p), pos.fixed[kid] + sum(pos.hand[i] for i in idx), [None] * j))
    else:
        parts.append((one, pos.fixed[kid], [pos.likelihood.get(s) for s in pos.unknown_of(kid)]))
    out: dict[tuple, Any] = {}
    for p, base, slots in parts:
        for m, g in _multisets(slots, values, one).items():
            drawn = sum(c * v for c, v in zip(m, values))
            for q, pts in pos.sign_options(kid, exact):
                key = (m, len(slots), base + drawn + pts)
                out[key] = out.get(key, 0) + p * g * q
    return [(m, u, total, w) for (m, u, total), w in out.items() if w]


def exact_cost(pos: Position) -> int:
    """An upper bound on the steps of :func:`_exact` (state x kid future), computed
    without running it: the states before a kid are at most the product of the
    earlier kids' futures, and at most (multisets taken from the pool) x (31
    possible highest totals)."""
    V = len(pos.pool)
    cost, paths, used = 0, 1, 0
    for kid in pos.kids:
        signs = len(pos.sign_options(kid))
        if kid == pos.me:
            futures = sum(comb(j + V - 1, V - 1) for _, _, j in pos.future) * signs
            grow = max((j for _, _, j in pos.future), default=0)
        else:
            grow = len(pos.unknown_of(kid))
            futures = comb(grow + V - 1, V - 1) * signs
        states = min(paths, comb(used + V - 1, V - 1) * 31)
        cost += states * futures
        paths *= futures
        used += grow
    return cost


def _exact(pos: Position, exact: bool = True) -> dict[str, Any]:
    """P(each kid has the highest total) by a dynamic programme over the kids.

    State after some kids: (cards of each value taken from the pool, highest
    total so far) -> (weight, per kid: weight of the worlds where that kid is at
    the highest total so far). A kid's multiset ``m`` of ``u`` pool cards, with
    ``rem`` cards left of each value out of ``R``, has probability
    ``prod_v rem_v^(m_v falling) / R^(u falling)`` per ordering."""
    values = sorted(pos.pool)
    cap = [pos.pool[v] for v in values]
    n_total = sum(cap)
    K = len(pos.kids)
    zero = Fraction(0) if exact else 0.0
    one = Fraction(1) if exact else 1.0

    def falling(n: int, k: int):
        out = one
        for i in range(k):
            out *= n - i
        return out

    entries = [_entries(pos, kid, values, exact) for kid in pos.kids]
    states: dict[tuple, list] = {(tuple(0 for _ in values), None): [one, [zero] * K]}
    for i, ents in enumerate(entries):
        nxt: dict[tuple, list] = {}
        for (used, top), (W, V) in states.items():
            left = n_total - sum(used)
            for m, u, total, w in ents:
                f = w
                new_used = used
                if u:
                    f = f / falling(left, u)
                    for a in range(len(values)):
                        if m[a]:
                            rem = cap[a] - used[a]
                            if rem < m[a]:
                                f = zero
                                break
                            f *= falling(rem, m[a])
                    if not f:
                        continue
                    new_used = tuple(a + b for a, b in zip(used, m))
                Wf = W * f
                if top is None or total > top:  # a new leader: nobody else is at the top
                    key, nv = (new_used, total), [zero] * K
                    nv[i] = Wf
                else:
                    key, nv = (new_used, top), [x * f for x in V]
                    if total == top:  # a tie: both count
                        nv[i] += Wf
                slot = nxt.get(key)
                if slot is None:
                    nxt[key] = [Wf, nv]
                else:
                    slot[0] += Wf
                    slot[1] = [a + b for a, b in zip(slot[1], nv)]
        states = nxt
    Z = sum((W for W, _ in states.values()), zero)
    if not Z:
        raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
    sums = [sum((V[i] for _, V in states.values()), zero) for i in range(K)]
    return {kid: s / Z for kid, s in zip(pos.kids, sums)}


def exact_highest_odds(view: dict, trust: Any = None, counts: dict | None = None) -> dict[str, Fraction]:
    """``{kid: Fraction}``: the exact chance each kid ends with the highest total (ties count for all).

    Enumerates the possible multisets of unseen cards kid by kid (a dynamic
    programme over the cards taken from the pool), so it is exact but only fast
    when few cards are unseen or the deck is small: ``counts`` (``{value:
    copies}``, values 1..6) replaces the 48-card deck, e.g. ``{1: 2, 5: 2, 6: 2}``.
    A float trust is read as written (0.7 is 7/10)."""
    return _exact(position(view, trust, counts, exact=True), exact=True)


# --------------------------------------------------------------------------- sampled
def _sample(pos: Position, samples: int, seed: int, tilt: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """``(totals[kids, samples], weights or None)``: ``samples`` hidden worlds drawn at once.

    The unseen cards of every sample are the first cards of a random arrangement
    of the pool: a partial Fisher-Yates shuffle run on all samples at once (one
    column per sample, one numpy step per unseen card). With ``tilt`` the claimed
    cards are drawn first from a proposal tilted by their likelihoods (value v
    with probability proportional to copies(v) times likelihood(v)), the rest of
    the pool is shuffled for the other cards, and the importance weight
    ``prod_v copies_v^(n_v falling) / copies_v^n_v`` corrects for drawing the
    claimed cards with replacement: exact importance sampling whose weights stay
    close to 1 however sharp the claims are (plain weighting by the likelihoods
    would leave a handful of useful samples after a dozen claims)."""
    values = sorted(pos.pool)
    vals = np.array(values, dtype=np.int8)
    cap = np.array([pos.pool[v] for v in values], dtype=np.int64)
    n = int(cap.sum())
    slots = list(pos.unknown) + [(None, d) for d in range(pos.draws)]
    claimed = [k for k, s in enumerate(slots) if s in pos.likelihood] if tilt else []
    rest = sorted(set(range(len(slots))) - set(claimed))
    kids = pos.kids
    row = {kid: i for i, kid in enumerate(kids)}
    rng = np.random.default_rng(seed)
    S = samples
    cols = np.arange(S)
    totals = np.repeat(np.array([pos.fixed[kid] for kid in kids], dtype=np.int16)[:, None], S, axis=1)
    weights = None
    if claimed:
        # the claimed cards, drawn with replacement from the tilted proposal, all at once
        q = np.array([[cap[a] * float(pos.likelihood[slots[k]][v]) for a, v in enumerate(values)] for k in claimed])
        cum = np.cumsum(q, axis=1)
        if (cum[:, -1] <= 0).any():
            raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
        target = rng.random((len(claimed), S), dtype=np.float32) * cum[:, -1:].astype(np.float32)
        cum32 = cum.astype(np.float32)
        x = np.zeros((len(claimed), S), dtype=np.int8)  # index of each claimed card's value
        for a in range(len(values) - 1):
            x += target >= cum32[:, a : a + 1]
        last = np.array([np.nonzero(qk > 0)[0][-1] for qk in q], dtype=np.int8)
        np.minimum(x, last[:, None], out=x)
        # the copy of its value each claimed card takes (0 = the first): weight (copies - rank) / copies
        taken = np.zeros(len(values) * S, dtype=np.int8)
        weights = np.ones(S)
        capf = cap.astype(np.float64)
        for c in range(len(claimed)):
            where = x[c].astype(np.intp)
            where *= S
            where += cols
            rank = taken[where]
            taken[where] += 1
            if c:
                copies = capf[x[c]]
                weights *= np.maximum(copies - rank, 0) / copies
        taken = taken.reshape(len(values), S).astype(np.int64)
        if not weights.any():
            raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
        _add_by_kid(totals, vals[x], [row[slots[k][0]] for k in claimed])
        # what is left of the pool in each sample, sorted by value, one column per sample
        n_left = n - len(claimed)
        cum_left = np.cumsum(np.maximum(cap[:, None] - taken, 0), axis=0).astype(np.int8)
        at = np.arange(n_left, dtype=np.int8)[:, None]
        deck = np.full((n_left, S), values[0], dtype=np.int8)
        for a in range(len(values) - 1):  # step up to the next value past each value's copies
            deck += (at >= cum_left[a][None, :]) * np.int8(values[a + 1] - values[a])
    else:
        n_left = n
        deck = np.repeat(np.repeat(vals, cap)[:, None], S, axis=1)
    # partial Fisher-Yates, all samples at once: position k swaps with a random position k..n_left-1
    r01 = rng.random((len(rest), S))
    flat = deck.reshape(-1)
    for k in range(len(rest)):
        where = np.minimum((r01[k] * (n_left - k)).astype(np.intp), n_left - 1 - k)
        where += k
        where *= S
        where += cols
        pick = flat[where]
        flat[where] = deck[k]
        deck[k] = pick
    drawn = deck[: len(rest)]
    _add_by_kid(totals, drawn, [row.get(slots[k][0], -1) for k in rest])
    for kid in kids:
        opts = pos.sign_options(kid)
        if len(opts) == 2:
            totals[row[kid]] += np.where(rng.random(S) < 0.5, opts[0][1], opts[1][1]).astype(np.int16)
        else:
            totals[row[kid]] += opts[0][1]
    if pos.me is not None:
        probs = np.array([float(p) for p, _, _ in pos.future])
        hand_sum = np.array([sum(pos.hand[i] for i in idx) for _, idx, _ in pos.future], dtype=np.int16)
        from_pool = np.array([j for _, _, j in pos.future], dtype=np.intp)
        o = np.minimum(np.searchsorted(np.cumsum(probs), rng.random(S) * probs.sum(), side="right"), len(probs) - 1)
        mine = drawn[len(rest) - pos.draws :]  # the viewer's draws: the last unclaimed slots
        cum = np.concatenate([np.zeros((1, S), np.int16), np.cumsum(mine, axis=0, dtype=np.int16)], axis=0)
        totals[row[pos.me]] += hand_sum[o] + cum[from_pool[o], cols]
    return totals, weights


def _add_by_kid(totals: np.ndarray, cards: np.ndarray, rows: list[int]) -> None:
    """Add each row of ``cards`` (one card per sample) to the total of kid ``rows[i]`` (-1: nobody)."""
    for r in set(rows) - {-1}:
        idx = [i for i, x in enumerate(rows) if x == r]
        totals[r] += cards[idx].sum(axis=0, dtype=np.int16)


def _estimate(totals: np.ndarray, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, float]:
    """(probabilities, standard errors, effective sample size) of "at the highest total"."""
    top = (totals == totals.max(axis=0, keepdims=True)).astype(np.float64)
    S = totals.shape[1]
    if weights is None:
        p = top.mean(axis=1)
        return p, np.sqrt(p * (1 - p) / S), float(S)
    tw = weights.sum()
    p = (top * weights).sum(axis=1) / tw  # no BLAS: its threads spin on a busy machine
    se = np.sqrt(((top - p[:, None]) ** 2 * weights**2).sum(axis=1)) / tw
    return p, se, float(tw**2 / (weights**2).sum())


def _check_samples(samples: Any) -> int:
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 1:
        raise ValueError(f"samples must be a positive int, got {samples!r}")
    return int(samples)


def highest_odds_with_error(
    view: dict, trust: Any = None, samples: int = DEFAULT_SAMPLES, seed: int = 0, counts: dict | None = None
) -> dict[str, Any]:
    """:func:`highest_odds` with its uncertainty: ``{"odds": {kid: p}, "se": {kid: standard
    error}, "ess": effective sample size}`` (the ess is ``samples`` without claims; with
    claims it shows how much the importance weights cost)."""
    samples = _check_samples(samples)
    pos = position(view, trust, counts)
    totals, weights = _sample(pos, samples, seed, tilt=trust is not None)
    p, se, ess = _estimate(totals, weights)
    return {
        "odds": {kid: float(x) for kid, x in zip(pos.kids, p)},
        "se": {kid: float(x) for kid, x in zip(pos.kids, se)},
        "ess": ess,
    }


def highest_odds(
    view: dict, trust: Any = None, samples: int = DEFAULT_SAMPLES, seed: int = 0, counts: dict | None = None
) -> dict[str, float]:
    """``{kid: float}``: the chance each kid on the board (the silent kid too) ends
    with the highest total, ties counting for every tied kid, estimated from
    ``samples`` hidden worlds consistent with the view (seeded: the same call gives
    the same numbers). ``trust``: ``None`` ignores claims; a number in [0, 1] or
    ``{speaker: number}`` weights each claim by how far its speaker is trusted.
    ``counts`` replaces the 48-card deck (lessons and tests)."""
    return highest_odds_with_error(view, trust, samples, seed, counts)["odds"]


# --------------------------------------------------------------------------- panel
def _json_trust(trust: Any):
    if trust is None:
        return None
    if isinstance(trust, dict):
        return {str(k): (None if t is None else float(t)) for k, t in trust.items()}
    return float(trust)


def panel(
    view: dict, trust: Any = DEFAULT_TRUST, samples: int = DEFAULT_SAMPLES, seed: int = 0, digits: int = 4
) -> dict:
    """JSON-safe odds for the widget's "Alice's notebook" (any seat's view works).

    ``{"viewer", "method": "exact"|"sampled", "samples" (None when exact),
    "trust", "error" (largest standard error, 0 when exact), "warning" (None or
    why the trusted odds are missing), "kids": [{"kid", "p_highest",
    "p_highest_trust", "seen" (value or None per round), "known_total",
    "unknown_cards", "cookies", "sign", "claims"}]}``. The exact path is taken
    when it is cheap (few unseen cards), otherwise ``samples`` seeded samples:
    the same view always gives the same panel."""
    samples = _check_samples(samples)
    pos = position(view, None)
    posT = position(view, trust) if trust is not None else None
    warning = None
    trusted = None
    if exact_cost(pos) <= EXACT_BUDGET:
        method, error = "exact", 0.0
        plain = _exact(pos, exact=False)
        if posT is not None:
            try:
                trusted = _exact(posT, exact=False) if posT.likelihood else dict(plain)
            except ValueError as e:
                warning = str(e)
    else:
        method = "sampled"
        totals, _ = _sample(pos, samples, seed, tilt=False)
        p, se, _ = _estimate(totals, None)
        plain = dict(zip(pos.kids, p.tolist()))
        error = float(se.max()) if len(se) else 0.0
        if posT is not None:
            if not posT.likelihood:
                trusted = dict(plain)
            else:
                try:
                    totals, w = _sample(posT, samples, seed, tilt=True)
                    p, se, _ = _estimate(totals, w)
                    trusted = dict(zip(posT.kids, p.tolist()))
                    error = max(error, float(se.max()))
                except ValueError as e:
                    warning = str(e)
    claims: dict[str, int] = {}
    if posT is not None:
        for kid, _ in posT.likelihood:
            claims[kid] = claims.get(kid, 0) + 1
    kids = []
    for k in view["kids"]:
        kid = k["kid"]
        seen = [pos.known.get((kid, r)) for r in range(1, pos.rounds + 1)]
        kids.append(
            {
                "kid": kid,
                "p_highest": round(float(plain[kid]), digits),
                "p_highest_trust": None if trusted is None else round(float(trusted[kid]), digits),
                "seen": seen,
                "known_total": sum(v for v in seen if v is not None),
                "unknown_cards": sum(1 for v in seen if v is None),
                "cookies": pos.cookies.get(kid, 0),
                "sign": {1: "+", -1: "-", None: None}[pos.signs.get(kid)],
                "claims": claims.get(kid, 0),
            }
        )
    return {
        "viewer": view.get("me"),
        "method": method,
        "samples": samples if method == "sampled" else None,
        "trust": _json_trust(trust),
        "error": round(error, digits),
        "warning": warning,
        "kids": kids,
    }
