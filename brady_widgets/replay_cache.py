"""The past of a finished game, for its replay, at a bounded cost and in bounded memory.

A replay shows the position after ``step`` player actions (clock steps count as
actions; chance outcomes stay where they were recorded). Rebuilding that position
from the start for every step a screen asks for (``Game.replay``) made each step cost
the whole game's actions and three deep copies, and a table kept one position only,
so screens on different steps evicted each other's. A :class:`ReplayCache` is one
finished game's replay, shared by every screen of its table:

* **snapshots** every :attr:`~ReplayCache.every` actions (0, every, 2 every, ...),
  built by one forward pass when the replay first opens and kept pickled (compact,
  and restored in a fraction of a deep copy's time); at most ``max_snapshots`` of
  them: a longer game takes wider gaps, never more memory;
* any position is the nearest snapshot at or before it plus fewer than ``every``
  actions: a step costs at most ``every - 1`` engine actions, wherever it is;
* the positions handed out last (an LRU of ``positions``) and the screen states
  computed from them (an LRU of ``states``, keyed by the screen), so the devices
  stepping through the same replay (a projector, watchers, the teacher) compute
  each state once.

A position handed out is shared (by the LRU, and by every screen that shows it):
read it, never change it (views are snapshots, so reading does not change it).

The cache is valid for one game object at one history length (:meth:`serves`);
a table makes a new one when its game changes. Names no game.
"""

from __future__ import annotations

import copy
import pickle
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from .engine.game import CHANCE, Game

__all__ = ["ReplayCache"]

#: actions between two snapshots (a step replays at most ``EVERY - 1`` actions)
EVERY = 16
#: snapshots kept at most: a game longer than ``EVERY * MAX_SNAPSHOTS`` actions spaces them wider
MAX_SNAPSHOTS = 32
#: positions and computed screen states kept (least recently used dropped first)
POSITIONS = 4
STATES = 16


class ReplayCache:
    """The replay of the finished ``game`` (see the module docstring).

    ``replayed`` counts the engine actions (and clock steps) applied so far, the
    forward pass included: what a step costs, in the engine's own work."""

    def __init__(
        self,
        game: Game,
        *,
        every: int = EVERY,
        max_snapshots: int = MAX_SNAPSHOTS,
        positions: int = POSITIONS,
        states: int = STATES,
    ):
        self.game = game
        history = game.history
        self.history_length = len(history)
        # cuts[k]: how many history entries the replay of step k applies: those before player
        # action k (k = 0..n-1), and cuts[n] = the whole history (as Session._prefix cuts it)
        cuts = [i for i, h in enumerate(history) if h.get("seat") != CHANCE]
        self.length = len(cuts)
        cuts.append(len(history))
        self._cuts = cuts
        self.every = max(int(every), -(-self.length // max(1, int(max_snapshots))), 1)
        self._positions: OrderedDict[int, Game] = OrderedDict()
        self._states: OrderedDict[Any, dict] = OrderedDict()
        self._max_positions = max(1, int(positions))
        self._max_states = max(0, int(states))
        self.replayed = 0
        self._snapshots: list[bytes | Game] = []
        self._pickled = True
        self._build()

    # ------------------------------------------------------------ positions
    def serves(self, game: Game) -> bool:
        """Whether this cache is ``game``'s replay (the same game, not changed since)."""
        return game is self.game and len(game.history) == self.history_length

    def position(self, step: int) -> Game:
        """The position after ``step`` player actions (0..length), as ``Game.replay`` of
        that prefix of the history builds it. Shared: read it, never change it."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.length:
            raise ValueError(f"replay step must be an int 0..{self.length}, got {step!r}")
        hit = self._positions.get(step)
        if hit is not None:
            self._positions.move_to_end(step)
            return hit
        base = step // self.every
        game = self._restore(self._snapshots[base])
        self._advance(game, self._cuts[base * self.every], self._cuts[step])
        self._positions[step] = game
        while len(self._positions) > self._max_positions:
            self._positions.popitem(last=False)
        return game

    def state(self, key: Any, compute: Callable[[], dict]) -> dict:
        """The screen state for ``key`` (everything the state depends on besides the
        game), computed by ``compute()`` once while it stays in the LRU. A new top-level
        dict each call (the transports set their own keys on it); the values inside are
        shared by every caller: read-only."""
        hit = self._states.get(key)
        if hit is None:
            hit = compute()
            if self._max_states:
                self._states[key] = hit
                while len(self._states) > self._max_states:
                    self._states.popitem(last=False)
        else:
            self._states.move_to_end(key)
        return dict(hit)

    def memory(self) -> int:
        """Bytes of the pickled snapshots (the part that grows with the game)."""
        return sum(len(s) for s in self._snapshots if isinstance(s, bytes))

    # ------------------------------------------------------------- internals
    def _build(self) -> None:
        """One forward pass from the deal, a snapshot every ``every`` actions."""
        g = self.game
        game = type(g)(g.players, g.seed, deal=copy.deepcopy(g.deal), **copy.deepcopy(g.options))
        cut = 0
        for k in range(0, self.length + 1, self.every):
            self._advance(game, cut, self._cuts[k])  # at 0: what the history holds before the first action
            cut = self._cuts[k]
            self._snapshots.append(self._freeze(game))

    def _freeze(self, game: Game) -> bytes | Game:
        if self._pickled:
            try:
                return pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError):
                self._pickled = False  # an engine that does not pickle: deep copies instead
                self._snapshots = [s if isinstance(s, Game) else pickle.loads(s) for s in self._snapshots]
        return game.clone()

    @staticmethod
    def _restore(snapshot: bytes | Game) -> Game:
        return pickle.loads(snapshot) if isinstance(snapshot, bytes) else snapshot.clone()

    def _advance(self, game: Game, lo: int, hi: int) -> None:
        """Apply history entries ``lo..hi-1`` (player actions, clock steps and the chance
        outcomes recorded among them) to ``game``, a position nobody else holds.

        ``Game.apply_history`` without its all-or-nothing deep copy of the game (the
        position is a fresh copy: a refused record leaves nothing behind); the recorded
        outcomes are forced as there (games' own ``resample`` does the same). Cut at
        action boundaries, the outcomes before each cut are those the actions before
        it drew, so the position is the one a replay from the start builds."""
        if lo == hi:
            return
        entries = copy.deepcopy(self.game.history[lo:hi])
        game._forced = [h["outcome"] for h in entries if h.get("seat") == CHANCE]
        for h in entries:
            if h.get("seat") != CHANCE:
                game.apply_step(h)
                self.replayed += 1
        if game._forced:
            raise ValueError(f"{len(game._forced)} recorded chance outcome(s) were never used")
        game._forced = None
