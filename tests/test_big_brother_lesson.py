"""The Big Brother lessons' helpers: the chain over the track against brute force and a
seeded simulation, the exercises' answers against independent counts, and the
voting-bloc experiment on the real bots."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets.big_brother import lesson as L
from brady_widgets.big_brother import odds
from brady_widgets.big_brother.content import DEFAULT_TRACK
from brady_widgets.big_brother.exercises import EXERCISES
from brady_widgets.exercises import check

CONF = [i for i, s in enumerate(DEFAULT_TRACK) if s["kind"] == "confrontation"]


# ------------------------------------------------------------------ the chain
def test_the_chain_matrix_is_stochastic_and_confrontations_absorb():
    p = L.chain_matrix()
    assert len(p) == 32
    for x, row in enumerate(p):
        assert sum(row) == 1
        if x in CONF:
            assert row[x] == 1
        else:
            assert row[(x + 7) % 32] == Fraction(1, 6) and row[(x + 2) % 32] == Fraction(1, 36)
    assert np.allclose(L.chain_array().sum(axis=1), 1)


def test_after_rolls_is_the_matrix_power_and_converges_to_where_the_turn_ends():
    arr = L.chain_array()
    for start in (0, 4, 7):
        for k in (1, 2, 3):
            got = np.array([float(q) for q in L.after_rolls(start, k)])
            row = np.zeros(32)
            row[start] = 1
            if start in CONF:  # the turn's first roll leaves the confrontation it starts on
                row = np.zeros(32)
                for s, q in odds.SUM_ODDS.items():
                    row[(start + s) % 32] += float(q)
                want = row @ np.linalg.matrix_power(arr, k - 1)
            else:
                want = row @ np.linalg.matrix_power(arr, k)
            assert np.allclose(got, want)
    far = L.after_rolls(7, 60)
    assert max(abs(float(a - b)) for a, b in zip(far, L.end_exact(7))) < 1e-12
    assert L.turn_over_by(0, 1) == Fraction(7, 18)
    assert L.turn_over_by(0, 0) == 0
    with pytest.raises(ValueError):
        L.after_rolls(32, 1)


def test_the_simulation_agrees_with_the_exact_chain_within_its_error_bars():
    n = 40_000
    sim = L.simulate_turns(7, n, seed=3)
    assert sim["end"].shape == (n,) and sim["landed"].shape == (n, 32)
    assert set(np.unique(sim["end"])) <= set(CONF)
    freq = np.bincount(sim["end"], minlength=32) / n
    exact = L.end_exact(7)
    band = 4 * np.sqrt(np.array([float(p) * (1 - float(p)) for p in exact]) / n)  # 4 SE: a test must not flake
    assert np.all(np.abs(freq - np.array([float(p) for p in exact])) <= band + 1e-12)
    assert abs(sim["rolls"].mean() - float(L.expected_rolls(7))) < 4 * sim["rolls"].std() / np.sqrt(n)
    land = sim["landed"].mean(axis=0)
    assert np.all(np.abs(land - np.array([float(p) for p in L.landing_exact(7)])) < 0.015)
    again = L.simulate_turns(7, n, seed=3)
    assert np.array_equal(again["end"], sim["end"]) and not np.array_equal(
        L.simulate_turns(7, n, seed=4)["end"], sim["end"]
    )


def test_a_wrong_chain_would_be_caught():
    """The simulation test above can fail: a board with one confrontation space moved
    gives another distribution, far outside the bars."""
    other = [dict(s) for s in DEFAULT_TRACK]
    other[14], other[15] = dict(other[15]), dict(other[14])
    n = 20_000
    freq = np.bincount(L.simulate_turns(7, n, seed=3, track=other)["end"], minlength=32) / n
    exact = np.array([float(p) for p in L.end_exact(7)])
    assert np.abs(freq - exact).max() > 0.1


def test_two_dice_and_the_helpers_for_shares():
    sums = L.roll_sums(36_000, seed=1)
    assert sums.min() == 2 and sums.max() == 12
    freq = L.frequencies(sums, range(2, 13))
    exact = np.array([float(p) for p in L.two_dice().values()])
    assert np.all(np.abs(freq - exact) <= L.two_se(list(L.two_dice().values()), 36_000) * 2)
    assert L.two_se([0.5], 100)[0] == pytest.approx(0.1)
    table = L.compare([Fraction(1, 2)], [0.52], 100, ["heads"])
    assert "yes" in table and "0.5000" in table
    assert "NO" in L.compare([Fraction(1, 2)], [0.8], 100, ["heads"])


def test_the_plots_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 4)
    L.plot_two_dice(axes[0], L.roll_sums(1000))
    L.plot_board(axes[1], L.end_exact(7), simulated=[0.0] * 32, n=1000, mark=7)
    L.plot_chain(axes[2])
    L.plot_after_rolls(axes[3], 7, rolls=4)
    assert len(axes[1].patches) >= 32 and len(axes[3].lines) == 1
    plt.close(fig)
    box = L.end_explorer(7)
    assert box.result == L.end_exact(7)
    box.children[0].value = 0
    assert box.result == L.end_exact(0)
    assert "start-space slider" in repr(box)


# ------------------------------------------------------------------ the exercises
def _ex(key):
    return EXERCISES[key]


def test_exercise_answers_against_brute_force():
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert _ex("sum_at_least_10").answer == Fraction(sum(a + b >= 10 for a, b in pairs), 36)
    assert _ex("double_on_camera").answer == Fraction(sum(a == b for a, b in pairs), 36)
    assert _ex("first_roll_ends").answer == Fraction(sum((a + b) in CONF for a, b in pairs), 36)
    ends = np.bincount(L.simulate_turns(12, 20_000, seed=6)["end"], minlength=32)
    assert _ex("likeliest_end_from_garden").answer == int(ends.argmax()) == 18 and DEFAULT_TRACK[19]["kind"] == "camera"
    rolls = L.simulate_turns(4, 20_000, seed=7)["rolls"]
    assert abs(float(_ex("expected_rolls_kitchen").answer) - rolls.mean()) < 4 * rolls.std() / np.sqrt(len(rolls))
    # two gossipers (seats 0 and 1 of 5) pick anyone but themselves
    picks = list(itertools.product([1, 2, 3, 4], [0, 2, 3, 4]))
    assert _ex("gossip_match").answer == Fraction(sum(a == b for a, b in picks), len(picks))
    from brady_widgets.big_brother.rules import BigBrother

    assert _ex("cards_in_hand").answer == sum(BigBrother(6, 0).view(0)["my_cards"]) == 20
    assert _ex("how_many_nominated").answer == 3


def _sure(players: int, k: int) -> bool:
    """Brute force: nominees 0 (picked) and 1; the bloc (k seats) votes 0 on all three
    questions; 0 votes 1; every other voter (1 included) votes any nominee but itself.
    Sure if 0 has more votes than 1 in every way the others can vote."""
    free = [1] + list(range(2 + k, players))  # seat 1 (the other nominee) must vote 0
    choices = [[0] if s == 1 else [0, 1] for s in free]
    for votes in itertools.product(*(choices * 3)):
        got0 = 3 * k + sum(v == 0 for v in votes)
        got1 = 3 + sum(v == 1 for v in votes)
        if got0 <= got1:
            return False
    return True


def test_the_smallest_sure_bloc_by_brute_force():
    smallest = {n: min(k for k in range(1, n - 1) if _sure(n, k)) for n in (4, 5, 6)}
    assert smallest == {4: 2, 5: 2, 6: 3}  # 4 players: the notebook's worked example
    assert _ex("bloc_of_six").answer == smallest[6]
    assert _ex("bloc_of_five_votes").answer == 3 * (smallest[5] + 1)


def test_named_wrong_answers_get_their_own_hint_and_the_answer_is_never_printed():
    """What tests/test_exercises.py asks of every registered game's table, and the named
    misconceptions, through the notebooks' check (which registers the game at run time
    until GAME_PACKAGES lists it; undone here so other tests see the registry as it is)."""
    from brady_widgets.big_brother import exercises
    from brady_widgets.engine import registry

    listed = "big_brother" in registry.names()
    try:
        for key, ex in EXERCISES.items():
            k = f"big_brother.{key}"
            assert ex.question.endswith("?") and ex.hint, key
            right = exercises.check(k, ex.answer)
            assert right.ok and right.message.startswith("✅"), key
            assert "big_brother" in registry.names()
            assert exercises.check(k, str(ex.answer)).ok, key
            wrong = exercises.check(k, Fraction(ex.answer) + Fraction(1, 7))
            assert not wrong.ok and "Hint:" in wrong.message
            for result in (wrong, exercises.check(k, None), exercises.check(k, "abc")):
                for shown in (str(ex.answer), f"{float(ex.answer):.3f}", f"{float(ex.answer):.2f}"):
                    assert shown not in result.message, f"{key}: the message gives the answer away: {result.message}"
            for wrong_answer, hint in ex.hints.items():
                said = exercises.check(k, wrong_answer)
                assert not said.ok and hint in said.message, (key, wrong_answer)
        assert set(registry.load_exercises("big_brother")) == set(EXERCISES)
        assert check("big_brother.sum_at_least_10", None).message.startswith("✏️")  # the package's check too
    finally:
        if not listed:
            registry.unregister("big_brother")
    assert ("big_brother" in registry.names()) == listed


# ------------------------------------------------------------------ voting blocs
def test_the_fast_log_plays_the_same_game_as_the_engines_log():
    fast, bots = L.play_game(5, 11, (1, 3))
    slow, _ = L.play_game(5, 11, (1, 3), fast=False)
    assert fast.history == slow.history and fast.over
    assert "log_for" not in fast.__dict__  # the engine's own log is back
    assert fast.view(0)["log"] == slow.view(0)["log"]
    assert set(bots[1].affinity) == {0, 2, 3, 4} and bots[1].history[0]["event"] == "start"


def test_bloc_experiment_rows_are_seeded_and_share_their_seeds_across_runs():
    a = L.bloc_experiment(5, 4, (), seed=3)
    b = L.bloc_experiment(5, 4, (1, 4), seed=3)
    assert [r["seed"] for r in a] == [r["seed"] for r in b]
    assert a == L.bloc_experiment(5, 4, (), seed=3)
    for r in a + b:
        assert len(r["evicted"]) == 3 and r["first_out"] == r["evicted"][0] and r["winner"] in range(5)
    s = L.share(a, lambda r: True)
    assert s == {"share": 1.0, "two_se": 0.0, "hits": 4, "games": 4}
    assert L.fair_share((1, 4), 6) == Fraction(1, 3)
    assert L.seat_shares(a, 5).sum() == pytest.approx(1)
    d = L.difference({"share": 0.5, "two_se": 0.3}, {"share": 0.1, "two_se": 0.4})
    assert d["difference"] == pytest.approx(-0.4) and d["two_se"] == pytest.approx(0.5)


def test_a_bloc_of_three_takes_over_the_game():
    """The experiment can tell a bloc from none: three bots voting together win far more
    often than the same three seats without the bloc (20 games each, same seeds)."""
    members = (1, 3, 4)
    none = L.bloc_summary(L.bloc_experiment(6, 20, (), seed=9), members)
    bloc = L.bloc_summary(L.bloc_experiment(6, 20, members, seed=9), members)
    gap = bloc["winner"]["share"] - none["winner"]["share"]
    assert gap > max(bloc["winner"]["two_se"], none["winner"]["two_se"]), (none, bloc)
    assert bloc["first_out"]["share"] <= none["first_out"]["share"]


def test_the_bloc_table_prints_each_run(capsys):
    rows = L.bloc_experiment(5, 2, (), seed=1)
    L.print_bloc_table({"no bloc": rows}, (1, 4), 5)
    out = capsys.readouterr().out
    assert "Player 2, Player 5" in out and "2/5" in out and "no bloc" in out and "(2 games)" in out


def test_the_bloc_plots_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = L.bloc_experiment(5, 3, (1, 2), seed=1)
    game, bots = L.play_game(5, 1, (1, 2))
    fig, axes = plt.subplots(1, 3)
    L.plot_seat_shares(axes[0], {"none": rows, "bloc": rows}, 5, blocs={"bloc": (1, 2)})
    L.plot_affinities(axes[1], bots, (1, 2))
    L.plot_affinity_history(axes[2], bots[1])
    assert len(axes[0].patches) >= 10 and len(axes[2].lines) >= 4
    plt.close(fig)


# ------------------------------------------------------------------ the tutorial
def test_moment_is_the_replay_step_just_before_the_event():
    from brady_widgets.big_brother.widget import BigBrotherWidget

    w = BigBrotherWidget(players=5, seed=11, humans=[], bot="medium", teacher=True)
    w.advance_time(3_000_000)
    assert w.game.over
    k = L.moment(w.game, "evicted")
    w.replay_to(k)
    assert "phase: evict_vote" in repr(w) and "evicted" not in repr(w).split("Log:")[0]
    w.replay_to(k + 1)
    assert f"{w.game.evicted[0] + 1}: evicted" in repr(w).replace("Bot ", "")
    with pytest.raises(ValueError, match="0 'nope' event"):
        L.moment(w.game, "nope")


def test_show_gives_a_live_widget_at_the_position_with_waiting_or_playing_seats():
    from brady_widgets.big_brother import positions as P

    g = P.confrontation()
    w = L.show(g)
    assert w.game is not g and w.game == g  # a copy
    w.act({"type": "vote", "target": 2})
    w.advance_time(20_000)
    assert w.game.phase == "vote" and w.game.voted == [0]  # the others wait
    b = L.show(g, others="medium")
    b.act({"type": "vote", "target": 2})
    b.advance_time(20_000)
    assert b.game.turn >= 1  # the bots voted, the next turn began


# ------------------------------------------------------------------ the notebooks
NOTEBOOKS = ["big_brother.ipynb", "two_dice_markov.ipynb", "voting_blocs.ipynb"]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_notebooks_follow_the_lesson_rules_and_save_no_answer(name):
    """lessons.md: objectives, prerequisites and minutes first; short cells; checked
    exercises saved as "Not answered yet"; no saved output shows the answer of an
    exercise the notebook asks (in any form that is not a small whole number)."""
    import json
    import re
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / name).read_text(encoding="utf-8"))
    first = "".join(nb["cells"][0]["source"]).lower()
    for word in ("after this", "prerequisites", "minutes", "core", "extension", "predict first"):
        assert word in first, (name, word)
    outputs, keys = [], []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        assert sum(1 for line in source.splitlines() if line.strip()) <= 12, source
        texts = ["".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")) for o in cell["outputs"]]
        found = re.findall(r'check\("big_brother\.([a-z_0-9]+)", answer\)', source)
        if found:
            keys += found
            assert "answer = None" in source and len(texts) == 1 and "Not answered yet" in texts[0], source
        else:
            outputs += texts
    assert len(keys) >= 3 and set(keys) <= set(EXERCISES)
    saved = "\n".join(outputs)
    for key in keys:
        answer = EXERCISES[key].answer
        if isinstance(answer, int):
            continue
        for shown in {str(answer), f"{float(answer):.3f}"} - {"1/6", "0.167"}:  # 1/6: the chance of a 7, on purpose
            assert shown not in saved, f"{name}: a saved output shows the answer of {key}: {shown}"


# ------------------------------------------------------------------ claims the lessons make (issue 27)
def test_the_likeliest_end_is_never_more_than_8_ahead_and_exactly_8_from_yellow():
    """two_dice_markov's slider extension: no start has its likeliest end more than 8 ahead."""
    for x in range(32):
        e = L.end_exact(x)
        ahead = {(j - x) % 32 for j in range(32) if e[j] == max(e)}
        assert max(ahead) <= 8, (x, ahead)
        if x in CONF:
            assert ahead == {8}, (x, ahead)


