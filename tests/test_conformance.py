"""The conformance kit on Costume Party Detective, for 2..8 players and every option,
and the kit's own self-test: deliberately broken engines must be caught.

Sample sizes, chosen to keep this file well under 90 s on 2 shared cores
(about 45 s measured with the machine under load):

* ``test_conformance`` (the full kit, one seeded random game a case): the default
  options at every player count 2..8, and every other variant (the three adjacency
  presets, two custom adjacency maps, three die variants, two first_seat values)
  at two player counts that rotate so that every variant meets a small and a
  large table. After *every* action: invariants and determinism (replay +
  re-act). The JSON round trip after every action in one short game of each
  variant (2 players for the default options, the smaller table for the others),
  and at one seeded random action in every 5 in the other games (``ROUND_TRIP_EVERY``),
  plus the set-up and the end. JSON copies taken every ~15 actions must play the
  same 25-action future. The leak test (2 resamples for every seat and the public
  view) every ~10 actions plus the set-up and the end, with the widget's synced
  state (first resample of each seat) at every 3rd leak step, the set-up and the
  end. Every bot in ``BOTS`` every ~12 actions. The malformed-action fuzz and the
  "act accepts exactly legal_actions" grid every ~20 actions, at the set-up and
  after the game is over.
* ``test_random_playouts_terminate``: every (players, variant) pair, one more
  seeded game, invariants after every action (the view-based ones every 4th).
* ``test_bot_games``: every bot in ``BOTS`` plays whole games at 2, 5 and 8
  players; every 5th decision is checked against a resampled world.
"""

from __future__ import annotations

import copy
import random

import pytest

from brady_widgets.costume_party import bots as cp_bots
from brady_widgets.costume_party.presenter import CostumePartyPresenter
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.costume_party.widget import CostumePartyWidget
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.testing import (
    ConformanceError,
    ValuePools,
    bot_choose,
    bot_playout,
    bots_for,
    check_bots,
    check_game,
    check_invariants,
    check_leaks,
    check_legal_is_the_truth,
    check_round_trip,
    check_view_snapshot,
    fuzz_malformed,
    malformed_cases,
    random_playout,
    widget_state,
)

#: a star: every colored room opens only onto the hall
STAR = {
    "blue": ["hall"],
    "yellow": ["hall"],
    "red": ["hall"],
    "green": ["hall"],
    "hall": ["blue", "yellow", "red", "green"],
}
#: a corridor: blue - yellow - red - green - hall
LINE = {
    "blue": ["yellow"],
    "yellow": ["blue", "red"],
    "red": ["yellow", "green"],
    "green": ["red", "hall"],
    "hall": ["green"],
}
NO_BLACK = ["blue", "yellow", "red", "green"]


