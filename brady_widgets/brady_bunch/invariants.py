"""The Brady Bunch Party Game invariants for the conformance kit.

They read the engine's own state (``hands``, ``deck``, ``board``, ``tucked``,
``cookies``, ``peeks``, ...), because an invariant checks the engine, not what a
seat may see; the views are then checked against that truth.
"""

from __future__ import annotations

from collections import Counter

from .content import COPIES, HAND, HELP_TOKENS, OLIVER_CARDS, ROUNDS, TOKEN_PEEKS, VALUES
from .rules import ALICE, PHASE_TEXT, classify

N_CARDS = COPIES * len(VALUES)
#: private event types and the key naming the seat they belong to
PRIVATE = {"hand", "my_card", "peek", "draw", "my_sign"}
END_PHASES = ("signs", "accuse", "over")
#: phases after the cookie was given in a round
AFTER_COOKIE = ("expose", "cookie_peek", "help", "help_peek", "final")


def completed_rounds(game) -> int:
    """Rounds whose cards are tucked."""
    return ROUNDS if game.phase in END_PHASES else game.round - 1


def _played(game, kid: str) -> list[int]:
    """The kid's cards by round: the tucked ones, then this round's card on the board."""
    return game.tucked[kid] + ([game.board[kid]] if game.board[kid] is not None else [])


def _snoop_rounds(game) -> dict[int, list[str]]:
    return {e["round"]: list(e["kids"]) for e in game.events if e["type"] == "snoops"}


def cards_are_partitioned(game) -> None:
    """The 48 Mischief cards (eight of each value) are in the hands, the deck, on
    the board and tucked, each once; the deck holds 48 - 3k - the cards taken."""
    board = [v for v in game.board.values() if v is not None]
    cards = (
        [c for h in game.hands.values() for c in h]
        + list(game.deck)
        + board
        + [c for t in game.tucked.values() for c in t]
    )
    assert Counter(cards) == Counter({v: COPIES for v in VALUES}), (
        f"cards are not partitioned: {sorted(Counter(cards).items())}"
    )
    k = len(game.player_kids)
    c = completed_rounds(game)
    silent = game.options["silent"]
    taken_by_silent = (c + (game.board[silent] is not None)) if silent else 0
    expected_deck = N_CARDS - HAND * k - k * min(c, ROUNDS - 1) - taken_by_silent
    assert len(game.deck) == expected_deck, f"deck holds {len(game.deck)} cards, expected {expected_deck}"
    assert len(game.takers) == N_CARDS - HAND * k - len(game.deck)


def hands_and_board(game) -> None:
    """Hands of 3 (minus the card on the board) until the end, then 2; a card on
    the board exactly for the kids who played this round; c tucked cards each."""
    c = completed_rounds(game)
    silent = game.options["silent"]
    assert set(game.hands) == set(game.player_kids)
    for kid in game.kids:
        assert len(game.tucked[kid]) == c, f"{kid} has {len(game.tucked[kid])} tucked cards after {c} rounds"
        on_board = game.board[kid] is not None
        if game.phase in END_PHASES or game.phase == "reveal":
            assert not on_board, f"{kid} has a card on the board in phase {game.phase}"
        elif game.phase != "play" or kid == silent:
            assert on_board, f"{kid} has no card on the board in phase {game.phase}"
        if kid == silent:
            continue
        expected = HAND - on_board if c < ROUNDS else HAND + (ROUNDS - 1) - ROUNDS
        assert len(game.hands[kid]) == expected, f"{kid} holds {len(game.hands[kid])} cards, expected {expected}"
    assert set(game.face_up) <= {k for k in game.kids if game.board[k] is not None}


def cookies_one_a_round(game) -> None:
    """One cookie a round (for a playing kid), given before the cookie peek; signs
    only for kids with cookies, shown together."""
    c = completed_rounds(game)
    given = sum(game.cookies.values())
    this_round = game.cookie_kid is not None
    assert set(game.cookies) == set(game.player_kids), "only playing kids hold cookies"
    assert given == c + this_round, f"{given} cookies given after {c} rounds (cookie this round: {this_round})"
    in_after = game.phase in AFTER_COOKIE or (game.phase == "answer" and game.talk_phase == "final")
    assert this_round == in_after, f"cookie kid {game.cookie_kid!r} in phase {game.phase}"
    cookie_events = [e for e in game.events if e["type"] == "cookie"]
    assert len(cookie_events) == given and len({e["round"] for e in cookie_events}) == given, (
        "more than one cookie in a round"
    )
    for kid, sign in game.signs.items():
        assert sign in (1, -1) and game.cookies[kid] > 0, (
            f"{kid} chose a sign {sign!r} with {game.cookies[kid]} cookies"
        )
    if game.signs_shown:
        assert set(game.signs) == {k for k, n in game.cookies.items() if n}, "signs shown before every cookie kid chose"
        assert game.phase in ("accuse", "over")
    else:
        assert game.phase not in ("accuse", "over")


