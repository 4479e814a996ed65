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
    for name in (
        "class_export/tables.csv",
        "class_export/seats.csv",
        "class_export/actions.csv",
        "class_export/forecasts.csv",
        "birthdays.csv",
    ):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes(), name


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"tables": 30}, ValueError, "tables must be"),
        ({"forecast_tables": -1}, ValueError, "forecast_tables must be"),
        ({"total_black_tables": 2.5}, TypeError, "total_black_tables must be"),
        ({"players": 9}, ValueError, "players must be a number of players"),  # Brouhaha takes 9, Costume Party not
        ({"players": 2}, ValueError, "players must be a number of players"),  # Costume Party takes 2, Brouhaha not
        ({"total_black_players": 5}, ValueError, "total_black_players must be a number of players"),
        ({"seed": -1}, ValueError, "seed must be"),
        ({"people": "27"}, TypeError, "people must be"),
    ],
)
def test_make_sample_refuses_what_it_cannot_write_before_writing_anything(tmp_path, kwargs, error, words):
    """Past 29 tables the codes would run out of letters (an IndexError after some files were
    written); a player count one of its games does not take would fail deep in an engine."""
    with pytest.raises(error, match=words):
        make_sample(tmp_path, **kwargs)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(TypeError, match="folder must be a folder's name"):
        make_sample(None)


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


def test_the_class_forecasts_sit_beside_the_panels_at_the_same_moments(tmp_path):
    """class_data.ipynb section 2: each student's forecast, and what that student's panel said then
    (recomputed here from the replayed game, the seat's own view), with the outcome from the engine."""
    from brady_widgets.costume_party import calibration as cal
    from brady_widgets.costume_party.odds import identity_odds

    found = cal.class_forecasts(DATA / "class_export")
    assert len(found["class"]) == len(found["panel"]) >= 100
    games = histories(DATA / "class_export")
    for mine, panel in zip(found["class"], found["panel"]):
        g = games[mine["code"]]
        before = type(g).replay(g.players, g.seed, g.history[: mine["step"]], **g.options)
        stated = identity_odds(before.view(mine["seat"]))[mine["opponent"]][mine["figure"]]
        assert abs(float(panel["stated"]) - float(stated)) <= 5e-5
        assert 0 <= mine["stated"] <= 1 and mine["stated"] * 20 == int(mine["stated"] * 20)  # said in steps of 5 %
        assert mine["true"] == panel["true"] == (g.secrets[mine["opponent"]] == mine["figure"])
    # both bin and sum as calibration.ipynb's rows do; the made-up student is too sure of a likely guess
    assert cal.bin_forecasts(found["class"]) and cal.summary(found["panel"])["forecasts"] == len(found["panel"])
    assert cal.summary(found["class"])["expected"] > cal.summary(found["panel"])["expected"]
    # an export from before forecasts were kept reads as none
    for name in ("tables.csv", "seats.csv", "actions.csv"):
        (tmp_path / name).write_bytes((DATA / "class_export" / name).read_bytes())
    assert cal.class_forecasts(tmp_path) == {"class": [], "panel": []}


def test_the_class_total_black_rounds_are_read_from_the_export_and_match_the_exact_mean():
    """Section 3 of class_data: each Total Black table's rounds until all were found, beside
    the exact E(k) of players who never err (the rounds are the game's end over its round)."""
    from brady_widgets.brouhaha.classdata import total_black_rounds
    from brady_widgets.brouhaha.lesson import expected_rounds
    from brady_widgets.engine.registry import load_bots, load_game
    from brady_widgets.scheduler import Scheduler

    games = histories(DATA / "class_export")
    rows = total_black_rounds(games)
    assert len(rows) == 5 and all(r["players"] == 24 and r["pairs"] == 12 for r in rows)
    for r in rows:
        g = games[r["code"]]
        assert g.end_reason == "all_found" and r["rounds"] * g.options["bump_ms"] == g.clock
        assert r["expected"] == pytest.approx(float(expected_rounds(12)))
    # players who never err (the lesson's bot): over many tables the mean is the exact E(k)
    cls, bots = load_game("total_black"), load_bots("total_black")
    played = {}
    for seed in range(400):
        g = cls(8, seed)
        Scheduler(g, {s: bots["hold"](s, seed) for s in range(8)}, delay=0, lag=0).run(max_steps=100_000)
        played[str(seed)] = g
    rounds = [r["rounds"] for r in total_black_rounds(played)]
    assert len(rounds) == 400 and None not in rounds
    mean = sum(rounds) / len(rounds)
    sd = (sum((x - mean) ** 2 for x in rounds) / (len(rounds) - 1)) ** 0.5
    assert abs(mean - float(expected_rounds(4))) < 4 * sd / len(rounds) ** 0.5, (mean, float(expected_rounds(4)))


def test_a_name_with_a_semicolon_does_not_move_the_slaps_to_another_student(tmp_path):
    """``names`` in tables.csv is ``;``-separated, and a student may type a ``;`` in their
    name at join ("Ann; Bo" sharing a tablet): every slap keeps its own student's name."""
    from brady_widgets.rooms.export import load, write_dir

    games = histories(DATA / "class_export")
    seats = load(DATA / "class_export")["seats"]
    tables = []
    for code, g in games.items():
        names = [r["name"] for r in seats if r["code"] == code]
        names[0] = "Ann; Bo"
        tables.append((code, {"names": names, "created": 0, "humans": [0]}, g))
    write_dir(tables, tmp_path)
    rt = reaction_times(tmp_path)
    named = {(t[0], s): n for t in tables for s, n in enumerate(t[1]["names"])}
    assert rt["slaps"] and {r["seat"] for r in rt["slaps"]} >= {0, 1}
    assert all(r["name"] == named[r["code"], r["seat"]] for r in rt["slaps"])
