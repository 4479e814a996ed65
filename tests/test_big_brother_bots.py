"""Big Brother bots: the conformance kit's bot checks, legality over many seeded games at
4, 5 and 6 players, whole games on the Scheduler's virtual time, the social model moving
exactly as its table of events says, blocs changing who is evicted, and levels that
differ measurably.

The engine is imported directly (the lead registers the game): the kit's bot checks get
``bots=BOTS`` explicitly. Sample sizes keep the file well under a minute of CPU on 2 busy
cores; the larger tournaments are in ``benchmarks/big_brother_speed.py``.
"""

from __future__ import annotations

import copy
import random
import statistics

import pytest

from brady_widgets import scheduler as scheduler_module
from brady_widgets.big_brother.bots import (
    BOTS,
    DEFAULT,
    EFFECTS,
    LEVELS,
    MediumBot,
    SocialModel,
    _by_kind,
    affinity_history,
    affinity_matrix,
    make_bloc,
)
from brady_widgets.big_brother.rules import BigBrother
from brady_widgets.engine.game import FrozenAction, LegalList
from brady_widgets.scheduler import Later, Scheduler
from brady_widgets.testing import bot_playout, check_bots, random_playout


def play(players: int, seed: int, bots: dict, copy_views: bool = False) -> BigBrother:
    game = BigBrother(players, seed)
    Scheduler(game, bots, lag=0, copy_views=copy_views).run(max_steps=5000)
    return game


# --------------------------------------------------------------- the table
def test_bot_table():
    assert set(BOTS) == {"random", "easy", "medium", "hard"}
    assert DEFAULT == "medium" and set(LEVELS) == {"easy", "medium", "hard"}
    game = BigBrother(5, 1)
    for name, factory in BOTS.items():
        bot = factory(2, 7)
        view, legal = game.view(0), game.legal_actions(0)
        answer = factory(0, 7).plan(view, legal)
        assert isinstance(answer, Later) and answer.action in legal, name
        assert factory(0, 7).choose(view, legal) in legal
        assert bot.plan(game.view(2), game.legal_actions(2)) is None  # nothing to do: waits


# ------------------------------------------------------ the conformance kit
@pytest.mark.parametrize("players", [4, 5, 6])
def test_check_bots_in_every_phase(players):
    """Every bot answers the same in the real world and in resampled ones, from copies,
    without holding the engine, with a legal action, Later or None, all through
    random games (votes, gossip countdowns, choices, claims, evictions, return, final)."""
    rng = random.Random(players)
    phases, compared = set(), [0]

    def on_step(game):
        if len(game.history) % (9 if players < 6 else 16) == 0 and not game.over:
            phases.add(game.phase)
            compared[0] += check_bots(game, rng, bots=BOTS, bot_seed=3)

    for seed in range(2 if players < 6 else 1):
        random_playout(BigBrother(players, 40 + seed), rng=seed, invariants=False, on_step=on_step)
    assert compared[0] > 50
    assert {"roll", "vote", "evict_vote", "final_vote"} <= phases


@pytest.mark.parametrize("players,name", [(4, "easy"), (5, "random"), (5, "medium"), (6, "hard")])
def test_bot_playout_on_virtual_time(players, name):
    """The kit's playout: every seat the bot, on the Scheduler's virtual time; a deep copy
    of the bot answers the same in a resampled world every 25th question."""
    game = bot_playout(BigBrother(players, 60 + players), BOTS[name], rng=players, bot_seed=2, check_every=25)
    assert game.over and len(game.winners) == 1


def test_a_bloc_passes_the_kit():
    bloc = make_bloc([1, 3], "hard")
    game = BigBrother(6, 5)
    rng = random.Random(5)
    n = 0
    for _ in range(160):
        if game.over:
            break
        if len(game.history) % 20 == 0:
            n += check_bots(game, rng, bots={"bloc": bloc[1]}, bot_seed=1)
        seats = [s for s in range(6) if game.legal_actions(s)]
        due = game.next_deadline()
        if seats:
            s = rng.choice(seats)
            game.act(s, rng.choice(game.legal_actions(s)), at=game.clock if due is not None else game.clock + 500)
        else:
            game.advance(due)
    assert n > 10


