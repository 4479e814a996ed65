"""Bots for Costume Party Detective.

A bot is given only its seat's ``view`` and the list of ``legal`` actions, never
the engine, and returns one of the legal actions. Its choices depend only on
those and on its own seeded random generator (bots keep no memory between
calls, so a bot can be handed any view, e.g. after a replay).

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
from .knowledge import candidate_sets, weighted_posterior

ROOMS = ("blue", "yellow", "red", "green", "hall")


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        return self.rng.choice(legal)


# ------------------------------------------------------------------ beliefs
def move_evidence(view: dict, strength: float = 1.5, cap: float = 2.0) -> dict[int, dict[int, float]]:
    """Soft evidence weights ``{opponent: {figure: factor}}`` from the moves in
    the public log (see the module docstring). Only the view is used: boards of
    the past are rebuilt by undoing the logged events from the current rooms (a
    figure that left the party before ever moving has an unknown past room and
    is left out of those boards)."""
    if strength == 0:
        return {}
    viewer = view["viewer"]
    players = view["players"]
    alive_now = view["alive"]
    n_fig = 20
    board: list = [None] * n_fig
    for room, figs in view["rooms"].items():
        for f in figs:
            board[f] = room
    log = [ev for ev in view["log"] if ev["type"] in ("move", "kill", "draw", "eliminated")]
    before: dict[int, list] = {}
    for idx in range(len(log) - 1, -1, -1):
        ev = log[idx]
        t = ev["type"]
        if t == "move":
            board[ev["figure"]] = ev["from"]
            before[idx] = list(board)
        elif t == "kill":
            board[ev["figure"]] = ev["room"]
        elif t == "draw" and not ev["gone"]:
            board[ev["card"]] = "?"
    pins: dict[int, set[int]] = {}
    alive = [True] * players
    lo, hi = 1.0 / cap, cap
    out: dict[int, dict[int, float]] = {}
    for idx, ev in enumerate(log):
        t = ev["type"]
        if t == "kill":
            s = ev["seat"]
            allowed = set(ev["room_figures"]) - {ev["figure"]}
            pins[s] = pins[s] & allowed if s in pins else allowed
        elif t == "eliminated":
            alive[ev["seat"]] = False
        elif t == "move":
            s = ev["seat"]
            if s == viewer or not alive_now[s]:
                continue
            f, a, b = ev["figure"], ev["from"], ev["to"]
            brd = before[idx]
            on = {g for g in range(n_fig) if brd[g] is not None and brd[g] != "?" and g != f}
            # a killer among the other figures of a room picks one of the others
            in_a = {g for g in on if brd[g] == a}
            in_b = {g for g in on if brd[g] == b}
            exp_a = exp_b = 0.0
            for other in range(players):
                if other == s or not alive[other]:
                    continue
                cand = on & pins[other] if other in pins else on
                if cand:
                    exp_a += len(cand & in_a) / len(cand)
                    exp_b += len(cand & in_b) / len(cand)
            risk_a = exp_a / len(in_a) if in_a else 0.0
            risk_b = exp_b / len(in_b) if in_b else 0.0
            factor = math.exp(strength * (risk_a - risk_b))
            factor = min(hi, max(lo, factor))
            if factor != 1.0:
                row = out.setdefault(s, {})
                row[f] = row.get(f, 1.0) * factor
    for row in out.values():
        for f in row:
            row[f] = min(hi * hi, max(lo * lo, row[f]))
    return out


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

    # ----------------------------------------------------------- beliefs
    def beliefs(self, view: dict) -> dict[int, dict[int, float]]:
        """``{opponent: {figure: probability}}``: exact constraints x soft evidence."""
        cands = candidate_sets(view)
        weights = move_evidence(view, self.move_evidence, self.evidence_cap) if self.move_evidence else {}
        try:
            return weighted_posterior(cands, weights)
        except ValueError:  # inconsistent evidence cannot happen from a real view; be safe
            return weighted_posterior(cands)

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
        susp = self.suspicion(self.beliefs(view))
        best_p = max(susp.get(a["figure"], 0.0) for a in kills)
        best = [a for a in kills if susp.get(a["figure"], 0.0) >= best_p - 1e-12]
        target = best[0] if len(best) == 1 else self.rng.choice(best)
        if draw is None:
            return target
        living = sum(1 for s, a in enumerate(view["alive"]) if a and s != self.seat)
        wins = living == 1 and best_p >= 1 - 1e-9
        if wins:
            return target
        now = self.exposure(view)
        after = self.exposure(view, kill=target["figure"])
        if after >= 1 - 1e-9:  # the kill would name my figure
            return target if best_p >= self.reveal_threshold else draw
        value = best_p - self.reveal_cost * max(0.0, after - now)
        return target if value >= self.kill_threshold else draw

    def exposure(self, view: dict, kill: int | None = None) -> float:
        """How sure a watching detective would be of the bot's figure, from the
        public record (exact constraints and move evidence), now or after
        killing figure ``kill`` (that kill pins the bot to its room)."""
        me = view["my_character"]
        rooms = {r: list(figs) for r, figs in view["rooms"].items()}
        log = list(view["log"])
        if kill is not None:
            here = next(r for r, figs in rooms.items() if me in figs)
            log.append(
                {"type": "kill", "seat": self.seat, "figure": kill, "room": here, "room_figures": list(rooms[here])}
            )
            rooms[here].remove(kill)
        public = {**view, "viewer": None, "my_character": None, "rooms": rooms, "log": log}
        cands = candidate_sets(public)
        weights = move_evidence(public, self.move_evidence, self.evidence_cap) if self.move_evidence else {}
        try:
            post = weighted_posterior(cands, weights)
        except ValueError:
            try:
                post = weighted_posterior(cands)
            except ValueError:  # the victim must be someone's figure: the kill eliminates a player
                return 0.0
        return post.get(self.seat, {}).get(me, 0.0)

    def _choose_move(self, view: dict, legal: list[dict]) -> dict:
        me = view["my_character"]
        susp = self.suspicion(self.beliefs(view))
        room_of = {f: r for r, figs in view["rooms"].items() for f in figs}
        can_draw = len(view["face_up"][self.seat]) < 3 and view["deck_count"] > 0
        best_score, best_moves = -math.inf, []
        for a in legal:
            fig, to = a["figure"], a["to"]
            my_room = to if fig == me else room_of[me]
            others = [g for g, r in room_of.items() if r == my_room and g != me and g != fig]
            if fig != me and to == my_room:
                others.append(fig)
            n = len(others)
            ps = [susp.get(g, 0.0) for g in others]
            best = max(ps) if ps else 0.0
            threat = sum(ps)
            score = self.attack * best - self.danger * threat / (n + 1)
            if n == 0:
                score -= self.lonely if can_draw else self.lonely_forced
            if fig == me:
                score -= self.own_move
            score += self.noise * self.rng.random()
            if score > best_score + 1e-12:
                best_score, best_moves = score, [a]
            elif abs(score - best_score) <= 1e-12:
                best_moves.append(a)
        return best_moves[0] if len(best_moves) == 1 else self.rng.choice(best_moves)


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
