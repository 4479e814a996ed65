"""Seeded Big Brother positions for the tutorial (``big_brother.ipynb``) and the tests.

Each function returns a :class:`~.rules.BigBrother` game on the real board
(:data:`.content.DEFAULT_TRACK`) at the moment one rule is about to happen or has just
happened, reached through the real engine: the dice are *forced* with
``apply_history`` (an action followed by its recorded chance outcomes, the path a replay
takes), the card piles come from a fixed ``deal``, and every other choice is written
below. The same call gives the same game on every computer. Player 1 (seat 0) is the
student in every position.

============================  ==========================================================
``start()``                   a new 5-player game: Player 1 is about to roll in the Living Room
``rolled(a, b)``              Player 1 has rolled ``a`` and ``b`` and moved (default 3 + 4: a confrontation)
``room(name)``                Player 1 has just landed in the room ``name`` (its rule in the log,
                              or a choice to make for the Storeroom, Diary Room and bedrooms)
``gossip_pick()``             Player 1 is on a gossip space: pick a partner and a side
``gossip_countdown()``        the gossip word is out, the 10-second countdown runs: pick a card
``camera_card()``             Player 1 has drawn a camera card ("rolls a double") and rolls on
``camera_claim()``            Player 2 has just rolled a double: Player 1 may claim the catch
``confrontation()``           Player 1 has landed on a confrontation space: everybody votes
``nominations()``             round 1's last vote: only Player 1's vote is missing, then the count
``eviction()``                the eviction's third question, 7 votes each so far: Player 1 decides
``after_eviction()``          Player 5 has left the house; round 2 starts without them
``the_return()``              Players 1 and 2 are the finalists: rank the evicted housemates
``final_vote()``              three candidates, the final's first question: everybody votes
============================  ==========================================================

The votes in the positions follow :data:`LIKES` (each housemate's favourites, best first)
for ``+`` questions and the reverse for ``-`` questions, so the counts are the same every
time: in round 1 Players 4 and 5 get the fewest votes and are nominated.

Helpers the tests and the lesson use too: :func:`act` (an action at the game's clock),
:func:`roll` (a forced roll, with its one-die roll-offs), :func:`roll_to` (forced dice that
land on a given space), :func:`vote_all` and :func:`quick_turn` (a turn straight to the
nearest confrontation space, everybody voting by :data:`LIKES`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..progress import a_seed, checks, choice, game_of, items, kind, mapping, optional, players_of, text, whole
from .content import CONFRONTATION_CARDS, DEFAULT_TRACK
from .rules import BigBrother

#: the seed of every tutorial position (the piles come from :data:`DEAL`)
SEED = 7
PLAYERS = 5
#: confrontation cards in order, camera card 0 on top (its line for Player 1: "rolls a double")
DEAL = {"deck": list(range(len(CONFRONTATION_CARDS))), "camera": [0, 1, 2, 3, 4, 5]}
#: each seat's favourite housemates, best first (votes on + questions, open votes); on a -
#: question a housemate votes for the last of these that may receive the vote
LIKES = {
    0: [1, 2, 3, 4],
    1: [2, 0, 3, 4],
    2: [1, 0, 3, 4],
    3: [0, 1, 2, 4],
    4: [0, 2, 1, 3],
    5: [0, 1, 2, 3, 4],
}


# the builders' and helpers' arguments, checked once at each public entry
GAME = game_of("big_brother", "a Big Brother game")
SEAT = whole(0, 5)
ACTION = mapping("an action, a dict with its type", keys=("type",))
DIE = whole(1, 6)
SEATS = items("a tuple of seats", SEAT)
CHOICE = optional(mapping("a dict {seat: the seat it votes for}", values=SEAT, each_key=SEAT))
LIKES_ARG = optional(mapping("a dict {seat: its favourite seats, best first}", values=SEATS, each_key=SEAT))
CHANCE = kind(
    lambda v: isinstance(v, (tuple, list)) and len(v) == 2 and isinstance(v[0], str),
    'a chance outcome, a (kind, outcome) pair such as ("die", 5)',
)


@checks(name=text)
def space_of(name: str) -> int:
    """The first space of the board with this room or kind (``"Garden"``, ``"gossip"``)."""
    for i, s in enumerate(DEFAULT_TRACK):
        if s["room"] == name or (s["room"] is None and s["kind"] == name):
            return i
    raise ValueError(f"name must be a room or a kind of space of the board, got {name!r}: no such space")


@checks(players=players_of("big_brother"), seed=a_seed)
def start(players: int = PLAYERS, seed: int = SEED, **options: Any) -> BigBrother:
    """A new game with the tutorial's deal: Player 1 (seat 0) is about to roll."""
    options.setdefault("deal", DEAL)
    return BigBrother(players, seed, **options)


