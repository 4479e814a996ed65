"""Bots for Costume Party Detective.

A bot is given only its seat's ``view`` and the list of ``legal`` actions, never
the engine, and returns one of the legal actions. Its choices depend only on
those and on its own seeded random generator: a bot can be handed any view (e.g.
after a replay). The detective keeps what it read of the public log between calls
(:class:`BeliefMemory`) and reads only what a view adds to it, when the view
continues the log it read (the very same entries), else the whole log again: the
same choices either way.

``RandomBot`` picks uniformly among the legal actions.

``DetectiveBot`` plays from a *belief*: for every opponent, the probability that
each figure is that opponent's character. The belief has two parts.

1. The exact part (:func:`knowledge.candidate_sets`): a kill pins the killer's
   figure to the room of the kill (and says it was not the victim); revealed
   cards and eliminations remove figures from the pool; the viewer's own figure
   is nobody else's. Every assignment of distinct candidate figures to the
   opponents is equally likely a priori (cards are dealt at random).
2. Soft behavioural evidence, from the moves in the public log. For each move
   by an opponent ``s`` of a figure ``f`` from room ``A`` to room ``B``, the
   hypothesis "``s`` is ``f``" is multiplied by
   ``exp(move_evidence * (risk(A) - risk(B)))``, clipped to
   ``[1/evidence_cap, evidence_cap]``. ``risk(R)`` is the chance that a figure in
   ``R`` is the next one killed there, as the mover could judge it at that
   moment: the expected number of *other* players' figures among the other
   figures of ``R`` (each player spread uniformly over its public candidate
   figures at that time) divided by the number of those figures (a killer
   there picks one of them; 0 in an empty room). So a player who moves ``f`` out of
   a room where a known killer stands is likelier to be ``f``; one who walks
   ``f`` into such a room is less likely to be ``f``. Without public kills every
   occupied room has the same risk and moves between them carry no weight.
   The weighted posterior is exact for these weights: each assignment counts
   with the product of its weights (:func:`weighted_posterior`, a dynamic
   programme over figures and subsets of opponents).

From the belief, ``p(f)`` = the probability that figure ``f`` is *some*
opponent (the sum over opponents).

On black (kill or draw):
    * alone in the room: draw if allowed (never kill itself unless forced);
    * otherwise the best target is the figure in its room with the largest
      ``p(f)``. A kill eliminates an opponent with probability ``p(f)``, but it
      also tells everyone that the killer stands in that room; a draw
      eliminates nobody but removes an innocent, narrows the pool and keeps the
      bot's position secret. The rule: kill when
      ``p(f) - reveal_cost * (exposure after the kill - exposure now) >= kill_threshold``,
      where *exposure* is the probability that a detective watching only the
      public record (the same belief model, seen from outside) gives to the
      bot's true figure, and ``kill_threshold`` is the value of the draw; or
      kill when drawing is not allowed, or when the kill surely wins the game.
      A kill that would name the bot's figure outright (exposure 1, e.g. it
      would leave the bot alone with the evidence) needs
      ``p(f) >= reveal_threshold``. The defaults were tuned by simulation
      against random bots and against fields of detectives (``benchmarks/``).
On a color (move):
    every legal move is scored on the board it leaves:
    ``attack * best - danger * threat / (n + 1) - lonely - own_move + noise``,
    where, in the room of the bot's figure after the move, ``n`` is the number
    of other figures, ``best`` the largest ``p(f)`` among them (a target for the
    next black), ``threat`` the sum of ``p(f)`` (expected opponents who could
    kill it; a random killer picks it about one time in ``n + 1``), ``lonely`` a
    penalty for being alone (large when the bot could no longer draw: a black
    would force it to kill itself), ``own_move`` a small penalty for moving its
    own figure (every such move is evidence for a watching detective) and
    ``noise`` a small seeded random term so that its moves do not form a
    readable pattern. Bringing likely opponents into its room sets up kills;
    moving other figures around scatters suspicion.

Bot levels (``BOTS["easy"]``, ``["medium"]``, ``["hard"]``; ``LEVELS``), for a
class to pick how strong the other seats play. Each is seeded from
``(seat, seed)`` like every bot and sees only ``(view, legal)``:

* ``easy`` (:class:`EasyBot`): the detective's rules, but at half of its
  decisions it *blunders*: it moves a random figure to a random room the die
  allows (its own figure into a crowd, a suspect out of its room), or on black
  tosses a coin between drawing and killing a random other figure in its room,
  even one nobody could suspect (never itself while it has another choice). It
  also reads nothing into how the others move (``move_evidence=0``): only
  kills, reveals and eliminations. Mistakes a student can spot: a kill with
  nothing pointing at the victim, a figure walked next to a known killer.
* ``medium`` (:class:`MediumBot`): the detective, blundering at one decision in
  ten.
* ``hard``: the detective itself (``BOTS["hard"] is DetectiveBot``, the same
  choices and random stream as ``"detective"``).

Measured win rates against random bots: ``benchmarks/bot_levels.py`` and
``benchmarks/README.md`` ("Results: bot levels").
"""