def help_tokens(game) -> None:
    """Alice spends tokens from her starting set, at most one a round, after the
    cookie peek; each token looks at 1 (woman, man) or 2 (dog) different cards."""
    start = Counter(HELP_TOKENS[game.players])
    left = Counter(game.tokens)
    assert not (left - start), f"tokens {game.tokens} are not from {HELP_TOKENS[game.players]}"
    used = [e for e in game.events if e["type"] == "token"]
    assert Counter(e["token"] for e in used) == start - left, "spent tokens do not match the token events"
    assert len({e["round"] for e in used}) == len(used), "two tokens spent in one round"
    for e in used:
        peeks = [p for p in game.peeks[ALICE] if p["round"] == e["round"] and p["via"] == e["token"]]
        assert len(peeks) <= TOKEN_PEEKS[e["token"]] and len({p["kid"] for p in peeks}) == len(peeks)
        cookie_peeks = [
            ev for ev in game.events if ev["type"] == "peeked" and ev["via"] == "cookie" and ev["round"] == e["round"]
        ]
        assert cookie_peeks and game.events.index(cookie_peeks[0]) < game.events.index(e), (
            "token before the cookie peek"
        )
    assert all(p["via"] in TOKEN_PEEKS for p in game.peeks[ALICE]), "Alice peeked other than with a token"


def peeks_are_true_and_allowed(game) -> None:
    """Every peek saw the card really played, never the peeker's own; Snoop peeks
    only by that round's Snoops, as many as their cards and at different kids;
    one cookie peek a round, by the cookie kid."""
    snoops = _snoop_rounds(game)
    cookie_of = {e["round"]: e["kid"] for e in game.events if e["type"] == "cookie"}
    for seat, peeks in game.peeks.items():
        me = game.seat_kid.get(seat)
        for p in peeks:
            kid, r = p["kid"], p["round"]
            cards = _played(game, kid)
            assert len(cards) >= r and cards[r - 1] == p["value"], f"seat {seat} peeked {p} but {kid} played {cards}"
            assert kid != me, f"seat {seat} peeked at its own card"
            if p["via"] == "snoop":
                assert me is not None and me in snoops.get(r, []), (
                    f"seat {seat} snooped in round {r} without a Snoop card"
                )
            elif p["via"] == "cookie":
                assert cookie_of.get(r) == me, f"seat {seat} took a cookie peek in round {r} without the cookie"
            else:
                assert seat == ALICE
        for r in range(1, game.round + 1):
            snoop = [p["kid"] for p in peeks if p["round"] == r and p["via"] == "snoop"]
            drawn = snoops.get(r, []).count(me) if me else 0
            assert len(snoop) <= drawn and len(set(snoop)) == len(snoop), (
                f"seat {seat} round {r}: snoop peeks {snoop}, drawn {drawn}"
            )
            done = r < game.round or game.phase not in ("reveal", "play", "snoop")
            if done and r in snoops:
                assert len(snoop) == drawn, f"seat {seat} round {r}: {len(snoop)} snoop peeks for {drawn} Snoop cards"
            assert sum(1 for p in peeks if p["round"] == r and p["via"] == "cookie") <= 1


def snoop_deck_and_oliver(game) -> None:
    """The Snoop deck holds two cards of each playing kid (not the silent kid, not
    Oliver in the variant) minus those revealed; reveals follow the table; Oliver
    exposes at most one card a round and two a game."""
    snoops = _snoop_rounds(game)
    revealed = Counter(k for kids in snoops.values() for k in kids)
    in_deck = [k for k in game.player_kids if k != game.oliver]
    assert set(game.snoop_deck) == set(in_deck), f"snoop deck kids {sorted(game.snoop_deck)} != {in_deck}"
    for kid in in_deck:
        assert game.snoop_deck[kid] + revealed[kid] == 2, (
            f"{kid}: {game.snoop_deck[kid]} in the deck, {revealed[kid]} revealed"
        )
    for r, kids in snoops.items():
        assert len(kids) == game.reveals[r - 1], f"round {r}: {len(kids)} Snoop cards for {game.reveals[r - 1]}"
    assert sorted(snoops) == list(range(1, len(snoops) + 1))
    if game.oliver is None:
        assert game.oliver_cards == 0 and not game.exposed and not game.face_up
        return
    assert game.oliver_cards + len(game.exposed) == OLIVER_CARDS
    rounds = [e["round"] for e in game.exposed]
    assert len(set(rounds)) == len(rounds), f"Oliver exposed twice in a round: {game.exposed}"
    for e in game.exposed:
        assert _played(game, e["kid"])[e["round"] - 1] == e["value"] and e["kid"] != game.oliver
    now = [e["kid"] for e in game.exposed if e["round"] == game.round and game.phase not in END_PHASES]
    assert list(game.face_up) == now, f"face up {game.face_up}, exposed this round {now}"