# ------------------------------------------------------------------ helpers
@checks(game=GAME, seat=SEAT, action=ACTION)
def act(game: BigBrother, seat: int, action: dict) -> list[dict]:
    """``seat`` takes ``action`` at the game's clock."""
    return game.act(seat, action, at=game.clock)


@checks(game=GAME, seat=SEAT, action=ACTION, chance=CHANCE)
def forced(game: BigBrother, seat: int, action: dict, *chance: tuple) -> None:
    """``seat`` takes ``action`` and its chance outcomes are ``chance``: ``(kind, outcome)``
    pairs, e.g. ``("dice", [3, 4])``, ``("die", 5)``, ``("gossip_dice", [2, 6])``."""
    game.apply_history(
        [{"seat": seat, "action": action, "at": game.clock}]
        + [{"seat": "chance", "kind": k, "outcome": o} for k, o in chance]
    )


@checks(game=GAME, a=DIE, b=DIE, dice=DIE)
def roll(game: BigBrother, a: int, b: int, *dice: int) -> None:
    """The mover rolls ``a`` and ``b``; ``dice``: the one-die rolls of any roll-off that
    follows (Garden, Living Room), in the order the engine asks for them."""
    forced(game, game.mover, {"type": "roll"}, ("dice", [a, b]), *[("die", d) for d in dice])


@checks(steps=whole(2, 12))
def dice_for(steps: int) -> tuple[int, int]:
    """Two dice that add up to ``steps`` (2..12), not a double when another pair exists."""
    if not 2 <= steps <= 12:
        raise ValueError(f"two dice make 2 to 12, not {steps}")
    a = min(6, steps - 1)
    b = steps - a
    if a == b and steps not in (2, 12):
        a, b = a + 1, b - 1
    return a, b


@checks(game=GAME, space=whole(0), dice=DIE)
def roll_to(game: BigBrother, space: int, *dice: int) -> None:
    """The mover rolls exactly what takes the pawn to ``space`` (2 to 12 spaces ahead)."""
    steps = (space - game.pos[game.mover]) % game.length
    if not 2 <= steps <= 12:
        raise ValueError(
            f"space must be 2 to 12 spaces ahead of the mover (on space {game.pos[game.mover]}), got {space}"
        )
    roll(game, *dice_for(steps), *dice)


def _pick(seat: int, targets: list[int], sign: str, likes: dict) -> int:
    order = [t for t in likes.get(seat, LIKES[5]) if t in targets] + [
        t for t in targets if t not in likes.get(seat, [])
    ]
    return order[0] if sign == "+" else order[-1]


@checks(game=GAME, choice=CHOICE, likes=LIKES_ARG, skip=SEATS)
def vote_all(
    game: BigBrother, choice: dict[int, int] | None = None, likes: dict | None = None, skip: tuple = ()
) -> None:
    """Every seat the game waits on votes (but the seats in ``skip``): ``choice[seat]``,
    else by ``likes`` (default :data:`LIKES`) among its legal votes."""
    choice, likes = choice or {}, likes or LIKES
    sign = game.sign
    for s in [s for s in game.to_act if s not in skip]:
        legal = [a["target"] for a in game.legal_actions(s) if a["type"] == "vote"]
        t = choice.get(s)
        act(game, s, {"type": "vote", "target": t if t is not None else _pick(s, legal, sign, likes)})


@checks(game=GAME)
def nearest_confrontation(game: BigBrother) -> int:
    """The first confrontation space 2 to 12 spaces ahead of the mover."""
    x = game.pos[game.mover]
    for s in range(2, 13):
        if game.kinds[(x + s) % game.length] == "confrontation":
            return (x + s) % game.length
    raise ValueError("no confrontation space within one roll")


@checks(game=GAME, choice=CHOICE, likes=LIKES_ARG)
def quick_turn(game: BigBrother, choice: dict[int, int] | None = None, likes: dict | None = None) -> None:
    """The mover rolls straight to the nearest confrontation space; everybody votes
    (``choice``/``likes`` as in :func:`vote_all`)."""
    roll_to(game, nearest_confrontation(game))
    vote_all(game, choice, likes)


