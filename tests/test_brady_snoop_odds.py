"""The Snoop draw's kept odds (issue 28): a cast keeps them by the Snoop deck's counts alone,
so two games of one cast whose decks hold different kids (Oliver in or out with the Cousin
Oliver variant) must never read each other's: every kept entry is that state's exact
chance_outcomes() as floats, kid by kid."""

from __future__ import annotations

import random

from brady_widgets.brady_bunch.rules import BradyBunch

KIDS = ["Greg", "Marcia", "Peter", "Jan", "Oliver"]


def _play_checking_reveals(game: BradyBunch, rng: random.Random) -> int:
    checked = 0
    while not game.over:
        if game.phase == "reveal":
            exact = game.chance_outcomes()  # the deck before each of this round's draws
            deck = dict(game.snoop_deck)
            s = game.to_act[0]
            game.act(s, game.legal_actions(s)[0])
            kept = game._tables.snoop_odds[tuple(deck.values())]
            assert kept == tuple((kid, float(p)) for kid, p in exact), (game.round, deck)
            checked += 1
            continue
        s = rng.choice(game.to_act)
        game.act(s, rng.choice(game.legal_actions(s)))
    return checked


def test_one_cast_with_and_without_cousin_oliver_keeps_the_odds_of_its_own_deck():
    rng = random.Random(3)
    for seed in range(4):
        plain = BradyBunch(6, seed, kids=KIDS, max_questions=1)
        oliver = BradyBunch(6, seed, kids=KIDS, cousin_oliver=True, max_questions=1)
        assert plain._tables is oliver._tables  # one cast: one dict of kept odds
        assert "Oliver" in plain.snoop_deck and "Oliver" not in oliver.snoop_deck
        # interleaved, so that each game meets states the other kept
        assert _play_checking_reveals(oliver, rng) == 4
        assert _play_checking_reveals(plain, rng) == 4
