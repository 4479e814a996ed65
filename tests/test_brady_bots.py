"""Brady Bunch bots: legal, view-only, deterministic, and they play their parts.

Sizes (about 20 s on 2 shared cores): whole bot games at every player count 3..8
and Cousin Oliver 6..8 for both bots (every 7th decision checked against a
resampled world by the kit), a few dozen seeded smart games for the behaviour
properties, and 80 games at 5 players for the smart Alice against the random
accusation.
"""

from __future__ import annotations

import copy
import math
import random
import statistics
import time

import pytest

from brady_widgets.brady_bunch.bots import BOTS, Bot, BradyBot, RandomBot, alice_trust, kid_goal
from brady_widgets.brady_bunch.rules import BradyBunch, full_deck
from brady_widgets.testing import bot_playout, check_bots

TT, SK, TM = "Tattletale", "Sidekick", "Troublemaker"
TABLES = [(p, False) for p in range(3, 9)] + [(p, True) for p in range(6, 9)]


def wilson_low(wins: int, n: int, z: float = 1.959963984540054) -> float:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half


def play(players: int, seed: int, names=("smart",), on_choice=None, **options) -> BradyBunch:
    """Play a game with bots (``names`` cycles over the seats); ``on_choice(game,
    seat, view, legal, action)`` sees every decision before it is acted."""
    g = BradyBunch(players, seed=seed, **options)
    bots = [BOTS[names[s % len(names)]](s, seed) for s in range(players)]
    while not g.over:
        for s in g.to_act:
            if g.over:
                break
            view, legal = g.view(s), g.legal_actions(s)
            action = bots[s].choose(view, legal)
            if on_choice is not None:
                on_choice(g, s, view, legal, action)
            g.act(s, action)
    return g


def dealt(players: int, hands: dict, seed: int = 0, **options) -> BradyBunch:
    """A game whose named kids hold the given hands; the rest is dealt from a seeded shuffle."""
    g0 = BradyBunch(players, seed=seed, **options)
    pool = full_deck()
    for cards in hands.values():
        for v in cards:
            pool.remove(v)
    random.Random(seed).shuffle(pool)
    full = {}
    for kid in g0.player_kids:
        full[kid] = list(hands[kid]) if kid in hands else [pool.pop() for _ in range(3)]
    return BradyBunch(players, seed=seed, deal={"hands": full, "deck": pool}, **options)


# ------------------------------------------------------------------ contract
def test_registry():
    assert BOTS["random"] is RandomBot and BOTS["smart"] is BradyBot  # and the levels (tests/test_bot_levels.py)
    for cls in BOTS.values():
        bot = cls(3, 7)
        assert isinstance(bot, Bot) and bot.seat == 3 and bot.seed == 7


@pytest.mark.parametrize("players,oliver", TABLES)
@pytest.mark.parametrize("name", ["smart", "random"])
def test_bot_games_end_legally_and_see_only_views(players, oliver, name):
    """Every seat played by the bot; the kit checks every choice is legal, leaves
    its inputs alone, and that every 7th choice is the same in a resampled world."""
    for seed in range(2):
        g = BradyBunch(players, seed=seed, cousin_oliver=oliver)
        bot_playout(g, BOTS[name], random.Random(seed), bot_seed=seed, check_every=7, max_actions=3000)
        assert g.over and g.accused in g.kids
        assert g.winners == sorted(g.winners)


@pytest.mark.parametrize("players,oliver", [(3, False), (5, False), (8, True)])
def test_check_bots_mid_game(players, oliver):
    """Fresh bots of every kind choose the same action in real and resampled worlds,
    at every step of a smart game (the kit's check_bots)."""
    rng = random.Random(players)
    n = 0

    def check(g, s, view, legal, action):
        nonlocal n
        if len(g.history) % 3 == 0:
            n += check_bots(g, rng, bots=BOTS, bot_seed=5)

    play(players, 11, on_choice=check, cousin_oliver=oliver)
    assert n > 20


def test_same_seed_same_game_and_seeds_matter():
    a, b = play(5, 3), play(5, 3)
    assert a.to_json() == b.to_json()
    histories = {play(5, s).to_json() for s in range(3)}
    assert len(histories) == 3


def test_random_bot_keeps_games_short_without_a_question_cap():
    g = play(8, 2, names=("random",))
    assert g.over and len(g.history) < 1500


