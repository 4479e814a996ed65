"""Costume Party Detective: the pure rules engine.

Twenty costumed figures mingle in five rooms. Each player secretly *is* one of
them. On your turn you roll the die: a color lets you move any figure into or out
of that room (so you can herd suspects, or hide your own figure in a crowd);
black lets you kill a figure in your own character's room, or draw a character
card to send an innocent home. Killing another player's character eliminates
them; the last player whose character is still at the party wins.

What it teaches: every public move is evidence. Which figures a player kills,
and where, says where their own figure must be standing; see ``odds.py`` for
the exact posterior a seat can compute from what it has seen.

Rule choices where the rulebook is silent follow ``rules-decisions.md``: a ring
of four colored rooms plus a middle hall next to all of them, a die of
blue/yellow/red/green/black/black, and "alone in your room" applying to the kill
(when you kill, and your figure is alone, the only figure you can kill is your
own; drawing stays open while you hold fewer than three face-up cards and the
deck is not empty).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ..engine.game import FrozenAction, Game
from .content import ADJACENCY_PRESETS, CHARACTERS, DEFAULT_FACES, ROOMS, figure_label

N_FIGURES = len(CHARACTERS)
MAX_FACE_UP = 3
COLORS = ROOMS[:4]

# legal actions are handed out as shared read-only dicts (FrozenAction, as Brouhaha's and Big
# Brother's): a legal list is a fresh list of the same actions, no dict built per action per call
ROLL = FrozenAction(type="roll")
DRAW = FrozenAction(type="draw")
_KILL = tuple(FrozenAction(type="kill", figure=f) for f in range(N_FIGURES))
_MOVE = tuple({room: FrozenAction(type="move", figure=f, to=room) for room in ROOMS} for f in range(N_FIGURES))


def check_adjacency(adj) -> dict[str, list[str]]:
    """Resolve the ``adjacency`` option (a preset name or a map) to ``room -> [rooms]``
    in board order; raise ValueError unless it names every room, symmetrically."""
    if isinstance(adj, str):
        if adj not in ADJACENCY_PRESETS:
            raise ValueError(f"unknown adjacency preset {adj!r}; presets: {sorted(ADJACENCY_PRESETS)}")
        adj = ADJACENCY_PRESETS[adj]
    if not isinstance(adj, dict) or set(adj) != set(ROOMS):
        raise ValueError(f"adjacency must map every room {ROOMS} to its neighbours")
    for room, nbrs in adj.items():
        if not isinstance(nbrs, (list, tuple)) or not all(isinstance(n, str) for n in nbrs):
            raise ValueError(f"adjacency of {room!r} must be a list of room names, got {nbrs!r}")
        if not set(nbrs) <= set(ROOMS) or room in nbrs:
            raise ValueError(f"adjacency of {room!r} must list other rooms, got {nbrs!r}")
        for n in nbrs:
            if room not in adj[n]:
                raise ValueError(f"adjacency must be symmetric: {room!r}->{n!r} but not back")
    return {r: [n for n in ROOMS if n in adj[r]] for r in ROOMS}


def check_faces(faces) -> list[str]:
    """Validate the ``faces`` option: room colors and at least one ``"black"``."""
    if not isinstance(faces, (list, tuple)) or not faces or any(f not in COLORS + ["black"] for f in faces):
        raise ValueError(f"faces must be a non-empty list of {COLORS + ['black']}, got {faces!r}")
    if "black" not in faces:
        raise ValueError("faces must include a black face: without one nobody can kill and the game never ends")
    return list(faces)


class CostumeParty(Game):
    """Costume Party Detective for 2 to 8 players.

    Options:
        adjacency: a preset name from ``content.ADJACENCY_PRESETS``
            (default ``"ring_and_middle"``) or a dict ``room -> [rooms]``.
        faces: the die faces, a list of room colors and ``"black"``
            (default blue, yellow, red, green, black, black).
        first_seat: who rolls first (the player with the next birthday).
    Test-only keyword ``deal``: ``{"secrets": [fig per seat], "deck": [figs, top
    first], "rooms": [room per figure]}`` fixes the set-up instead of shuffling.
    """

    name = "costume_party"
    title = "Costume Party Detective"
    player_counts = range(2, 9)
    default_options = {"adjacency": "ring_and_middle", "faces": list(DEFAULT_FACES), "first_seat": 0}
    action_schema = {
        "roll": {},
        "move": {"figure": int, "to": str},
        "kill": {"figure": int},
        "draw": {},
    }

    # ------------------------------------------------------------------ set-up
    def _check_options(self) -> None:
        self.adjacency = check_adjacency(self.options["adjacency"])
        faces = self.options["faces"] = check_faces(self.options["faces"])
        counts = Counter(faces)
        # the die's exact odds (a tuple, so the kernel may cache its float weights)
        self._die = tuple((face, Fraction(counts[face], len(faces))) for face in dict.fromkeys(faces))
        # move targets by rolled color and by the room a figure stands in (None: off the board):
        # out of the rolled room to each neighbour, or into it from a neighbouring room
        self._targets = {
            color: {
                None: (),
                **{
                    room: tuple(self.adjacency[color])
                    if room == color
                    else ((color,) if color in self.adjacency[room] else ())
                    for room in ROOMS
                },
            }
            for color in COLORS
        }
        #: the rooms a figure can move from, by rolled color (None, off the board, is never one)
        self._sources = {
            color: frozenset(room for room, to in by_room.items() if to) for color, by_room in self._targets.items()
        }
        first = self.options["first_seat"]
        if not self._is_seat(first):
            raise ValueError(f"first_seat must be a seat 0..{self.players - 1}, got {first!r}")

    def _setup(self, deal: dict | None) -> dict:
        if deal is None:
            figures = list(range(N_FIGURES))
            self.rng.shuffle(figures)
            per_room = N_FIGURES // len(ROOMS)
            rooms = [None] * N_FIGURES
            for i, fig in enumerate(figures):
                rooms[fig] = ROOMS[i // per_room]
            cards = list(range(N_FIGURES))
            self.rng.shuffle(cards)
            deal = {"secrets": cards[: self.players], "deck": cards[self.players :], "rooms": rooms}
        else:
            deal = self._check_deal(deal)
        self.secrets = list(deal["secrets"])
        self.deck = list(deal["deck"])
        self.room_of: list[str | None] = list(deal["rooms"])
        self.status = ["party"] * N_FIGURES  # party | killed | left
        self.face_up: list[list[int]] = [[] for _ in range(self.players)]
        self.alive = [True] * self.players
        self.turn = self.options["first_seat"]
        self.phase = "roll"
        self.last_roll: str | None = None
        for seat, fig in enumerate(self.secrets):
            self._emit("secret", audience=[seat], seat=seat, figure=fig)
        self._emit("start", seat=self.turn)
        return {"secrets": list(self.secrets), "deck": list(self.deck), "rooms": list(self.room_of)}

    def _check_deal(self, deal: dict) -> dict:
        try:
            secrets, deck, rooms = list(deal["secrets"]), list(deal["deck"]), list(deal["rooms"])
        except (KeyError, TypeError):
            raise ValueError("deal must be a dict with 'secrets', 'deck' and 'rooms'") from None
        if not all(type(c) is int for c in secrets + deck):
            raise ValueError("deal: cards must be figure numbers (ints)")
        if len(secrets) != self.players or sorted(secrets + deck) != list(range(N_FIGURES)):
            raise ValueError("deal: secrets (one per seat) and deck must hold each card exactly once")
        if len(rooms) != N_FIGURES or any(r not in ROOMS for r in rooms):
            raise ValueError("deal: rooms must give a room for each of the 20 figures")
        return {"secrets": secrets, "deck": deck, "rooms": rooms}

    # --------------------------------------------------------------- queries
    def figures_in(self, room: str) -> list[int]:
        return [f for f in range(N_FIGURES) if self.room_of[f] == room]

    def _rooms(self) -> dict[str, list[int]]:
        """``{room: figures in it}`` for every room, in one pass (same as figures_in per room)."""
        rooms: dict[str, list[int]] = {room: [] for room in ROOMS}
        for fig, room in enumerate(self.room_of):
            if room is not None:
                rooms[room].append(fig)
        return rooms

    def _board(self) -> tuple:
        """``(key, (figures in each room, in ROOMS order), killed, left)`` for the board as it stands, as
        tuples: computed once per board (a view after a roll, or a second seat's view, reuses
        them). Keyed by the figures' rooms and statuses themselves, so nothing can make it stale."""
        key = (tuple(self.room_of), tuple(self.status))
        cache = getattr(self, "_board_cache", None)
        if cache is None or cache[0] != key:
            rooms = self._rooms()
            status = self.status
            cache = self._board_cache = (
                key,
                tuple(tuple(figs) for figs in rooms.values()),  # in ROOMS order
                tuple(f for f in range(N_FIGURES) if status[f] == "killed"),
                tuple(f for f in range(N_FIGURES) if status[f] == "left"),
            )
        return cache

    def _to_act(self) -> list[int]:
        return [self.turn]

    def _moves(self, color: str) -> list[dict]:
        targets = self._targets[color]
        return [_MOVE[fig][to] for fig, room in enumerate(self.room_of) for to in targets[room]]

    def _has_move(self, color: str) -> bool:
        # some figure stands in a room it can move from on this color
        return not self._sources[color].isdisjoint(self.room_of)

    def _is_legal(self, seat: int, action: dict) -> bool:
        # the same answer as ``action in self._legal(seat)`` for a well-formed action, without building the list
        kind = action["type"]
        phase = self.phase
        if phase == "roll":
            return kind == "roll"
        if phase == "move":
            if kind != "move":
                return False
            fig = action["figure"]
            return 0 <= fig < N_FIGURES and action["to"] in self._targets[self.last_roll][self.room_of[fig]]
        if kind == "draw":
            return len(self.face_up[seat]) < MAX_FACE_UP and bool(self.deck)
        if kind != "kill":
            return False
        fig = action["figure"]
        if not 0 <= fig < N_FIGURES:
            return False
        mine = self.secrets[seat]
        here = self.room_of[mine]
        if fig != mine:
            return self.room_of[fig] == here
        return not any(r == here for f, r in enumerate(self.room_of) if f != mine)

    def _legal(self, seat: int) -> list[dict]:
        if self.phase == "roll":
            return [ROLL]
        if self.phase == "move":
            return self._moves(self.last_roll)
        # black
        mine = self.secrets[seat]
        here = self.room_of[mine]
        actions = [_KILL[f] for f, room in enumerate(self.room_of) if room == here and f != mine] or [_KILL[mine]]
        if len(self.face_up[seat]) < MAX_FACE_UP and self.deck:
            actions.append(DRAW)
        return actions

    def _why_illegal(self, seat: int, action: dict) -> str:
        kind = action["type"]
        phase_needs = {
            "roll": "roll the die",
            "move": f"move a figure into or out of {self.last_roll}",
            "black": "kill or draw",
        }
        wanted = {"roll": ["roll"], "move": ["move"], "black": ["kill", "draw"]}[self.phase]
        if kind not in wanted:
            return f"now is the time to {phase_needs[self.phase]}, not to {kind}"
        if kind == "move":
            fig, to = action["figure"], action["to"]
            if not 0 <= fig < N_FIGURES:
                return f"there is no figure {fig} (figures are 0..{N_FIGURES - 1})"
            if self.room_of[fig] is None:
                return f"{figure_label(fig)} has already left the party"
            if to not in ROOMS:
                return f"there is no room {to!r} (rooms: {ROOMS})"
            return (
                f"you rolled {self.last_roll}: move a figure into the {self.last_roll} room from a room next to it, "
                f"or out of it into a room next to it ({figure_label(fig)} is in {self.room_of[fig]})"
            )
        if kind == "kill":
            fig = action["figure"]
            if not 0 <= fig < N_FIGURES:
                return f"there is no figure {fig} (figures are 0..{N_FIGURES - 1})"
            if self.room_of[fig] is None:
                return f"{figure_label(fig)} has already left the party"
            if fig == self.secrets[seat]:
                return "you may not kill yourself while another figure shares your room"
            return f"{figure_label(fig)} is not in the same room as your character"
        if kind == "draw":
            if not self.deck:
                return "the deck is empty: you must kill"
            return f"you already have {MAX_FACE_UP} face-up cards: you must kill"
        return "that action is not legal now"

    def _chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if self.over or self.phase != "roll":
            return []
        return list(self._die)

    # ----------------------------------------------------------------- apply
    def _apply(self, seat: int, action: dict, at: Any) -> None:
        kind = action["type"]
        if kind == "roll":
            face = self._chance("die", self._die)
            self.last_roll = face
            self._emit("roll", seat=seat, face=face)
            if face == "black":
                self.phase = "black"
            elif self._has_move(face):
                self.phase = "move"
            else:
                self._emit("no_move", seat=seat, face=face)
                self._next_turn()
        elif kind == "move":
            fig, to = action["figure"], action["to"]
            src = self.room_of[fig]
            self.room_of[fig] = to
            self._emit("move", seat=seat, figure=fig, **{"from": src, "to": to})
            self._next_turn()
        elif kind == "draw":
            card = self.deck.pop(0)
            self.face_up[seat].append(card)
            gone = self.status[card] != "party"
            if not gone:
                self.status[card] = "left"
                self.room_of[card] = None
            self._emit("draw", seat=seat, card=card, gone=gone)
            self._next_turn()
        elif kind == "kill":
            self._kill(seat, action["figure"])

    def _kill(self, seat: int, fig: int) -> None:
        room = self.room_of[fig]
        present = self.figures_in(room)
        self.room_of[fig] = None
        self.status[fig] = "killed"
        self._emit("kill", seat=seat, figure=fig, room=room, room_figures=present)
        if fig in self.secrets:
            victim = self.secrets.index(fig)
            self.alive[victim] = False
            self._emit("eliminated", seat=victim, figure=fig, by=seat)
        living = [s for s in range(self.players) if self.alive[s]]
        if len(living) == 1:
            self.over = True
            self.winners = living
            self.phase = "over"
            self._emit("game_over", winners=living, secrets=list(self.secrets))
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        seat = self.turn
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.alive[seat]:
                break
        self.turn = seat
        self.phase = "roll"

    # ------------------------------------------------------------------ view
    def _view(self, seat: int | None, reveal: bool = False) -> dict:
        board = self._board()
        view = {
            "game": self.name,
            "players": self.players,
            "viewer": seat,
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act,
            "last_roll": self.last_roll,
            "rooms": dict(zip(ROOMS, map(list, board[1]))),
            "killed": list(board[2]),
            "left": list(board[3]),
            "face_up": [list(cards) for cards in self.face_up],
            "deck_count": len(self.deck),
            "alive": list(self.alive),
            "revealed": [None if self.alive[s] and not self.over else self.secrets[s] for s in range(self.players)],
            "my_character": self.secrets[seat] if seat is not None else None,
            "over": self.over,
            "winners": list(self.winners),
            "adjacency": dict(zip(self.adjacency, map(list, self.adjacency.values()))),
            "faces": list(self.options["faces"]),
            "log": self.log_for(seat, reveal=reveal),
        }
        if reveal:
            view["secrets"] = list(self.secrets)
            view["deck"] = list(self.deck)
        return view

    # ------------------------------------------------------- hidden information
    def resample(self, seat: int | None, rng) -> CostumeParty:
        """A game with the same public history whose hidden information (other
        players' characters and the deck order) is redrawn at random, consistently
        with everything ``seat`` has seen. Used by the leak test."""
        from .knowledge import candidate_sets, sample_assignment

        view = self.view(seat)
        cands = candidate_sets(view)
        assignment = sample_assignment(cands, rng)
        secrets = list(self.secrets)
        for opp, fig in assignment.items():
            secrets[opp] = fig
        drawn = [ev["card"] for ev in view["log"] if ev["type"] == "draw"]
        rest = [c for c in range(N_FIGURES) if c not in secrets and c not in drawn]
        rng.shuffle(rest)
        deal = {"secrets": secrets, "deck": drawn + rest, "rooms": list(self.deal["rooms"])}
        return type(self).replay(self.players, self.seed, self.history, deal=deal, **self.options)
