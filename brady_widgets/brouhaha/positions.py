"""Seeded Brouhaha positions for the tutorial, the lessons and the tests.

Every builder returns a :class:`~brady_widgets.brouhaha.rules.Brouhaha` game reached
by legal actions at explicit times from a fixed deal (:func:`deal_with`), so the
position replays, saves (``to_json``) and shows in a widget like any game. Seat 0
is the student's seat unless a docstring says otherwise. Options (``bang``,
``cries``, the ``*_ms`` times) pass through, except that the cards and times below
assume the defaults for ``slap_ms``, ``reveal_ms`` and ``hunt_ms``.

``POSITIONS`` lists them with what each shows.
"""

from __future__ import annotations

from collections import Counter

from ..progress import checks, flag, game_of, items, mapping, optional, players_of
from .content import ALL_CARDS, ANIMAL_IDS, HAND_SIZE, HUNTER, REMOVED, sort_cards
from .rules import Brouhaha

# the builders' arguments, checked once at each entry
PLAYERS = players_of("brouhaha")
CARDS = items("a list of cards (animal ids or 'hunter')")


def PLAY(card: str) -> dict:
    return {"type": "play", "card": card}


def HUNT(target: int) -> dict:
    return {"type": "hunt", "target": target}


SLAP = {"type": "slap"}
TAKE_BACK = {"type": "take_back"}


@checks(players=PLAYERS, fixed=mapping("a dict {seat: list of cards}", values=CARDS), removed=optional(CARDS))
def deal_with(players: int, fixed: dict, removed: list | None = None) -> dict:
    """A full legal deal in which seat ``s`` holds the cards ``fixed[s]`` (a list),
    ``removed`` are set aside (default: the rulebook's number of Hunters, and of
    pairs taken from the end of the card order among those not fixed), and the
    other cards fill the hands in card order, one card per seat in turn."""
    pairs, hunters = REMOVED[players]
    size = HAND_SIZE[players]
    pool = Counter(ALL_CARDS)
    for cards in fixed.values():
        pool.subtract(cards)
    if removed is None:
        removed = [HUNTER] * hunters
        for a in reversed(ANIMAL_IDS):
            if len(removed) == 2 * pairs + hunters:
                break
            if pool[a] == 2:
                removed += [a, a]
    pool.subtract(removed)
    if any(k < 0 for k in pool.values()):
        raise ValueError(f"deal_with: more copies asked than the box holds: {dict(-pool)}")
    hands = [list(fixed.get(s, [])) for s in range(players)]
    if any(len(h) > size for h in hands):
        raise ValueError(f"deal_with: a {players}-player hand holds {size} cards")
    rest = sort_cards(pool.elements())
    if len(rest) + sum(map(len, hands)) != players * size:  # the hands would never fill: refused, not a hang
        raise ValueError(
            f"removed must set aside {2 * pairs + hunters} cards for {players} players"
            f" (the hands hold {players * size}), got {len(removed)}"
        )
    seat = 0
    for card in rest:
        while len(hands[seat]) >= size:
            seat = (seat + 1) % players
        hands[seat].append(card)
        seat = (seat + 1) % players
    deal = {"removed": sort_cards(removed), "hands": [sort_cards(h) for h in hands]}
    Brouhaha._check_deal(deal, players)
    return deal


@checks(game=game_of("brouhaha", "a Brouhaha game"), steps=items('a list of steps: ("adv", at) or (seat, action, at)'))
def run(game: Brouhaha, steps) -> Brouhaha:
    """Apply scripted steps: ``("adv", at)`` advances the clock, ``(seat, action, at)`` acts."""
    for step in steps:
        if step[0] == "adv":
            game.advance(step[1])
        else:
            game.act(step[0], step[1], at=step[2])
    return game


#: the 4-player deal most positions start from: seats 0 and 1 both hold a cow (a pair
#: split between them); seat 2 holds a bison (another "Moo!") and a yak; seat 3 a dog.
#: Every seat holds a Hunter.
BASE_FIXED = {
    0: ["cow", "lion", "duck", HUNTER],
    1: ["cow", "wolf", "yak", HUNTER],
    2: ["bison", "yak", HUNTER],
    3: ["dog", HUNTER],
}


def _base(**options) -> Brouhaha:
    return Brouhaha(4, 0, deal=deal_with(4, BASE_FIXED), **options)


def played_card(**options) -> Brouhaha:
    """A card played and its cry: seat 0 put its cow face down at 1.2 s, seat 2 its bison
    at 1.5 s, seat 1 its wolf at 1.8 s; the clock is at 2 s. Everyone sees "Moo!" over
    seats 0 and 2 and "Woof!" over seat 1 (with shared cries); only seat 0 knows its
    card is the cow, and nobody knows whether seat 2's "Moo!" is a cow, a yak or a bison."""
    return run(
        _base(**options), [(0, PLAY("cow"), 1200), (2, PLAY("bison"), 1500), (1, PLAY("wolf"), 1800), ("adv", 2000)]
    )


