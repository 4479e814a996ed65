"""The conformance kit on the Brady Bunch Party Game: every player count 3..8, with
and without Cousin Oliver (6..8), volunteered claims on and off, short games
(``max_questions`` 0 or 1) and one game with no question cap (the rulebook);
bot playouts for every bot in ``brady_bunch/bots.py``; the widget's synced state
in the leak test; and proof that the leak test and the invariants can fail.

Sample sizes keep the file well under 90 s on 2 busy cores: the full kit
(invariants and determinism after every action, a JSON round trip after every
action in the shortest game of each option set (``EVERY_STEP``) and at one seeded
random action in every 5 in the others, JSON copies every ~15 actions playing the
same future, the leak test every ~10 actions with the widget at every 3rd leak step,
the set-up and the end, the bots every ~12, the fuzz and "act accepts exactly
legal_actions" every ~30 actions up to 5 players, see ``CASES`` beyond) on one
seeded random game per case.
"""

from __future__ import annotations

import random

import pytest

from brady_widgets.brady_bunch.bots import BOTS
from brady_widgets.brady_bunch.positions import brady_play, brady_position
from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.brady_bunch.widget import BradyBunchWidget
from brady_widgets.testing import (
    ConformanceError,
    bot_playout,
    bots_for,
    check_game,
    check_invariants,
    check_leaks,
    invariants_for,
    random_playout,
)


def widget_factory(game, seat):
    """The widget a human at ``seat`` would see on this position (bots paused)."""
    return BradyBunchWidget(game=game, humans=[seat], pace=0)


#: (players, options, fuzz_every): the "act accepts exactly legal_actions" grid is
#: the expensive check and grows with the table (every kid to act x kid x value in
#: the claims), so from 6 players on it runs at every 60th action at most, and
#: (fuzz_every=0) at the set-up and after the end only for the other big tables.
CASES = (
    [
        pytest.param(p, {"max_questions": 1}, 30 if p <= 5 else 60 if p == 6 else 0, id=f"{p}p-volunteer-q1")
        for p in range(3, 9)
    ]
    + [
        pytest.param(p, {"max_questions": 0, "volunteer": False}, 30 if p <= 5 else 0, id=f"{p}p-silent-q0")
        for p in (3, 5, 8)
    ]
    + [pytest.param(6, {"cousin_oliver": True, "max_questions": 1}, 0, id="6p-oliver-volunteer-q1")]
    + [pytest.param(7, {"cousin_oliver": True, "max_questions": 0, "volunteer": False}, 60, id="7p-oliver-silent-q0")]
    + [pytest.param(8, {"cousin_oliver": True, "max_questions": 1, "volunteer": False}, 0, id="8p-oliver-silent-q1")]
)


#: the case ids whose game has a JSON round trip after every action: the smallest table
#: of each option set (volunteered claims, silent, Cousin Oliver with and without claims)
EVERY_STEP = {"3p-volunteer-q1", "3p-silent-q0", "6p-oliver-volunteer-q1", "7p-oliver-silent-q0"}
#: the other cases: a round trip at one seeded random action in every ROUND_TRIP_EVERY
ROUND_TRIP_EVERY = 5


@pytest.mark.parametrize("players,options,fuzz_every", CASES)
def test_conformance(players, options, fuzz_every, request):
    every = 1 if request.node.callspec.id in EVERY_STEP else ROUND_TRIP_EVERY
    report = check_game(
        BradyBunch,
        players,
        seed=players * 31 + len(options),
        options=options,
        widget_factory=widget_factory,
        round_trip_every=every,
        fuzz_every=fuzz_every,
    )
    assert report.over
    if every == 1:
        assert report.round_trips == report.actions + 1  # every step, set-up included
    else:
        assert report.round_trips >= report.actions // every + 1
    assert report.leak.resamples > 0 and report.leak.changed > 0
    assert report.leak.widget_compares >= 2 * players  # at least the set-up and the end, every seat
    assert report.fuzz_cases > 100 and report.truth_cases > 0  # at least the set-up and the end
    assert report.bot_checks > 0
    assert report.futures >= 1


