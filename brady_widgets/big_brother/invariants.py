"""Big Brother invariants for the conformance kit.

They read the engine's own state (``hand``, ``box``, ``gossip``, ``cam_held``, ...): an
invariant checks the engine, and the views are then checked against that truth. The
first one is the issue's: vote-card conservation (no card created or lost, every card
back with its owner after each count that closes a vote).
"""

from __future__ import annotations

from .content import CAMERA_CARDS, CONFRONTATION_CARDS
from .rules import CARDS_PER_TARGET, PHASES, ROUND_PHASES, ROUNDS, VOTE_PHASES

#: private event types and who they belong to ("seat")
PRIVATE = {"my_vote", "my_gossip_card", "camera_card", "my_rank"}


def _held_out(game) -> dict[tuple[int, int], int]:
    """Cards held out of the hand in a gossip, ``{(owner, target): 1}``."""
    gos = game.gossip
    return {} if gos is None else {(s, t): 1 for s, t in gos["chosen"].items()}


def vote_cards_are_conserved(game) -> None:
    """For each owner and target: cards in hand + in the box + held out in a gossip == 4
    (0 for yourself); nothing negative; the box total is the sum of the box."""
    n = game.players
    held = _held_out(game)
    for o in range(n):
        for t in range(n):
            h, b = game.hand[o][t], game.box[o][t]
            assert h >= 0 and b >= 0, f"negative cards: hand[{o}][{t}]={h}, box[{o}][{t}]={b}"
            total = h + b + held.get((o, t), 0)
            want = 0 if o == t else CARDS_PER_TARGET
            assert total == want, f"player {o + 1} has {total} cards for {t + 1} (hand {h}, box {b}), not {want}"
    assert game.box_total == sum(map(sum, game.box)), (
        f"box_total {game.box_total} is not the box's {sum(map(sum, game.box))}"
    )


def box_empty_after_each_count(game) -> None:
    """The box holds exactly the cards put in since the cards last came back (secret votes
    and open votes); it is empty when a round, an eviction or the final begins, during the
    return and at the end; never a card for yourself or for a housemate out of the house."""
    last = max((i for i, e in enumerate(game.events) if e["type"] == "cards_back"), default=-1)
    put = sum(1 for e in game.events[last + 1 :] if e["type"] in ("my_vote", "open_vote"))
    assert game.box_total == put, f"{game.box_total} cards in the box, but {put} were put in since the cards came back"
    fresh = (
        game.over
        or game.phase == "return"
        or (game.phase in ("evict_vote", "final_vote") and game.questions == 0 and game.extra == 0 and not game.voted)
        or (game.phase == "roll" and game.turn == 0 and game.rolls == 0 and not game.open_votes)
    )
    if fresh:
        assert game.box_total == 0, f"the box must be empty now (phase {game.phase}), it holds {game.box_total}"
    for o in range(game.players):
        assert game.box[o][o] == 0, f"player {o + 1} voted for themselves"
        for t in game.out:
            assert game.box[o][t] == 0, f"a card for evicted player {t + 1} is in the box"
    assert len(game.open_votes) <= game.box_total


def secret_votes_follow_the_question(game) -> None:
    """In a vote: the voters who voted are not waited on; every secret vote went to an
    eligible target (never yourself, only nominees/candidates in an eviction/final, never
    the shielded mover); those still waited on hold a card for an eligible target."""
    if game.phase not in VOTE_PHASES:
        return
    assert game.card is not None and 0 <= game.card < len(CONFRONTATION_CARDS)
    assert not set(game.voted) & set(game.waiting), "a voter who voted is still waited on"
    assert sorted(game.ballot) == sorted(game.voted)
    for v, t in game.ballot.items():
        assert t != v and t in game.targets, f"player {v + 1} voted for {t + 1}, not an eligible target {game.targets}"
    assert game.shield not in game.targets or game.shield is None
    assert not set(game.targets) & game.out
    if game.phase == "evict_vote":
        assert game.targets == game.nominees and len(game.nominees) >= 2
        assert game.sign == "-"
    else:
        assert game.sign == "+"
    if game.phase == "final_vote":
        assert game.targets == game.candidates and len(game.candidates) == 3
    for s in game.waiting:
        assert any(game.hand[s][t] for t in game.targets if t != s), (
            f"player {s + 1} is waited on with no eligible card"
        )
    assert game.to_act == sorted(game.to_act) == game.waiting