from __future__ import annotations

import math

from ..engine.bots import Bot
from .knowledge import mass_of, probability_of, weighted_posterior

ROOMS = ("blue", "yellow", "red", "green", "hall")


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        return self.rng.choice(legal)


# ------------------------------------------------------------------ beliefs
N_FIGURES = 20
#: the log entries the belief reads (the others change no board, pin or seat)
_READ = frozenset(("move", "kill", "draw", "eliminated"))


class BeliefMemory:
    """What a bot keeps of the public log between its calls, grown from the new entries only.

    The kills' pins (``{seat: figures its kills allow}``), the eliminations and, for every
    seat, the product of its moves' evidence factors (:func:`move_evidence`) by figure: the
    same numbers, multiplied in the same order, as reading the whole log again, so the
    same floats. Nothing in it is the viewer's: seen from outside (``viewer=None``) it is
    also the public record a watching detective reads (:meth:`DetectiveBot.exposure`).

    A view's log is read from where the last one ended when it continues that log (its
    entry there is the very entry read last: the game hands out the same read-only entries
    to every view), else from the start (any other view: a replay, a copy, another game).
    The boards before the new moves are rebuilt by undoing the new entries from the view's
    rooms; a card drawn while its figure was at the party takes that figure off every
    board since it last moved (its room at those moves becomes unknown, as a view of today
    rebuilds them): those moves' factors are counted again (only they)."""

    __slots__ = (
        "strength",
        "cap",
        "players",
        "read",
        "last",
        "pins",
        "alive",
        "rows",
        "clipped",
        "moves",
        "seen",
        "moved",
        "board",
    )

    def __init__(self, strength: float = 1.5, cap: float = 2.0):
        self.strength, self.cap = strength, cap
        self._reset(0)

    def _reset(self, players: int) -> None:
        self.players = players
        self.read = 0  # log entries read
        self.last = None  # the entry read last
        self.pins: dict[int, set[int]] = {}
        self.alive = [True] * players
        self.rows: dict[int, dict[int, float]] = {}  # seat -> figure -> product of its factors
        self.clipped: dict[int, dict[int, float]] = {}  # the same, clipped
        #: the moves weighed, in log order: [position, seat, figure, from, to, board before,
        #: its counts (:func:`_counts`), factor]
        self.moves: list[list] = []
        self.seen = 0  # board-changing entries read (positions)
        self.moved: dict[int, int] = {}  # figure -> position of its last move
        self.board: list = [None] * N_FIGURES  # each figure's room as read so far (None: off the board)

    def update(self, view: dict) -> BeliefMemory:
        """Read what ``view``'s log adds to what this memory has read."""
        log = view["log"]
        n = len(log)
        read = self.read
        if view["players"] != self.players or read > n or (read and log[read - 1] is not self.last):
            self._reset(view["players"])
            read = 0
        if read < n:
            self.read, self.last = n, log[n - 1]
            self._take([ev for ev in log[read:] if ev["type"] in _READ], view, read == 0)
        return self

    def _take(self, new: list, view: dict, whole: bool) -> None:
        """Read the board-changing entries ``new`` (the whole log when ``whole``)."""
        strength = self.strength
        alive_now = view["alive"]
        first = self.seen
        self.seen += len(new)
        before: dict[int, list] = {}
        board = self.board
        if whole:
            # the boards before each move, rebuilt by undoing the entries from today's rooms (a figure
            # drawn before it ever moved has an unknown room, "?", on every board before its draw)
            board[:] = [None] * N_FIGURES
            for room, figs in view["rooms"].items():
                for f in figs:
                    board[f] = room
            if strength:
                past = list(board)
                for idx in range(len(new) - 1, -1, -1):
                    ev = new[idx]
                    t = ev["type"]
                    if t == "move":
                        past[ev["figure"]] = ev["from"]
                        if alive_now[ev["seat"]]:
                            before[idx] = list(past)
                    elif t == "kill":
                        past[ev["figure"]] = ev["room"]
                    elif t == "draw" and not ev["gone"]:
                        past[ev["card"]] = "?"
        pins, alive, players, moves, moved = self.pins, self.alive, self.players, self.moves, self.moved
        lo, hi = 1.0 / self.cap, self.cap
        old = len(moves)
        recount = False
        for idx, ev in enumerate(new):
            t = ev["type"]
            if t == "move":
                f = ev["figure"]
                moved[f] = first + idx
                s = ev["seat"]
                if strength and alive_now[s]:
                    a, b = ev["from"], ev["to"]
                    if whole:
                        brd = before[idx]
                    else:  # the board as read so far (the figure where the move takes it from)
                        brd = list(board)
                        brd[f] = a
                    others = [pins.get(o) for o in range(players) if o != s and alive[o]]
                    counts = _counts(brd, f, a, b, others)
                    moves.append([first + idx, s, f, a, b, brd, counts, _factor(counts, strength, lo, hi)])
                if not whole:
                    board[f] = ev["to"]
            elif t == "kill":
                s = ev["seat"]
                allowed = set(ev["room_figures"]) - {ev["figure"]}
                pins[s] = pins[s] & allowed if s in pins else allowed
                if not whole:
                    board[ev["figure"]] = None
            elif t == "eliminated":
                alive[ev["seat"]] = False
            elif t == "draw" and not whole and not ev["gone"]:
                g = ev["card"]
                board[g] = None
                if not strength:
                    continue
                # the moves since the drawn figure last moved had it on their boards (and it was not
                # the figure they moved): its room there becomes unknown, as a view of today rebuilds
                # them, and it leaves their counts
                since = moved.get(g, -1)
                for at in range(len(moves) - 1, -1, -1):
                    rec = moves[at]
                    if rec[0] <= since:
                        break
                    _pos, _s, _f, a, b, brd, counts, _ = rec
                    room = brd[g]
                    if room is None or room == "?":
                        continue
                    brd[g] = "?"
                    counts[0] -= 1
                    side = 1 if room == a else 2 if room == b else 0
                    if side:
                        counts[side] -= 1
                    for term in counts[3]:
                        if term is not None and g in term[0]:
                            term[1] -= 1
                            if side:
                                term[1 + side] -= 1
                    rec[7] = _factor(counts, strength, lo, hi)
                    recount = recount or at < old
        rows = self.rows
        if recount:
            rows.clear()
            todo = moves
        else:
            todo = moves[old:]
        lo2, hi2 = lo * lo, hi * hi
        clipped = self.clipped
        if recount:
            clipped.clear()
        for rec in todo:
            factor = rec[7]
            if factor != 1.0:
                s, f = rec[1], rec[2]
                row = rows.get(s)
                if row is None:
                    row = rows[s] = {}
                    clipped[s] = {}
                p = row[f] = row.get(f, 1.0) * factor
                p = p if p > lo2 else lo2
                clipped[s][f] = p if p < hi2 else hi2

    def weights(self, viewer: int | None, alive_now: list) -> dict[int, dict[int, float]]:
        """The evidence factors of every seat but ``viewer`` still at the party, clipped (the
        memory's own tables: read them, do not change them)."""
        return {s: row for s, row in self.clipped.items() if s != viewer and alive_now[s]}

    def candidates(self, view: dict, viewer: int | None, mine: int | None) -> dict[int, set[int]]:
        """:func:`knowledge.candidate_sets` of ``view`` seen by ``viewer`` (with figure
        ``mine``), from the remembered pins."""
        if view["over"]:
            return {}
        base = {f for figs in view["rooms"].values() for f in figs}
        base.discard(mine)
        pins = self.pins
        alive = view["alive"]
        return {
            s: (base & pins[s] if s in pins else set(base)) for s in range(view["players"]) if s != viewer and alive[s]
        }


