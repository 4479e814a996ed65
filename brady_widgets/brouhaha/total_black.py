"""Total Black: Brouhaha's variant for up to 42 players, one card each, in the dark.

2 to 42 players, an even number. Each player gets one animal card; the species
are ``players // 2`` pairs drawn from the 21 (the game's seeded RNG), so every
player has exactly one partner. Nobody sees anything: partners find each other
by their cries alone.

Time runs in ms (``realtime = True``). The game is a sequence of rounds of
``bump_ms`` (default 1000):

1. **Bumps.** At the start of every round (the first at time 0, during the set-up;
   then at every bump deadline ``k * bump_ms``) the seeded RNG pairs up the players
   not found yet at random (a uniformly random perfect matching; with an odd number
   one sits out). Each player privately hears the cry of the one it bumped into
   (event ``bump``, to that player only: the cry, never the seat or the animal).
2. **Holding hands.** During the round a bumped player may ``{"type": "hold"}``
   (once per round; event ``hold``, private).
3. **The deadline.** At the next bump deadline, for each encounter where both held:
   the same species -> both are found (public event ``found``: the two seats and
   their animal; found players leave the game and score 1); different species ->
   nothing but a private ``let_go`` to each of the two (its own seat only: in the
   dark nobody learns whose hand it held). Then the next round's bumps.
4. **The end.** When every player is found (``reason`` "all_found", at a bump
   deadline) or at ``time_limit_ms`` (default 600000; ``None``: no limit;
   ``reason`` "time"). ``winners``: every player found (all share the win);
   ``scores``: 1 found, 0 not.

``cries`` ("shared" by default, or "solo") is Brouhaha's option: with shared cries
three species cry the same word, so a cry alone does not prove a partner.

View keys: ``game, players, viewer, phase ("dark" | "over"), to_act ([]), round,
round_ends, my_card, my_cry, heard (the cry of this round's bump, or None),
held (bool), found (per seat, public), found_at (per seat: the ms it was found, or
None), pairs_found, pairs, scores, over, winners, reason, options, log``
(+ ``clock``, ``deadline``); ``full_view()`` adds ``cards`` and ``partners`` (this
round's bump of each seat) and ``holding``.

A bot that holds iff the cry it heard equals its own finds its partner exactly in
the first round they bump into each other, so the time until all pairs are found
is ``bump_ms`` times the round in which the last pair first meets: what the
lesson's vectorized simulator draws (:func:`rounds_until_all_found` is a plain
Python reference of it on this engine's RNG).
"""

from __future__ import annotations

import random

from brady_widgets.engine import Game

from .content import ANIMAL_IDS, CRIES

MAX_MS = 3_600_000


