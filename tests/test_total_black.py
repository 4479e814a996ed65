"""Total Black as a registered game (brady_widgets/total_black/): the lesson's engine kept as
it was (same RNG streams), the log's sentences in the dark, the bots, the refusals in words,
and the frame bound over whole 42-player games, a student's and the teacher's reveal."""

from __future__ import annotations

import json

import pytest

from brady_widgets.brouhaha.total_black import TotalBlack as LessonTotalBlack
from brady_widgets.engine.registry import load_bots, load_game, load_widget
from brady_widgets.scheduler import Later, Scheduler
from brady_widgets.testing.widgets import record_frames
from brady_widgets.total_black import bots as tb_bots
from brady_widgets.total_black.positions import after_rounds, stranger_held
from brady_widgets.total_black.rules import TotalBlack
from brady_widgets.total_black.widget import TotalBlackWidget

HOLD = {"type": "hold"}
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Flo"]


def texts(w) -> list[str]:
    return [e["text"] for e in w.log_lines]


def test_the_registered_engine_is_the_lessons_with_its_own_name_and_pace():
    assert load_game("total_black") is TotalBlack and issubclass(TotalBlack, LessonTotalBlack)
    assert LessonTotalBlack.name == "brouhaha_total_black" and LessonTotalBlack.default_options["bump_ms"] == 1000
    assert TotalBlack.default_options["bump_ms"] == 3000 and list(TotalBlack.player_counts) == list(range(4, 43, 2))
    # same seed, same actions, same bump length: the same bumps (the RNG stream is the lesson's)
    a, b = LessonTotalBlack(12, 9), TotalBlack(12, 9, bump_ms=1000)
    for _ in range(6):
        if a.over:
            break
        for g in (a, b):
            for s in range(12):
                p = g.partner[s]
                if p is not None and g._cry[g.cards[p]] == g._cry[g.cards[s]]:
                    g.act(s, HOLD, at=g.clock)
            g.advance(g.next_deadline())
    assert a.cards == b.cards and a.rounds == b.rounds and a.found == b.found and a.history == b.history
    assert json.loads(b.to_json())["game"] == "total_black"
    assert TotalBlack.from_json(b.to_json()).full_view() == b.full_view()
    with pytest.raises(ValueError, match="4"):
        TotalBlack(2, 1)


