"""The Brouhaha lessons' helpers (brady_widgets.brouhaha.lesson): the exact Total Black chain
agrees with brute force; the vectorized simulator agrees with the chain and with the engine's
TotalBlack played by bots, within tolerances a wrong simulator fails; the birthday helpers agree
with odds.py; the exercises' answers are what the lessons compute."""

from __future__ import annotations

import json
import math
import random
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from brady_widgets.brouhaha import content, odds
from brady_widgets.brouhaha import lesson as L
from brady_widgets.brouhaha import positions as P
from brady_widgets.brouhaha.bots import TB_BOTS
from brady_widgets.brouhaha.exercises import EXERCISES
from brady_widgets.brouhaha.total_black import TotalBlack
from brady_widgets.engine import registry
from brady_widgets.engine.registry import GameEntry
from brady_widgets.exercises import check


# ---------------------------------------------------------------- statistics used below
def chi2_limit(df: int, z: float = 3.09) -> float:
    """The chi-square quantile for ``df`` degrees of freedom at the normal quantile ``z``
    (3.09: 99.9%), by the Wilson-Hilferty approximation."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def chi2_against(sample: np.ndarray, probs: np.ndarray, min_expected: float = 5.0) -> tuple[float, int]:
    """Pearson's statistic of ``sample`` (ints) against ``probs`` (P(value = t)), with
    neighbouring values pooled until each bin expects at least ``min_expected``."""
    n = len(sample)
    top = max(int(sample.max()), len(probs) - 1)
    obs = np.bincount(sample, minlength=top + 1).astype(float)
    exp = np.zeros(top + 1)
    exp[: len(probs)] = probs[: top + 1] * n
    exp[-1] += max(0.0, n - exp.sum())  # the exact tail beyond the table
    bins_o, bins_e, o, e = [], [], 0.0, 0.0
    for t in range(top + 1):
        o, e = o + obs[t], e + exp[t]
        if e >= min_expected:
            bins_o.append(o), bins_e.append(e)
            o = e = 0.0
    if e or o:
        bins_o[-1] += o
        bins_e[-1] += e
    bins_o, bins_e = np.array(bins_o), np.array(bins_e)
    return float(((bins_o - bins_e) ** 2 / bins_e).sum()), len(bins_o) - 1


def agrees_with_chain(sample: np.ndarray, pairs: int) -> bool:
    """The sample's mean within 3 SE of the exact mean, and its histogram within the
    chi-square limit of the exact distribution."""
    mean_ok = abs(sample.mean() - float(L.expected_rounds(pairs))) <= 3 * L.se_of_mean(sample)
    stat, df = chi2_against(sample, L.rounds_distribution(pairs, int(sample.max()) + 50))
    return mean_ok and stat <= chi2_limit(df)


# ---------------------------------------------------------------- the exact chain
def brute_force_meet(pairs: int) -> dict[int, Fraction]:
    """Enumerate every perfect matching of 2 x pairs players; count the partner pairs in each."""

    def matchings(people):
        if not people:
            yield []
            return
        a, rest = people[0], people[1:]
        for i, b in enumerate(rest):
            for m in matchings(rest[:i] + rest[i + 1 :]):
                yield [(a, b)] + m

    counts: dict[int, int] = {}
    for m in matchings(list(range(2 * pairs))):
        j = sum(1 for a, b in m if a // 2 == b // 2)
        counts[j] = counts.get(j, 0) + 1
    total = sum(counts.values())
    return {j: Fraction(counts.get(j, 0), total) for j in range(pairs + 1)}


@pytest.mark.parametrize("pairs", [1, 2, 3, 4, 5])
def test_meet_distribution_is_the_count_of_matchings(pairs):
    assert L.meet_distribution(pairs) == brute_force_meet(pairs)


def test_meet_distribution_facts():
    for k in [1, 7, 21]:
        p = L.meet_distribution(k)
        assert sum(p.values()) == 1
        assert sum(j * q for j, q in p.items()) == Fraction(k, 2 * k - 1)  # linearity: k pairs x 1/(2k-1)
        if k > 1:
            assert p[k - 1] == 0  # k-1 pairs meeting forces the last pair to meet too
    assert L.meet_distribution(2) == {0: Fraction(2, 3), 1: 0, 2: Fraction(1, 3)}


def test_expected_rounds_exact():
    assert L.expected_rounds(0) == 0 and L.expected_rounds(1) == 1 and L.expected_rounds(2) == 3
    # 3 pairs: from 3, P(0)=8/15, P(1)=6/15, P(3)=1/15; from 1 pair one round.
    # E3 = (1 + 6/15 * E2 + 1/15 * 0) / (1 - 8/15) = (1 + 6/5) / (7/15) = 33/7
    assert L.expected_rounds(3) == Fraction(33, 7)
    e21 = L.expected_rounds(21)
    assert 38.9 < float(e21) < 39.1
    dist = L.rounds_distribution(21, 600)
    assert abs(dist.sum() - 1) < 1e-9
    assert abs((np.arange(len(dist)) * dist).sum() - float(e21)) < 1e-6


def test_simple_models():
    assert L.simple_model(2) == 1 and L.simple_model(4) == Fraction(5, 2)
    harmonic = sum(Fraction(1, k) for k in range(1, 22))
    assert L.simple_model(42) == 42 - harmonic
    assert L.half_pair_model(42) == 42.0
    # the simple model is close at 42 players, but not exact
    assert 0 < float(L.expected_rounds(21) - L.simple_model(42)) < 1


# ---------------------------------------------------------------- the vectorized simulator
def test_the_simulator_is_seeded_and_checks_its_input():
    a = L.simulate_rounds(10, 500, seed=4)
    assert (a == L.simulate_rounds(10, 500, seed=4)).all()
    assert not (a == L.simulate_rounds(10, 500, seed=5)).all()
    assert (L.simulate_rounds(2, 10, seed=0) == 1).all()
    for bad in [3, 0, 7.0]:
        with pytest.raises(ValueError):
            L.simulate_rounds(bad, 10)
    with pytest.raises(ValueError):
        L.simulate_first_round(5, 10)


@pytest.mark.parametrize("players", [4, 6, 10, 42])
def test_the_simulator_agrees_with_the_exact_chain(players):
    sample = L.simulate_rounds(players, 4000, seed=players)
    assert agrees_with_chain(sample, players // 2)


def test_the_first_round_agrees_with_the_exact_distribution():
    found = L.simulate_first_round(42, 20_000, seed=3)
    stat, df = chi2_against(found, np.array([float(p) for p in L.meet_distribution(21).values()]))
    assert stat <= chi2_limit(df)
    assert abs(found.mean() - 21 / 41) <= 3 * L.se_of_mean(found)


def independent_pairs(players: int, games: int, seed: int) -> np.ndarray:
    """A plausible simplification that is wrong: with k pairs left, each pair meets with its
    right chance 1/(2k-1) but independently of the others (in a matching they are not:
    when k-1 pairs meet, so does the last)."""
    rng = np.random.default_rng(seed)
    out = np.empty(games, dtype=np.int64)
    for g in range(games):
        k, r = players // 2, 0
        while k:
            r += 1
            k -= int((rng.random(k) < 1 / (2 * k - 1)).sum())
        out[g] = r
    return out


def test_the_check_can_fail():
    """The same check tells a subtly wrong model from the exact chain (its mean is off by
    about 0.4 rounds at 10 players), and a world twice as slow."""
    assert not agrees_with_chain(independent_pairs(10, 4000, seed=1), 5)
    assert not agrees_with_chain(independent_pairs(42, 4000, seed=1), 21)
    assert not agrees_with_chain(L.simulate_rounds(10, 1500, seed=2) * 2, 5)


def test_rounds_table_rows():
    rows = L.rounds_table([2, 4, 8], games=500, seed=1)
    assert [r["players"] for r in rows] == [2, 4, 8]
    assert rows[0]["sim"] == 1.0 and rows[0]["exact"] == 1
    assert all(r["agree"] for r in rows)
    assert rows[1]["exact"] == 3 and rows[1]["simple"] == Fraction(5, 2)


# ---------------------------------------------------------------- the birthday lesson


def test_deck_counts_follow_the_rulebooks_table():
    for players, (pairs, hunters) in content.REMOVED.items():
        deck = L.deck_counts(players)
        assert len(deck) == 21 - pairs and set(deck.values()) == {2}
        assert sum(deck.values()) + 4 - hunters == content.HAND_SIZE[players] * players
    assert sum(L.deck_counts(species=5, copies=10).values()) == 50
    for bad in [{"players": 11}, {"species": 0}, {"species": 22}, {"species": 3, "copies": 0}]:
        with pytest.raises(ValueError):
            L.deck_counts(**bad)


def test_the_lesson_asks_odds_for_the_exact_chances():
    deck = L.deck_counts(4)
    assert L.shared_animal_chance(2, deck) == odds.shared_animal_chance(2, deck) == Fraction(1, 39)
    # all different, card by card: 40/40 x 38/39 x 36/38 x 34/37
    assert L.shared_animal_chance(4, deck) == 1 - Fraction(38 * 36 * 34, 39 * 38 * 37)
    assert L.birthday(23) == odds.birthday(23) and 0.507 < float(L.birthday(23)) < 0.508
    # more copies of each animal: the draws forget less, and the chance tends to the birthday problem's
    gaps = [
        abs(float(L.shared_animal_chance(6, L.deck_counts(species=21, copies=c)) - L.birthday(6, 21)))
        for c in (2, 10, 100, 1000)
    ]
    assert gaps == sorted(gaps, reverse=True) and gaps[-1] < 1e-3


def test_simulate_shared_agrees_with_the_exact_chance_and_can_disagree():
    deck = L.deck_counts(4)
    for k in [2, 4, 7]:
        sim = L.simulate_shared(k, deck, 40_000, seed=k)
        assert abs(sim["freq"] - float(odds.shared_animal_chance(k, deck))) <= 3 * sim["se"]
    # the same check tells the draw with replacement (the misconception) apart
    wrong = L.simulate_birthday(4, 20, 40_000, seed=1)
    assert abs(wrong["freq"] - float(odds.shared_animal_chance(4, deck))) > 3 * wrong["se"]
    assert abs(wrong["freq"] - float(odds.birthday(4, 20))) <= 3 * wrong["se"]
    assert L.simulate_shared(1, deck, 100, seed=0)["hits"] == 0
    assert L.simulate_shared(21, deck, 100, seed=0)["hits"] == 100  # 21 cards of 20 animals: pigeonholes
    with pytest.raises(ValueError):
        L.simulate_shared(41, deck, 10)


def test_simulate_shared_is_seeded_and_the_table_is_honest():
    deck = L.deck_counts(10)
    assert L.simulate_shared(5, deck, 5000, seed=9) == L.simulate_shared(5, deck, 5000, seed=9)
    rows = L.shared_table(range(2, 8), deck, trials=5000, seed=3)
    assert [r["k"] for r in rows] == list(range(2, 8))
    for r in rows:
        assert r["exact"] == odds.shared_animal_chance(r["k"], deck)
        assert r["with_replacement"] == odds.birthday(r["k"], 18) > r["exact"]
        assert r["agree"] == (abs(r["sim"] - float(r["exact"])) <= max(r["two_se"], 0.5 / 5000))


# ---------------------------------------------------------------- the exercises


@pytest.fixture(scope="module")
def game():
    """The name check() knows these exercises by: "brouhaha" once the game is registered,
    else a stand-in registered for this module."""
    if "brouhaha" in registry.names():
        yield "brouhaha"
        return
    registry.register(
        GameEntry(
            "brouhaha_lesson_test",
            engine="brady_widgets.brouhaha.lesson:deck_counts",
            exercises="brady_widgets.brouhaha.exercises:EXERCISES",
        )
    )
    yield "brouhaha_lesson_test"
    registry.unregister("brouhaha_lesson_test")


def test_the_exercises_answers_are_what_the_lessons_compute():
    ex = EXERCISES
    assert ex["two_cards_same_6p"].answer == Fraction(1, 37)
    assert ex["six_cards_share_9p"].answer == 1 - Fraction(40 * 38 * 36 * 34 * 32, 41 * 40 * 39 * 38 * 37)
    assert ex["half_k_10p"].answer == 7
    assert L.shared_animal_chance(6, L.deck_counts(10)) < Fraction(1, 2) <= L.shared_animal_chance(7, L.deck_counts(10))
    assert ex["birthday_90"].answer == 41 and odds.birthday(40) < Fraction(9, 10) <= odds.birthday(41)
    assert ex["tb_meet_partner_10"].answer == Fraction(1, 9)
    assert ex["tb_pairs_found_10"].answer == Fraction(5, 9)
    assert ex["tb_all_at_once_6"].answer == Fraction(1, 15)
    assert ex["tb_expected_6"].answer == Fraction(33, 7)
    assert ex["hand_size_6p"].answer == 7 and ex["pass_giver_10p"].answer == 9 and ex["cards_out_9p"].answer == 7
    assert ex["two_moos"].answer == Fraction(1, 2)  # 1 - C(3, 2) / C(4, 2): 1 cow among the 4 unseen Moo cards
    found = L.simulate_first_round(10, 50_000, seed=8)
    assert abs(found.mean() - 5 / 9) <= 3 * L.se_of_mean(found)
    sims = L.simulate_rounds(6, 20_000, seed=6)
    assert abs(sims.mean() - 33 / 7) <= 3 * L.se_of_mean(sims)


def test_moo_is_cow_is_what_the_odds_panel_says():
    """The same number from odds.share_parts' formula: m = 1 other Moo, n_mine = 1 cow, n_other = 4."""
    n_mine, n_other, m = 1, 4, 1
    assert EXERCISES["moo_is_cow"].answer == 1 - Fraction(math.comb(n_other, m), math.comb(n_mine + n_other, m))


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_check_says_right_for_the_answer_and_never_shows_it(game, key):
    ex = EXERCISES[key]
    right = check(f"{game}.{key}", ex.answer)
    assert right.ok and right.message.startswith("✅")
    assert not check(f"{game}.{key}", None).ok
    for wrong, hint in ex.hints.items():
        said = check(f"{game}.{key}", wrong)
        assert not said.ok and hint in said.message, (key, wrong, said.message)
    for text in [check(f"{game}.{key}", None).message] + [check(f"{game}.{key}", w).message for w in ex.hints]:
        text, shown = text.replace(ex.question, ""), str(ex.answer)  # beyond what the question itself says
        assert f" {shown} " not in f" {text} " and f" {shown}." not in text, (key, text)


