"""Brouhaha bots (``brady_widgets/brouhaha/bots.py``).

Bots see only views (the conformance kit: the same answer in a resampled world,
inputs not mutated, no engine held), are deterministic by seed, never act
illegally (the Scheduler raises ``BotError`` when a planned action is not legal)
and finish whole games on virtual time at every table size and option. The
levels differ measurably: hard beats easy in a seeded tournament (a confidence
interval), and each level's documented behaviour shows on fixed positions
(reading the cries, remembering a reveal, forgetting it, passing, cancelling a
hunt, no slap with nothing behind it, never twice at one table). Total Black's bots hold iff the cry they heard is theirs.
"""

from __future__ import annotations

import copy
import math
import pickle
import random
import statistics
import time
from collections import Counter

import pytest

from brady_widgets.brouhaha import content
from brady_widgets.brouhaha.bots import BOTS, LEVELS, TB_BOTS, Memory
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.brouhaha.total_black import TotalBlack
from brady_widgets.scheduler import Later, Scheduler
from brady_widgets.testing.conformance import bot_answer, bot_playout, check_bots

SLAP = {"type": "slap"}


# ------------------------------------------------------------------ helpers
def run_game(players, bots, seed, lag=0, copy_views=False, **options) -> Brouhaha:
    g = Brouhaha(players, seed, **options)
    Scheduler(g, bots, lag=lag, copy_views=copy_views).run()
    assert g.over
    return g


def deal(players, hands, removed=None):
    """A full deal: each hand starts with the cards given and is filled up from the
    cards left round the table, those of cries no given card makes first (so the
    cries a test uses are not crowded by filler); the removed pairs (and Hunter)
    come from the end."""
    used = {content.cry_of(c) for h in hands for c in h if c != "hunter"}
    left = sorted(content.ALL_CARDS, key=lambda c: (c == "hunter" or content.cry_of(c) in used, content.RANK[c]))
    pairs, hunters = content.REMOVED[players]
    if removed is None:
        removed = [a for a in content.ANIMAL_IDS[::-1] if all(a not in h for h in hands)][:pairs]
        removed = [a for a in removed for _ in range(2)] + ["hunter"] * hunters
    for c in removed + [c for h in hands for c in h]:
        left.remove(c)
    size = content.HAND_SIZE[players]
    full = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    seat = 0
    while left:  # dealt round the table, so no hand gets both copies of a filler
        if len(full[seat]) < size:
            full[seat].append(left.pop(0))
        seat = (seat + 1) % players
    return {"removed": removed, "hands": full}


def plan_of(bot, game, seat):
    """The bot's answer for ``seat`` as the scheduler asks it (deep copies; checked)."""
    return bot_answer(bot, game, seat)


def action_of(answer):
    return answer.action if isinstance(answer, Later) else answer


def step_through(game, bots, every, check, lag=0):
    """Drive ``game`` with the Scheduler one wake-up at a time; call ``check(game)``
    every ``every``-th step (and count the phases seen)."""
    sched = Scheduler(game, bots, lag=lag, copy_views=True)
    phases = Counter()
    k = 0
    while not game.over:
        wake = sched.next_wakeup()
        assert wake is not None
        if sched.run_until(wake):
            k += 1
            phases[game.view(None)["phase"]] += 1
            if k % every == 0 and not game.over:
                check(game)
    return phases


# ------------------------------------------------------------------ the tables
def test_bot_tables():
    assert set(BOTS) == {"random", "easy", "medium", "hard"}
    assert set(LEVELS) == {"easy", "medium", "hard"}
    for _name, cls in BOTS.items():
        bot = cls(2, 7)
        assert bot.seat == 2 and callable(bot.plan) and callable(bot.choose)
        assert pickle.loads(pickle.dumps(bot)).seat == 2  # simulate() may send it to another process
    assert len({BOTS[name] for name in BOTS}) == 4
    assert TB_BOTS and all(callable(cls(0, 0).plan) for cls in TB_BOTS.values())