def the_house(game) -> None:
    """Pawns: an evicted housemate has none, the others stand on the track; the number of
    evictions follows the rounds; the shield is the mover's, in a round only; the round
    order lists the housemates still in, clockwise, twice a round with 4 players."""
    n = game.players
    for s in range(n):
        if s in game.out:
            assert game.pos[s] is None, f"evicted player {s + 1} still has a pawn"
        else:
            assert 0 <= game.pos[s] < game.length
    assert sorted(game.in_house) == sorted(set(range(n)) - game.out)
    assert game.out <= set(game.evicted) and len(set(game.evicted)) == len(game.evicted)
    assert 1 <= game.round <= ROUNDS[n]
    if game.phase in ROUND_PHASES:
        assert len(game.evicted) == game.round - 1, f"round {game.round} after {len(game.evicted)} evictions"
        assert game.mover not in game.out and game.mover == game.order[game.turn]
        assert sorted(set(game.order)) == sorted(game.in_house)
        assert len(game.order) == len(game.in_house) * (2 if n == 4 else 1)
    else:
        assert game.shield is None
    assert game.shield in (None, game.mover)
    if game.phase in ("return", "final_vote") or game.over:
        assert len(game.evicted) == n - 2
        assert len(game.finalists) == 2
    if game.over:
        assert game.winners and game.winners[0] in game.candidates and len(game.winners) == 1
    assert game.phase in PHASES and game.phase != "nominate", f"the game waits in phase {game.phase}"
    gossiping = game.phase == "gossip" or (game.phase == "pay" and game.resume == "gossip")
    assert (game.deadline is not None) == gossiping
    if game.phase == "pay":
        assert game.owed and game.resume in ROUND_PHASES and game.resume != "pay"
        assert game.to_act == [game.owed[0]["giver"]]
    else:
        assert not game.owed and game.resume is None, "a reward owed outside the pay phase"


def gossip_and_camera(game) -> None:
    """A gossip pairs the mover with another housemate still in, its word is the table's;
    the camera cards are each in the pile, in front of one holder or shown, once."""
    gos = game.gossip
    if gos is not None:
        assert game.phase == "gossip" or (game.phase == "pay" and game.resume == "gossip")
        assert gos["lander"] == game.mover and gos["partner"] in game.in_house and gos["partner"] != game.mover
        assert set(gos["chosen"]) <= {gos["lander"], gos["partner"]}
        assert gos["deadline"] == game.deadline
    held = [c for h in game.cam_held for c in h]
    pile = game.cam_deck[game.cam_drawn :]
    # a card that caught somebody stays in front of its holder (rulebook: "Once the next
    # round begins, you can catch people again")
    assert sorted(held + pile) == list(range(len(CAMERA_CARDS))), "camera cards lost or doubled"
    assert sorted(game.cam_deck[: game.cam_drawn]) == sorted(held), "a drawn camera card is not held"
    for c in game.cam_shown:
        assert c["card"] in game.cam_held[c["holder"]], "a camera card left its holder after a catch"
    catches = [(c["card"], c["round"]) for c in game.cam_shown]
    assert len(catches) == len(set(catches)), "a camera card caught twice in one round"


def views_hold_only_what_a_seat_may_see(game, views) -> None:
    """Each seat's view shows its own vote cards and camera cards; the public view shows
    no seat's; no view holds the teacher's keys; each log holds only events for its seat."""
    teacher = {"hands", "box", "ballot", "deck", "camera_deck", "camera_held", "pending_ranks"}
    for key, view in views.items():
        assert not teacher & set(view), f"view({key}) holds teacher keys {sorted(teacher & set(view))}"
        seat = None if key == "None" else int(key)
        if seat is None:
            assert view["my_cards"] is None and view["my_camera"] is None and view["my_choice"] is None
        else:
            assert view["my_cards"] == game.hand[seat]
            assert [c["card"] for c in view["my_camera"]] == game.cam_held[seat]
        for ev in view["log"]:
            if ev["type"] in PRIVATE:
                assert ev["seat"] == seat, f"view({key}) holds seat {ev['seat']}'s private {ev['type']} event"
        assert view["phase"] == game.phase and view["to_act"] == game.to_act


#: what the conformance kit runs after every step (the registry entry names this module)
INVARIANTS = [
    vote_cards_are_conserved,
    box_empty_after_each_count,
    secret_votes_follow_the_question,
    the_house,
    gossip_and_camera,
    views_hold_only_what_a_seat_may_see,
]