# ------------------------------------------------------ every phase handled
def test_smart_bot_handles_every_phase_itself():
    """No decision of the smart bot falls back to the random legal action: its
    role handler returns a legal action in every phase, and every phase of the
    CONTRIBUTING table comes up."""
    phases = set()

    def check(g, s, view, legal, action):
        bot = BradyBot(s, 0)
        mine = bot._alice(view, legal) if view["role"] == "alice" else bot._kid(view, legal)
        assert mine is not None and mine in legal, (view["phase"], mine)
        phases.add(view["phase"])

    for i, (players, oliver) in enumerate(TABLES):
        play(players, 40 + i, on_choice=check, cousin_oliver=oliver)
    want = {
        "reveal",
        "play",
        "snoop",
        "claims",
        "talk",
        "answer",
        "expose",
        "cookie_peek",
        "help",
        "help_peek",
        "final",
        "signs",
        "accuse",
    }
    assert want <= phases, want - phases


def test_unknown_phase_falls_back_to_a_seeded_legal_action():
    g = BradyBunch(5, seed=0)
    view = g.view(0)
    view = dict(view, phase="something new")
    legal = [{"type": "a"}, {"type": "b"}, {"type": "c"}]
    picks = [BradyBot(0, 9).choose(view, legal) for _ in range(3)]
    assert picks[0] in legal and picks == [picks[0]] * 3


# ------------------------------------------------------------- the kids
def test_high_hand_aims_for_troublemaker_and_plays_high():
    g = dealt(5, {"Greg": [5, 6, 6], "Marcia": [1, 1, 2], "Peter": [3, 4, 4]})
    g.act(0, {"type": "reveal_snoops"})
    goals = {kid: kid_goal(g.view(g.kid_seat[kid])) for kid in ("Greg", "Marcia", "Peter")}
    assert goals == {"Greg": TM, "Marcia": TT, "Peter": SK}
    bot = BradyBot(1, 0)
    assert bot.choose(g.view(1), g.legal_actions(1)) == {"type": "play", "value": 6}
    assert BradyBot(2, 0).choose(g.view(2), g.legal_actions(2)) == {"type": "play", "value": 1}
    assert BradyBot(3, 0).choose(g.view(3), g.legal_actions(3)) == {"type": "play", "value": 4}


def test_goal_follows_the_score_so_far():
    """A kid that has played low cards switches to Tattletale even with a high hand late on."""
    view = {"my_cards": [1, 1, 1], "hand": [5, 6, 6], "kids": [{}] * 4, "tattletale_count": 2, "players": 5}
    assert kid_goal(view) == TT
    view = dict(view, my_cards=[6, 6, 5], hand=[1, 1, 2])
    assert kid_goal(view) == TM


def _truths(g: BradyBunch) -> dict:
    return {(k, r): v for k in g.kids for r, v in enumerate(g.tucked[k], start=1)}


def test_tattletales_tell_the_truth_and_bluffers_stay_consistent():
    """Over seeded smart games at 4..8 players:
    * every statement a kid makes while its goal is Tattletale is true (its own
      card when asked ``ask_played``, volunteered claims, numbers it saw);
    * no kid ever contradicts itself about its own card (nor about a card it saw);
    * the bluffers do lie (so the two checks above are not empty)."""
    said_by_tt = lies = asked_played_tt = 0
    for i in range(14):
        players = 4 + i % 5
        goals = {}  # talk index -> (speaker goal when speaking)

        def watch(g, s, view, legal, action):
            if view["role"] == "kid" and action["type"] in (
                "say_card",
                "say_number",
                "claim",
                "say_yes_no",
                "say_looked",
            ):
                goals[len(g.talk)] = kid_goal(view)

        g = play(players, 100 + i, on_choice=watch, cousin_oliver=players >= 6 and i % 2 == 0)
        truth = _truths(g)
        stories: dict = {}
        for st in g.talk:
            if st["value"] is None:
                continue
            key = (st["speaker"], st["subject"], st["about_round"])
            assert stories.setdefault(key, st["value"]) == st["value"], f"{st['speaker']} contradicted itself: {st}"
            right = truth[(st["subject"], st["about_round"])] == st["value"]
            if goals[st["i"]] == TT:
                said_by_tt += 1
                asked_played_tt += st["question"] == "ask_played"
                assert right, f"a Tattletale lied: {st}"
            elif not right:
                lies += 1
    assert said_by_tt > 50 and asked_played_tt > 5 and lies > 10