def test_exact_exercises_refuse_a_rounded_decimal(game):
    assert not check(f"{game}.tb_expected_6", 4.71).ok
    assert check(f"{game}.six_cards_share_9p", 0.338).ok and not check(f"{game}.six_cards_share_9p", 0.35).ok


def test_players_table_uses_each_counts_deck():
    rows = L.players_table([3, 5, 10], trials=4000, seed=1)
    assert [(r["players"], r["cards"], r["k"]) for r in rows] == [(3, 38, 3), (5, 42, 5), (10, 36, 10)]
    assert [r["exact"] for r in rows] == [odds.shared_animal_chance(n, L.deck_counts(n)) for n in (3, 5, 10)]


def test_simulate_hit_is_the_odds_panels_draw():
    from collections import Counter

    pool = Counter({"cow": 1, "yak": 2, "bison": 2})  # the Moo cards I have not seen; mine is the other cow
    for m in (1, 2, 3):
        exact = 1 - Fraction(math.comb(4, m), math.comb(5, m))
        sim = L.simulate_hit(pool, m, "cow", 40_000, seed=m)
        assert abs(sim["freq"] - float(exact)) <= 3 * sim["se"]
    assert L.simulate_hit(pool, 2, "lion", 100, seed=0)["hits"] == 0
    assert L.simulate_hit(pool, 5, "cow", 100, seed=0)["hits"] == 100


