"""What a seat can deduce in Costume Party Detective, from its view alone.

Every public kill pins the killer's own figure to the room of the kill (and
says it was not the victim). Together with the figures still at the party and
the cards already revealed, that gives each opponent a set of candidate
figures. With the cards dealt at random, every assignment of distinct
candidates to the opponents is equally likely; :func:`count_table` counts them
with a dynamic programme over (figures, subsets of opponents), which gives exact
posteriors (``odds.py``) and exact random draws (the leak test).
"""

from __future__ import annotations

N_FIGURES = 20


def candidate_sets(view: dict) -> dict[int, set[int]]:
    """``{opponent seat: figures it may be}`` from what the viewer has seen."""
    viewer = view["viewer"]
    on_board = {f for figs in view["rooms"].values() for f in figs}
    mine = view.get("my_character")
    opponents = [s for s in range(view["players"]) if s != viewer and view["alive"][s] and not view["over"]]
    cands = {s: set(on_board) - {mine} for s in opponents}
    for ev in view["log"]:
        if ev["type"] == "kill" and ev["seat"] in cands:
            cands[ev["seat"]] &= set(ev["room_figures"]) - {ev["figure"]}
    return cands


def _suffix_counts(order: list[int], cand_list: list[set[int]], figures: list[int]) -> list[dict[int, int]]:
    """suffix[j][mask]: ways to give each opponent in ``mask`` a distinct figure from figures[j:]."""
    k = len(order)
    full = (1 << k) - 1
    suffix: list[list[int]] = [[0] * (full + 1) for _ in range(len(figures) + 1)]
    suffix[len(figures)][0] = 1
    for j in range(len(figures) - 1, -1, -1):
        fig = figures[j]
        nxt, cur = suffix[j + 1], suffix[j]
        takers = [i for i in range(k) if fig in cand_list[i]]
        for mask in range(full + 1):
            total = nxt[mask]
            for i in takers:
                bit = 1 << i
                if mask & bit:
                    total += nxt[mask ^ bit]
            cur[mask] = total
    return suffix


def count_table(cands: dict[int, set[int]]):
    order = sorted(cands)
    cand_list = [cands[s] for s in order]
    figures = sorted(set().union(*cand_list)) if cand_list else []
    return order, cand_list, figures, _suffix_counts(order, cand_list, figures)


def posterior(cands: dict[int, set[int]]) -> dict[int, dict[int, float]]:
    """Exact ``P(opponent s is figure f)`` under uniform consistent assignments."""
    from fractions import Fraction

    order, cand_list, figures, suffix = count_table(cands)
    k = len(order)
    full = (1 << k) - 1
    total = suffix[0][full]
    if k == 0:
        return {}
    if total == 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    # prefix[j][mask]: ways to give the opponents in mask distinct figures from figures[:j]
    prefix = [[0] * (full + 1) for _ in range(len(figures) + 1)]
    prefix[0][0] = 1
    for j, fig in enumerate(figures):
        prev, cur = prefix[j], prefix[j + 1]
        takers = [i for i in range(k) if fig in cand_list[i]]
        for mask in range(full + 1):
            t = prev[mask]
            for i in takers:
                bit = 1 << i
                if mask & bit:
                    t += prev[mask ^ bit]
            cur[mask] = t
    out: dict[int, dict[int, Fraction]] = {s: {} for s in order}
    for j, fig in enumerate(figures):
        pre, suf = prefix[j], suffix[j + 1]
        for i in range(k):
            if fig not in cand_list[i]:
                continue
            bit = 1 << i
            ways = 0
            rest = full ^ bit
            sub = rest
            while True:  # split the other opponents between figures before and after fig
                ways += pre[sub] * suf[rest ^ sub]
                if sub == 0:
                    break
                sub = (sub - 1) & rest
            if ways:
                out[order[i]][fig] = Fraction(ways, total)
    return out


def sample_assignment(cands: dict[int, set[int]], rng) -> dict[int, int]:
    """Draw one consistent assignment ``{opponent: figure}`` uniformly at random."""
    order, cand_list, figures, suffix = count_table(cands)
    k = len(order)
    mask = (1 << k) - 1
    if k and suffix[0][mask] == 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    out: dict[int, int] = {}
    for j, fig in enumerate(figures):
        if not mask:
            break
        options = [(suffix[j + 1][mask], None)]
        for i in range(k):
            bit = 1 << i
            if mask & bit and fig in cand_list[i]:
                options.append((suffix[j + 1][mask ^ bit], i))
        pick = rng.randrange(sum(w for w, _ in options))
        for w, i in options:
            if pick < w:
                break
            pick -= w
        if i is not None:
            out[order[i]] = fig
            mask ^= 1 << i
    return out