def _counts(brd: list, f: int, a: str, b: str, others: list) -> list:
    """What the evidence factor of a move of figure ``f`` from room ``a`` (where ``brd`` puts it) to
    room ``b`` depends on, counted on the board ``brd`` (room, None or ``"?"`` per figure), for a
    mover whose opponents still in had the pins ``others`` (None: no kill yet): ``[figures on the
    board but f, the others in a, those in b, per opponent None (unpinned) or [pin, its figures on
    the board but f, in a, in b]]``."""
    on = N_FIGURES - brd.count(None) - brd.count("?") - 1
    terms: list = []
    for pin in others:
        if pin is None:
            terms.append(None)
            continue
        n = n_a = n_b = 0
        for g in pin:
            r = brd[g]
            if g != f and r is not None and r != "?":
                n += 1
                if r == a:
                    n_a += 1
                elif r == b:
                    n_b += 1
        terms.append([pin, n, n_a, n_b])
    return [on, brd.count(a) - 1, brd.count(b), terms]


def _factor(counts: list, strength: float, lo: float, hi: float) -> float:
    """The evidence factor ``exp(strength * (risk(a) - risk(b)))``, clipped to ``[lo, hi]``, from
    :func:`_counts`: risk(R) is the expected number of the mover's opponents' figures among the
    other figures of R (each opponent spread over its candidates on the board), over their number
    (see the module docstring). The integers the sets of the whole-log reading had, so the same
    float divisions and sums in the same order."""
    on, in_a, in_b, terms = counts
    exp_a = exp_b = 0.0
    for term in terms:
        if term is None:  # any figure on the board
            if on:
                exp_a += in_a / on
                exp_b += in_b / on
        elif term[1]:
            n = term[1]
            exp_a += term[2] / n
            exp_b += term[3] / n
    risk_a = exp_a / in_a if in_a else 0.0
    risk_b = exp_b / in_b if in_b else 0.0
    x = math.exp(strength * (risk_a - risk_b))
    x = x if x > lo else lo  # max(lo, x) (lo when equal: the same float)
    return x if x < hi else hi  # min(hi, x)