# ---------------------------------------------------- legality, whole games
@pytest.mark.parametrize("players", [4, 5, 6])
def test_bots_never_act_illegally(players):
    """Mixed tables of every bot (and a bloc), views copied as a widget gives them: the
    Scheduler raises BotError on any illegal answer; every game ends on virtual time."""
    names = sorted(BOTS)
    for seed in range(6 if players < 6 else 3):
        bots = {s: BOTS[names[(s + seed) % len(names)]](s, seed) for s in range(players)}
        if seed % 2:
            bots.update({s: f(s, seed) for s, f in make_bloc([0, 2], "medium").items()})
        game = play(players, 200 + seed, bots, copy_views=True)
        assert game.over and len(game.winners) == 1
        assert game.clock > 0  # virtual time went by: the bots think before they act
        assert len(game.evicted) == players - 2 and game.returned in game.evicted


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_gossip_cards_always_come_in_time(level):
    """A level bot never lets the 10 s countdown run out (random bots may not either,
    but nothing promises it): every gossip is revealed by both cards, or by a card
    missing in a hand."""
    reveals = []
    for seed in range(3):
        game = play(6, 300 + seed, {s: BOTS[level](s, seed) for s in range(6)})
        reveals += [e["why"] for e in game.events if e["type"] == "gossip_reveal"]
    assert reveals and "time" not in reveals


def test_a_short_countdown_is_still_met():
    game = BigBrother(4, 8, gossip_ms=50)
    Scheduler(game, {s: BOTS["medium"](s, 1) for s in range(4)}, lag=0).run()
    whys = [e["why"] for e in game.events if e["type"] == "gossip_reveal"]
    assert game.over and whys and "time" not in whys


def test_same_seed_same_game_and_a_fresh_bot_agrees():
    a = play(6, 11, {s: BOTS["hard"](s, 4) for s in range(6)})
    b = play(6, 11, {s: BOTS["hard"](s, 4) for s in range(6)})
    assert a.history == b.history
    c = play(6, 11, {s: BOTS["hard"](s, 5) for s in range(6)})
    assert c.history != a.history  # the bots' seed matters


def test_bots_do_not_mutate_and_reread_another_game():
    game = BigBrother(5, 2)
    random_playout(game, rng=2, invariants=False, max_actions=2000)
    bot = BOTS["medium"](1, 0)
    view = game.view(1)
    kept = copy.deepcopy(view)
    bot.observe(view)
    assert view == kept
    full = bot.affinity
    other = BigBrother(5, 3)
    bot.observe(other.view(1))  # a log that does not continue the one it read
    assert bot.affinity != full and bot.history[-1]["event"] == "start"


# ---------------------------------------------------------- the social model
E = EFFECTS


def ev(type_, **fields):
    return {"type": type_, "step": 1, **fields}