# --------------------------------------------------------- only views (the kit)
@pytest.mark.parametrize(
    "players,options", [(3, {}), (6, {"bang": True}), (10, {"cries": "solo"}), (8, {"bang": True, "cries": "solo"})]
)
def test_check_bots_along_bot_games(players, options):
    """At positions along a whole bot game (every phase), every bot answers the same
    from the real view and from a resampled world, from copies it does not mutate,
    holding no engine."""
    game = Brouhaha(players, 11, **options)
    rng = random.Random(players)
    checks = [0]

    def check(g):
        checks[0] += check_bots(g, rng, bots=BOTS, bot_seed=5)

    levels = ["hard", "medium", "easy", "random"]
    bots = {s: BOTS[levels[s % 4]](s, 3) for s in range(players)}
    phases = step_through(game, bots, every=12, check=check)
    assert checks[0] > 10
    assert phases["play"] and phases["pass"]


def test_check_bots_in_every_phase():
    """A scripted game goes through play, a hunt window (the target pinned, with a
    Hunter of its own), a slap window and a pass; the kit checks every bot in each,
    and a pinned hard bot plans to cancel the hunt."""
    g = Brouhaha(4, 0, deal=deal(4, [["cow", "hunter"], ["cow"], ["yak", "hunter"], []]))
    rng = random.Random(0)
    g.act(0, {"type": "play", "card": "cow"}, at=100)
    g.act(1, {"type": "play", "card": "cow"}, at=200)
    g.act(2, {"type": "play", "card": "yak"}, at=300)
    assert g.phase == "play" and check_bots(g, rng, bots=BOTS) >= 4 * 3
    g.act(0, {"type": "hunt", "target": 2}, at=400)
    assert g.phase == "hunt" and g.view(2)["pinned"]
    assert check_bots(g, rng, bots=BOTS) >= 4
    counter = plan_of(BOTS["hard"](2, 0), g, 2)
    assert action_of(counter)["type"] == "hunt" and counter.ms < 1500  # inside the hunt window
    assert plan_of(BOTS["hard"](1, 0), g, 1) is None  # seat 1 holds no Hunter
    g.advance(g.next_deadline())
    assert g.reserves[0] == ["yak"] and g.phase == "play"
    g.act(0, {"type": "play", "card": "cow"}, at=2000)
    g.act(1, SLAP, at=2100)
    assert g.phase == "slap" and check_bots(g, rng, bots=BOTS) >= 4
    g.act(0, SLAP, at=2200)
    g.advance(g.next_deadline())
    assert g.phase == "pass" and check_bots(g, rng, bots=BOTS) >= 4 * 4


# ------------------------------------------------------------------ playouts
@pytest.mark.parametrize(
    "name,players",
    [("random", 3), ("easy", 4), ("easy", 8), ("medium", 5), ("medium", 9), ("hard", 6), ("hard", 7), ("hard", 10)],
)
def test_bot_playout(name, players):
    """Whole games of one bot on virtual time with the widget's settle lag; every 40th
    answer compared with a deep copy's in a resampled world."""
    g = bot_playout(Brouhaha(players, 21), BOTS[name], random.Random(1), bot_seed=2, max_actions=3000, check_every=40)
    assert g.over


def test_deterministic_by_seed():
    levels = ["hard", "easy", "medium", "random", "hard", "easy"]

    def history(seed, bot_seed):
        bots = {s: BOTS[levels[s]](s, bot_seed) for s in range(6)}
        return run_game(6, bots, seed).history

    a, b = history(4, 9), history(4, 9)
    assert a == b
    assert history(4, 10) != a  # the bots' seed matters (their reaction times)
    assert history(5, 9) != a