def test_tattletale_answers_ask_played_truthfully():
    g = dealt(5, {"Marcia": [1, 1, 2]})
    g.act(0, {"type": "reveal_snoops"})
    g.act(0, {"type": "lights_out"})
    for kid in g.player_kids:
        s = g.kid_seat[kid]
        g.act(s, BradyBot(s, 0).choose(g.view(s), g.legal_actions(s)))
    while g.phase != "talk":
        s = g.to_act[0]
        g.act(s, g.legal_actions(s)[-1])  # peek at someone / pass
    marcia = g.kid_seat["Marcia"]
    g.act(0, {"type": "ask_played", "kid": "Marcia", "round": 1})
    answer = BradyBot(marcia, 0).choose(g.view(marcia), g.legal_actions(marcia))
    assert answer == {"type": "say_card", "value": 1} == {"type": "say_card", "value": g.board["Marcia"]}


def test_troublemaker_lies_low_but_never_contradicts_itself():
    """Greg (5, 6, 6: a Troublemaker) is asked about his card in every round, in the
    talk and again in the final questions, each time about every round so far: his
    answers about one round always agree, and he does not own up to every card."""
    g = dealt(5, {"Greg": [5, 6, 6]}, max_questions=None)
    bots = {s: BradyBot(s, 3) for s in range(5)}
    told: dict[int, set] = {}
    asked = set()
    while not g.over:
        s = g.to_act[0]
        if s == 0 and g.phase in ("talk", "final") and (g.round, g.phase) not in asked:
            asked.add((g.round, g.phase))
            for r in range(1, g.round + 1):
                g.act(0, {"type": "ask_played", "kid": "Greg", "round": r})
                a = bots[1].choose(g.view(1), g.legal_actions(1))
                told.setdefault(r, set()).add(a["value"])
                g.act(1, a)
            continue
        g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
    assert len(asked) == 8 and len(told) == 4
    assert all(len(v) == 1 for v in told.values()), told
    truth = g.tucked["Greg"]
    assert sum(told[r] != {truth[r - 1]} for r in told) >= 1, (told, truth)


def test_bluffers_do_not_lie_about_their_own_card_after_alice_checked_that_round():
    """Smart games in which Alice, after her Help Token (in the final questions),
    also asks every kid about its card in every round so far. A kid that had not
    yet spoken about its card in a round where Alice spent a token (or Oliver
    exposed that card) tells the truth about it, whatever its goal."""
    checked = 0
    for i in range(10):
        players = 5 + i % 4
        g = BradyBunch(players, seed=300 + i, cousin_oliver=players >= 6 and i % 2 == 1, max_questions=None)
        bots = {s: BradyBot(s, i) for s in range(players)}
        asked = set()
        while not g.over:
            s = g.to_act[0]
            if s == 0 and g.phase == "final" and g.round not in asked:
                asked.add(g.round)
                for kid in g.player_kids:
                    for r in range(1, g.round + 1):
                        g.act(0, {"type": "ask_played", "kid": kid, "round": r})
                        k = g.kid_seat[kid]
                        g.act(k, bots[k].choose(g.view(k), g.legal_actions(k)))
                continue
            g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
        truth = _truths(g)
        claim_steps = [ev["step"] for ev in g.events if ev["type"] == "claim"]
        token_step = {ev["round"]: ev["step"] for ev in g.events if ev["type"] == "token"}
        expose_step = {(ev["kid"], ev["round"]): ev["step"] for ev in g.events if ev["type"] == "expose"}
        seen = set()
        for st, step in zip(g.talk, claim_steps):
            key = (st["speaker"], st["about_round"])
            if st["kind"] != "played" or st["subject"] != st["speaker"]:
                continue
            first = key not in seen
            seen.add(key)
            since = min(token_step.get(key[1], math.inf), expose_step.get(key, math.inf))
            if first and step > since:
                checked += 1
                assert st["value"] == truth[key], st
    assert checked > 20


def test_tattletale_snoop_honours_alices_request():
    honoured = 0

    def check(g, s, view, legal, action):
        nonlocal honoured
        if view["phase"] == "snoop" and kid_goal(view) == TT:
            asked = [r["about"] for r in view["requests"] if r["snoop"] == view["me"]]
            targets = [a["kid"] for a in legal]
            if asked and asked[0] in targets:
                assert action == {"type": "peek", "kid": asked[0]}
                honoured += 1

    for i in range(10):
        play(5 + i % 4, 500 + i, on_choice=check)
    assert honoured > 5