# (name, events seen by seat 0 of 4, expected change toward each seat)
TABLE = [
    ("storeroom vote for me", [ev("open_vote", seat=2, target=0, why="storeroom")], {2: E["chose_me"]}),
    ("bedroom vote for me", [ev("open_vote", seat=3, target=0, why="bedroom")], {3: E["chose_me"]}),
    ("a vote for someone else", [ev("open_vote", seat=3, target=1, why="storeroom")], {}),
    (
        "living room: I rolled highest",
        [ev("highest", seat=0), ev("open_vote", seat=2, target=0, why="living_room")],
        {2: E["forced_to_me"]},
    ),
    (
        "living room: picked me instead",
        [ev("highest", seat=3), ev("open_vote", seat=2, target=0, why="living_room")],
        {2: E["chose_me"]},
    ),
    ("garden loser gives me a card", [ev("open_vote", seat=1, target=0, why="garden")], {1: E["forced_to_me"]}),
    (
        "diary room names me",
        [ev("diary", seat=1, named=0), ev("open_vote", seat=0, target=1, why="diary_room")],
        {1: E["diary_named_me"]},
    ),
    (
        "diary room names another",
        [ev("diary", seat=1, named=2), ev("open_vote", seat=2, target=1, why="diary_room")],
        {},
    ),
    (
        "gossip match",
        [
            ev("gossip_reveal", lander=0, partner=3, shown={"0": 1, "3": 1}, match=True, why="shown"),
            ev("open_vote", seat=0, target=3, why="gossip"),
            ev("open_vote", seat=3, target=0, why="gossip"),
        ],
        {3: E["gossip_match"]},
    ),
    (
        "gossip miss",
        [ev("gossip_reveal", lander=2, partner=0, shown={"0": 1, "2": 3}, match=False, why="shown")],
        {2: E["gossip_miss"]},
    ),
    (
        "gossip countdown ran out",
        [ev("gossip_reveal", lander=2, partner=0, shown={"0": 1}, match=False, why="time")],
        {},
    ),
    ("others' gossip", [ev("gossip_reveal", lander=1, partner=2, shown={"1": 3, "2": 3}, match=True, why="shown")], {}),
    (
        "caught on camera",
        [ev("claim", holder=2, culprit=0, card=1, text="", round=1), ev("open_vote", seat=0, target=2, why="camera")],
        {2: E["caught_me"]},
    ),
    ("someone else caught", [ev("claim", holder=2, culprit=3, card=1, text="", round=1)], {3: E["seen_caught"]}),
    (
        "nominations count",
        [
            ev("open_vote", seat=2, target=0, why="storeroom"),
            ev(
                "count",
                purpose="nominations",
                round=1,
                totals=[3, 0, 0, 0],
                box=[[0] * 4, [0, 0, 0, 0], [2, 0, 0, 0], [1, 0, 0, 0]],
                among=[0, 1, 2, 3],
                extra=0,
            ),
        ],
        {2: E["chose_me"] + E["count_plus"], 3: E["count_plus"]},
    ),
    (
        "eviction count and a tie",
        [
            ev(
                "count",
                purpose="eviction",
                round=1,
                totals=[1, 0, 0, 0],
                box=[[0] * 4, [0] * 4, [0] * 4, [1, 0, 0, 0]],
                among=[0, 1],
                extra=0,
            ),
            ev(
                "count",
                purpose="eviction",
                round=1,
                totals=[3, 0, 0, 0],
                box=[[0] * 4, [1, 0, 0, 0], [0] * 4, [2, 0, 0, 0]],
                among=[0, 1],
                extra=1,
            ),
        ],
        {1: E["count_minus"], 3: 2 * E["count_minus"]},
    ),
    (
        "cards back between counts",
        [
            ev(
                "count",
                purpose="nominations",
                round=1,
                totals=[1, 0, 0, 0],
                box=[[0] * 4, [1, 0, 0, 0], [0] * 4, [0] * 4],
                among=[0, 1, 2, 3],
                extra=0,
            ),
            ev("cards_back"),
            ev(
                "count",
                purpose="final",
                round=1,
                totals=[1, 0, 0, 0],
                box=[[0] * 4, [1, 0, 0, 0], [0] * 4, [0] * 4],
                among=[0, 1, 2],
                extra=0,
            ),
        ],
        {1: 2 * E["count_plus"]},
    ),
]


@pytest.mark.parametrize("name,events,change", TABLE, ids=[r[0] for r in TABLE])
def test_the_model_moves_as_its_table_says(name, events, change):
    model = SocialModel(0, 4, seed=9)
    start = dict(model.affinity)
    model.update(events)
    for s in (1, 2, 3):
        assert model.affinity[s] == pytest.approx(start[s] + change.get(s, 0.0)), (name, s)
    assert {row["toward"] for row in model.history[1:]} == set(change)


def test_table_covers_every_effect():
    seen = set()
    for _, events, _ in TABLE:
        m = SocialModel(0, 4)
        m.update(events)
        seen |= {row["event"] for row in m.history[1:]}
    assert seen == set(EFFECTS)


def test_model_on_a_whole_game_adds_up():
    """On a real game every change in a seat's history is one of the table's amounts
    (times the cards at a count), and the changes add up to where the model ends."""
    game = play(6, 21, {s: BOTS["medium"](s, 2) for s in range(6)})
    for seat in range(6):
        hist = affinity_history(game.view(seat), seed=2)
        assert hist[0]["event"] == "start" and len(hist) > 5
        for before, row in zip(hist, hist[1:]):
            t = row["toward"]
            delta = row["affinity"][t] - before["affinity"][t]
            others = {s for s in row["affinity"] if s != t}
            assert all(row["affinity"][s] == before["affinity"][s] for s in others)
            unit = EFFECTS[row["event"]]
            clipped = abs(row["affinity"][t]) == 5.0
            assert clipped or round(delta / unit, 6) == round(delta / unit) >= 1, row
        events = {row["event"] for row in hist[1:]}
        assert {"count_plus", "count_minus"} & events