def test_conformance_without_a_question_cap():
    """The rulebook's "any number of questions": random Alice asks a lot, so the
    expensive checks are sampled more sparsely."""
    report = check_game(
        BradyBunch,
        3,
        seed=5,
        options={"max_questions": None, "volunteer": False},
        widget_factory=widget_factory,
        round_trip_every=40,
        future_every=80,
        leak_every=80,
        leak_samples=1,
        widget_every=3,
        bots_every=60,
        fuzz_every=0,
    )
    assert report.over and report.actions > 100  # many questions were asked
    assert report.leak.changed > 0 and report.bot_checks > 0


def test_cases_cover_every_player_count_and_option():
    assert EVERY_STEP <= {p.id for p in CASES}
    counts = {p.values[0] for p in CASES}
    assert counts == set(range(3, 9))
    oliver = {p.values[0] for p in CASES if p.values[1].get("cousin_oliver")}
    assert oliver == {6, 7, 8}
    assert {p.values[1].get("volunteer", True) for p in CASES} == {True, False}
    assert invariants_for("brady_bunch"), "the Brady Bunch invariants are registered"


# ---------------------------------------------------------------------- bots
def test_bots_registry():
    assert bots_for(BradyBunch) == BOTS
    assert {"random", "smart"} <= set(BOTS)


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("players,options", [(3, {}), (5, {"max_questions": 2}), (8, {"cousin_oliver": True})])
def test_bot_games(name, players, options):
    game = bot_playout(
        BradyBunch(players, 70 + players, **options), BOTS[name], rng=players, bot_seed=players, check_every=5
    )
    assert game.over and game.accused in game.kids
    check_invariants(game)


# ----------------------------------------------------- the leak test's reach
def _changes(game, seat, key, samples=30, seed=0):
    """How many of ``samples`` resamples for ``seat`` change ``full_view()[key]``
    (the seat's own view staying identical)."""
    rng = random.Random(seed)
    real = game.full_view()[key]
    own = game.view(seat)
    n = 0
    for _ in range(samples):
        twin = game.resample(seat, rng)
        assert twin.view(seat) == own
        n += twin.full_view()[key] != real
    return n


def _round_one():
    """5 players (Alice, Greg 1, Marcia 2, Peter 3, Jan 4), round 1, Snoops Jan and Greg."""
    return brady_position(5, seed=11, volunteer=False, steps=["snoops:Jan,Greg", "lights_out"])


def _play_first(game):
    for seat in list(game.to_act):
        if seat:
            game.act(seat, game.legal_actions(seat)[0])


def test_resample_redraws_hands_face_down_cards_peeks_and_signs():
    g = _round_one()
    assert _changes(g, 0, "hands") > 0  # Alice cannot know the hands
    assert _changes(g, 1, "hands") > 0  # nor can another kid
    _play_first(g)
    assert g.phase == "snoop"
    assert _changes(g, 0, "board") > 0  # face-down cards
    assert _changes(g, 2, "board") > 0
    brady_play(g, ["peek:Peter", "peek:Marcia"])  # Jan's and Greg's Snoop peeks
    assert _changes(g, 0, "all_peeks") > 0 and _changes(g, 3, "all_peeks") > 0
    real_jan = g.full_view()["all_peeks"]["4"]
    twin = g.resample(4, random.Random(1))
    assert twin.full_view()["all_peeks"]["4"] == real_jan  # Jan's own peek is kept
    brady_play(g, ["cookie:Peter", "peek:Greg"])  # the cookie peek: hidden from everyone but Peter
    assert _changes(g, 1, "all_peeks", seed=2) > 0
    cookie_targets = {g.resample(0, random.Random(s)).full_view()["all_peeks"]["3"][-1]["kid"] for s in range(30)}
    assert len(cookie_targets) > 1
    brady_play(g, ["use_token:dog" if "dog" in g.tokens else "use_token:man", "peek:Jan"])  # Alice's token peek
    token_targets = {g.resample(2, random.Random(s)).full_view()["all_peeks"]["0"][-1]["kid"] for s in range(30)}
    assert len(token_targets) > 1
    assert g.resample(0, random.Random(0)).full_view()["all_peeks"]["0"] == g.full_view()["all_peeks"]["0"]
    # cookie signs before they are shown
    brady_play(g, ["end_round"])
    for _ in range(3):
        brady_play(g, ["reveal", "lights_out"])
        _play_first(g)
        while g.phase == "snoop":
            g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
        brady_play(g, ["cookie:Greg"])
        g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
        brady_play(g, ["pass"] if g.phase == "help" else [])
        brady_play(g, ["end_round"])
    assert g.phase == "signs" and sorted(g.to_act) == [1, 3]
    brady_play(g, ["Greg:sign:-"])
    assert _changes(g, 0, "chosen_signs") > 0 and _changes(g, 3, "chosen_signs") > 0
    assert _changes(g, 1, "chosen_signs") == 0  # Greg knows his own sign
    brady_play(g, ["Peter:sign:+"])
    assert _changes(g, 0, "chosen_signs") == 0  # shown together: no longer hidden


