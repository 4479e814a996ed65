"""Many random-policy Costume Party games at once, in numpy (for lessons).

:func:`random_games` plays ``n`` games side by side. Every player follows the
random policy of :class:`~brady_widgets.costume_party.bots.RandomBot`: each
decision is uniform over the legal actions (on a color: every (figure, room)
move counts once; on black: every figure it may kill counts once, and drawing
once when allowed). The rules are those of :mod:`.rules` (including the rules
decisions: a kill in your own room, alone you must kill yourself, drawing only
with fewer than three face-up cards and a non-empty deck). The games are not
the engine's games for the same seed (the random numbers are drawn
differently), but they follow the same distribution: ``tests/test_fast.py``
checks winners, lengths and kill counts against the reference engine.

All games advance one turn per step; finished games drop out. 100,000 games
take a few seconds on one core (``benchmarks/lesson_scale.py``).
"""

from __future__ import annotations

import numpy as np

from ..progress import MOST_IN_MEMORY, a_seed, check_in_memory, checks
from .content import DEFAULT_FACES, ROOMS
from .rules import check_adjacency, check_faces

N_FIGURES = 20
N_ROOMS = len(ROOMS)
COLORS = ROOMS[:4]
BLACK = len(COLORS)  # face code of black

FIELDS = ("winner", "actions", "turns", "kills", "draws", "eliminations", "suicides", "no_moves", "winner_figure")


def _tables(adjacency: dict):
    """weights[c, room + 1]: moves a figure standing in room has when c is rolled;
    dest[c, room + 1, k]: the room index of its k-th move (room -1 = off the board)."""
    deg = max(len(v) for v in adjacency.values()) or 1
    weights = np.zeros((len(COLORS), N_ROOMS + 1), dtype=np.int64)
    dest = np.zeros((len(COLORS), N_ROOMS + 1, deg), dtype=np.int8)
    for c, color in enumerate(COLORS):
        for r, room in enumerate(ROOMS):
            if room == color:
                targets = [ROOMS.index(t) for t in adjacency[color]]
            elif color in adjacency[room]:
                targets = [c]
            else:
                targets = []
            weights[c, r + 1] = len(targets)
            dest[c, r + 1, : len(targets)] = targets
    return weights, dest


