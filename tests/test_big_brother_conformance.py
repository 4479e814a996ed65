"""The conformance kit on Big Brother: The Game, on 4, 5 and 6 players and with the
bedroom tags on: seeded random playouts on the game clock (actions at random times, clock
steps, gossip countdowns that run out), the invariants (vote-card conservation among
them) after every step, the JSON round trip, copies that play the same future,
determinism, the leak test with :meth:`BigBrother.resample` (secret votes until the
count, gossip cards until they are shown, camera cards until they are claimed, the card
piles), the malformed-action fuzz and "act accepts exactly legal_actions".

The engine only: ``bots={}``, so no bot checks run here (the bots have their own
checks in ``test_big_brother_bots.py``), and the leak test compares views and legal
actions (the screens are checked in ``test_text_view.py`` and ``test_seeds.py``).

Sample sizes keep the file under a minute on 2 busy cores.
"""

from __future__ import annotations

import random

import pytest

import brady_widgets.big_brother.invariants  # noqa: F401  (registers the invariants)
from brady_widgets.big_brother.rules import BigBrother
from brady_widgets.testing import ConformanceError, check_game, check_leaks, invariants_for, random_playout

CASES = [
    pytest.param(4, {"gossip_ms": 40}, id="4p-short-countdown"),
    pytest.param(5, {"first_seat": 2, "tags": ["man", "woman", None, "woman", "man"]}, id="5p-tags-first-seat-2"),
    pytest.param(6, {}, id="6p"),
    pytest.param(4, {"tags": ["woman", "man", "man", None]}, id="4p-tags"),
    pytest.param(6, {"gossip_ms": 40, "first_seat": 5}, id="6p-short-countdown-first-seat-5"),
]


#: the case whose game has a JSON round trip after every step (a short one); the others
#: have one at the set-up, the end and every 6th step (future_every: each of those JSON
#: copies must then play the next 25 steps as the game did)
EVERY_STEP = "4p-short-countdown"


@pytest.mark.parametrize("players,options", CASES)
def test_conformance(players, options, request):
    every_step = request.node.callspec.id == EVERY_STEP
    report = check_game(
        BigBrother,
        players,
        seed=players * 7 + len(options),
        options=options,
        bots={},
        round_trip_every=1 if every_step else 0,
        future_every=6,  # a round trip, and its copy plays the next steps
        leak_every=15 if players < 6 else 30,
        leak_samples=1,
        fuzz_every=60,
    )
    assert report.over
    if every_step:
        assert report.round_trips == report.actions + 1
    else:
        assert report.round_trips >= report.actions // 6
    assert report.leak.resamples > 0 and report.leak.changed > 0
    assert report.fuzz_cases > 100 and report.truth_cases > 0
    assert report.window_steps > 0 and report.window_leaks > 0  # inside gossip countdowns
    assert report.futures >= 1


def test_cases_cover_every_player_count_and_the_tags():
    assert EVERY_STEP in {p.id for p in CASES}
    assert {p.values[0] for p in CASES} == {4, 5, 6}
    assert any(p.values[1].get("tags") for p in CASES)
    assert len(invariants_for("big_brother")) >= 6


@pytest.mark.parametrize("players", [4, 5, 6])
def test_random_playouts_always_end(players):
    for seed in range(4):
        game = random_playout(BigBrother(players, 100 + seed), rng=seed, views_every=25)
        assert game.over and len(game.winners) == 1


# ----------------------------------------- the kit catches a broken engine
class BallotLeak(BigBrother):
    """Shows how many votes each housemate got on the current question."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        if view["card"] is not None:  # (a view's card is read-only, shared by the state's views)
            view["card"] = dict(view["card"], tally=sorted(self.ballot.values()))
        return view


class GossipLeak(BigBrother):
    """Tells the partner which card the lander picked before the reveal."""

    def _do_gossip_card(self, seat, action):
        super()._do_gossip_card(seat, action)
        self._emit("gossip_hint", target=action["target"])


class CameraLeak(BigBrother):
    """Says which camera card was drawn."""

    def _draw_camera(self, seat):
        super()._draw_camera(seat)
        if self.cam_held[seat]:
            self._emit("camera_hint", card=self.cam_held[seat][-1])


class MintsCards(BigBrother):
    """A secret vote that does not take the card out of the hand."""

    def _apply(self, seat, action, at):
        super()._apply(seat, action, at)
        if action["type"] == "vote":
            self.hand[seat][action["target"]] += 1


class KeepsTheBox(BigBrother):
    """Nominations that forget to give the cards back."""

    def _cards_back(self):
        if self.phase == "nominate":
            self.box_total = sum(map(sum, self.box))
            self._emit("cards_back")
            self.open_votes = []
            return
        super()._cards_back()


def _mid_question(cls):
    g = cls(4, 1)
    while g.phase != "vote":
        s = g.to_act[0]
        g.act(s, next(a for a in g.legal_actions(s) if a["type"] != "claim"), at=g.clock)
    for s in list(g.to_act)[:2]:
        g.act(s, g.legal_actions(s)[-1], at=g.clock)
    return g


def _mid_gossip(cls):
    for seed in range(40):
        g = cls(4, seed)
        for _ in range(400):
            if g.phase == "gossip" and g.gossip["chosen"]:
                return g
            s = g.to_act[0] if g.to_act else None
            if s is None:
                g.advance(g.next_deadline())
                continue
            g.act(s, next(a for a in g.legal_actions(s) if a["type"] != "claim"), at=g.clock)
    raise AssertionError("no gossip")


def _camera_drawn(cls):
    for seed in range(40):
        g = cls(4, seed)
        for _ in range(400):
            if any(g.cam_held) and g.phase in ("roll", "vote"):
                return g
            s = g.to_act[0] if g.to_act else None
            if s is None:
                g.advance(g.next_deadline())
                continue
            g.act(s, next(a for a in g.legal_actions(s) if a["type"] != "claim"), at=g.clock)
    raise AssertionError("no camera card")


@pytest.mark.parametrize(
    "make",
    [lambda: _mid_question(BallotLeak), lambda: _mid_gossip(GossipLeak), lambda: _camera_drawn(CameraLeak)],
    ids=["ballot", "gossip-card", "camera-card"],
)
def test_the_leak_test_catches_a_leaky_engine(make):
    with pytest.raises(ConformanceError, match="LEAK"):
        check_leaks(make(), rng=0, samples=6)


def test_the_honest_engine_passes_the_same_leak_checks():
    for game in (_mid_question(BigBrother), _mid_gossip(BigBrother), _camera_drawn(BigBrother)):
        assert check_leaks(game, rng=0, samples=6).changed > 0


@pytest.mark.parametrize("broken", [MintsCards, KeepsTheBox])
def test_the_invariants_catch_a_broken_engine(broken):
    with pytest.raises(ConformanceError, match="invariant"):
        random_playout(broken(4, 2), rng=2, views_every=50)
    random_playout(BigBrother(4, 2), rng=2, views_every=50)  # the honest one passes


def test_resample_keeps_everything_the_seat_knows():
    g = _mid_question(BigBrother)
    rng = random.Random(3)
    for seat in (None, 0, 1, 2, 3):
        for _ in range(3):
            twin = g.resample(seat, rng)
            assert twin.view(seat) == g.view(seat) and twin.to_act == g.to_act
            assert twin.clock == g.clock and twin.next_deadline() == g.next_deadline()