def _until(game: BigBrother, stop: Callable[[BigBrother], bool], likes: dict | None = None) -> BigBrother:
    for _ in range(200):
        if stop(game):
            return game
        if game.phase == "roll":
            quick_turn(game, likes=likes)
        elif game.phase in ("evict_vote", "final_vote"):
            vote_all(game, likes=likes)
        elif game.phase == "return":
            for s in game.to_act:
                act(game, s, next(a for a in game.legal_actions(s) if a["type"] == "rank"))
        else:
            raise RuntimeError(f"positions: no quick way through the phase {game.phase!r}")
    raise RuntimeError("positions: the stop condition never came")


# ------------------------------------------------------------------ positions
@checks(a=DIE, b=DIE)
def rolled(a: int = 3, b: int = 4, **options: Any) -> BigBrother:
    """Player 1 has rolled ``a`` and ``b`` from the Living Room and moved ``a + b``
    spaces (3 + 4 lands on space 7, a confrontation: everybody now votes)."""
    g = start(**options)
    roll(g, a, b)
    return g


#: the forced rolls that bring Player 1 to each room from the Living Room, through the
#: Kitchen (space 4) and camera spaces where needed, and the one-die roll-offs
_ROOM_PATHS = {
    "Kitchen": [4],
    "Men's Bedroom": [8],
    "Garden": [12],
    "Diary Room": [4, 16],
    "Toilet/Shower": [9, 20],
    "Women's Bedroom": [4, 14, 24],
    "Storeroom": [9, 19, 28],
    "Living Room": [4, 14, 25, 0],
}


@checks(
    name=kind(lambda v: isinstance(v, str), "a room of the board (a str)"),
    rolloff=items("a tuple of one-die rolls", DIE),
)
def room(name: str, rolloff: tuple = (), **options: Any) -> BigBrother:
    """Player 1 has just landed in the room ``name`` (it may take a stop in the Kitchen
    or on a camera space first). ``rolloff``: the one-die rolls of the other housemates
    in seat order for the Garden (lowest gives you a vote; default Player 3 rolls 1) and
    the Living Room (you vote for the highest; default Player 4 rolls 6).

    The Storeroom, the Diary Room and the bedrooms wait for Player 1's choice (phase
    ``choose``); the other rooms have done what they do (see the log), and Player 1
    rolls again."""
    if name not in _ROOM_PATHS:
        raise ValueError(f"name must name a room: the room must be one of {sorted(_ROOM_PATHS)}, got {name!r}")
    if not rolloff and name == "Garden":
        rolloff = (4, 1, 5, 3)
    if not rolloff and name == "Living Room":
        rolloff = (2, 5, 6, 3)
    g = start(**options)
    path = _ROOM_PATHS[name]
    for k, space in enumerate(path):
        roll_to(g, space, *(rolloff if k == len(path) - 1 else ()))
    return g


def gossip_pick(**options: Any) -> BigBrother:
    """Player 1 has landed on the gossip space 6 (rolled 2 + 4): pick a housemate to
    gossip with and a side of the gossip table."""
    g = start(**options)
    roll(g, 2, 4)
    return g


@checks(partner=SEAT, side=choice(("+", "-")), dice=items("a pair of dice", DIE, least=2))
def gossip_countdown(partner: int = 1, side: str = "+", dice: tuple = (3, 5), **options: Any) -> BigBrother:
    """Player 1 chose to gossip with ``partner`` (default Player 2) on the ``side`` of the
    table; the dice ``dice`` picked the word (3 + 5 on the + side: row 3, column 5). The
    countdown runs (10 s of game time): both gossipers pick a vote card in secret."""
    g = gossip_pick(**options)
    forced(g, 0, {"type": "gossip", "partner": partner, "side": side}, ("gossip_dice", list(dice)))
    return g


def camera_card(**options: Any) -> BigBrother:
    """Player 1 has landed on the camera space 3 (rolled 1 + 2) and drawn camera card 0,
    whose line for Player 1 reads "rolls a double" (only Player 1 sees it). Player 1
    rolls on."""
    g = start(**options)
    roll(g, 1, 2)
    return g