# ----------------------------------------- the kit catches a broken engine
class SignLeak(BradyBunch):
    """Shows every kid's chosen sign before they are shown together."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        # (a view's kid entries are read-only, shared by every view: changed copies)
        view["kids"] = [
            {**s, "sign": "+" if self.signs[s["kid"]] > 0 else "-"} if s["kid"] in self.signs else s
            for s in view["kids"]
        ]
        return view


class PeekLeak(BradyBunch):
    """Tells everyone which kid a peek looked at."""

    def _emit(self, type_, audience=None, **fields):
        if type_ == "peeked" and self.phase in ("snoop", "cookie_peek", "help_peek"):
            fields["kid"] = self.history[-1]["action"].get("kid")
        return super()._emit(type_, audience, **fields)


class HandCountLeak(BradyBunch):
    """The deck count gives away whether the top card is high."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        view["deck_count"] = len(self.deck) + (self.deck[0] >= 5 if self.deck else 0)
        return view


class ForgetsToDraw(BradyBunch):
    """Ends rounds without the kids drawing back to 3 (an invariant must see it)."""

    def _do_end_round(self, seat, action):
        deck = list(self.deck)
        super()._do_end_round(seat, action)
        if self.round > 1 and self.phase == "reveal":
            for kid in self.player_kids:
                self.deck.insert(0, self.hands[kid].pop())
            del self.takers[-len(self.player_kids) :]
            assert len(self.deck) == len(deck)


class TwoCookies(BradyBunch):
    """Lets Alice give a second cookie in the final questions."""

    def _legal(self, seat):
        legal = super()._legal(seat)
        if self.phase == "final":
            legal = legal + [{"type": "cookie", "kid": k} for k in self.player_kids]
        return legal

    def _do_cookie(self, seat, action):
        if self.phase == "final":
            self.cookies[action["kid"]] += 1
            self._emit("cookie", seat=seat, kid=action["kid"], round=self.round)
            return
        super()._do_cookie(seat, action)


def _at_signs(cls):
    g = brady_position(4, seed=3, volunteer=False)
    g.__class__ = cls
    while g.phase != "signs":
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        pick = next((a for a in legal if a["type"] in ("cookie", "end_round", "pass")), legal[0])
        if g.phase == "play" and seat == 0:
            pick = {"type": "lights_out"}
        if g.phase == "talk":
            pick = {"type": "cookie", "kid": "Greg" if g.round < 3 else "Peter"}
        g.act(seat, pick)
    g.act(g.to_act[0], {"type": "sign", "plus": False})
    return g


def _snooped(cls):
    game = cls(5, 11, volunteer=False)
    brady_play(game, ["snoops:Jan,Greg", "lights_out"])
    _play_first(game)
    return brady_play(game, ["peek:Peter", "peek:Marcia"])


@pytest.mark.parametrize(
    "make",
    [lambda: _at_signs(SignLeak), lambda: _snooped(PeekLeak), lambda: HandCountLeak(5, 1)],
    ids=["sign-before-shown", "peek-target", "deck-count"],
)
def test_the_leak_test_catches_a_leaky_engine(make):
    with pytest.raises(ConformanceError, match="LEAK"):
        check_leaks(make(), rng=0, samples=6)


def test_the_honest_engine_passes_the_same_leak_checks():
    for game in (_at_signs(BradyBunch), _snooped(BradyBunch), BradyBunch(5, 1)):
        assert check_leaks(game, rng=0, samples=6).changed > 0


@pytest.mark.parametrize("broken", [ForgetsToDraw, TwoCookies])
def test_the_invariants_catch_a_broken_engine(broken):
    with pytest.raises(ConformanceError, match="invariant"):
        random_playout(broken(4, 2, max_questions=0, volunteer=False), rng=2)
    random_playout(BradyBunch(4, 2, max_questions=0, volunteer=False), rng=2)  # the honest one passes