def _row(figures: list[int], pin: set[int] | None, weights: dict[int, float] | None) -> list[float]:
    """An opponent's row of :func:`knowledge._weights` (``one = 1.0``): its weight on each figure
    that is on the board (``figures``, all of them candidates unless its kills ``pin`` it), 0.0
    where it cannot be that figure."""
    if pin is None:
        if not weights:
            return [1.0] * len(figures)
        return [1.0 * weights.get(f, 1) for f in figures]
    if not weights:
        return [1.0 if f in pin else 0.0 for f in figures]
    return [1.0 * weights.get(f, 1) if f in pin else 0.0 for f in figures]


def move_evidence(view: dict, strength: float = 1.5, cap: float = 2.0) -> dict[int, dict[int, float]]:
    """Soft evidence weights ``{opponent: {figure: factor}}`` from the moves in
    the public log (see the module docstring). Only the view is used: boards of
    the past are rebuilt by undoing the logged events from the current rooms (a
    figure that left the party before ever moving has an unknown past room and
    is left out of those boards). A bot keeps a :class:`BeliefMemory` instead,
    which gives the same weights from the new entries of each view."""
    if strength == 0:
        return {}
    weights = BeliefMemory(strength, cap).update(view).weights(view["viewer"], view["alive"])
    return {s: dict(row) for s, row in weights.items()}