def test_the_history_read_as_it_grows_is_the_history_read_once():
    """A model keeps its changes and writes history's rows out when it is read: read after
    every entry of the log or once at the end, the rows are the same, the last one's
    likings are the model's (a copy), and each row's are its change on the row before."""
    for players, seed, level in ((4, 3, "easy"), (6, 21, "medium"), (5, 2, "hard")):
        game = play(players, seed, {s: BOTS[level](s, seed) for s in range(players)})
        for seat in range(players):
            log = game.view(seat)["log"]
            once, growing = SocialModel(seat, players, seed=seed), SocialModel(seat, players, seed=seed)
            lengths = []
            for k in range(len(log)):
                growing.update(log[: k + 1])
                lengths.append(len(growing.history))
            once.update(log)
            rows = once.history
            assert growing.history == rows and len(rows) == lengths[-1] > 5
            assert sorted(set(lengths)) != [1]  # (rows were written out as the changes came)
            assert rows[-1]["affinity"] == once.affinity and rows[-1]["affinity"] is not once.affinity
            for before, row in zip(rows, rows[1:]):
                assert row["affinity"] == {**before["affinity"], row["toward"]: row["affinity"][row["toward"]]}
                assert row["affinity"] is not before["affinity"]


def test_bot_affinity_is_the_replayed_history_and_the_matrix():
    bots = {s: BOTS["hard"](s, 6) for s in range(5)}
    game = play(5, 31, bots)
    views = [game.view(s) for s in range(5)]
    matrix = affinity_matrix(views, seed=6)
    for s, bot in bots.items():
        bot.observe(views[s])
        assert bot.affinity == affinity_history(views[s], seed=6)[-1]["affinity"]
        assert [matrix[s][t] for t in range(5) if t != s] == [bot.affinity[t] for t in range(5) if t != s]
        assert matrix[s][s] == 0.0
    with pytest.raises(ValueError):
        affinity_history(views[0]["log"])  # a log does not say whose it is


def test_votes_follow_the_affinity():
    """On a + question the bot votes for the eligible housemate it likes most; on a -
    question for the one it likes least (hard: almost no noise)."""
    game = BigBrother(4, 3)
    for _ in range(200):
        if game.phase in ("vote", "evict_vote"):
            break
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[0], at=game.clock)
    assert game.phase == "vote"
    voter = game.to_act[0]
    legal = game.legal_actions(voter)
    votes = [a["target"] for a in legal if a["type"] == "vote"]
    assert len(votes) >= 2
    view = game.view(voter)
    for want in votes:
        for sign, fond in (("+", 10.0), ("-", -10.0)):
            bot = BOTS["hard"](voter, 0)
            bot.observe(view)
            bot.model.affinity = {t: (fond if t == want else 0.0) for t in bot.model.affinity}
            v = copy.deepcopy(view)
            v["card"]["sign"] = sign
            assert bot.choose(v, legal) == {"type": "vote", "target": want}


# ----------------------------------------------------------------- blocs
def test_make_bloc_checks_its_input():
    with pytest.raises(ValueError):
        make_bloc([1])
    with pytest.raises(ValueError):
        make_bloc([0, 1, 2, 3])
    with pytest.raises(ValueError):
        make_bloc([0, 1], "expert")
    bloc = make_bloc([2, 4], "easy")
    assert set(bloc) == {2, 4}
    bot = bloc[2](2, 0)
    assert bot.bloc == {2, 4} and bot.level == "easy"
    assert bot.observe(BigBrother(6, 0).view(2)).affinity[4] > 2.0  # members like each other


def _mean_ci(xs):
    m = statistics.fmean(xs)
    return m, 1.96 * statistics.stdev(xs) / len(xs) ** 0.5