def variants(players: int) -> dict[str, dict]:
    return {
        "default": {},
        "open_plan": {"adjacency": "open_plan"},
        "ring": {"adjacency": "ring"},
        "ring_and_middle": {"adjacency": "ring_and_middle"},
        "custom_star": {"adjacency": copy.deepcopy(STAR)},
        "custom_line": {"adjacency": copy.deepcopy(LINE)},
        "all_black": {"faces": ["black"] * 6},
        "three_black": {"faces": ["blue", "red", "green", "black", "black", "black"]},
        "two_faces": {"faces": ["yellow", "black"]},
        "first_seat_middle": {"first_seat": players // 2},
        "first_seat_last": {"first_seat": players - 1},
    }


VARIANTS = list(variants(2))
PLAYERS = list(range(2, 9))
ALL_CASES = [pytest.param(p, v, id=f"{p}p-{v}") for p in PLAYERS for v in VARIANTS]
KIT_CASES = [pytest.param(p, "default", id=f"{p}p-default") for p in PLAYERS] + [
    pytest.param(PLAYERS[(i + shift) % len(PLAYERS)], v, id=f"{PLAYERS[(i + shift) % len(PLAYERS)]}p-{v}")
    for i, v in enumerate(VARIANTS[1:])
    for shift in (0, 4)
]


#: (players, variant) of the games with a JSON round trip after every action: one short
#: game per variant (the default's at 2 players, each other variant's at its smaller table)
EVERY_STEP = {(2, "default")} | {(min(p.values[0] for p in KIT_CASES if p.values[1] == v), v) for v in VARIANTS[1:]}
#: the other games: a round trip at one seeded random action in every ROUND_TRIP_EVERY
ROUND_TRIP_EVERY = 5


def widget_factory(game, seat):
    """The widget a human at ``seat`` would see on this position (bots paused)."""
    return CostumePartyWidget(game=game, humans=[seat], pace=0)


@pytest.mark.parametrize("players,variant", KIT_CASES)
def test_conformance(players, variant):
    options = variants(players)[variant]
    every = 1 if (players, variant) in EVERY_STEP else ROUND_TRIP_EVERY
    report = check_game(
        CostumeParty,
        players,
        seed=players * 101 + len(variant),
        options=options,
        widget_factory=widget_factory,
        round_trip_every=every,
    )
    assert report.over
    if every == 1:
        assert report.round_trips == report.actions + 1  # every step, set-up included
    else:  # one in every block of 5 actions, the set-up and the end
        assert report.round_trips >= report.actions // every + 1
    assert report.leak.resamples > 0 and report.leak.changed > 0
    assert report.leak.widget_compares >= 2 * players  # at least the set-up and the end, every seat
    assert report.fuzz_cases > 100
    assert report.truth_cases > 0
    assert report.bot_checks > 0
    assert report.futures >= 1 or report.actions < 15


def test_kit_cases_cover_every_player_count_and_variant():
    seen = {(p.values[0], p.values[1]) for p in KIT_CASES}
    assert EVERY_STEP <= seen and {v for _, v in EVERY_STEP} == set(VARIANTS)
    assert {p for p, _ in seen} == set(PLAYERS)
    for v in VARIANTS:
        counts = sorted(p for p, vv in seen if vv == v)
        assert len(counts) >= 2 and counts[0] <= 5 and counts[-1] >= 5 or v == "default", (v, counts)


@pytest.mark.parametrize("players,variant", ALL_CASES)
def test_random_playouts_terminate(players, variant):
    options = variants(players)[variant]
    game = random_playout(
        CostumeParty(players, 1000 + players, **options), rng=players, max_actions=2000, views_every=4
    )
    assert game.over and len(game.winners) == 1
    assert len(game.history) > 0


def test_every_faces_option_gives_a_game_that_can_end():
    """A die with no black face can never produce a kill, so the game could never
    end: the engine must refuse that option (ValueError) or the game must end."""
    try:
        game = CostumeParty(3, 0, faces=list(NO_BLACK))
    except ValueError:
        return
    random_playout(game, rng=0, max_actions=2000, invariants=False)


# ------------------------------------------------------------------- bots
def test_bots_registry_is_not_empty():
    assert "random" in bots_for(CostumeParty)
    assert bots_for(CostumeParty) == cp_bots.BOTS


@pytest.mark.parametrize("bot_name", sorted(cp_bots.BOTS))
@pytest.mark.parametrize("players", [2, 5, 8])
def test_bot_games(bot_name, players):
    bot_cls = cp_bots.BOTS[bot_name]
    for seed in range(2):
        game = bot_playout(CostumeParty(players, 50 + seed), bot_cls, rng=seed, bot_seed=seed, check_every=5)
        assert game.over
        check_invariants(game)


@pytest.mark.parametrize("name", ["costume_party", "brady_bunch"])
def test_views_are_snapshots(name):
    """Mutating a returned view or log, nested values included (a careless bot or
    widget), must not change the game. (check_game runs this at its leak steps too.)"""
    from brady_widgets.engine import load_game

    cls = load_game(name)
    game = cls(4, 3)
    rng = random.Random(3)
    for step in range(400):
        if game.over:
            break
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
        if step < 30 or step % 10 == 0:
            check_view_snapshot(game)
    check_view_snapshot(game)  # at the end: scoring events hold nested dicts and lists


# =================================================================== self-test
# Each broken engine below must be caught by the kit.


class LeakySecret(CostumeParty):
    """Shows each seat the next seat's secret."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        if seat is not None:
            view["neighbour"] = self.secrets[(seat + 1) % self.players]
        return view


class LeakyDeckCount(CostumeParty):
    """The deck size gives away the parity of the top card."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        view["deck_count"] = len(self.deck) + (self.deck[0] % 2 if self.deck else 0)
        return view


class LeakyLog(CostumeParty):
    """Announces every secret to everyone (a forgotten audience)."""

    def _emit(self, type_, audience=None, **fields):
        return super()._emit(type_, None if type_ == "secret" else audience, **fields)


class LeakyRoomHint(CostumeParty):
    """Tells each seat which figures share the next seat's room."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        if seat is not None and not self.over:
            view["hint"] = sorted(self.figures_in(self.room_of[self.secrets[(seat + 1) % self.players]]))
        return view


class NoResample(CostumeParty):
    """A resample that redraws nothing proves nothing."""

    def resample(self, seat, rng):
        return self.clone()


@pytest.mark.parametrize("leaky", [LeakySecret, LeakyDeckCount, LeakyLog, LeakyRoomHint])
@pytest.mark.parametrize("players", [2, 5])
def test_kit_catches_leaky_views(leaky, players):
    game = leaky(players, 4)
    with pytest.raises(ConformanceError, match="LEAK"):
        check_leaks(game, rng=0, samples=3)
    with pytest.raises(ConformanceError):  # the invariants may see it first
        check_game(leaky, players, seed=4, bots={})
    # the honest engine passes the same check
    check_leaks(CostumeParty(players, 4), rng=0, samples=3)


def test_kit_requires_resample_to_change_something():
    with pytest.raises(ConformanceError, match="proved nothing"):
        check_game(NoResample, 3, seed=1, bots={})


class _FakeWidget:
    """A stand-in with ``get_state()``, the ipywidgets API the kit reads."""

    def __init__(self, game, seat, leak=False):
        self.game, self.seat, self.leak = game, seat, leak
        self.closed = False

    def get_state(self):
        state = {
            "seat": self.seat,
            "view": {k: v for k, v in self.game.view(self.seat).items() if k != "log"},
            "legal": self.game.legal_actions(self.seat),
            "log": self.game.view(self.seat)["log"][-5:],
            "layout": f"IPY_MODEL_{id(self)}",  # per instance: dropped by the kit
        }
        if self.leak:
            state["settings"] = {"names": [f"seat {s} ({self.game.secrets[s]})" for s in range(self.game.players)]}
        return state

    def close(self):
        self.closed = True


def test_kit_compares_widget_state_and_catches_a_leaky_widget():
    game = CostumeParty(4, 9)
    made = []

    def honest(g, seat):
        made.append(_FakeWidget(g, seat))
        return made[-1]

    stats = check_leaks(game, rng=1, samples=2, widget_factory=honest, widget_samples=2)
    assert stats.widget_compares == 2 * 4 and all(w.closed for w in made)
    assert check_leaks(game, rng=1, samples=2, widget_factory=honest).widget_compares == 4
    with pytest.raises(ConformanceError, match="widget's synced state"):
        check_leaks(game, rng=1, samples=2, widget_factory=lambda g, s: _FakeWidget(g, s, leak=True))


class LeakyOddsPresenter(CostumePartyPresenter):
    """An odds panel that peeks at the engine's secrets."""

    def odds(self, seat_view):
        panel = super().odds(seat_view)
        panel["truth"] = list(self.game.secrets)
        return panel


class LeakyOddsWidget(CostumePartyWidget):
    """A widget whose odds panel peeks at the engine's secrets."""

    presenter_class = LeakyOddsPresenter


def test_kit_catches_a_real_widget_that_leaks():
    game = CostumeParty(3, 2)
    for _ in range(10):
        game.act(game.to_act[0], game.legal_actions(game.to_act[0])[-1])
    stats = check_leaks(game, rng=0, samples=2, widget_factory=widget_factory)
    assert stats.widget_compares == 3 and stats.changed > 0
    with pytest.raises(ConformanceError, match=r"widget's synced state .*\['view'\]"):
        check_leaks(game, rng=0, samples=2, widget_factory=lambda g, s: LeakyOddsWidget(game=g, humans=[s], pace=0))


def test_widget_state_drops_only_per_instance_references():
    game = CostumeParty(2, 0)
    state = widget_state(_FakeWidget(game, 0))
    assert "layout" not in state and set(state) == {"seat", "view", "legal", "log"}
    assert state["view"]["players"] == game.players


# ----------------------------------------------------------------- bots
class CheatBot(cp_bots.RandomBot):
    """Chooses using what a leaky view shows about a neighbour."""

    name = "cheat"

    def choose(self, view, legal):
        return legal[view.get("neighbour", 0) % len(legal)]


class ScribbleBot(cp_bots.RandomBot):
    name = "scribble"

    def choose(self, view, legal):
        view["rooms"]["blue"].append(99)
        return legal[0]


class GreedyLegalBot(cp_bots.RandomBot):
    name = "greedy"

    def choose(self, view, legal):
        action = legal[0]
        legal.clear()
        return action


class IllegalBot(cp_bots.RandomBot):
    name = "illegal"

    def choose(self, view, legal):
        return {"type": "draw"} if {"type": "draw"} not in legal else {"type": "roll"}


_SPY: list = []


class SpyBot(cp_bots.RandomBot):
    name = "spy"

    def choose(self, view, legal):
        self.engine = _SPY[0]
        return legal[0]


def _at_black(cls):
    """A game of ``cls`` where seat 0 must choose on black among several actions."""
    game = cls(3, 0, deal={"secrets": [0, 1, 2], "deck": list(range(3, 20)), "rooms": ["red"] * 10 + ["blue"] * 10})
    game.apply_history([{"seat": 0, "action": {"type": "roll"}}, {"seat": "chance", "kind": "die", "outcome": "black"}])
    return game


def test_kit_catches_cheating_and_misbehaving_bots():
    leaky = _at_black(LeakySecret)
    differs = 0
    for s in range(20):
        try:
            check_bots(leaky, rng=s, bots={"cheat": CheatBot})
        except ConformanceError as exc:
            assert "resampled" in str(exc)
            differs += 1
    assert differs > 0
    game = _at_black(CostumeParty)
    with pytest.raises(ConformanceError, match="mutated the view"):
        check_bots(game, rng=0, bots={"scribble": ScribbleBot})
    with pytest.raises(ConformanceError, match="mutated the legal"):
        check_bots(game, rng=0, bots={"greedy": GreedyLegalBot})
    with pytest.raises(ConformanceError, match="not legal"):
        bot_choose(IllegalBot(0), game, 0)
    _SPY[:] = [game]
    with pytest.raises(ConformanceError, match="holds an engine"):
        bot_choose(SpyBot(0), game, 0)
    # the game was not touched by any of it
    assert game.to_json() == _at_black(CostumeParty).to_json()


# ----------------------------------------------------------------- fuzz
class MutatesFirst(CostumeParty):
    """Records the action in the history before validating it."""

    def act(self, seat, action, at=None):
        self.history.append({"seat": seat, "action": action})
        try:
            return super().act(seat, action, at)
        except IllegalAction:
            raise


class WrongCode(CostumeParty):
    """Reports every not_your_turn as illegal_action."""

    def _validate(self, seat, action, at):
        try:
            super()._validate(seat, action, at)
        except IllegalAction as exc:
            if exc.code == "not_your_turn":
                raise IllegalAction("illegal_action", exc.reason, seat, action) from None
            raise


class TolerantKeys(CostumeParty):
    """Silently drops unknown keys instead of refusing the action."""

    def act(self, seat, action, at=None):
        if isinstance(action, dict) and action.get("type") in self.action_schema:
            action = {k: v for k, v in action.items() if k == "type" or k in self.action_schema[action["type"]]}
        return super().act(seat, action, at)


class KeepsPlaying(CostumeParty):
    """Forgets to refuse actions after the game is over."""

    def _validate(self, seat, action, at):
        if self.over:
            raise IllegalAction("illegal_action", "game finished", seat, action)
        super()._validate(seat, action, at)


def test_malformed_cases_cover_the_brief():
    game = CostumeParty(3, 0)
    labels = " | ".join(c.label for c in malformed_cases(game))
    for needle in [
        "not to act",
        "no seat 3",
        "no seat -1",
        "no seat '0'",
        "no seat True",
        "no seat None",
        "unknown type",
        "non-dict",
        "extra key",
        "missing 'figure'",
        "missing 'to'",
        "figure='3'",
        "figure=True",
        "figure=None",
        "figure=1.5",
        "figure=99",
        "figure=-1",
        "to='purple'",
        "bad at=",
    ]:
        assert needle in labels, needle
    codes = {c.code for c in malformed_cases(game)}
    assert codes == {"not_your_turn", "malformed_action", "illegal_action"}


def test_fuzz_after_game_over_expects_game_over():
    game = random_playout(CostumeParty(3, 5), rng=5)
    cases = malformed_cases(game)
    assert cases and {c.code for c in cases} == {"game_over"}
    assert fuzz_malformed(game) == len(cases)
    # legal-looking actions too
    for action in [{"type": "roll"}, {"type": "draw"}, {"type": "kill", "figure": game.secrets[game.winners[0]]}]:
        with pytest.raises(IllegalAction) as info:
            game.act(game.winners[0], action)
        assert info.value.code == "game_over"


@pytest.mark.parametrize(
    "broken,match",
    [
        (MutatesFirst, "changed to_json"),
        (WrongCode, "expected code 'not_your_turn'"),
        (TolerantKeys, "extra key: (expected code 'malformed_action'|.*was accepted)"),
    ],
)
def test_kit_catches_broken_validation(broken, match):
    with pytest.raises(ConformanceError, match=match):
        fuzz_malformed(broken(3, 0))


def test_kit_catches_actions_accepted_after_game_over():
    game = random_playout(KeepsPlaying(2, 1), rng=1)
    with pytest.raises(ConformanceError, match="expected code 'game_over'"):
        fuzz_malformed(game)


# --------------------------------------------------- round trip, determinism
class ForgetsRng(CostumeParty):
    """from_json replays the history but does not restore the RNG state."""

    @classmethod
    def from_json(cls, text):
        import json

        data = json.loads(text)
        return cls.replay(data["players"], data["seed"], data["history"], deal=data["deal"], **data["options"])


class SecondRng(CostumeParty):
    """Rolls with a second seeded RNG that to_json does not save."""

    def _setup(self, deal):
        self.dice = random.Random(self.seed * 7 + 1)
        return super()._setup(deal)

    def _chance(self, kind, outcomes):
        if self._forced is None:
            self._forced = [self.dice.choice([o for o, _ in outcomes])]
            try:
                return super()._chance(kind, outcomes)
            finally:
                self._forced = None
        return super()._chance(kind, outcomes)


class GlobalDice(CostumeParty):
    """Rolls with the module-level random instead of the game's seeded RNG."""

    def _chance(self, kind, outcomes):
        if self._forced is None:
            self._forced = [random.choice([o for o, _ in outcomes])]
            try:
                return super()._chance(kind, outcomes)
            finally:
                self._forced = None
        return super()._chance(kind, outcomes)


class LosesAFigure(CostumeParty):
    """Drawing forgets to take the figure off the board."""

    def _apply(self, seat, action, at):
        super()._apply(seat, action, at)
        if action["type"] == "draw":
            card = self.face_up[seat][-1]
            if self.status[card] == "left":
                self.status[card] = "party"


class SneakyViewOrder(CostumeParty):
    """The JSON copy lists the public view's rooms in another order."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        if getattr(self, "_from_json", False):
            view["rooms"] = dict(reversed(list(view["rooms"].items())))
            view["killed"] = view["killed"] + [-1]
        return view

    @classmethod
    def from_json(cls, text):
        game = super().from_json(text)
        game._from_json = True
        return game


def test_kit_catches_a_json_copy_that_forgets_the_rng():
    with pytest.raises(ConformanceError, match="from_json.*differs"):
        check_game(ForgetsRng, 3, seed=2, bots={})
    # state outside the JSON: the JSON round trip looks exact, the future is not
    with pytest.raises(ConformanceError, match="different future"):
        check_game(SecondRng, 3, seed=2, bots={}, leak_every=0, fuzz_every=0)


def test_kit_catches_unseeded_randomness():
    state = random.getstate()
    random.seed(12345)
    try:
        with pytest.raises(ConformanceError, match="same seed|different future"):
            check_game(GlobalDice, 3, seed=2, bots={}, leak_every=0, fuzz_every=0)
    finally:
        random.setstate(state)


def test_kit_catches_a_broken_invariant():
    with pytest.raises(ConformanceError, match="invariant"):
        random_playout(LosesAFigure(4, 0), rng=0)


def test_kit_catches_a_json_copy_with_a_different_view():
    game = SneakyViewOrder(3, 0)
    with pytest.raises(ConformanceError, match="view of the JSON copy"):
        check_round_trip(game)


class TooPermissive(CostumeParty):
    """Lets a black roll kill any figure at the party (the fast legality test and
    legal_actions disagree)."""

    def _is_legal(self, seat, action):
        if self.phase == "black" and action["type"] == "kill":
            return 0 <= action["figure"] < 20 and self.room_of[action["figure"]] is not None
        return super()._is_legal(seat, action)


def test_kit_catches_act_accepting_what_legal_actions_does_not_list():
    pools = ValuePools()
    pools.add("figure", range(20))
    pools.add("to", ["blue", "yellow", "red", "green", "hall"])
    with pytest.raises(ConformanceError, match="accepted it"):
        check_legal_is_the_truth(_at_black(TooPermissive), pools)
    # the honest engine passes the same check
    assert check_legal_is_the_truth(_at_black(CostumeParty), pools) > 20


class FastActDiffers(CostumeParty):
    """A game's own fast ``act`` that does a little more than the kernel's: it notes every
    action it takes in a private counter that its views show (every replay through the same
    ``act`` agrees with itself; only the kernel's own ``Game.act`` can tell)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fast_acts = 0

    def act(self, seat, action, at=None):
        events = super().act(seat, action, at)
        self.fast_acts += 1
        return events

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        view["fast_acts"] = getattr(self, "fast_acts", 0)
        return view


def test_kit_catches_a_game_act_that_differs_from_the_kernels():
    with pytest.raises(ConformanceError, match="kernel's own act"):
        check_game(FastActDiffers, 3, seed=2, bots={}, leak_every=0, fuzz_every=0, future_every=0)
    # the same game through the kernel's act alone passes that check
    check_game(CostumeParty, 3, seed=2, bots={}, leak_every=0, fuzz_every=0, future_every=0)