def slap_race(**options) -> Brouhaha:
    """A slap race in progress: seats 0 and 1 both have a cow down (both cry "Moo!");
    seat 1 slapped at 2.0 s, so the game is frozen until 3.0 s and only a second slap
    counts: if seat 0 slaps before 3.0 s, both cows are revealed (a match); if nobody
    does, the slap is void. The clock is at 2.1 s."""
    return run(_base(**options), [(0, PLAY("cow"), 1000), (1, PLAY("cow"), 1400), (1, SLAP, 2000), ("adv", 2100)])


def mismatch_reveal(**options) -> Brouhaha:
    """A mismatch being revealed: seat 0's cow and seat 2's bison both cry "Moo!"; seat 2
    slapped at 2.0 s and seat 0 at 2.3 s, so both cards are face up until 3.8 s: a cow
    and a bison, no match. Advance to 3.8 s and both go back to their owners' hands
    (with ``bang=True`` each would also lose its latest Reserve card, if any)."""
    return run(
        _base(**options),
        [(0, PLAY("cow"), 1000), (2, PLAY("bison"), 1500), (2, SLAP, 2000), (0, SLAP, 2300), ("adv", 2500)],
    )


def pass_phase(**options) -> Brouhaha:
    """The pass after a match: seats 0 and 1 revealed their cows (slaps at 2.0 s and
    2.2 s), the cows went to their Reserves at 3.7 s, and now every player with cards
    in hand secretly chooses one to give to the left neighbour (seat s gives to
    s + 1, seat 3 to seat 0) before 18.7 s; seat 3 has chosen already. Undecided
    players pass the first card of their sorted hand at the deadline."""
    return run(
        _base(**options),
        [
            (0, PLAY("cow"), 1000),
            (1, PLAY("cow"), 1400),
            (0, SLAP, 2000),
            (1, SLAP, 2200),
            ("adv", 3700),
            (3, {"type": "pass", "card": "dog"}, 4000),
        ],
    )


def hunt_window(**options) -> Brouhaha:
    """A hunt window: seat 1 put its wolf down ("Woof!"), and at 1.5 s seat 0 played a
    Hunter imitating "Woof!". Everyone sees that seat 0 hunts and the cry it imitates;
    only seat 0 knows its target is seat 1 (seat 1's view says it is pinned). Unless
    another Hunter is played before 3.0 s, the wolf goes to seat 0's Reserve."""
    return run(_base(**options), [(1, PLAY("wolf"), 1000), (0, HUNT(1), 1500), ("adv", 1600)])


@checks(cancelled=flag)
def two_hunters(cancelled: bool = True, **options) -> Brouhaha:
    """Two Hunters cancelling: the hunt of :func:`hunt_window`, then seat 2 plays its own
    Hunter at 2.0 s, imitating seat 1's "Woof!" too: both Hunters leave the game and
    nothing else happens (the wolf stays down, seat 2's bison went back to its hand).
    ``cancelled=False``: the position just before, seat 2 to try it (before 3.0 s)."""
    game = run(_base(**options), [(2, PLAY("bison"), 500), (1, PLAY("wolf"), 1000), (0, HUNT(1), 1500), ("adv", 1600)])
    if cancelled:
        run(game, [(2, HUNT(1), 2000), ("adv", 2100)])
    return game


def near_end(**options) -> Brouhaha:
    """A near end (10 players, 4 cards each): Hunters at seats 1, 2 and 3 took seat 0's
    dog, sheep and lion; seat 0 holds only its cow, now face down, and seat 5 has put
    the other cow down. If they slap and match, seat 0 has no card left and the game
    ends at once: seats 0, 1, 2, 3 and 5 all have one card in their Reserves, so they
    share the win."""
    fixed = {0: ["cow", "dog", "sheep", "lion"], 1: [HUNTER], 2: [HUNTER], 3: [HUNTER], 5: ["cow"]}
    game = Brouhaha(10, 0, deal=deal_with(10, fixed), **options)
    return run(
        game,
        [
            (0, PLAY("dog"), 500),
            (1, HUNT(0), 700),
            ("adv", 2200),
            (0, PLAY("sheep"), 2500),
            (2, HUNT(0), 2700),
            ("adv", 4200),
            (0, PLAY("lion"), 4500),
            (3, HUNT(0), 4700),
            ("adv", 6200),
            (0, PLAY("cow"), 6500),
            (5, PLAY("cow"), 6800),
            ("adv", 7000),
        ],
    )


#: name -> (builder, what it shows in one line)
POSITIONS = {
    "played_card": (played_card, "a card played face down: its cry is public, the animal secret"),
    "slap_race": (slap_race, "a slap window: only a second slap counts before it closes"),
    "mismatch_reveal": (mismatch_reveal, "two 'Moo!' cards revealed: a cow and a bison, no match"),
    "pass_phase": (pass_phase, "after a match every player passes a card to the left, in secret"),
    "hunt_window": (hunt_window, "a Hunter imitates a cry: its target is secret until the window closes"),
    "two_hunters": (two_hunters, "a second Hunter in the window: both Hunters leave, nothing else happens"),
    "near_end": (near_end, "one card left: a match now ends the game, and ties share the win"),
}