def test_the_kitchens_turn_is_not_longer_than_from_every_yellow_space():
    """The why of expected_rolls_kitchen: 2.62 to 2.69 rolls from every space; from 8 of the 12
    yellow spaces a turn is longer than from the Kitchen."""
    kitchen = L.expected_rolls(4)
    every = [L.expected_rolls(x) for x in range(32)]
    assert f"{float(min(every)):.2f}" == "2.62" and f"{float(max(every)):.2f}" == "2.69"
    longer = [x for x in CONF if L.expected_rolls(x) > kitchen]
    assert longer == [2, 5, 10, 13, 18, 21, 26, 29]
    why = EXERCISES["expected_rolls_kitchen"].why
    assert "8 of the 12 yellow" in why and "2.62 to 2.69" in why and "a little longer than from a yellow" not in why


def test_the_first_roll_chance_is_not_printed_on_the_absorption_plot():
    """two_dice_markov's absorption plot from space 7 would print P(over after 1 roll) = 7/18,
    exercise 2's answer (from space 0): the notebook draws it without the numbers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    assert L.turn_over_by(7, 1) == EXERCISES["first_roll_ends"].answer  # the coincidence
    fig, ax = plt.subplots()
    L.plot_after_rolls(ax, 7, rolls=6, labels=False)
    assert not ax.texts
    plt.close(fig)
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "two_dice_markov.ipynb").read_text())
    calls = ["".join(c["source"]) for c in nb["cells"] if "plot_after_rolls(" in "".join(c["source"])]
    assert calls and all("labels=False" in c for c in calls)
