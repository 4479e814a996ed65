"""brady_widgets.costume_party.lesson: the tutorial's helpers, and the tutorial's exercises
computed from the game (the positions they are about really are those positions)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from brady_widgets import CostumeParty, CostumePartyWidget, check
from brady_widgets.costume_party import lesson, odds
from brady_widgets.costume_party.exercises_tutorial import EXERCISES


def test_names_and_actions_in_words():
    assert lesson.name(0) == "Polly the Pirate"
    assert lesson.describe({"type": "kill", "figure": 1}) == "kill Ada the Astronaut"
    assert lesson.describe({"type": "move", "figure": 0, "to": "hall"}) == "move Polly the Pirate to the Middle Hall"
    assert lesson.describe({"type": "draw"}) == "draw"


def test_show_board_prints_every_room(capsys):
    lesson.show_board(CostumeParty(players=4, seed=1, deal=lesson.deal(lesson.BOARD, lesson.SECRETS)))
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 5 and out[0].strip().startswith("Blue Ballroom: Polly the Pirate, Ada the Astronaut")


def test_deal_and_history_helpers_build_the_position_they_say():
    d = lesson.deal(lesson.BOARD, [0, 5])
    assert d["secrets"] == [0, 5] and d["deck"][0] == 1 and len(d["deck"]) == 18 and d["rooms"][19] == "hall"
    with pytest.raises(ValueError):
        lesson.deal({"blue": [0]}, [0, 1])
    game = CostumeParty(players=2, seed=1, deal=d)
    game.apply_history(lesson.rolled(0, "black") + lesson.action(0, "draw"))
    assert game.view(0)["face_up"][0] == [1]


def test_show_is_a_widget_on_a_copy():
    game = lesson.first_clue()
    w = lesson.show(game, seat=0)
    assert isinstance(w, CostumePartyWidget) and w.game is not game
    assert w.game.history == game.history and w.view["viewer"] == 0


def test_first_clue_is_the_lessons_position(capsys):
    view = lesson.first_clue().view(0)
    kill = view["log"][-1]
    assert kill["type"] == "kill" and kill["seat"] == 1 and kill["figure"] == 6 and kill["room"] == "yellow"
    lesson.print_odds(view, 1)
    assert capsys.readouterr().out.strip() == "1/3  Nico the Ninja, Robo the Robot, Marina the Mermaid"


def test_brute_force_agrees_with_the_odds_panel():
    game = lesson.first_clue()
    view = game.view(0)
    kill = view["log"][-1]
    on_board = {f for figs in view["rooms"].values() for f in figs}
    suspects = set(kill["room_figures"]) - {kill["figure"]}
    total, fit, probs = lesson.brute_force_odds(view, lambda a: all(f in on_board for f in a) and a[0] in suspects)
    assert (total, fit) == (19 * 18 * 17, 816)
    panel = odds.identity_odds(view)
    assert all(probs[s][f] == panel[s].get(f, 0) for s in (1, 2, 3) for f in probs[s])


def test_streak_experiment_is_seeded_and_near_the_die():
    a = lesson.streak_experiment(rolls=6000, seed=3)
    assert a == lesson.streak_experiment(rolls=6000, seed=3)
    assert a["after_streak"] > 100 and abs(a["share"] - 1 / 3) < 4 * a["se"]
    assert lesson.streak_experiment(rolls=500, streak=1, faces=["black"])["share"] == 1.0


def test_belief_curve_and_plot():
    curve = lesson.belief_curve(games=4, blacks=3)
    assert len(curve["belief"]) == 4 and curve["samples"][0] == 12
    assert abs(curve["belief"][0] - 1 / 19) < 1e-9 and curve["belief"][3] >= curve["naive"][3]
    import matplotlib

    matplotlib.use("Agg")
    fig = lesson.plot_belief(curve)
    assert fig.axes[0].get_ylim() == (0, 1)


def test_detective_vs_random_counts_games():
    r = lesson.detective_vs_random(games_per_seat=2)
    assert r["random"][1] == r["detective"][1] == 8 and 0 <= r["detective"][0] <= 8
    assert set(r["example"]) == {"winner", "length", "kills", "draws", "eliminations"}


def test_the_tutorial_exercises_are_computed_from_the_game():
    assert {"black_after_three_blacks", "killer_is_robo", "nico_is_a_player"} <= set(EXERCISES)
    die = odds.die_odds(CostumeParty(players=4, seed=0).view(0))
    assert EXERCISES["black_after_three_blacks"].answer == die["black"]
    assert EXERCISES["two_blacks_in_a_row"].answer == die["black"] ** 2
    assert EXERCISES["draws_five_players"].answer == 20 - 5
    panel = odds.identity_odds(lesson.first_clue().view(0))
    assert EXERCISES["killer_is_robo"].answer == panel[1][5]
    assert EXERCISES["nico_is_a_player"].answer == sum(panel[s].get(4, 0) for s in (1, 2, 3))


@pytest.mark.parametrize(
    ("key", "given", "word"),
    [
        ("black_after_three_blacks", Fraction(1, 27), "three blacks in a row"),
        ("black_after_three_blacks", 0, "gambler's fallacy"),
        ("killer_is_robo", 1, "P(E | A)"),
        ("killer_is_robo", Fraction(1, 19), "prior"),
        ("nico_is_a_player", Fraction(1, 3), "base rate"),
    ],
)
def test_the_misconceptions_are_named(key, given, word):
    msg = check(f"costume_party.{key}", given).message
    assert msg.startswith("❌") and word in msg