class DetectiveBot(Bot):
    """Deduces who is who from its view and kills the likeliest opponent.

    See the module docstring for the belief model and the rules. Parameters
    (defaults tuned by simulation against random bots and against tables of
    detectives with other settings, see ``benchmarks/bots_costume_party.py``):

    * ``kill_threshold``: the value of a draw: kill on black when the best
      target's probability of being an opponent, minus the exposure penalty,
      reaches it (otherwise draw, while drawing is allowed);
    * ``reveal_cost``: weight of the exposure a kill adds (how much surer a
      watching detective becomes of the bot's figure);
    * ``reveal_threshold``: the probability needed for a kill that would name
      the bot's figure outright;
    * ``move_evidence``, ``evidence_cap``: strength of the behavioural evidence;
    * ``attack``, ``danger``, ``lonely``, ``lonely_forced``, ``own_move``, ``noise``:
      the weights of the move score.
    """

    name = "detective"
    forced_move_is_free = True  # choose (and LevelBot's): one legal action is returned at once

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        *,
        kill_threshold: float = 0.15,
        reveal_threshold: float = 0.9,
        reveal_cost: float = 0.5,
        move_evidence: float = 1.5,
        evidence_cap: float = 2.0,
        attack: float = 1.0,
        danger: float = 1.0,
        lonely: float = 0.3,
        lonely_forced: float = 2.0,
        own_move: float = 0.05,
        noise: float = 0.02,
    ):
        super().__init__(seat, seed)
        self.kill_threshold = kill_threshold
        self.reveal_threshold = reveal_threshold
        self.reveal_cost = reveal_cost
        self.move_evidence = move_evidence
        self.evidence_cap = evidence_cap
        self.attack = attack
        self.danger = danger
        self.lonely = lonely
        self.lonely_forced = lonely_forced
        self.own_move = own_move
        self.noise = noise
        self._memory = BeliefMemory(move_evidence, evidence_cap)

    # ----------------------------------------------------------- beliefs
    def beliefs(self, view: dict) -> dict[int, dict[int, float]]:
        """``{opponent: {figure: probability}}``: exact constraints x soft evidence."""
        memory = self._memory.update(view)
        viewer = view["viewer"]
        cands = memory.candidates(view, viewer, view.get("my_character"))
        weights = memory.weights(viewer, view["alive"]) if self.move_evidence else {}
        try:
            return weighted_posterior(cands, weights)
        except ValueError:  # inconsistent evidence cannot happen from a real view; be safe
            return weighted_posterior(cands)

    def _suspicion(self, view: dict, only: set[int] | None = None) -> dict[int, float]:
        """``suspicion(beliefs(view))``, the same floats, without the per-opponent tables: the
        weights table of :func:`knowledge.figure_mass` built from the memory's pins (the
        candidates of an opponent are the figures on the board but the bot's, within its pins).
        ``only``: the figures whose suspicion is read (the others are left out)."""
        memory = self._memory.update(view)
        if view["over"]:
            return {}
        viewer, alive, pins = view["viewer"], view["alive"], memory.pins
        base = {f for figs in view["rooms"].values() for f in figs}
        base.discard(view.get("my_character"))
        opponents = [s for s in range(view["players"]) if s != viewer and alive[s]]
        if all(s in pins for s in opponents):
            figures = sorted(set().union(*(base & pins[s] for s in opponents)))
        else:
            figures = sorted(base)
        clipped = memory.clipped if self.move_evidence else {}
        try:
            return mass_of(figures, [_row(figures, pins.get(s), clipped.get(s)) for s in opponents], only)
        except ValueError:
            return mass_of(figures, [_row(figures, pins.get(s), None) for s in opponents], only)

    @staticmethod
    def suspicion(beliefs: dict[int, dict[int, float]]) -> dict[int, float]:
        """``{figure: P(figure is some opponent)}``."""
        out: dict[int, float] = {}
        for probs in beliefs.values():
            for f, p in probs.items():
                out[f] = out.get(f, 0.0) + p
        return out

    # ------------------------------------------------------------- choose
    def choose(self, view: dict, legal: list[dict]) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        kinds = {a["type"] for a in legal}
        if "move" in kinds:
            return self._choose_move(view, legal)
        if "kill" in kinds or "draw" in kinds:
            return self._choose_black(view, legal)
        return self.rng.choice(legal)

    def _choose_black(self, view: dict, legal: list[dict]) -> dict:
        me = view["my_character"]
        draw = next((a for a in legal if a["type"] == "draw"), None)
        kills = [a for a in legal if a["type"] == "kill" and a["figure"] != me]
        if not kills:  # alone: the only kill is suicide
            return draw if draw is not None else legal[0]
        susp = self._suspicion(view, {a["figure"] for a in kills})
        best_p = max(susp.get(a["figure"], 0.0) for a in kills)
        best = [a for a in kills if susp.get(a["figure"], 0.0) >= best_p - 1e-12]
        target = best[0] if len(best) == 1 else self.rng.choice(best)
        if draw is None:
            return target
        living = sum(1 for s, a in enumerate(view["alive"]) if a and s != self.seat)
        wins = living == 1 and best_p >= 1 - 1e-9
        if wins:
            return target
        if self.reveal_cost >= 0 and best_p < min(self.kill_threshold, self.reveal_threshold):
            # the exposure can only lower the kill's value (below the draw's already) and a kill that
            # names the bot needs more: draw, whatever the exposures (so they are not computed)
            return draw
        after = self.exposure(view, kill=target["figure"])
        if after >= 1 - 1e-9:  # the kill would name my figure
            return target if best_p >= self.reveal_threshold else draw
        now = self.exposure(view)
        value = best_p - self.reveal_cost * max(0.0, after - now)
        return target if value >= self.kill_threshold else draw

    def exposure(self, view: dict, kill: int | None = None) -> float:
        """How sure a watching detective would be of the bot's figure, from the
        public record (exact constraints and move evidence), now or after
        killing figure ``kill`` (that kill pins the bot to its room)."""
        me = view["my_character"]
        memory = self._memory.update(view)
        if view["over"]:
            return 0.0
        # the public record's table (every seat still in is a suspect; candidates: the figures on the
        # board within the seat's pins), built from the memory as in _suspicion
        alive, pins = view["alive"], dict(memory.pins)
        base = {f for figs in view["rooms"].values() for f in figs}
        if kill is not None:
            # the kill's own entry: the victim leaves the board, the bot is pinned to the others
            # of its room (and the public boards of the past, so the move evidence, stay as they are)
            here = next(figs for figs in view["rooms"].values() if me in figs)
            allowed = set(here) - {kill}
            base.discard(kill)
            pins[self.seat] = pins[self.seat] & allowed if self.seat in pins else allowed
        seats = [s for s in range(view["players"]) if alive[s]]
        if not seats:
            return 0.0
        if all(s in pins for s in seats):
            figures = sorted(set().union(*(base & pins[s] for s in seats)))
        else:
            figures = sorted(base)
        i = seats.index(self.seat) if self.seat in seats else None
        clipped = memory.clipped if self.move_evidence else {}
        try:
            return probability_of(figures, [_row(figures, pins.get(s), clipped.get(s)) for s in seats], i, me)
        except ValueError:
            try:
                return probability_of(figures, [_row(figures, pins.get(s), None) for s in seats], i, me)
            except ValueError:  # the victim must be someone's figure: the kill eliminates a player
                return 0.0

    def _choose_move(self, view: dict, legal: list[dict]) -> dict:
        me = view["my_character"]
        susp = self._suspicion(view)
        rooms = view["rooms"]
        mine = next(r for r, figs in rooms.items() if me in figs)
        here = set(rooms[mine])
        can_draw = len(view["face_up"][self.seat]) < 3 and view["deck_count"] > 0
        attack, danger, lonely = self.attack, self.danger, self.lonely if can_draw else self.lonely_forced
        own_move, noise, rng = self.own_move, self.noise, self.rng
        # the board part of a move's score depends only on the figures that share the bot's room
        # after it: the same for every move that neither touches that room nor moves the bot
        # (computed once), else per move of the bot (key: the room it goes to), per figure moved
        # in (key: 100 + figure) and per figure moved out (key: the figure)
        parts: dict = {}
        random = rng.random
        best_score, best_moves = -math.inf, []
        for a in legal:
            fig = a["figure"]
            if fig == me:
                key = a["to"]
            elif a["to"] == mine:
                key = 100 + fig
            else:
                key = fig if fig in here else -1
            score = parts.get(key)
            if score is None:
                if fig == me:  # the others in the room it goes to
                    ps = [susp.get(g, 0.0) for g in rooms[key]]
                else:  # the others in its room, in board order (the one moved in last)
                    out = fig if key == fig else None
                    ps = [susp.get(g, 0.0) for g in rooms[mine] if g != me and g != out]
                    if key >= 100:
                        ps.append(susp.get(fig, 0.0))
                n = len(ps)
                best = max(ps) if ps else 0.0
                threat = sum(ps)
                score = attack * best - danger * threat / (n + 1)
                if n == 0:
                    score -= lonely
                parts[key] = score
            if fig == me:
                score -= own_move
            score += noise * random()
            if score > best_score + 1e-12:
                best_score, best_moves = score, [a]
            elif abs(score - best_score) <= 1e-12:
                best_moves.append(a)
        return best_moves[0] if len(best_moves) == 1 else rng.choice(best_moves)