# ---------------------------------------------------------------- the engine's Total Black


class SameCry:
    """The trivial policy, written here from the view alone: hold iff the cry heard is your own."""

    def __init__(self, seat, seed=0):
        self.seat = seat

    def plan(self, view, legal):
        return {"type": "hold"} if {"type": "hold"} in legal and view["heard"] == view["my_cry"] else None


class Dawdler(SameCry):
    """A wrong policy: holds on its own cry only every other time (a seeded coin per round)."""

    def __init__(self, seat, seed=0):
        self.seat, self.rng, self.asked = seat, random.Random(seed * 1000 + seat), {}

    def plan(self, view, legal):
        r = view["round"]
        if r not in self.asked:
            self.asked[r] = self.rng.random() < 0.5
        return super().plan(view, legal) if self.asked[r] else None


def test_total_black_game_stops_at_a_bump_and_plays_to_the_end():
    g = L.total_black_game(10, seed=3, bumps=2)
    v = g.view(0)
    assert v["round"] == 2 and v["clock"] == 1000 and not v["over"] and v["heard"] is not None
    g = L.total_black_game(10, seed=3)
    v = g.view(None)
    assert v["over"] and v["reason"] == "all_found" and all(v["found"])
    assert L.game_rounds(g) * 1000 == max(v["found_at"]) == v["clock"]
    with pytest.raises(ValueError):
        L.total_black_game(10, seed=3, bumps=0)
    cut = TotalBlack(10, 3, time_limit_ms=1000)
    cut.advance(1000)
    with pytest.raises(RuntimeError):
        L.game_rounds(cut)