def test_never_illegal_and_games_end():
    """Mixed tables of every level at every size and option: the Scheduler raises
    BotError for any planned action that is not legal when planned; none does, and
    every game ends (a player out of cards, no pair left, or the time limit)."""
    rng = random.Random(2026)
    reasons = Counter()
    for players in range(3, 11):
        for k, options in enumerate([{}, {"bang": True}, {"cries": "solo"}]):
            seed = players * 10 + k
            bots = {s: BOTS[rng.choice(sorted(BOTS))](s, seed) for s in range(players)}
            g = run_game(players, bots, seed, lag=rng.choice([0, 250]), **options)
            reasons[g.end_reason] += 1
            assert g.winners and max(g.scores) == g.scores[g.winners[0]]
    assert reasons["no_cards"] >= 12  # most games end the rulebook's way


def test_ten_player_game_is_fast():
    """A 10-player game of hard bots on virtual time: well under a second of CPU
    (median of three; generous bound for a busy machine)."""
    times = []
    for seed in range(3):
        bots = {s: BOTS["hard"](s, seed) for s in range(10)}
        t = time.process_time()
        run_game(10, bots, seed)
        times.append(time.process_time() - t)
    assert statistics.median(times) < 1.5, times


# ------------------------------------------------------------------ levels
def tournament(a, b, players, games, **options):
    """Seats alternate between levels ``a`` and ``b`` (swapped every other game);
    returns a's share of the win in each game (ties shared)."""
    shares = []
    for i in range(games):
        mine = {s for s in range(players) if (s + i) % 2 == 0}
        bots = {s: BOTS[a if s in mine else b](s, i) for s in range(players)}
        g = run_game(players, bots, 500 + i, **options)
        shares.append(sum(s in mine for s in g.winners) / len(g.winners))
    return shares


def ci95(xs):
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return m - half, m + half


def test_hard_beats_easy():
    lo, hi = ci95(tournament("hard", "easy", 4, 24))
    assert lo > 0.5, (lo, hi)  # hard holds half the seats and wins clearly more than half


def test_hard_beats_random_and_medium_beats_easy():
    assert ci95(tournament("hard", "random", 4, 4))[0] > 0.5
    assert ci95(tournament("medium", "easy", 4, 20))[0] > 0.5


def test_reaction_times_by_level():
    """The same position: the delay before a slap with a sure match (solo cries) is
    shortest for hard, longest for easy (medians over seats and seeds)."""
    delays = {}
    for level in LEVELS:
        ms = []
        for seed in range(30):
            g = Brouhaha(4, 0, cries="solo", deal=deal(4, [["cow"], ["cow"]]))
            g.act(1, {"type": "play", "card": "cow"}, at=10)
            g.act(0, {"type": "play", "card": "cow"}, at=20)
            answer = plan_of(BOTS[level](0, seed), g, 0)
            assert action_of(answer) == SLAP
            ms.append(answer.ms)
        delays[level] = statistics.median(ms)
    assert delays["hard"] < delays["medium"] < delays["easy"], delays


# ------------------------------------------------------- behaviour on positions
def reveal_then_replay(replay_at):
    """Seat 1 shows a cow and seat 2 a yak in a mismatch (both Moo!); at ``replay_at``
    seat 1 cries Moo! again and seat 0 puts its cow down just after."""
    g = Brouhaha(4, 0, deal=deal(4, [["cow"], ["cow"], ["yak"], []]))
    g.act(1, {"type": "play", "card": "cow"}, at=100)
    g.act(2, {"type": "play", "card": "yak"}, at=200)
    g.act(1, SLAP, at=300)
    g.act(2, SLAP, at=400)
    g.advance(g.next_deadline())
    assert g.phase == "play" and g.events[-1]["type"] == "mismatch"
    g.act(1, {"type": "play", "card": "cow"}, at=replay_at)
    g.act(0, {"type": "play", "card": "cow"}, at=replay_at + 100)
    return g


def slap_rate(level, game, seat=0, seeds=range(60)):
    return statistics.fmean(action_of(plan_of(BOTS[level](seat, s), game, seat)) == SLAP for s in seeds)