def scoring_and_winners(game) -> None:
    """At the end: scores = cards +- cookies, roles by ``classify``, Alice and the
    Tattletales win a right accusation, the Troublemakers and Sidekicks otherwise."""
    assert game.phase in PHASE_TEXT
    if not game.over:
        assert game.winners == [] and game.final_scores == {} and game.accused is None
        return
    assert game.phase == "over"
    for kid in game.kids:
        n = game.cookies.get(kid, 0)
        expected = sum(game.tucked[kid]) + n * game.signs.get(kid, 1)
        assert game.final_scores[kid] == expected, f"{kid} scored {game.final_scores[kid]}, expected {expected}"
    roles = classify(game.final_scores, game.players)
    assert game.roles == roles
    assert sorted(sum(roles.values(), [])) == sorted(game.kids)
    if game.accused in roles["troublemakers"]:
        winners = [ALICE] + [game.kid_seat[k] for k in roles["tattletales"] if game.kid_seat[k] is not None]
    else:
        winners = [
            game.kid_seat[k] for k in roles["troublemakers"] + roles["sidekicks"] if game.kid_seat[k] is not None
        ]
    assert game.winners == sorted(winners), f"winners {game.winners}, expected {sorted(winners)}"


def views_agree_with_the_truth(game, views) -> None:
    """Every view shows the public board as it is, the viewer's own hand, cards
    and peeks only, private log events only of the viewer, and no secret key."""
    talk = [dict(t) for t in game.talk]
    claims = [e for e in game.events if e["type"] == "claim"]
    assert len(claims) == len(talk)
    for key, v in views.items():
        seat = None if key == "None" else int(key)
        me = game.seat_kid.get(seat) if seat is not None else None
        assert (
            v["viewer"] == seat and v["phase"] == game.phase and v["round"] == game.round and v["to_act"] == game.to_act
        )
        assert v["role"] == (None if seat is None else "alice" if seat == ALICE else "kid")
        for secret in ("hands", "board", "tucked_cards", "deck", "all_peeks", "chosen_signs", "snoop_cards"):
            assert secret not in v, f"view({seat}) holds {secret!r}"
        assert [k["kid"] for k in v["kids"]] == game.kids
        for slot in v["kids"]:
            kid = slot["kid"]
            assert slot["played"] == (game.board[kid] is not None)
            assert slot["face_up"] == (game.board[kid] if kid in game.face_up else None)
            assert slot["tucked"] == len(game.tucked[kid]) and slot["cookies"] == game.cookies.get(kid, 0)
            assert slot["hand"] == (len(game.hands[kid]) if kid in game.hands else 0)
            shown = game.signs_shown and kid in game.signs
            assert slot["sign"] == (("+" if game.signs[kid] > 0 else "-") if shown else None)
            assert (slot["cards"] is None) == (not game.over) and (slot["score"] is None) == (not game.over)
        assert v["hand"] == (sorted(game.hands[me]) if me else None)
        assert v["peeks"] == (game.peeks[seat] if seat is not None else [])
        assert v["talk"] == talk and v["exposed"] == game.exposed and v["deck_count"] == len(game.deck)
        assert v["snoop_deck"] == sum(game.snoop_deck.values()) and v["tokens"] == game.tokens
        if me:
            assert v["my_cards"] == _played(game, me)
            assert v["my_sign"] == (("+" if game.signs[me] > 0 else "-") if me in game.signs else None)
        else:
            assert v["my_cards"] is None and v["my_sign"] is None
        for e in v["log"]:
            assert "audience" not in e
            if e["type"] in PRIVATE:
                assert seat is not None and e["seat"] == seat, (
                    f"view({seat}) log holds {e['type']} of seat {e.get('seat')}"
                )
        mine = sum(1 for e in game.events if e["type"] in PRIVATE and seat is not None and e.get("audience") == [seat])
        assert sum(1 for e in v["log"] if e["type"] in PRIVATE) == mine, f"view({seat}) misses its private events"
        if seat is not None:
            private_peeks = [e for e in v["log"] if e["type"] == "peek"]
            assert len(private_peeks) == len(game.peeks[seat])
        if game.over:
            assert v["roles"] == game.roles and v["accused"] == game.accused and v["winners"] == game.winners
        else:
            assert v["roles"] is None and v["accused"] is None and v["winners"] == []


#: what the conformance kit runs after every step (the registry entry names this module)
INVARIANTS = [
    cards_are_partitioned,
    hands_and_board,
    cookies_one_a_round,
    help_tokens,
    peeks_are_true_and_allowed,
    snoop_deck_and_oliver,
    scoring_and_winners,
    views_agree_with_the_truth,
]