@pytest.mark.parametrize("players, games", [(4, 800), (10, 600)])
def test_the_engine_with_its_bots_agrees_with_the_exact_chain_and_the_simulator(players, games):
    engine = L.engine_rounds(players, games, seed=players * 1000)
    assert agrees_with_chain(engine, players // 2)
    sim = L.simulate_rounds(players, 20_000, seed=players)
    assert abs(engine.mean() - sim.mean()) <= 3 * math.hypot(L.se_of_mean(engine), L.se_of_mean(sim))


def test_the_in_test_policy_plays_the_same_games_as_tb_bots():
    a = L.engine_rounds(10, 40, seed=5)
    b = L.engine_rounds(10, 40, seed=5, bots=SameCry)
    assert (a == b).all() and TB_BOTS  # the bots draw nothing at random: the same seeds, the same games


def test_the_engine_check_can_fail():
    """The same check rejects engine games played by a policy that misses half its chances."""
    slow = L.engine_rounds(10, 150, seed=77, bots=Dawdler)
    assert not agrees_with_chain(slow, 5)
    assert slow.mean() > float(L.expected_rounds(5)) + 3


# ---------------------------------------------------------------- the tutorial's helpers


def test_show_is_a_copy_seen_from_one_seat_with_the_others_waiting():
    game = P.slap_race(slap_ms=6000)
    w = L.show(game, 0)
    assert w.game is not game and w.game.history == game.history
    assert w.view["viewer"] == 0 and w.view["my_down"] == "cow" and "Seat 1" in repr(w) and "0x" not in repr(w)
    w.advance_time(3000)  # the others wait: nothing but the student and the clock moves the game
    assert w.view["phase"] == "slap" and w.game.slap["second"] is None
    w.act({"type": "slap"})
    w.advance_time(2000)  # the settle window, then the reveal
    assert w.view["reserves"][0] == ["cow"] and w.view["reserves"][1] == ["cow"] and w.view["phase"] == "pass"
    assert game.phase == "slap"  # the position itself is untouched
    seat1 = L.show(P.hunt_window(), 1)
    assert seat1.view["viewer"] == 1 and seat1.view["pinned"] is True


def test_log_prints_a_seats_own_lines(capsys):
    L.log(P.hunt_window(), 0, last=1)
    L.log(P.hunt_window(), 1, last=1)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("  seat 0 reads:") and "Seat 1" in out[0]  # the hunter knows its target
    assert "pinned" in out[1]


def test_the_pass_goes_to_the_left_as_the_pass_exercise_says():
    g = P.pass_phase()
    for seat in list(g.to_act):
        g.act(seat, {"type": "pass", "card": g.legal_actions(seat)[0]["card"]}, at=5000)
    assert "dog" in g.view(0)["my_hand"]  # seat 3 passed its dog to seat (3 + 1) % 4 = 0
    # cards_out_9p counts by the engine's rules: a match moves 2 cards, a hunt 2 (Hunter out, prey to a Reserve), a cancel 2
    assert sum(map(len, P.pass_phase().view(None)["reserves"])) == 2
    hunted = P.hunt_window()
    hunted.advance(3000)
    assert sum(map(len, hunted.view(None)["reserves"])) + hunted.view(None)["hunters_out"] == 2
    assert P.two_hunters().view(None)["hunters_out"] == 2
    g = P.near_end()  # 10 players: seat 9 gives to seat 0
    assert (9 + 1) % g.players == 0 == (EXERCISES["pass_giver_10p"].answer + 1) % 10


def test_a_race_is_settled_by_stamps_within_the_settle_window_and_by_arrival_without_it():
    g = L.three_moos()
    assert g.view(None)["slap"]["first"] == 0 and g.view(None)["cries"][:3] == ["Moo!"] * 3
    slaps = [(2, 2310, 2330), (1, 2300, 2500)]  # seat 1 pressed first, but its slap arrives later
    fair = L.race(g, slaps)
    assert fair.view(None)["reveal"]["seats"] == [0, 1] and fair.view(None)["reveal"]["match"] is True
    by_arrival = L.race(g, slaps, lag=0)
    assert by_arrival.view(None)["reveal"]["seats"] == [0, 2] and by_arrival.view(None)["reveal"]["match"] is False
    assert g.phase == "slap"  # the position is untouched


def test_moment_finds_the_step_before_an_event():
    g = P.mismatch_reveal()
    g.advance(3800)
    step = L.moment(g, "mismatch")
    before = type(g).replay(g.players, g.seed, g.history[:step], deal=g.deal, **g.options)
    assert before.phase == "reveal" and g.phase == "play"
    with pytest.raises(ValueError):
        L.moment(g, "match")


# ---------------------------------------------------------------- the notebooks follow lessons.md

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
BROUHAHA_NOTEBOOKS = {
    "brouhaha.ipynb": ["same cry is not the same animal", "without replacement"],
    "brouhaha_birthday.ipynb": ["with vs without replacement"],
    "total_black.ipynb": ["independence", "N²"],
    "should_i_slap.ipynb": ["more likely than not", "break-even"],
}


@pytest.mark.parametrize("name", sorted(BROUHAHA_NOTEBOOKS))
def test_the_brouhaha_notebooks_follow_the_lessons_standard(name):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    first = "".join(nb["cells"][0]["source"])
    for word in ["After this", "Before it", "minutes", "core", "extension"]:
        assert word.lower() in first.lower(), (name, word)
    md = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert md.count("Predict first") >= 3 and md.count("<details>") >= 3, name
    for phrase in BROUHAHA_NOTEBOOKS[name]:
        assert phrase.lower() in md.lower(), (name, phrase)  # the misconception is named
    keys = []
    for cell in (c for c in nb["cells"] if c["cell_type"] == "code"):
        source = "".join(cell["source"])
        assert sum(1 for line in source.splitlines() if line.strip()) <= 12, f"{name}: a long cell:\n{source}"
        found = re.findall(r'check\("brouhaha\.([a-z_0-9]+)", answer\)', source)
        if found:
            keys += found
            assert "answer = None" in source
            outs = ["".join(o.get("data", {}).get("text/plain", [])) for o in cell["outputs"]]
            assert len(outs) == 1 and "Not answered yet" in outs[0], outs  # a saved output never shows an answer
    assert len(keys) >= 4 and len(set(keys)) == len(keys) and set(keys) <= set(EXERCISES), keys
    saved = "\n".join(
        "".join(o.get("text", [])) + "".join(o.get("data", {}).get("text/plain", []))
        for c in nb["cells"]
        for o in c.get("outputs", [])
    )  # what a student reads (not the images)
    for key in keys:  # no exercise's answer is printed anywhere before it is asked
        ans = EXERCISES[key].answer
        if isinstance(ans, Fraction) and ans.denominator > 1:
            assert str(ans) not in saved and f"{float(ans):.4f}" not in saved, (name, key)


def test_the_copies_slider_redraws_the_exact_chances():
    ex = L.copies_explorer(copies=2)
    assert "slider" in repr(ex) and "0x" not in repr(ex)
    assert ex.result[4] == odds.shared_animal_chance(4, L.deck_counts(species=21, copies=2))
    assert [o["data"]["image/png"][:4] for o in ex.output.outputs] == ["iVBO"]
    ex.slider.value = 1  # one copy of each animal: no two cards can share
    assert len(ex.output.outputs) == 1 and set(ex.result.values()) == {0}
    ex.slider.value = 50
    assert abs(float(ex.result[5]) - float(odds.birthday(5, 21))) < 0.01


def test_the_players_slider_redraws_the_exact_distribution():
    ex = L.players_explorer(42)
    assert "players slider" in repr(ex) and ex.result["mean"] == L.expected_rounds(21)
    ex.slider.value = 4
    assert ex.result["mean"] == 3 and abs(ex.result["dist"][3] - 4 / 27) < 1e-12  # (2/3)^2 x 1/3


def test_the_engines_reference_draw_agrees_with_the_chain_too():
    from brady_widgets.brouhaha.total_black import rounds_until_all_found

    rng = random.Random(12)
    sample = np.array([rounds_until_all_found(10, rng) for _ in range(3000)])
    assert agrees_with_chain(sample, 5)


def test_long_runs_show_a_progress_bar_and_give_the_same_numbers(capsys):
    a = L.simulate_rounds(10, 200, seed=1, progress=True)
    assert (a == L.simulate_rounds(10, 200, seed=1)).all()
    assert "10 players" in capsys.readouterr().err  # tqdm writes its bar to stderr outside a notebook
    assert (L.engine_rounds(4, 5, seed=2, progress=True) == L.engine_rounds(4, 5, seed=2)).all()