@checks(seed=a_seed)
def random_games(
    n: int,
    players: int,
    seed: int = 0,
    *,
    adjacency="ring_and_middle",
    faces=None,
    first_seat: int = 0,
    max_face_up: int = 3,
) -> dict[str, np.ndarray]:
    """Play ``n`` random-policy games of ``players`` players; return arrays of length ``n``.

    Fields: ``winner`` (seat), ``actions`` (player actions, as in the engine's
    history: rolls, moves, kills, draws), ``turns``, ``kills``, ``draws``,
    ``eliminations`` (players killed, the winner's kills and suicides included),
    ``suicides`` (forced self-kills), ``no_moves`` (colors with no legal move),
    ``winner_figure``. ``adjacency``, ``faces`` and ``first_seat`` are the
    engine's options; ``max_face_up`` (3 in the rules) exists for experiments.
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a non-negative int, got {n!r}")
    check_in_memory("n", int(n), MOST_IN_MEMORY // 10)  # about ten int arrays of n: a million games, 80 MB
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or not 2 <= players <= 8:
        raise ValueError(f"players must be an int from 2 to 8, got {players!r}")
    if isinstance(first_seat, bool) or not isinstance(first_seat, (int, np.integer)) or not 0 <= first_seat < players:
        raise ValueError(f"first_seat must be a seat 0..{players - 1}, got {first_seat!r}")
    faces = check_faces(list(DEFAULT_FACES) if faces is None else list(faces))
    n, players = int(n), int(players)
    face_codes = np.array([BLACK if f == "black" else COLORS.index(f) for f in faces], dtype=np.int64)
    weights, dest = _tables(check_adjacency(adjacency))
    rng = np.random.default_rng(seed)

    out = {k: np.zeros(n, dtype=np.int64) for k in FIELDS}
    if n == 0:
        return out
    deck_len = N_FIGURES - players
    # set-up: four figures a room at random, a shuffled deck; the first cards are the secrets
    room = (np.argsort(rng.random((n, N_FIGURES)), axis=1) // (N_FIGURES // N_ROOMS)).astype(np.int8)
    cards = np.argsort(rng.random((n, N_FIGURES)), axis=1).astype(np.int8)
    secrets = cards[:, :players].astype(np.int64)
    deck = cards[:, players:]
    owner = np.full((n, N_FIGURES), -1, dtype=np.int8)
    np.put_along_axis(owner, secrets, np.arange(players, dtype=np.int8)[None, :].repeat(n, 0), axis=1)
    ptr = np.zeros(n, dtype=np.int64)  # cards drawn so far
    face_up = np.zeros((n, players), dtype=np.int64)
    alive = np.ones((n, players), dtype=bool)
    n_alive = np.full(n, players, dtype=np.int64)
    turn = np.full(n, first_seat, dtype=np.int64)
    ids = np.arange(n)  # game index of each active row
    stats = {
        k: np.zeros(n, dtype=np.int64)
        for k in ("actions", "turns", "kills", "draws", "eliminations", "suicides", "no_moves")
    }
    fig_ids = np.arange(N_FIGURES)

    while ids.size:
        m = ids.size
        rows = np.arange(m)
        stats["turns"] += 1
        stats["actions"] += 1  # the roll
        face = face_codes[rng.integers(0, len(face_codes), m)]
        u = rng.random(m)

        # ---- a color: move one figure into or out of that room, uniformly over the moves
        col = np.nonzero(face != BLACK)[0]
        if col.size:
            c = face[col]
            w = weights[c[:, None], room[col].astype(np.int64) + 1]
            cum = np.cumsum(w, axis=1)
            total = cum[:, -1]
            can = total > 0
            stats["no_moves"][col[~can]] += 1
            col, c, w, cum, total = col[can], c[can], w[can], cum[can], total[can]
            r = (u[col] * total).astype(np.int64)
            fig = (cum <= r[:, None]).sum(axis=1)
            sub = np.arange(col.size)
            offset = r - (cum[sub, fig] - w[sub, fig])
            src = room[col, fig].astype(np.int64)
            room[col, fig] = dest[c, src + 1, offset]
            stats["actions"][col] += 1

        # ---- black: kill a figure in your room, or draw
        blk = np.nonzero(face == BLACK)[0]
        if blk.size:
            stats["actions"][blk] += 1
            t = turn[blk]
            mine = secrets[blk, t]
            rb = room[blk]
            here = rb[np.arange(blk.size), mine]
            others = (rb == here[:, None]) & (fig_ids[None, :] != mine[:, None])
            k = others.sum(axis=1)
            can_draw = (face_up[blk, t] < max_face_up) & (ptr[blk] < deck_len)
            n_opts = np.maximum(k, 1) + can_draw
            r = (u[blk] * n_opts).astype(np.int64)
            draw = can_draw & (r == n_opts - 1)
            # draws
            d = blk[draw]
            if d.size:
                card = deck[d, ptr[d]].astype(np.int64)
                ptr[d] += 1
                face_up[d, turn[d]] += 1
                on = room[d, card] >= 0
                room[d[on], card[on]] = -1
                stats["draws"][d] += 1
            # kills
            kill = ~draw
            kb = blk[kill]
            if kb.size:
                kk, kr, kmine = k[kill], r[kill], mine[kill]
                cs = np.cumsum(others[kill], axis=1)
                victim = np.where(kk > 0, (cs <= kr[:, None]).sum(axis=1), kmine)
                room[kb, victim] = -1
                stats["kills"][kb] += 1
                stats["suicides"][kb] += kk == 0
                who = owner[kb, victim].astype(np.int64)
                hit = who >= 0
                alive[kb[hit], who[hit]] = False
                n_alive[kb[hit]] -= 1
                stats["eliminations"][kb[hit]] += 1

        # ---- next living seat (the seat that just acted may have died)
        nxt = turn.copy()
        found = np.zeros(m, dtype=bool)
        for step in range(1, players + 1):
            cand = (turn + step) % players
            ok = ~found & alive[rows, cand]
            nxt[ok] = cand[ok]
            found |= ok
        turn = nxt

        # ---- finished games leave
        done = n_alive <= 1
        if done.any():
            di = np.nonzero(done)[0]
            g = ids[di]
            win = np.argmax(alive[di], axis=1)
            out["winner"][g] = win
            out["winner_figure"][g] = secrets[di, win]
            for key, arr in stats.items():
                out[key][g] = arr[di]
            keep = ~done
            ids = ids[keep]
            room, secrets, deck, owner = room[keep], secrets[keep], deck[keep], owner[keep]
            ptr, face_up, alive, n_alive, turn = ptr[keep], face_up[keep], alive[keep], n_alive[keep], turn[keep]
            stats = {key: arr[keep] for key, arr in stats.items()}
    return out