def test_memory_of_a_reveal_and_its_fading():
    """Right after the reveal every level places seat 1's Moo! as the cow and slaps;
    20 s later hard still remembers (tau 240 s) and easy has mostly forgotten (tau 6 s:
    what is left is its blunder rate)."""
    fresh, old = reveal_then_replay(2_000), reveal_then_replay(20_000)
    for level in LEVELS:
        assert slap_rate(level, fresh) >= 0.85, level
    assert slap_rate("hard", old) >= 0.8
    assert slap_rate("easy", old) <= 0.5
    # without the reveal the same cries are a 1-in-5 guess: hard does not slap
    g = Brouhaha(4, 0, deal=deal(4, [["cow"], ["cow"], ["yak"], []]))
    g.act(1, {"type": "play", "card": "cow"}, at=100)
    g.act(0, {"type": "play", "card": "cow"}, at=200)
    assert slap_rate("hard", g) == 0


def test_no_level_slaps_with_nothing_behind_it():
    """Nobody else cries Moo!: a slap has nothing behind it. No level slaps (a bot
    slaps only when its belief passes its level's threshold; easy once slapped here
    now and then, "a blunder", and flashed "Someone slapped!" at the class)."""
    g = Brouhaha(4, 0, deal=deal(4, [["cow"], ["dog"], ["sheep"], []]))
    g.act(1, {"type": "play", "card": "dog"}, at=100)
    g.act(2, {"type": "play", "card": "sheep"}, at=150)
    g.act(0, {"type": "play", "card": "cow"}, at=200)
    for level in LEVELS:
        assert slap_rate(level, g, seeds=range(100)) == 0, level


def _lone_slap(level, seed):
    """Seat 1 (a person who does not answer) cries Moo! after seat 0 put its cow down
    (solo cries: surely the other cow); seat 0's bot (``level``) slaps, nobody answers,
    the window closes: the same table again, and the bot still sure of the match."""
    g = Brouhaha(4, 0, cries="solo", deal=deal(4, [["cow"], ["cow"], ["dog"], []]))
    g.act(0, {"type": "play", "card": "cow"}, at=100)
    g.act(1, {"type": "play", "card": "cow"}, at=200)
    bot = BOTS[level](0, seed)
    answer = plan_of(bot, g, 0)
    if action_of(answer) != SLAP:
        return None, None
    g.act(0, SLAP, at=200 + answer.ms)
    g.advance(g.next_deadline())
    assert g.phase == "play" and g.events[-1]["type"] == "slap_void"
    return g, bot


def test_never_slaps_twice_at_the_same_table():
    """After a slap nobody answered, a bot does not slap again while the table is
    unchanged (however long it waits), at every level; once a card is shown it may."""
    slapped = 0
    for level in LEVELS:
        for seed in range(12):
            g, bot = _lone_slap(level, seed)
            if g is None:
                continue
            slapped += 1
            for wait in (0, 1_500, 6_000, 30_000):
                g.advance(g.clock + wait) if wait else None
                assert action_of(plan_of(bot, g, 0)) != SLAP, (level, seed, wait)
            # the table changes (seat 2 shows a card): still sure of the cow, it slaps again
            g.act(2, {"type": "play", "card": "dog"}, at=g.clock + 10)
            assert action_of(plan_of(bot, g, 0)) == SLAP, (level, seed)
    assert slapped == 3 * 12  # the position makes every bot slap (else the test would prove nothing)


def _first_slaps_on_unchanged_tables(g) -> Counter:
    """Per seat: first slaps with no card shown, taken back, matched, mismatched or
    hunted since that seat's previous first slap."""
    changes = {"play", "take_back", "match", "mismatch", "hunt", "hunted", "hunters_cancel", "passes_done"}
    since: dict = {}
    repeats: Counter = Counter()
    for ev in g.events:
        if ev["type"] in changes:
            since = {s: True for s in since}
        elif ev["type"] == "slap" and ev.get("first"):
            if since.get(ev["seat"]) is False:
                repeats[ev["seat"]] += 1
            since[ev["seat"]] = False
    return repeats