def test_the_log_speaks_of_bumps_holds_let_gos_and_found_pairs_in_the_dark():
    g = stranger_held(8, seed=0)
    assert g is not None
    p = g.partner[0]
    cry = g._cry[g.cards[p]].rstrip("!")
    w = TotalBlackWidget(game=g, humans=[0], pace=0, names=["Ana", "Ben", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"])
    assert f"You bumped into someone who cries {cry}" in texts(w)
    assert "You held out your hand" in texts(w)
    g.advance(g.next_deadline())
    w2 = TotalBlackWidget(game=g, humans=[0], pace=0, names=["Ana", "Ben", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"])
    assert "You held hands: not your partner" in texts(w2)
    # nothing says whose hand it was: not the stranger's name, not its animal
    assert not any(w2.names[p] in t for t in texts(w2)), texts(w2)
    w.close(), w2.close()
    # two cows, seats 0 and 1: when they find each other everyone reads both names
    deal = {"cards": ["cow", "cow", "yak", "yak", "lion", "lion"]}
    g = TotalBlack(6, 4, deal=deal)
    while not g.found[0]:
        for s in range(6):
            if g.partner[s] is not None and g.cards[g.partner[s]] == g.cards[s]:
                g.act(s, HOLD, at=g.clock)
        g.advance(g.next_deadline())
    w = TotalBlackWidget(game=g, humans=[4], pace=0, names=NAMES)
    assert "Found: Ana and Ben, the Cows" in texts(w)
    assert [0, 1, "cow"] in w.view["found_pairs"]
    assert w.view["my_card"] == "lion" and "cards" not in w.view
    w.close()


def test_plural_names_and_the_end_banner():
    deal = {"cards": ["mouse", "mouse", "sheep", "sheep"]}
    g = TotalBlack(4, 1, deal=deal)
    while not g.over:
        for s in range(4):
            if g.partner[s] is not None and g.cards[g.partner[s]] == g.cards[s]:
                g.act(s, HOLD, at=g.clock)
        g.advance(g.next_deadline())
    w = TotalBlackWidget(game=g, humans=[0], pace=0, names=NAMES[:4])
    lines = texts(w)
    assert "Found: Ana and Ben, the Mice" in lines and "Found: Cy and Dee, the Sheep" in lines
    assert "Lights on: every pair found each other!" in lines
    assert w.view["end"].endswith(f"every pair found each other in {g.round} round{'s' if g.round != 1 else ''}.")
    w.close()
    g = TotalBlack(4, 1, time_limit_ms=6000)
    g.advance(6000)
    w = TotalBlackWidget(game=g, humans=[0], pace=0)
    assert g.end_reason == "time" and "time ran out with 0 of 2 pairs found" in w.view["end"]
    w.close()


def test_bots_hold_as_declared_and_sloppy_errs_at_its_rate_within_the_round():
    bots = load_bots("total_black")
    assert set(bots) == {"random", "hold", "sloppy"} and TotalBlackWidget.default_bot in bots
    g = after_rounds(42, seed=3, rounds=0)
    hold = bots["hold"](0, 1)
    for s in range(42):
        v, legal = g.view(s), g.legal_actions(s)
        assert (hold.plan(v, legal) == HOLD) == (v["heard"] == v["my_cry"])
    # sloppy: the same seed decides the same; over many rounds it errs near ERR
    wrong = total = 0
    for seed in range(30):
        g = TotalBlack(42, seed)
        bots_ = [tb_bots.SloppyBot(s, seed) for s in range(42)]
        twin = [tb_bots.SloppyBot(s, seed) for s in range(42)]
        for s in range(42):
            v, legal = g.view(s), g.legal_actions(s)
            plan = bots_[s].plan(v, legal)
            assert plan == twin[s].plan(v, legal)
            assert plan is None or (isinstance(plan, Later) and 0 <= plan.ms < g.round_ends - g.clock)
            total += 1
            wrong += (plan is not None) != (v["heard"] == v["my_cry"])
    assert abs(wrong / total - tb_bots.ERR) < 0.04, wrong / total


def test_a_refused_hold_is_a_sentence_in_the_game_and_changes_nothing():
    w = TotalBlackWidget(players=4, seed=2, pace=0, bump_ms=60_000)
    w.start()
    before = w.game.to_json()
    from brady_widgets.testing.widgets import send

    for action in ({"type": "hold", "seat": 3}, {"type": "let_go"}, "hold", None):
        send(w, {"type": "act", "action": action, "rev": w.rev})
        assert w.error["code"] == "malformed_action" and "{" not in w.error["message"]
        assert w.game.to_json() == before
    send(w, {"type": "act", "action": HOLD, "rev": w.rev})
    assert w.error == {} and w.view["held"] is True
    before = w.game.to_json()
    send(w, {"type": "act", "action": HOLD, "rev": w.rev})
    assert w.error["message"] == "You are already holding out your hand: wait for the end of the round."
    assert w.game.to_json() == before
    w.close()


@pytest.mark.parametrize("reveal", [False, True])
def test_every_update_of_a_whole_42_player_game_stays_under_8_kb(reveal):
    """A student against the sloppy bots, and the teacher's reveal (every card, every
    private event in the log), over a whole game on virtual time."""
    w = load_widget("total_black")(players=42, seed=8, pace=0, bot="sloppy", teacher=True)
    if reveal:
        w.set_reveal(True)
    with record_frames(w) as frames:
        w.start()
        for _ in range(2000):
            if w.game.over:
                break
            if HOLD in w.game.legal_actions(0) and w.view["heard"] == w.view["my_cry"]:
                w.act(HOLD)
            w.advance_time(500)
    assert w.game.over and len(frames) > 50
    assert max(f["bytes"] for f in frames) < 8192, max(f["bytes"] for f in frames)
    w.close()


def test_the_scheduler_plays_a_whole_table_of_sloppy_bots_the_same_way_twice():
    def play(seed):
        g = TotalBlack(20, seed)
        Scheduler(g, {s: tb_bots.SloppyBot(s, seed) for s in range(20)}, lag=0).run()
        return g

    a, b = play(4), play(4)
    assert a.over and a.history == b.history and a.end_reason == "all_found"
    assert any(e["type"] == "let_go" for e in a.events)  # its errors show: strangers held hands


def _enumerated_odds(players: int, mine: str, found: set, cries: str = "shared"):
    """By enumeration: every set of species for the other pairs still in the dark (uniform),
    the one bumped into uniform among the others in the dark; P(partner) and P(partner | same cry)."""
    from fractions import Fraction
    from itertools import combinations

    from brady_widgets.brouhaha.content import ANIMAL_IDS, CRIES

    cry = CRIES[cries]
    u = players // 2 - 1 - len(found)
    pool = [a for a in ANIMAL_IDS if a != mine and a not in found]
    same = partner = Fraction(0)
    sets = list(combinations(pool, u))
    m = 2 * u + 1
    for species in sets:
        others = [mine] + [a for a in species for _ in range(2)]  # my partner, then the pairs
        w = Fraction(1, len(sets) * m)
        partner += w
        same += w * sum(cry[a] == cry[mine] for a in others)
    return partner, partner / same


@pytest.mark.parametrize(
    ("players", "found_pairs", "cries"), [(4, 0, "shared"), (6, 0, "shared"), (8, 1, "shared"), (6, 0, "solo")]
)
def test_the_odds_panel_is_exact(players, found_pairs, cries):
    from brady_widgets.total_black.odds import partner_odds

    seed = 0
    while True:  # a seeded game where seat 0 is in the dark with found_pairs pairs found
        g = after_rounds(players, seed=seed, rounds=3, cries=cries)
        if not g.over and not g.found[0] and sum(g.found) // 2 == found_pairs:
            break
        seed += 1
    v = g.view(0)
    o = partner_odds(v)
    meet, same = _enumerated_odds(players, g.cards[0], {p[2] for p in v["found_pairs"]}, cries)
    assert (o["meet"], o["same_cry"]) == (meet, same)
    w = TotalBlackWidget(game=g, humans=[0], pace=0)
    assert w.view["odds"]["same_cry"] == f"{same.numerator}/{same.denominator}" or same == 1
    w.close()


def test_a_hold_changes_no_other_screen_until_the_round_ends():
    """A Hold is secret until the round ends: every other seat's screen, the partner's and
    the public one included, is the same before and after it (no replay length, log
    number or view clock that counts it), while the holder's own shows it and the
    teacher's reveal lists it. Once the game is over too: only the teacher's reveal replays it."""
    from brady_widgets.session import session_for

    s = session_for("total_black", players=4, seed=2, humans=[0, 1, 2, 3], mode="hotseat", bump_ms=60_000)
    s.start()
    g = s.game
    s.advance_time(400)
    others = [None, 0, 2, 3]
    before = {k: s.state_for(k) for k in others}
    teacher = s.state_for(None, reveal=True)
    assert 1 not in teacher["view"]["holding"]
    holder = s.state_for(1)
    assert s.act_for(1, HOLD, at=g.clock + 700)
    assert 1 in g.holding and g.partner[1] in (0, 2, 3)
    for k in others:
        assert s.state_for(k) == before[k], k
        assert before[k]["replay"] == {"step": 0, "length": 0, "active": False}
        assert "clock" not in before[k]["view"]
        assert all("action" not in e and "step" not in e for e in before[k]["log_lines"])
    assert s.state_for(1)["view"]["held"] is True and not holder["view"]["held"]
    assert 1 in s.state_for(None, reveal=True)["view"]["holding"]
    assert s.state_for(None, reveal=True)["replay"]["length"] == 1
    # to the end: only the teacher's reveal counts every step, Holds included
    while not g.over:
        for seat in range(4):
            if HOLD in g.legal_actions(seat):
                s.act_for(seat, HOLD, at=g.clock)
        s.advance_time(60_000)
    over = s.state_for(0)
    assert over["replay"] == {"step": 0, "length": 0, "active": False}
    assert all("action" not in e and "step" not in e for e in over["log_lines"])
    revealed = s.state_for(None, reveal=True)
    assert revealed["replay"]["active"] and revealed["replay"]["length"] == s._n_actions() > 0
    assert any(isinstance(e.get("action"), int) for e in revealed["log_lines"])


def test_a_finished_game_in_the_dark_replays_on_the_teachers_reveal_only():
    """A lone Hold (the partner did not hold) is heard by no one, ever: no seat's view shows
    it, during the game or after. A finished game's replay, stepping through every action,
    showed a student each such step (the replay's length and its log numbers counted them;
    a step that changes nothing on the student's screen but the game's time is someone's
    Hold, and that time is when). So a student's screen of a finished game has no replay and
    numbers no steps, a replay request from it is refused in words, and the teacher's
    reveal replays every step."""
    from brady_widgets.session import session_for

    s = session_for("total_black", players=4, seed=2, humans=[0, 1, 2, 3], mode="hotseat", bump_ms=60_000)
    s.start()
    g = s.game
    s.advance_time(400)
    partner = g.partner[1]
    assert s.act_for(1, HOLD, at=g.clock + 700)  # a lone Hold: the partner never holds
    while not g.over:
        s.advance_time(60_000)
    assert [h["seat"] for h in g.history if h["seat"] not in ("clock", "chance")] == [1]
    for seat in (None, 0, partner, 3):
        state = s.state_for(seat)
        assert state["replay"] == {"step": 0, "length": 0, "active": False}, seat
        assert "clock" not in state["view"]
        assert all("action" not in e and "step" not in e for e in state["log_lines"]), seat
        # a replay step asked for anyway (a forged message) shows the finished game itself
        for step in range(s._n_actions() + 1):
            assert s.state_for(seat, replay_step=step) == state, (seat, step)
        older = s.page_for(seat, "log", 50)["items"]
        assert older and all("action" not in e and "step" not in e for e in older), seat
    # the table's own screen (a notebook's widget) refuses a replay request in words
    s.screen = s.screen_for(0)
    with pytest.raises(Exception) as refused:
        s.handle({"type": "replay", "step": 0})
    assert getattr(refused.value, "code", None) == "replay_unavailable"
    assert "teacher" in s.error["message"] and "{" not in s.error["message"]
    teacher = s.state_for(None, reveal=True)
    assert teacher["replay"]["active"] and teacher["replay"]["length"] == s._n_actions()
    step = s.state_for(None, reveal=True, replay_step=0)
    assert step["replay"]["step"] == 0 and step["view"] != teacher["view"]


def test_a_bots_hold_sends_the_students_widget_nothing():
    """Against bots in a notebook: a bot's Hold is secret too, so the student's widget gets
    no message at that moment (its clock trait's time used to change at every redraw, so
    each bot's Hold reached the browser, and with it whether the hand the student bumped
    into was held). A step the student can see still redraws."""
    w = TotalBlackWidget(players=12, seed=4, pace=0, bot="sloppy")
    w.start()
    secret = seen = 0
    with record_frames(w) as frames:
        for _ in range(1200):
            if w.game.over:
                break
            steps, count = len(w.game.history), len(frames)
            w.advance_time(50)
            new = w.game.history[steps:]
            if new and all(h.get("seat") not in (0, "clock", "chance") for h in new):
                secret += 1  # only bots' Holds: nothing the student sees
                assert len(frames) == count, frames[count:]
            elif any(h.get("seat") == "clock" for h in new):
                seen += 1
                assert len(frames) > count  # a new round: the student's screen changes
    assert secret > 5 and seen > 2
    w.close()