def camera_claim(**options: Any) -> BigBrother:
    """Player 1 holds "rolls a double"; Player 1's turn ended on space 5, everybody voted;
    then Player 2 rolled a double (1 + 1) onto a confrontation space. While everybody
    votes, Player 1 may claim the catch: ``{"type": "claim", "card": 0, "culprit": 1}``."""
    g = camera_card(**options)
    roll(g, 1, 1)  # space 5: Player 1's own double never counts for their own card
    vote_all(g)
    roll(g, 1, 1)  # Player 2 from the Living Room to space 2, a double
    return g


def confrontation(**options: Any) -> BigBrother:
    """Player 1 has landed on a confrontation space (3 + 4: space 7): the top card's +
    question is read and everybody votes in secret, Player 1 included."""
    return rolled(3, 4, **options)


def nominations(**options: Any) -> BigBrother:
    """Round 1's fifth and last turn (Player 5's) ended on a confrontation space, and
    everybody has voted but Player 1. Player 1's vote completes the round: the box is
    opened, every card is shown, and the fewest-voted are nominated (by :data:`LIKES`,
    Players 4 and 5 have no votes at all, so whatever Player 1 votes, they are nominated)."""
    g = start(**options)
    for _ in range(4):
        quick_turn(g)
    roll_to(g, nearest_confrontation(g))
    vote_all(g, skip=(0,))
    return g


#: the eviction's votes (Players 4 and 5 nominated): question 1, 2 and 3 (Player 1 last)
_EVICTION = [{1: 3, 2: 3, 3: 4, 4: 3, 0: 4}, {1: 4, 2: 4, 3: 4, 4: 3, 0: 3}, {1: 3, 2: 4, 3: 4, 4: 3}]


def eviction(**options: Any) -> BigBrother:
    """Players 4 and 5 are nominated. Two - questions have been voted on (5 votes each
    so far); on the third everybody has voted but Player 1, and Players 4 and 5 have 7
    votes each: Player 1's vote decides who leaves (the most votes is evicted)."""
    g = nominations(**options)
    vote_all(g)  # Player 1's last vote of the round: the count, the nominations
    if g.nominees != [3, 4]:
        raise RuntimeError(f"positions: expected Players 4 and 5 nominated, got {g.nominees}")
    for _k, votes in enumerate(_EVICTION):
        for s in [s for s in (1, 2, 3, 4, 0) if s in votes]:
            act(g, s, {"type": "vote", "target": votes[s]})
    return g


def after_eviction(**options: Any) -> BigBrother:
    """Player 1 voted for Player 5 (seat 4) on the last question: Player 5 had the most
    votes and has left the house. Round 2 starts with Player 1, without Player 5."""
    g = eviction(**options)
    act(g, 0, {"type": "vote", "target": 4})
    return g


def the_return(**options: Any) -> BigBrother:
    """The game has gone on to its last eviction (turns straight to a confrontation,
    votes by :data:`LIKES`): Players 1 and 2 are the two finalists. Each ranks the
    evicted housemates in secret, best first; the best-ranked comes back."""
    g = after_eviction(**options)
    _until(g, lambda g: g.phase == "return")
    if sorted(g.finalists) != [0, 1]:
        raise RuntimeError(f"positions: expected Players 1 and 2 as finalists, got {g.finalists}")
    return g


@checks(ranks=items("a tuple of the evicted seats, in the order each finalist ranks them", SEAT, least=1))
def final_vote(ranks: tuple = (2, 3), **options: Any) -> BigBrother:
    """Both finalists ranked ``ranks`` first (default: Player 3, seat 2, then Player 4):
    Player 3 is back, and the three candidates stand in the Living Room. The final's
    first + question: everybody votes in secret, only for candidates."""
    g = the_return(**options)
    for s in (0, 1):
        for t in ranks:
            if g.phase == "return" and s in g.to_act and {"type": "rank", "target": t} in g.legal_actions(s):
                act(g, s, {"type": "rank", "target": t})
    if g.phase != "final_vote":
        raise RuntimeError(f"positions: the ranks {ranks} did not finish the return")
    return g


#: every position by name (the tests build each one)
POSITIONS = {
    "start": start,
    "rolled": rolled,
    "gossip_pick": gossip_pick,
    "gossip_countdown": gossip_countdown,
    "camera_card": camera_card,
    "camera_claim": camera_claim,
    "confrontation": confrontation,
    "nominations": nominations,
    "eviction": eviction,
    "after_eviction": after_eviction,
    "the_return": the_return,
    "final_vote": final_vote,
    **{f"room:{name}": (lambda name=name, **o: room(name, **o)) for name in _ROOM_PATHS},
}
