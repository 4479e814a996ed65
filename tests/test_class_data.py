"""The class's own data (issue 27, item 4): notebooks/class_data.ipynb's helpers and its shipped
sample (the bots' Brouhaha tables, exported as the rooms server exports, and made-up birthdays)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from brady_widgets.brouhaha.classdata import (
    expected_shared_pairs,
    make_sample,
    reaction_times,
    read_birthdays,
    shared_birthdays,
)
from brady_widgets.rooms.export import histories

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"


def test_the_shipped_sample_is_what_make_sample_writes(tmp_path):
    make_sample(tmp_path)
    for name in ("class_export/tables.csv", "class_export/seats.csv", "class_export/actions.csv", "birthdays.csv"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes(), name


def test_a_reaction_is_timed_from_the_moment_the_match_went_down():
    rt = reaction_times(DATA / "class_export")
    assert rt["tables"] == 6 and rt["reaction_ms"] and rt["wrong"]
    games = histories(DATA / "class_export")
    for s in rt["slaps"][:40]:
        g = games[s["code"]]
        step = next(
            i
            for i, h in enumerate(g.history)
            if h.get("at") == s["at"] and h["seat"] == s["seat"] and h.get("action", {}).get("type") == "slap"
        )
        before = type(g).replay(g.players, g.seed, g.history[:step], **g.options)
        card = before.down[s["seat"]]
        partner_down = any(before.down[o] == card for o in range(g.players) if o != s["seat"])
        assert s["match"] == partner_down, s
        if s["match"]:
            assert 0 <= s["reaction_ms"] <= s["at"]
            # the match was already down reaction_ms earlier, and not just before that
            went = max(
                h["at"] for h in g.history[:step] if h.get("at") is not None and h["at"] <= s["at"] - s["reaction_ms"]
            )
            assert went == s["at"] - s["reaction_ms"]


def test_birthdays_are_read_checked_and_their_shared_pairs_counted(tmp_path):
    f = tmp_path / "birthdays.csv"
    f.write_text("name,month,day\nAnn,5,11\nBo,5,11\nCy,5,11\nDee,2,29\nEd,12,1\n")
    found = shared_birthdays(read_birthdays(f))
    assert found["people"] == 5 and found["pairs"] == 3
    assert found["shared"] == [(5, 11, ["Ann", "Bo", "Cy"])]
    f.write_text("name,month,day\nAnn,2,30\n")
    with pytest.raises(ValueError, match="line 2"):
        read_birthdays(f)
    assert expected_shared_pairs(30) == Fraction(87, 73)


def test_a_groups_printed_moves_replay_exactly_the_game_it_played():
    """class_experiment.ipynb: the group's widget game (its own moves, the bots' answers, the die) comes back
    move for move from the one line game_record prints, as the teacher's revealed widget."""
    import json
    import random

    from brady_widgets import CostumePartyWidget
    from brady_widgets.costume_party import calibration as cal
    from brady_widgets.testing.widgets import legal_of

    w = CostumePartyWidget(players=4, seed=cal.seed_for(5), humans=[0], bot="random", pace=0)
    coin = random.Random(1)
    while not w.game.over:
        w.act(coin.choice(legal_of(w)))
    line = cal.game_record(w, 5)
    assert "\n" not in line and json.loads(line)["seed"] == cal.seed_for(5)
    again = cal.replay_record(line)
    assert again.game.history == w.game.history and again.game.full_view() == w.game.full_view()
    assert again.settings["teacher"] and again.settings["reveal"]
    with pytest.raises(ValueError, match="group 6 plays seed"):
        cal.replay_record({**json.loads(line), "group": 6})