def test_a_bloc_changes_who_is_evicted():
    """Seeded 6-player games of medium bots, with and without seats 0, 2, 4 voting as a
    bloc: the bloc's members are evicted measurably less often (the difference of the
    mean numbers evicted per game, with a 95% interval, is below zero)."""
    seats = [0, 2, 4]
    games = 16
    counts = {}
    for mode in ("none", "bloc"):
        out = []
        for i in range(games):
            bots = {s: BOTS["medium"](s, i) for s in range(6)}
            if mode == "bloc":
                bots.update({s: f(s, i) for s, f in make_bloc(seats, "medium").items()})
            game = play(6, 900 + i, bots)
            out.append(sum(s in seats for s in game.evicted))
        counts[mode] = out
    (a, ha), (b, hb) = _mean_ci(counts["bloc"]), _mean_ci(counts["none"])
    diff, half = a - b, (ha**2 + hb**2) ** 0.5
    assert diff + half < 0, (a, b, diff, half)


# ----------------------------------------------------------------- levels
def test_levels_differ_measurably():
    """Gossip matches: two hard bots work out the same focal card, two easy bots pick
    from their own likings; the hard match rate beats the easy one by more than the 95%
    interval of the difference."""
    rates = {}
    for level in ("easy", "hard"):
        matches = gossips = 0
        for seed in range(4):
            game = play(6, 700 + seed, {s: BOTS[level](s, seed) for s in range(6)})
            both = [e for e in game.events if e["type"] == "gossip_reveal" and len(e["shown"]) == 2]
            gossips += len(both)
            matches += sum(e["match"] for e in both)
        rates[level] = (matches / gossips, gossips)
    (p1, n1), (p2, n2) = rates["easy"], rates["hard"]
    half = 1.96 * ((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2) ** 0.5
    assert p2 - p1 > half, rates


def test_levels_notice_camera_sightings_as_often_as_they_say():
    """Each level claims an open sighting with its ``notice`` chance (drawn once per card,
    culprit and round): over 2,000 sightings the share is within 3 standard errors, and
    easy < medium < hard."""
    shares = {}
    for level in ("easy", "medium", "hard"):
        bot = BOTS[level](1, 0)
        model = SocialModel(1, 6)
        seen = 0
        keys = [(c, t, r) for c in range(6) for t in (0, 2, 3, 4, 5) for r in range(1, 68)][:2000]
        for card, culprit, rnd in keys:
            legal = [{"type": "claim", "card": card, "culprit": culprit}]
            seen += bot._claim({"round": rnd}, legal, model) is not None
        p = LEVELS[level]["notice"]
        shares[level] = seen / len(keys)
        assert abs(shares[level] - p) < 3 * (p * (1 - p) / len(keys)) ** 0.5 + 1e-9, (level, shares[level])
    assert shares["easy"] < shares["medium"] < shares["hard"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_an_answer_from_a_model_read_bit_by_bit_is_the_answer_a_fresh_bot_gives(level):
    # plan() reads only the new entries of the log into the model it keeps: its answer is
    # that of a new bot of the same seed that reads the whole view at once
    g = BigBrother(5, 21)
    made = {s: BOTS[level](s, 21) for s in range(5)}
    checked = {"read on": 0, "first": 0}

    class Checked:
        def __init__(self, bot):
            self.bot = bot

        def plan(self, view, legal):
            model = self.bot.model
            checked["read on" if model is not None and model._read else "first"] += 1
            got = self.bot.plan(view, legal)
            fresh = BOTS[level](self.bot.seat, 21).plan(copy.deepcopy(view), copy.deepcopy(legal))
            assert got == fresh
            return got

    Scheduler(g, {s: Checked(b) for s, b in made.items()}, lag=0, copy_views=False).run(max_steps=100_000)
    assert g.over and checked["read on"] > 100 and checked["first"] == 5


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("players", [4, 5, 6])
def test_asked_only_on_news_the_bots_play_the_games_they_play_asked_after_every_step(level, players):
    # plans_on_news: the Scheduler skips a question after a step that brought the seat no
    # news (its log, legal actions and deadline the same: another's secret vote); the
    # bots' games are the games of the same bots asked after every step, move for move
    cls = BOTS[level]
    every_step = type("EveryStep", (cls,), {"plans_on_news": False})
    assert cls.plans_on_news and not every_step.plans_on_news

    def game_and_questions(factory, seed):
        game = BigBrother(players, seed)
        sched = Scheduler(game, {s: factory(s, seed) for s in range(players)}, lag=0, copy_views=False)
        asked = []
        ask = sched._ask
        sched._ask = lambda seat, legal=None: asked.append(seat) or ask(seat, legal)
        sched.run(max_steps=5000)
        assert game.over
        return game.history, len(asked)

    for seed in range(4):
        history, questions = game_and_questions(cls, seed)
        history_every_step, questions_every_step = game_and_questions(every_step, seed)
        assert history == history_every_step
        assert questions < questions_every_step * 0.7  # most steps are news to few seats


@pytest.mark.parametrize("lag", [0, 250])
def test_after_a_bots_commit_the_scheduler_knows_what_comes_next_as_earliest_does(lag):
    # Scheduler._after_commit answers for _earliest() right after a plan's action is
    # committed, when that intent is sure to come next (the only one queued, before the
    # deadline, no plan due before it): whenever it answers, _earliest() gives the same,
    # and it answers for most commits (bots' plans fall due at nearly every step)
    unknown = scheduler_module._UNKNOWN
    counts = {"answered": 0, "left": 0}

    class Checked(Scheduler):
        def _after_commit(self, stamp, action):
            got = super()._after_commit(stamp, action)
            if got is unknown:
                counts["left"] += 1
            else:
                assert got == self._earliest(), (stamp, action)
                counts["answered"] += 1
            return got

    class OnTheDot:
        """Acts 400 ms after each question with its first legal action: the seats asked
        together plan the same time, so after the first commit the next plan is due when
        that intent is ready (the case _after_commit must leave to _earliest)."""

        def __init__(self, seat, seed):
            pass

        def plan(self, view, legal):
            return Later(400, legal[0]) if legal else None

    for seed in range(3):
        game = BigBrother(6, seed)
        bots = {s: (BOTS["medium"](s, seed) if s % 2 else OnTheDot(s, seed)) for s in range(6)}
        Checked(game, bots, lag=lag, copy_views=False).run(max_steps=100_000)
        assert game.over
    assert counts["answered"] > 300 and counts["left"] > 100, counts


def test_after_a_commit_the_scheduler_answers_only_what_earliest_gives_in_every_arrangement():
    # every arrangement around a plan's action committed at 500 ms: the deadline before, at or
    # after it, a person's intent queued before, with or after it, other plans (asking again
    # or acting) due before, with or after it, a race held back by the lag or not
    unknown = scheduler_module._UNKNOWN

    class Clock:  # what _after_commit and _earliest read of a real-time game
        clock, realtime, races, over = 0, True, frozenset({"slap"}), False

        def __init__(self, deadline):
            self.deadline = deadline

        def next_deadline(self):
            return self.deadline

    vote, slap = {"type": "vote", "target": 1}, {"type": "slap"}
    answered = left = 0
    for lag in (0, 250):
        for deadline in (None, 400, 500, 600, 800):
            for queued in ((), (300,), (500,), (700,)):
                for plans in ({}, {2: (450, None)}, {2: (500, None)}, {2: (500, vote)}, {2: (600, vote)},
                              {2: (750, None), 4: (760, vote)}):  # fmt: skip
                    for action in (vote, slap):
                        sched = Scheduler(Clock(deadline), {}, lag=lag)
                        for stamp in queued:
                            sched.submit(3, vote, stamp)
                        sched._plans = dict(plans)
                        sched._commit(1, action, 500)
                        got = sched._after_commit(500, action)
                        if got is unknown:
                            left += 1
                        else:
                            assert got == sched._earliest(), (lag, deadline, queued, plans, action)
                            answered += 1
    assert answered > 20 and left > 200, (answered, left)


def test_a_draws_key_is_written_as_its_repr():
    # _u hashes the key's text: the moment's text written once must give repr(key) exactly
    bot = BOTS["medium"](2, 5)
    moment = (3, 4, "vote", 17, 1, 0, (3, 5), 12, 2, 1)
    keys = [(moment, "vote", 3), (moment, "think", "roll"), (moment, "focal"), ("notice", 4, 1, 2),
            ((), "x"), ((1,), 2.5, None, "a'b"), ((moment, "q"), -1), (moment,), ("react", 0, 2, 9)]  # fmt: skip
    for key in keys * 2:
        assert bot._key_text(key) == f"big_brother:medium:5:2:{key!r}"


def test_best_draws_only_what_can_win_and_picks_what_drawing_every_seat_picks():
    # _best skips the draw of a seat that cannot win: the pick is max() over every seat's
    # noisy score, ties to the lowest seat
    for level in ("easy", "medium", "hard"):
        bot = BOTS[level](1, 9)
        noise = bot.p["noise"]
        for i in range(300):
            moment = (i % 4, i, "vote", i // 3, 1, 0, (), None, 0, 0)
            scores = {s: round((i * 7 + s * 13) % 11 / 3 - 1.5, 6) for s in range(6) if s != 1}
            if i % 5 == 0:
                scores = dict.fromkeys(scores, 0.25)  # all tied
            want = max(scores, key=lambda s: (scores[s] + noise * (2 * bot._u(moment, "vote", s) - 1), -s))
            assert bot._best(scores, moment, "vote") == want


def _model_state(model: SocialModel) -> dict:
    """What a model decides from and shows (every attribute but its reading position)."""
    return {k: v for k, v in vars(model).items() if k not in ("_read", "_last")}


def test_the_events_the_model_passes_over_move_nothing():
    """``update`` hands ``_event`` only the types in ``_READ``; the others must move
    nothing. Every event of played games (each seat's view, as a bot reads it, at 4 to 6
    players, every bot level) is fed to ``_event`` one by one beside a model
    that reads through ``update``: after each event the two are equal. The games hold
    every event type the engine writes, so a branch added to ``_event`` for a type not
    in ``_READ`` fails here."""
    import re
    from pathlib import Path

    import brady_widgets.big_brother.rules as rules_module

    source = Path(rules_module.__file__).read_text()
    emitted = re.findall(r'_emit\(\s*"([a-z_]+)"', source)
    written = set(emitted) | set(re.findall(r'"type": "([a-z_]+)", "step"', source))
    assert {"roll", "my_vote", "count", "claim", "winner"} <= written  # (the patterns find the engine's events)
    seen: set[str] = set()
    games = [play(players, seed, {s: BOTS[level](s, seed) for s in range(players)})
             for players, seed, level in ((4, 3, "easy"), (6, 21, "medium"), (5, 5, "hard"), (6, 8, "random"))]  # fmt: skip
    for game in games:
        for seat in range(game.players):
            log = game.view(seat)["log"]
            reader, direct = SocialModel(seat, game.players, seed=4), SocialModel(seat, game.players, seed=4)
            grown: list[dict] = []
            for ev in log:
                seen.add(ev["type"])
                grown.append(ev)
                reader.update(grown)
                direct._event(ev)
                assert _model_state(reader) == _model_state(direct), (seat, ev)
    assert written <= seen, f"no played game wrote {sorted(written - seen)}: add a game that does"


def test_a_kept_split_of_a_legal_list_is_the_split_of_that_very_list():
    # the split of a game's read-only legal list is kept by the list's id, with the list (so
    # no other list takes that id while it is kept): another list, even of the same length
    # and kind, gets its own split, and every question of a seeded game gets the split of
    # its own list's items (a split kept by anything but the list itself fails here)
    vote = [FrozenAction({"type": "vote", "target": t}) for t in range(4)]
    for _ in range(200):
        first = LegalList(vote[:2])
        assert _by_kind(first) == ((), "vote", tuple(vote[:2]), (0, 1))
        del first
        second = LegalList(vote[2:])
        assert _by_kind(second) == ((), "vote", tuple(vote[2:]), (2, 3))
        del second
    questions = 0

    class Checked(MediumBot):
        def plan(self, view, legal):
            nonlocal questions
            questions += 1
            assert _by_kind(legal) == _by_kind(list(legal))  # (a plain list is never kept)
            return super().plan(view, legal)

    game = BigBrother(6, 4)
    Scheduler(game, {s: Checked(s, 4) for s in range(6)}, lag=0, copy_views=False).run(max_steps=100_000)
    assert game.over and questions > 200