def test_cookie_signs_follow_the_goal():
    signs = {TM: set(), TT: set()}

    def check(g, s, view, legal, action):
        if view["phase"] == "signs":
            goal = kid_goal(view)
            if goal in signs:
                signs[goal].add(action["plus"])

    for i in range(16):
        play(4 + i % 5, 600 + i, on_choice=check)
    assert signs == {TM: {True}, TT: {False}}


# ------------------------------------------------------------------ Alice
def test_alice_trust_comes_from_her_own_checks():
    g = dealt(4, {"Greg": [1, 1, 1], "Marcia": [6, 6, 6]}, max_questions=None)
    g.act(0, {"type": "reveal_snoops"})
    g.act(0, {"type": "lights_out"})
    for kid, v in (("Greg", 1), ("Marcia", 6), ("Peter", g.hands["Peter"][0])):
        g.act(g.kid_seat[kid], {"type": "play", "value": v})
    while g.phase == "snoop":
        s = g.to_act[0]
        g.act(s, g.legal_actions(s)[0])
    for kid, claim in (("Greg", ("Greg", 1)), ("Marcia", ("Marcia", 2)), ("Peter", ("Marcia", 6))):
        g.act(g.kid_seat[kid], {"type": "claim", "kid": claim[0], "value": claim[1]})
    assert alice_trust(g.view(0)) == {"Greg": 0.55, "Marcia": 0.55, "Peter": 0.55}
    g.act(0, {"type": "cookie", "kid": "Greg"})
    g.act(1, g.legal_actions(1)[0])  # Greg's cookie peek
    g.act(0, {"type": "use_token", "token": "man"})
    g.act(0, {"type": "peek", "kid": "Marcia"})
    trust = alice_trust(g.view(0))
    assert trust["Marcia"] < 0.2 and trust["Greg"] == 0.55 and trust["Peter"] > 0.55
    # "Is Peter telling the truth about the Mischief card you played?" Marcia: "no" -- a lie
    # Alice can check (Peter said 6, she saw the 6): a checked vouch
    before = alice_trust(g.view(0))["Marcia"]
    g.act(0, {"type": "ask_truth", "kid": "Marcia", "about": "Peter", "round": 1})
    g.act(2, {"type": "say_yes_no", "yes": False})
    assert alice_trust(g.view(0))["Marcia"] < before
    # a vouch for a claim about a card Alice has not seen checks nothing
    g.act(0, {"type": "ask_truth", "kid": "Greg", "about": "Marcia", "round": 1})
    g.act(1, {"type": "say_yes_no", "yes": False})
    assert alice_trust(g.view(0))["Greg"] == 0.55


def test_alice_asks_few_questions_and_gives_the_cookie_to_the_kid_she_trusts():
    per_round = []
    cookies = []

    def check(g, s, view, legal, action):
        if view["role"] == "alice" and action["type"] in ("end_round",):
            per_round.append(view["questions"])
        if action["type"] == "cookie":
            trust = alice_trust(view)
            cookies.append(trust[action["kid"]] == max(trust.values()))

    for i in range(6):
        play(6, 700 + i, on_choice=check, max_questions=None)
    assert per_round and max(per_round) <= 3 and statistics.mean(per_round) >= 1
    assert cookies and all(cookies)


def test_smart_alice_beats_a_random_accusation_at_5_players():
    """80 seeded games of smart bots at 5 players. The random baseline is exact on
    the same games: a uniformly random accusation hits a Troublemaker with chance
    (number of Troublemakers) / (kids on the board)."""
    n = 80
    wins = 0
    baseline = 0.0
    for seed in range(n):
        g = play(5, 1000 + seed)
        wins += g.accused in g.roles["troublemakers"]
        baseline += len(g.roles["troublemakers"]) / len(g.kids)
    baseline /= n
    assert wilson_low(wins, n) > baseline + 0.1, (wins, n, baseline)


def test_smart_decisions_are_fast():
    """CPU time per decision (so a busy machine does not fail it): typical well under 20 ms."""
    times = []

    def timed(g, s, view, legal, action):
        bot = BradyBot(s, 0)
        view = copy.deepcopy(view)
        t = time.process_time()
        bot.choose(view, legal)
        times.append(time.process_time() - t)

    play(8, 5, on_choice=timed, cousin_oliver=True)
    assert statistics.median(times) < 0.005 and sorted(times)[int(0.95 * len(times))] < 0.02