# ------------------------------------------------------------------- levels
class LevelBot(DetectiveBot):
    """A :class:`DetectiveBot` that sometimes blunders (see "Bot levels" in
    the module docstring).

    * ``blunder``: the chance that, at a decision with a choice, the bot
      forgets its belief and acts at random: a uniformly random move of any
      figure to any room the die allows, or on black a coin toss between
      drawing and killing a random other figure in its room (never itself
      while it has another choice);
    * the other parameters as :class:`DetectiveBot`.
    """

    name = "level"
    blunder = 0.0

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if len(legal) > 1 and self.blunder and self.rng.random() < self.blunder:
            me = view["my_character"]
            sane = [a for a in legal if not (a["type"] == "kill" and a["figure"] == me)] or legal
            draws = [a for a in sane if a["type"] == "draw"]
            kills = [a for a in sane if a["type"] == "kill"]
            if draws and kills:
                return draws[0] if self.rng.random() < 0.5 else self.rng.choice(kills)
            return self.rng.choice(sane)
        return super().choose(view, legal)


class EasyBot(LevelBot):
    """``easy``: blunders at half of its decisions, and reads nothing into
    how the others move (only kills, reveals and eliminations)."""

    name = "easy"
    blunder = 0.5

    def __init__(self, seat: int, seed: int = 0, **kw):
        kw.setdefault("move_evidence", 0.0)
        super().__init__(seat, seed, **kw)


class MediumBot(LevelBot):
    """``medium``: the detective, but blunders at one decision in ten."""

    name = "medium"
    blunder = 0.1


#: the difficulty levels, easiest first; ``hard`` is the detective itself
LEVELS = {"easy": EasyBot, "medium": MediumBot, "hard": DetectiveBot}

BOTS = {"random": RandomBot, "detective": DetectiveBot, **LEVELS}