@pytest.mark.parametrize("level", LEVELS)
def test_lone_slaps_few_and_never_repeated(level):
    """Whole games, every seat a ``level`` bot, and the rooms case (seat 0 a person
    who shows one card and then watches): no bot slaps twice at an unchanged table,
    and a bot's slaps nobody answered stay a few a game (easy once made 50)."""
    lone = []
    for i in range(6):
        g = run_game(4, {s: BOTS[level](s, i) for s in range(4)}, 500 + i)
        assert not _first_slaps_on_unchanged_tables(g)
        voids = Counter(ev["seat"] for ev in g.events if ev["type"] == "slap_void")
        lone += [voids[s] for s in range(4)]
    assert statistics.fmean(lone) < 2 and max(lone) <= 5, lone
    # a person at seat 0 shows a card and does nothing more: the bots' table stands still
    g = Brouhaha(4, 7, time_limit_ms=60_000)
    g.act(0, g.legal_actions(0)[0], at=0)
    Scheduler(g, {s: BOTS[level](s, 7) for s in (1, 2, 3)}, lag=0, copy_views=False).run()
    assert not _first_slaps_on_unchanged_tables(g)
    voids = Counter(ev["seat"] for ev in g.events if ev["type"] == "slap_void")
    assert max(voids.values(), default=0) <= 5, voids


def test_second_slap_only_on_its_own_cry():
    """Seat 1 (a cow, Moo!) slaps; seat 0 (a cow, Moo!, solo cries: sure) joins,
    seat 2 (a dog, Woof!) does not (hard)."""
    g = Brouhaha(4, 0, cries="solo", deal=deal(4, [["cow"], ["cow"], ["dog"], []]))
    for seat, card in ((0, "cow"), (1, "cow"), (2, "dog")):
        g.act(seat, {"type": "play", "card": card}, at=100 + seat)
    g.act(1, SLAP, at=500)
    assert action_of(plan_of(BOTS["hard"](0, 1), g, 0)) == SLAP
    assert plan_of(BOTS["hard"](2, 1), g, 2) is None


def test_plays_the_card_a_cry_calls_for():
    """Seat 1 cries Moo! (solo cries: a cow); seat 0 holds a cow among other cards:
    hard answers with its cow."""
    g = Brouhaha(4, 0, cries="solo", deal=deal(4, [["dog", "cow", "sheep"], ["cow"]]))
    g.act(1, {"type": "play", "card": "cow"}, at=100)
    assert action_of(plan_of(BOTS["hard"](0, 3), g, 0)) == {"type": "play", "card": "cow"}


def pass_position():
    g = Brouhaha(4, 0, deal=deal(4, [["cow", "goat", "goat", "hunter"], ["cow"]]))
    g.act(0, {"type": "play", "card": "cow"}, at=100)
    g.act(1, {"type": "play", "card": "cow"}, at=200)
    g.act(0, SLAP, at=300)
    g.act(1, SLAP, at=400)
    g.advance(g.next_deadline())
    assert g.phase == "pass" and 0 in g.to_act
    return g


def test_pass_choice():
    """Holding two goats, hard passes a goat (a pair in one hand never matches) and
    keeps its Hunter; easy chooses carelessly now and then."""
    g = pass_position()
    hard = [action_of(plan_of(BOTS["hard"](0, s), g, 0)) for s in range(30)]
    assert all(a == {"type": "pass", "card": "goat"} for a in hard)
    easy = [action_of(plan_of(BOTS["easy"](0, s), g, 0)) for s in range(60)]
    assert any(a["card"] != "goat" for a in easy)


def test_memory_built_incrementally_equals_from_scratch():
    """A bot that followed the whole game and a fresh one given the last view remember
    the same things (memory is a function of the log)."""
    players = 6
    g = Brouhaha(players, 3)
    followers = {s: Memory(s) for s in range(players)}

    def follow(game):
        for s, m in followers.items():
            m.update(game.view(s)["log"])

    bots = {s: BOTS["hard"](s, 1) for s in range(players)}
    step_through(g, bots, every=1, check=follow)
    follow(g)  # the last steps (the game over) too
    for s, m in followers.items():
        fresh = Memory(s)
        fresh.update(g.view(s)["log"])
        assert vars(fresh) == vars(m)
        assert m.seen == len(g.view(s)["log"])
    assert any(m.holds for m in followers.values())  # reveals were remembered


