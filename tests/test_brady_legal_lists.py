"""Brady's kept legal lists (issue 28): in the phases whose list a table gives (Alice's ~270
questions, the claims, the answers...) and for a kid's plays, legal_actions hands out one
read-only LegalList, shared by every call, instead of a fresh copy. It must hold what the
rules give, refuse every change, and a refused change must leave the game as it was."""

from __future__ import annotations

import random

import pytest

from brady_widgets.brady_bunch.rules import _LIST_PHASES, ALICE, BradyBunch
from brady_widgets.engine.game import LegalList


@pytest.mark.parametrize("players", [3, 5, 8])
def test_table_and_play_lists_are_shared_read_only_and_right(players):
    rng = random.Random(players)
    shared = 0
    for seed in range(3):
        g = BradyBunch(players, seed, max_questions=2)
        while not g.over:
            s = rng.choice(g.to_act)
            legal = g.legal_actions(s)
            kid_play = g.phase == "play" and s != ALICE
            if g.phase not in _LIST_PHASES or kid_play:
                if kid_play:
                    want = [{"type": "play", "value": v} for v in sorted(set(g.hands[g.seat_kid[s]]))]
                else:
                    want = list(g._table(s)[0])
                assert type(legal) is LegalList and legal == want, (g.phase, s)
                assert g.legal_actions(s) is legal  # shared, not copied
                with pytest.raises(TypeError):
                    legal.append(legal[0])
                with pytest.raises(TypeError):
                    legal.clear()
                assert g.legal_actions(s) == want  # the refused changes changed nothing
                shared += 1
            g.act(s, rng.choice(legal))
    assert shared > 100