class TotalBlack(Game):
    name = "brouhaha_total_black"
    title = "Brouhaha: Total Black"
    player_counts = range(2, 43, 2)
    default_options = {"bump_ms": 1000, "time_limit_ms": 600000, "cries": "shared"}
    action_schema = {"hold": {}}
    realtime = True
    races = frozenset()
    private_steps = True  # a Hold is heard by no one until the round ends

    def _check_options(self) -> None:
        o = self.options
        ms = o["bump_ms"]
        if type(ms) is not int or not 1 <= ms <= MAX_MS:
            raise ValueError(f"bump_ms must be a whole number of ms from 1 to {MAX_MS}, got {ms!r}")
        tl = o["time_limit_ms"]
        if tl is not None and (type(tl) is not int or not 1 <= tl <= 100 * MAX_MS):
            raise ValueError(f"time_limit_ms must be None or a whole number of ms from 1 to {100 * MAX_MS}, got {tl!r}")
        if o["cries"] not in ("shared", "solo") or type(o["cries"]) is not str:
            raise ValueError(f"cries must be 'shared' or 'solo', got {o['cries']!r}")

    # ---------------------------------------------------------------- set-up
    def _setup(self, deal):
        n = self.players
        # the seeded draw always happens, so a given deal keeps the RNG's stream (the bumps) the same
        species = self.rng.sample(ANIMAL_IDS, n // 2)
        cards = [a for a in species for _ in range(2)]
        self.rng.shuffle(cards)
        if deal is not None:
            if type(deal) is not dict or set(deal) != {"cards"} or type(deal["cards"]) is not list:
                raise ValueError(f"a Total Black deal is {{'cards': [one animal per player]}}, got {deal!r}")
            cards = deal["cards"]
            counts: dict = {}
            for c in cards:
                counts[c] = counts.get(c, 0) + 1
            if len(cards) != n or any(c not in ANIMAL_IDS for c in cards) or any(k != 2 for k in counts.values()):
                raise ValueError(f"a {n}-player Total Black deal holds {n // 2} animals, two of each, got {cards!r}")
        self.cards = list(cards)  # secret
        self._cry = CRIES[self.options["cries"]]
        self.found = [False] * n
        self.found_at: list = [None] * n
        self.partner: list = [None] * n  # this round's bump (secret)
        self.holding: set[int] = set()  # seats holding this round (secret)
        self.round = 0
        self.round_ends = None
        self.end_reason = None
        self.rounds: list[list] = []  # every round's encounters (secret)
        self.held_pairs: list[tuple] = []  # encounters where both held (for resample)
        for s in range(n):
            self._emit("deal", audience=[s], seat=s, card=self.cards[s], cry=self._cry[self.cards[s]])
        self._emit("start", players=n, pairs=n // 2, bump_ms=self.options["bump_ms"])
        self._bump(0)
        return {"cards": list(self.cards)}

    def _bump(self, at) -> None:
        """Pair up the players not found yet at random; each hears its bump's cry."""
        left = [s for s in range(self.players) if not self.found[s]]
        self.rng.shuffle(left)
        self.partner = [None] * self.players
        self.holding = set()
        pairs = []
        for i in range(0, len(left) - 1, 2):
            a, b = left[i], left[i + 1]
            self.partner[a], self.partner[b] = b, a
            pairs.append((a, b))
        self.rounds.append(pairs)
        self.round += 1
        self.round_ends = at + self.options["bump_ms"]
        self._emit("round", round=self.round, at=at, closes_at=self.round_ends, left=len(left))
        for a, b in pairs:
            self._emit("bump", audience=[a], seat=a, round=self.round, cry=self._cry[self.cards[b]], at=at)
            self._emit("bump", audience=[b], seat=b, round=self.round, cry=self._cry[self.cards[a]], at=at)

    # -------------------------------------------------------------- contract
    def _to_act(self):
        return []

    def _legal(self, seat):
        if self.partner[seat] is not None and seat not in self.holding:
            return [{"type": "hold"}]
        return []

    def _why_illegal(self, seat, action):
        return (
            f"seat {seat} has no one to hold hands with now"
            if self.partner[seat] is None
            else f"seat {seat} holds already"
        )

    def _apply(self, seat, action, at):
        self.holding.add(seat)
        self._emit("hold", audience=[seat], seat=seat, round=self.round, at=at)

    def _next_deadline(self):
        limit = self.options["time_limit_ms"]
        if limit is not None and limit <= self.round_ends:
            return limit
        return self.round_ends

    def _on_deadline(self, at):
        limit = self.options["time_limit_ms"]
        if limit is not None and at >= limit:
            self._finish("time", at)
            return
        holding = self.holding
        for a, b in self.rounds[-1]:
            if a in holding and b in holding:
                if self.cards[a] == self.cards[b]:
                    self.found[a] = self.found[b] = True
                    self.found_at[a] = self.found_at[b] = at
                    self._emit("found", seats=sorted((a, b)), card=self.cards[a], round=self.round, at=at)
                else:
                    self.held_pairs.append((a, b))
                    # each hears only that the hand it held let go: in the dark, never whose
                    self._emit("let_go", audience=[a], seat=a, round=self.round, at=at)
                    self._emit("let_go", audience=[b], seat=b, round=self.round, at=at)
        if all(self.found):
            self._finish("all_found", at)
            return
        self._bump(at)

    def _finish(self, reason, at):
        self.over = True
        self.end_reason = reason
        self.partner = [None] * self.players
        self.holding = set()
        self.round_ends = None
        self.winners = [s for s in range(self.players) if self.found[s]]
        self._emit("game_over", reason=reason, winners=list(self.winners), scores=self._scores(), at=at)

    def _scores(self):
        # every seat's view holds them, after every step: made once per set of pairs found
        found = tuple(self.found)
        cached = getattr(self, "_scores_of", None)
        if cached is None or cached[0] != found:
            cached = self._scores_of = (found, [1 if f else 0 for f in found])
        return [*cached[1]]

    # ----------------------------------------------------------------- views
    def _view(self, seat, reveal=False):
        partner = self.partner[seat] if seat is not None else None
        view = {
            "game": self.name,
            "players": self.players,
            "viewer": seat,
            "phase": "over" if self.over else "dark",
            "to_act": [],
            "round": self.round,
            "round_ends": self.round_ends,
            "my_card": self.cards[seat] if seat is not None else None,
            "my_cry": self._cry[self.cards[seat]] if seat is not None else None,
            "heard": self._cry[self.cards[partner]] if partner is not None else None,
            "held": seat is not None and seat in self.holding,
            "found": list(self.found),
            "found_at": list(self.found_at),
            "pairs_found": sum(self.found) // 2,
            "pairs": self.players // 2,
            "scores": self._scores(),
            "over": self.over,
            "winners": list(self.winners),
            "reason": self.end_reason,
            "options": dict(self.options),
            "log": self.log_for(seat, reveal=reveal),
        }
        if reveal:
            view["cards"] = list(self.cards)
            view["partners"] = list(self.partner)
            view["holding"] = sorted(self.holding)
        return view

    # ------------------------------------------------------------- leak test
    def resample(self, seat, rng):
        """The same game (same history, same bumps: the RNG stream is the same) with
        the cards ``seat`` cannot know redrawn: every player's card except its own,
        those of the players it ever bumped into (it heard their cries), those found
        (public) and those of encounters where both held and let go (a public
        'nothing happened' would otherwise become a find). ``seat`` None: only the
        found ones and the let-go encounters are kept."""
        keep = {s for s in range(self.players) if self.found[s]}
        for a, b in self.held_pairs:
            keep.update((a, b))
        if seat is not None:
            keep.add(seat)
            keep.update(p[1 - p.index(seat)] for pairs in self.rounds for p in pairs if seat in p)
        free = [s for s in range(self.players) if s not in keep]
        cards = list(self.deal["cards"])
        drawn = [cards[s] for s in free]
        rng.shuffle(drawn)
        for s, c in zip(free, drawn):
            cards[s] = c
        return type(self).replay(self.players, self.seed, self.history, deal={"cards": cards}, **self.options)


def rounds_until_all_found(players: int, seed: int | random.Random = 0, max_rounds: int = 10**6) -> int:
    """The number of bump rounds until every pair has met once, when partners are found
    exactly when they first bump into each other (what hold-iff-same-cry bots do),
    drawn the way :class:`TotalBlack` draws its bumps (pure Python, for tests and
    small runs; the lesson's vectorized simulator draws the same distribution)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    partner = {s: s ^ 1 for s in range(players)}  # seats 2k and 2k+1 are partners
    left = list(range(players))
    rounds = 0
    while left and rounds < max_rounds:
        rounds += 1
        rng.shuffle(left)
        met = set()
        for i in range(0, len(left) - 1, 2):
            a, b = left[i], left[i + 1]
            if partner[a] == b:
                met.update((a, b))
        left = sorted(s for s in left if s not in met)
    return rounds


__all__ = ["TotalBlack", "rounds_until_all_found"]