def test_memory_fades_at_the_level_rate():
    """A memory of age a is kept with chance exp(-a / tau): measured on 2,000 facts
    within 3 standard errors; a forgotten memory stays forgotten."""
    n = 2000
    for level, params in LEVELS.items():
        bot = BOTS[level](0, 0)
        for age in (2_000, 10_000):
            kept = [bot._remembered(0, age, "fact", i) for i in range(n)]
            p = math.exp(-age / params["tau"])
            se = math.sqrt(max(p * (1 - p), 1e-9) / n)
            assert abs(statistics.fmean(kept) - p) <= 3 * se + 1e-9, (level, age)
        for i in range(200):
            forgotten = [not bot._remembered(0, a, "f", i) for a in range(0, 60_000, 5_000)]
            assert forgotten == sorted(forgotten)  # once False, never True again


# ------------------------------------------------------------------ Total Black
def test_total_black_bots_hold_iff_same_cry():
    bot_cls = next(iter(TB_BOTS.values()))
    g = TotalBlack(42, 1)
    bots = {s: bot_cls(s, 1) for s in range(42)}
    asked = [0]

    def check(game):
        for s in range(game.players):
            legal = game.legal_actions(s)
            if not legal:
                continue
            view = game.view(s)
            answer = action_of(bot_answer(bots[s], game, s))
            want = {"type": "hold"} in legal and view["heard"] == view["my_cry"]
            assert (answer == {"type": "hold"}) == want
            asked[0] += 1

    check(g)
    step_through(g, bots, every=3, check=check)
    assert g.over and g.end_reason == "all_found" and all(g.found)
    assert asked[0] > 0


def test_simulate_by_level_names():
    """The registered game's bot table drives ``simulate()`` by name: seeded rows, the
    same twice, every game over, hard seats ahead of easy ones on the whole."""
    from brady_widgets import simulate

    table = ["hard", "easy", "hard", "easy"]
    rows = simulate("brouhaha", players=4, bots=table, games=6, seed=3, executor=False, progress=False)
    again = simulate("brouhaha", players=4, bots=table, games=6, seed=3, executor=False, progress=False)
    assert rows == again and len(rows) == 6
    wins = Counter(r["winner_bot"] for r in rows)
    assert wins["hard"] > wins["easy"]


def test_reaction_draw_is_the_hashs_box_muller():
    """The reaction draw's fast path (the key's repr built from its parts) gives the
    Box-Muller normal of the two 32-bit halves of the bot's hash of the key."""
    bot = BOTS["medium"](2, 12345)
    actions = [{"type": "slap"}, {"type": "play", "card": "cat"}, {"type": "hunt", "target": 3}]
    tags = [("best",), ("next", 4100), ("first", None), ("last", 900.5, ((0, "moo", 10), (3, "oink", 20)))]
    for action in actions:
        for tag in tags:
            for now in (0, 1234, 98765.5):
                for kind in ("react", "think"):
                    bot._want = None
                    later = bot._later(action, kind, now, tag)
                    median, sigma = bot.p[kind]
                    key = (tuple(sorted(action.items())), tag)
                    h = bot._hash(("react", kind, tag, key, now))
                    u1, u2 = (h >> 32) / 2**32, (h % 2**32) / 2**32
                    z = math.cos(2 * math.pi * u1) * math.sqrt(-2 * math.log(1 - u2))
                    delay = int(min(20_000, max(120, median * math.exp(sigma * z))))
                    assert later.ms == int(int(now + delay) - now)