def test_bots_share_a_games_talk_and_read_an_older_view_afresh():
    """The memories of one game's bots share what the talk says (bots._talk_of); a bot
    handed an older view after the shared talk grew (a replay) reads that view's talk
    afresh, and every memory answers what a fresh read of its view gives."""
    from brady_widgets.brady_bunch.bots import _Table

    def heard(memory):
        return (memory.n_talk, memory.claims, memory.said, memory.own_played, list(memory.speakers), memory.claimed)

    g = BradyBunch(5, 4)
    bots = [BradyBot(s, 4) for s in range(5)]
    views = []
    while not g.over:
        s = g.to_act[0]
        view = g.view(s)
        views.append((s, view))
        g.act(s, bots[s].choose(view, g.legal_actions(s)))
    memories = [getattr(b, "_memory", None) for b in bots]
    shared = {id(m.heard) for m in memories if m is not None}
    assert len(shared) == 1  # one talk read for the whole table
    # a later view, then an older one, then the later one again: each as read afresh
    seat, late = views[-3]
    _, early = next((s, v) for s, v in views if s == seat and 0 < len(v["talk"]) < len(late["talk"]) // 2)
    table = _Table(late, bots[seat]._memory)
    assert heard(table.memory) == heard(_Table(copy.deepcopy(late)).memory)
    for view in (early, late, early):
        table = _Table(view, table.memory)
        assert heard(table.memory) == heard(_Table(copy.deepcopy(view)).memory)
        assert table.memory.n_talk == len(view["talk"])


def _scanned(talk: list) -> tuple[dict, dict, dict]:
    """What the shared talk's indexes must hold, by a full read of the talk in order."""
    answers, looked, vouched = {}, {}, {}
    for i, st in enumerate(talk):
        if st["question"] is not None:
            answers[(st["speaker"], st["question"], st["about_round"])] = i
        if st["kind"] == "looked":
            looked.setdefault((st["speaker"], st["about_round"]), []).append(st["subject"])
        elif st["kind"] == "vouch":
            vouched[(st["speaker"], st["subject"], st["about_round"])] = st["yes"]
    return answers, looked, vouched


@pytest.mark.parametrize("players,seed", [(5, 2), (8, 3), (6, 4)])
def test_the_talks_indexes_are_a_full_read_of_the_talk(players, seed):
    """The bots look up answers, whom a kid said it looked at and its yes/no in the shared
    talk's indexes (read on from the new statements): at every decision of a game, and for
    an older view handed back afresh, they are what a full read of the view's talk gives."""
    from brady_widgets.brady_bunch.bots import _Table

    checked = []

    def check(g, s, view, legal, action):
        heard = _Table(view, getattr(bots[s], "_memory", None)).memory.heard
        assert (heard.answers, heard.looked, heard.vouched) == _scanned(view["talk"])
        checked.append(bool(heard.vouched) and bool(heard.answers))

    g = BradyBunch(players, seed=seed)
    bots = [BOTS["hard"](s, seed) for s in range(players)]
    views = []
    while not g.over:
        s = g.to_act[0]
        view, legal = g.view(s), g.legal_actions(s)
        views.append(view)
        check(g, s, view, legal, None)
        truth = [a for a in legal if a["type"] == "ask_truth"]
        # the bots never ask "is X telling the truth?": Alice asks it once a round here
        if truth and not any(st["question"] == "ask_truth" and st["round"] == view["round"] for st in view["talk"]):
            g.act(s, truth[len(truth) // 2])
            continue
        g.act(s, bots[s].choose(view, legal))
    assert any(checked)  # a game with vouches and answers to check
    old = views[len(views) // 3]
    heard = _Table(old, bots[0]._memory).memory.heard
    assert (heard.answers, heard.looked, heard.vouched) == _scanned(old["talk"])


def test_brady_bots_seed_their_generator_when_first_used():
    """A Brady bot's generator is seeded from the same string as before, at its first use:
    the same stream, and a bot that never draws never seeds (the smart Alice of a game)."""
    bot = BradyBot(2, 9)
    assert bot._rng is None
    want = random.Random("brady:smart:9:2")
    assert [bot.rng.random() for _ in range(3)] == [want.random() for _ in range(3)]
    g = BradyBunch(5, seed=3)
    bots = [BradyBot(s, 3) for s in range(5)]
    while not g.over:
        s = g.to_act[0]
        g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
    assert bots[0]._rng is None  # Alice had a rule for every phase: no draw, no seeding
    assert any(b._rng is not None for b in bots[1:])  # a bluffing kid drew