def test_reaction_draws_are_lognormal_around_the_levels_median():
    """Over many situations a level's reaction times have its median, and their logs its
    sigma: the hash's halves are uniform enough for a Box-Muller normal."""
    for level in ("easy", "hard"):
        bot = BOTS[level](1, 99)
        median, sigma = bot.p["react"]
        logs = sorted(math.log(bot._drawn(("probe", i), (median, sigma)) / median) for i in range(4000))
        assert abs(logs[len(logs) // 2]) < 0.03
        mean = sum(logs) / len(logs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / len(logs))
        assert abs(sd - sigma) < 0.03


def test_cached_beliefs_equal_fresh_ones():
    """A belief the bot keeps between questions (shared by seats alike) is the one it would
    work out for that seat now."""
    from brady_widgets.brouhaha.bots import _Context

    checked = 0
    for level, players, options in (("hard", 5, {}), ("medium", 4, {"bang": True, "cries": "solo"})):
        g = Brouhaha(players, 31, **options)
        bots = {s: BOTS[level](s, 7) for s in range(players)}
        sched = Scheduler(g, bots, delay=0, lag=0, copy_views=False)
        t = 0
        while not g.over and t < 120_000:
            t += 400
            sched.run_until(t)
            for s, bot in bots.items():
                view = g.view(s)
                bot.memory.update(view["log"])
                ctx = _Context(bot, view)
                for seat, cry in enumerate(ctx.cries):
                    if cry is None or seat == ctx.hunter or seat in ctx.known():
                        continue
                    fresh = ctx._belief(seat, cry, ctx.pool(), ctx.holds())
                    assert ctx.belief(seat) == fresh
                    assert list(ctx.belief(seat)) == list(fresh)
                    checked += 1
    assert checked > 100


def _questions(players, seed, level, seat, every=400, until=150_000):
    """``(view, legal)`` of ``seat`` every ``every`` ms of a bot game."""
    g = Brouhaha(players, seed)
    sched = Scheduler(g, {s: BOTS[level](s, seed) for s in range(players)}, delay=0, lag=0, copy_views=False)
    out, t = [], 0
    while not g.over and t < until:
        t += every
        sched.run_until(t)
        out.append((g.view(seat), g.legal_actions(seat)))
    return out


def _answers(bot, questions):
    out = []
    for view, legal in questions:
        answer = bot.plan(view, legal)  # (the bots never change a view: the kit checks it)
        out.append((answer.ms, answer.action) if isinstance(answer, Later) else answer)
    return out


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_handed_another_game_decides_as_a_fresh_one(level):
    """A bot keeps memory between questions (the log it read, what it wants, when it first
    saw its Hunter). Handed the views of game A and then those of game B (or of A again
    from an earlier moment), it must notice that they do not go on from what it saw and
    decide on them exactly as a fresh bot does: nothing of A may leak into B."""
    games = {seed: _questions(4, seed, level, 0) for seed in (3, 4, 5, 6)}
    cases = 0
    for a, b in ((3, 4), (5, 6), (4, 4), (6, 6)):
        for cut in (10, 60):
            for start in (0, 20):
                later = games[b][start:]
                moved = BOTS[level](0, 9)
                _answers(moved, games[a][start + cut :] if a == b else games[a][:cut])
                assert _answers(moved, later) == _answers(BOTS[level](0, 9), later), (a, b, cut, start)
                cases += 1
    assert cases == 16


def test_memory_one_equal_entry_is_not_a_continuation():
    """A log whose entry at the place of the last one read is equal (not the same object)
    but whose earlier entries differ is another game's: the memory starts again."""
    g = Brouhaha(4, 3)
    Scheduler(g, {s: BOTS["hard"](s, 1) for s in range(4)}, delay=0, lag=0, copy_views=False).run_until(60_000)
    log = g.view(0)["log"]
    m = Memory(0)
    m.update(log)
    assert m.update(copy.deepcopy(log)) is False  # an equal copy goes on from it
    forged = [dict(e) for e in log]
    forged[2] = {**forged[2], "at": -1}  # another past, the same last entry
    assert m.update(forged) is True
    fresh = Memory(0)
    fresh.update(forged)
    counters = ("version", "changes", "cried_version", "_table")  # (its own cache keys: they only grow)
    assert {k: v for k, v in vars(m).items() if k not in counters} == {
        k: v for k, v in vars(fresh).items() if k not in counters
    }
