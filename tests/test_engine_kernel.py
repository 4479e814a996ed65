"""The engine kernel (engine/game.py, errors.py, registry.py), independent of any game.

Most tests use ``SecretDuel``, a test-only toy game defined here that needs what
the later games need: a simultaneous phase (every seat commits a secret pick,
hidden from the others until all are in), real-time actions with ``at`` time
stamps (a slap race: the earliest stamp wins), private events (a secret bonus
and each seat's own commitment) and explicit chance with exact odds.
"""

from __future__ import annotations

import copy
import json
import math
import random
from fractions import Fraction

import pytest

import brady_widgets
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.engine import ERROR_CODES, Game, IllegalAction, games, load_game
from brady_widgets.testing import Ticker, check_game, check_invariants, random_playout, register_invariants


# =============================================================== the toy game
class SecretDuel(Game):
    """Each round: every seat secretly commits a pick (simultaneous phase); when
    all are in, the picks are revealed and a die is rolled: a pick equal to the
    die scores 2. Then a slap race: every seat may slap, each slap carries a time
    stamp, and once every seat has slapped the earliest stamp scores 1. After
    ``rounds`` rounds the private bonuses are revealed and added; the best total
    wins (ties share). Every action needs an ``at`` stamp, and time runs forward.
    """

    name = "secret_duel"
    title = "Secret Duel (test toy)"
    player_counts = range(2, 5)
    default_options = {"rounds": 2, "picks": 3, "labels": ["A", "B", "C"]}
    action_schema = {"commit": {"pick": int}, "slap": {}}

    def _check_options(self):
        if not isinstance(self.options["rounds"], int) or self.options["rounds"] < 1:
            raise ValueError("rounds must be a positive int")

    def _setup(self, deal):
        if deal is None:
            deal = {"bonus": [self.rng.randrange(3) for _ in range(self.players)]}
        self.bonus = list(deal["bonus"])
        self.round = 1
        self.phase = "commit"
        self.picks: list = [None] * self.players
        self.slaps: dict = {}
        self.points = [0] * self.players
        self.clock = 0
        for seat in range(self.players):
            self._emit("bonus", audience=[seat], seat=seat, bonus=self.bonus[seat])
        self._emit("round", round=1)
        return {"bonus": list(self.bonus)}

    def _to_act(self):
        if self.phase == "commit":
            return [s for s in range(self.players) if self.picks[s] is None]
        return [s for s in range(self.players) if s not in self.slaps]

    def _legal(self, seat):
        if self.phase == "commit":
            return [{"type": "commit", "pick": p} for p in range(self.options["picks"])]
        return [{"type": "slap"}]

    def _validate(self, seat, action, at):
        super()._validate(seat, action, at)
        if at is None:
            raise IllegalAction("malformed_action", "this is a real-time game: every action needs 'at'", seat, action)
        if at < self.clock:
            raise IllegalAction("illegal_action", f"time runs forward: {at} < {self.clock}", seat, action)

    def _apply(self, seat, action, at):
        self.clock = at
        if action["type"] == "commit":
            self.picks[seat] = action["pick"]
            self._emit("committed", audience=[seat], seat=seat, pick=action["pick"], at=at)
            self._emit("ready", seat=seat, at=at)
            if all(p is not None for p in self.picks):
                n = self.options["picks"]
                die = self._chance("die", [(v, Fraction(1, n)) for v in range(n)])
                for s in range(self.players):
                    if self.picks[s] == die:
                        self.points[s] += 2
                self._emit("reveal", picks=list(self.picks), die=die, points=list(self.points))
                self.phase = "race"
        else:
            self.slaps[seat] = at
            self._emit("slap", seat=seat, at=at)
            if len(self.slaps) == self.players:
                first = min(self.slaps.values())
                fastest = [s for s in sorted(self.slaps) if self.slaps[s] == first]
                for s in fastest:
                    self.points[s] += 1
                self._emit("race", fastest=fastest, points=list(self.points))
                if self.round == self.options["rounds"]:
                    totals = [p + b for p, b in zip(self.points, self.bonus)]
                    best = max(totals)
                    self.winners = [s for s in range(self.players) if totals[s] == best]
                    self.over = True
                    self.phase = "over"
                    self._emit("game_over", bonus=list(self.bonus), totals=totals, winners=list(self.winners))
                else:
                    self.round += 1
                    self.phase = "commit"
                    self.picks = [None] * self.players
                    self.slaps = {}
                    self._emit("round", round=self.round)

    def _chance_outcomes(self):
        if self.over or self.phase != "commit" or sum(p is None for p in self.picks) != 1:
            return []
        n = self.options["picks"]
        return [(v, Fraction(1, n)) for v in range(n)]

    def _view(self, seat, reveal=False):
        hidden = self.phase == "commit"
        return {
            "round": self.round,
            "phase": self.phase,
            "to_act": self.to_act,
            "clock": self.clock,
            "points": list(self.points),
            "ready": [p is not None for p in self.picks],
            "picks": None if (hidden and not reveal) else list(self.picks),
            "my_pick": None if seat is None else self.picks[seat],
            "my_bonus": None if seat is None else self.bonus[seat],
            "bonus": list(self.bonus) if (self.over or reveal) else None,
            "slaps": {str(s): t for s, t in sorted(self.slaps.items())},
            "winners": list(self.winners),
            "log": self.log_for(seat, reveal=reveal),
        }

    def resample(self, seat, rng):
        """Redraw the other seats' bonuses (until the end) and their picks of the
        round in progress (until the reveal), keeping the public history."""
        bonus = list(self.bonus)
        if not self.over:
            for s in range(self.players):
                if s != seat:
                    bonus[s] = rng.randrange(3)
        history = copy.deepcopy(self.history)
        if self.phase == "commit":
            start = max((i for i, h in enumerate(history) if h.get("seat") == "chance"), default=-1)
            for h in history[start + 1 :]:
                if h.get("seat") != seat and h.get("seat") != "chance" and h["action"]["type"] == "commit":
                    h["action"]["pick"] = rng.randrange(self.options["picks"])
        game = type(self).replay(self.players, self.seed, history, deal={"bonus": bonus}, **self.options)
        return game


@register_invariants("secret_duel")
def _duel_invariants(game):
    assert len(game.points) == game.players and all(p >= 0 for p in game.points)
    if game.phase == "commit":
        assert game.to_act == [s for s in range(game.players) if game.picks[s] is None]
    stamps = [h["at"] for h in game.history if "at" in h]
    assert stamps == sorted(stamps), "time stamps went backwards"


def duel(players=2, seed=0, **options):
    return SecretDuel(players, seed, **options)


# ============================================================ IllegalAction
def test_illegal_action_codes_and_message():
    assert set(ERROR_CODES) == {"not_your_turn", "illegal_action", "malformed_action", "game_over"}
    action = {"type": "kill", "figure": 3}
    for code in ERROR_CODES:
        exc = IllegalAction(code, "a very specific reason", 2, action)
        assert isinstance(exc, ValueError)
        assert exc.code == code and exc.seat == 2 and exc.action == action
        msg = str(exc)
        assert "seat 2" in msg and repr(action) in msg and "a very specific reason" in msg and code in msg
        assert exc.to_dict() == {"code": code, "message": msg, "reason": "a very specific reason"}
        json.dumps(exc.to_dict())
    assert "the view" in str(IllegalAction("malformed_action", "why", None, {"type": "x"}))
    with pytest.raises(ValueError, match="unknown IllegalAction code"):
        IllegalAction("nope", "why")
    assert brady_widgets.IllegalAction is IllegalAction


def test_engine_errors_name_seat_action_and_reason():
    g = CostumeParty(3, 0)
    with pytest.raises(IllegalAction) as info:
        g.act(1, {"type": "roll"})
    assert info.value.code == "not_your_turn" and "seat 1" in str(info.value) and "'roll'" in str(info.value)
    assert "turn" in info.value.reason
    with pytest.raises(IllegalAction) as info:
        g.act(0, {"type": "draw"})
    assert info.value.code == "illegal_action" and "roll" in info.value.reason
    with pytest.raises(IllegalAction) as info:
        g.act(0, {"type": "dance"})
    assert info.value.code == "malformed_action" and "dance" in info.value.reason
    assert "'draw'" in info.value.reason and "'roll'" in info.value.reason  # lists the known types


# ============================================================== constructor
@pytest.mark.parametrize("cls", [CostumeParty, SecretDuel])
def test_unknown_options_raise_type_error(cls):
    with pytest.raises(TypeError, match="unknown option") as info:
        cls(2, 0, colour="red")
    for known in cls.default_options:
        assert known in str(info.value)


@pytest.mark.parametrize("cls,bad", [(CostumeParty, [0, 1, 9, -2]), (SecretDuel, [0, 1, 5])])
def test_bad_player_counts_raise_value_error(cls, bad):
    for players in bad:
        with pytest.raises(ValueError, match=str(players)):
            cls(players, 0)
    for players in cls.player_counts:
        assert cls(players, 0).players == players


@pytest.mark.parametrize("players", [True, "4", 4.0, None])
def test_non_int_players_raise_type_error(players):
    with pytest.raises(TypeError):
        CostumeParty(players, 0)


@pytest.mark.parametrize("seed", [True, "7", 7.0])
def test_non_int_seed_raises_type_error(seed):
    with pytest.raises(TypeError):
        CostumeParty(3, seed)


def test_seed_none_draws_a_seed_that_replays():
    g = CostumeParty(3, None)
    assert isinstance(g.seed, int)
    random_playout(g, rng=1, invariants=False)
    again = CostumeParty(3, g.seed)
    assert again.deal == g.deal  # the drawn seed is the whole set-up
    for h in g.history:
        if h["seat"] != "chance":
            again.act(h["seat"], h["action"])
    assert again.to_json() == g.to_json() and again.events == g.events


def test_options_are_copied_at_construction():
    """Changing a list you passed as an option must not change a game already made
    (its JSON, and so its copies, would no longer match the game)."""
    labels = ["x", "y", "z"]
    g = duel(labels=labels)
    before = g.to_json()
    labels.append("w")
    assert g.options["labels"] == ["x", "y", "z"]
    assert g.to_json() == before


# ================================================================= registry
def test_registry_lists_and_loads_games():
    found = games()
    assert "costume_party" in found and found["costume_party"] is CostumeParty
    assert brady_widgets.games() == found
    assert load_game("costume_party") is CostumeParty
    assert brady_widgets.load_game("costume_party") is CostumeParty
    for name, cls in found.items():
        assert issubclass(cls, Game) and cls.name == name


def test_unknown_game_name_raises_key_error_naming_the_known_games():
    with pytest.raises(KeyError) as info:
        load_game("chess")
    assert "chess" in str(info.value) and "costume_party" in str(info.value)


# ============================================================== chance odds
@pytest.mark.parametrize(
    "faces",
    [
        ["blue", "yellow", "red", "green", "black", "black"],
        ["black"] * 6,
        ["blue", "black", "black", "black"],
        ["red", "green", "black"],
        ["blue", "yellow", "red", "green", "black", "black", "black"],
    ],
)
def test_chance_outcomes_are_exact_fractions_summing_to_one(faces):
    g = CostumeParty(3, 0, faces=faces)
    outcomes = g.chance_outcomes()
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes) == {f: Fraction(faces.count(f), len(faces)) for f in set(faces)}


def test_chance_outcomes_empty_when_no_chance_is_next():
    g = CostumeParty(2, 0, deal={"secrets": [0, 1], "deck": list(range(2, 20)), "rooms": ["red"] * 20})
    g.apply_history([{"seat": 0, "action": {"type": "roll"}}, {"seat": "chance", "kind": "die", "outcome": "black"}])
    assert g.chance_outcomes() == []  # kill or draw now: no chance event next
    g.act(0, {"type": "kill", "figure": 1})
    assert g.over and g.chance_outcomes() == []
    d = duel()
    assert d.chance_outcomes() == []  # two seats still to commit
    d.act(0, {"type": "commit", "pick": 1}, at=5)
    assert sum(p for _, p in d.chance_outcomes()) == 1 and len(d.chance_outcomes()) == 3


def test_rolls_follow_the_chance_odds():
    """Over many seeded rolls each face comes up about as often as its exact odds say."""
    faces = ["blue", "black", "black", "black"]
    counts = {"blue": 0, "black": 0}
    n = 0
    for seed in range(400):
        g = CostumeParty(2, seed, faces=faces)
        g.act(0, {"type": "roll"})
        counts[g.history[-1]["outcome"]] += 1
        n += 1
    expected = dict(CostumeParty(2, 0, faces=faces).chance_outcomes())
    for face, p in expected.items():
        sd = math.sqrt(n * p * (1 - p))
        assert abs(counts[face] - n * p) < 4 * sd, (face, counts)


# ============================================================ apply_history
def test_apply_history_refuses_bad_records():
    g = CostumeParty(2, 0)
    with pytest.raises(ValueError, match="never used"):
        CostumeParty(2, 0).apply_history(
            [{"seat": 0, "action": {"type": "roll"}}, {"seat": "chance", "kind": "die", "outcome": "red"},
             {"seat": "chance", "kind": "die", "outcome": "red"}]
        )
    with pytest.raises(ValueError, match="impossible"):
        CostumeParty(2, 0, faces=["red", "black"]).apply_history(
            [{"seat": 0, "action": {"type": "roll"}}, {"seat": "chance", "kind": "die", "outcome": "blue"}]
        )
    with pytest.raises(IllegalAction):
        g.apply_history([{"seat": 1, "action": {"type": "roll"}}])


def test_history_records_actions_chance_and_time_stamps():
    g = CostumeParty(2, 0, faces=["black"])
    g.act(0, {"type": "roll"}, at=1500)
    assert g.history == [
        {"seat": 0, "action": {"type": "roll"}, "at": 1500},
        {"seat": "chance", "kind": "die", "outcome": "black"},
    ]
    action = {"type": "draw"}
    g.act(0, action)
    action["type"] = "kill"  # the caller's dict is not kept by reference
    assert g.history[-1] == {"seat": 0, "action": {"type": "draw"}}


# ==================================================== views, clone, equality
def test_view_of_a_seat_that_does_not_exist_is_refused():
    g = CostumeParty(3, 0)
    for seat in [3, -1, "0", True, 1.0]:
        with pytest.raises(IllegalAction) as info:
            g.view(seat)
        assert info.value.code == "malformed_action"
    assert g.legal_actions(2) == [] and g.legal_actions("x") == [] and g.legal_actions(0) == [{"type": "roll"}]


def test_clone_is_independent_and_equality_is_by_json():
    g = CostumeParty(4, 2)
    for _ in range(6):
        g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
    c = g.clone()
    assert c == g and c is not g
    c.act(c.to_act[0], c.legal_actions(c.to_act[0])[0])
    assert c != g and len(c.history) > len(g.history)
    assert CostumeParty.from_json(g.to_json()) == g
    assert g != "not a game"


def test_log_for_gives_copies_not_the_engine_s_events():
    """Changing a list inside a logged event you were given (a view's log) must
    not change the game's events, nor what the other seats see."""
    d = duel()
    d.act(0, {"type": "commit", "pick": 1}, at=1)
    d.act(1, {"type": "commit", "pick": 2}, at=2)
    before = copy.deepcopy(d.events)
    for ev in d.view(0)["log"]:
        for value in ev.values():
            if isinstance(value, list):
                value.append(99)
    assert d.events == before
    assert d.view(1)["log"] == [{k: v for k, v in e.items() if k != "audience"} for e in before
                                if e.get("audience") is None or 1 in e["audience"]]


# =================================================== simultaneous + private
def test_simultaneous_phase_every_seat_may_act_in_any_order():
    d = duel(3)
    assert d.to_act == [0, 1, 2]
    assert all(d.legal_actions(s) for s in range(3))
    d.act(2, {"type": "commit", "pick": 0}, at=10)
    assert d.to_act == [0, 1] and d.legal_actions(2) == []
    with pytest.raises(IllegalAction) as info:
        d.act(2, {"type": "commit", "pick": 1}, at=11)
    assert info.value.code == "not_your_turn"
    d.act(0, {"type": "commit", "pick": 1}, at=12)
    d.act(1, {"type": "commit", "pick": 2}, at=12)
    assert d.phase == "race" and d.to_act == [0, 1, 2]


def test_commitments_are_hidden_until_everyone_is_in():
    """Seat 1's view is the same whatever seat 0 committed, until the reveal."""
    worlds = []
    for pick in range(3):
        d = duel(seed=4)
        d.act(0, {"type": "commit", "pick": pick}, at=100)
        worlds.append(d)
    views = [w.view(1) for w in worlds]
    assert views[0] == views[1] == views[2]
    assert [w.view(None) for w in worlds][0] == worlds[2].view(None)
    assert [w.view(0)["my_pick"] for w in worlds] == [0, 1, 2]  # the committer sees its own
    own = [e for e in worlds[1].view(0)["log"] if e["type"] == "committed"]
    assert [(e["seat"], e["pick"], e["at"]) for e in own] == [(0, 1, 100)]
    assert not [e for e in worlds[1].view(1)["log"] if e["type"] == "committed"]
    assert [e["seat"] for e in worlds[1].view(1)["log"] if e["type"] == "ready"] == [0]
    # the reveal: now the views differ
    for w in worlds:
        w.apply_history([{"seat": 1, "action": {"type": "commit", "pick": 0}, "at": 200},
                         {"seat": "chance", "kind": "die", "outcome": 2}])
    assert [w.view(1)["picks"] for w in worlds] == [[0, 0], [1, 0], [2, 0]]
    assert worlds[2].view(1)["points"] == [2, 0]


def test_private_bonus_events_are_filtered_per_seat():
    d = duel(3, seed=9)
    for seat in range(3):
        mine = [e for e in d.view(seat)["log"] if e["type"] == "bonus"]
        assert len(mine) == 1 and mine[0]["seat"] == seat and mine[0]["bonus"] == d.bonus[seat]
        assert d.view(seat)["bonus"] is None
    assert not [e for e in d.view(None)["log"] if e["type"] == "bonus"]
    assert len([e for e in d.log_for(None, reveal=True) if e["type"] == "bonus"]) == 3
    assert d.full_view()["bonus"] == d.bonus
    assert all("audience" not in e for e in d.log_for(0))
    assert [e["audience"] for e in d.events if e["type"] == "bonus"] == [[0], [1], [2]]


def _play_duel(d, rng, clock):
    while not d.over:
        seat = rng.choice(d.to_act)
        d.act(seat, rng.choice(d.legal_actions(seat)), at=clock(rng, len(d.history)))
    return d


def test_time_stamps_decide_the_race_and_replay_exactly():
    d = duel(2, seed=1, rounds=1)
    d.act(0, {"type": "commit", "pick": 0}, at=0)
    d.apply_history([{"seat": 1, "action": {"type": "commit", "pick": 1}, "at": 40},
                     {"seat": "chance", "kind": "die", "outcome": 2}])
    d.act(1, {"type": "slap"}, at=1000.25)  # the later call...
    with pytest.raises(IllegalAction) as info:
        d.act(0, {"type": "slap"}, at=999)  # ...but time cannot run backwards
    assert info.value.code == "illegal_action" and "time" in info.value.reason
    with pytest.raises(IllegalAction) as info:
        d.act(0, {"type": "slap"})
    assert info.value.code == "malformed_action"
    d.act(0, {"type": "slap"}, at=1000.25)  # a tie: both fastest
    assert d.over and [e for e in d.events if e["type"] == "race"][0]["fastest"] == [0, 1]
    assert d.history[-1] == {"seat": 0, "action": {"type": "slap"}, "at": 1000.25}
    again = SecretDuel.replay(2, 1, d.history, rounds=1)
    assert again.to_json() == d.to_json() and again.events == d.events


@pytest.mark.parametrize("seed", range(4))
def test_toy_game_replays_and_round_trips_with_time_stamps(seed):
    d = _play_duel(duel(3, seed=seed), random.Random(seed), Ticker())
    stamps = [h["at"] for h in d.history if h.get("seat") != "chance"]
    assert len(stamps) == len(set(stamps)) and stamps == sorted(stamps)  # the ticker's stamps, all kept
    # replay (chance outcomes taken from the record; the RNG state is not part of a replay)
    again = SecretDuel.replay(3, seed, d.history)
    assert again.history == d.history and again.events == d.events
    assert all(again.view(s) == d.view(s) for s in [None, 0, 1, 2]) and again.winners == d.winners
    # same seed + same actions at the same times, live dice: the very same game
    live = SecretDuel(3, seed)
    for h in d.history:
        if h["seat"] != "chance":
            live.act(h["seat"], h["action"], at=h["at"])
    assert live.to_json() == d.to_json()
    # mid-game: in the simultaneous phase, some seats committed
    half = duel(3, seed=seed)
    half.act(1, {"type": "commit", "pick": 2}, at=7.5)
    copy_ = SecretDuel.from_json(half.to_json())
    assert copy_.to_json() == half.to_json() and copy_.to_act == [0, 2]
    assert all(copy_.view(s) == half.view(s) for s in [None, 0, 1, 2])
    for g in (copy_, half):  # the same future from the copy, with live dice
        g.act(0, {"type": "commit", "pick": 0}, at=8)
        g.act(2, {"type": "commit", "pick": 1}, at=9)
    assert copy_.to_json() == half.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit_runs_on_the_toy_game(players):
    """The generic kit handles several seats in to_act, at stamps and private events."""
    report = check_game(SecretDuel, players, seed=players, options={"rounds": 3}, clock=Ticker(), leak_every=2)
    assert report.over and report.leak.changed > 0 and report.fuzz_cases > 20
    assert report.round_trips == report.actions + 1


def test_kit_catches_a_toy_game_that_shows_commitments():
    class Peeking(SecretDuel):
        def _view(self, seat, reveal=False):
            v = super()._view(seat, reveal)
            v["picks"] = list(self.picks)
            return v

    from brady_widgets.testing import ConformanceError

    with pytest.raises(ConformanceError, match="LEAK"):
        check_game(Peeking, 3, seed=1, clock=Ticker(), leak_every=1)


def test_time_stamps_must_be_finite_numbers():
    """``at`` is a time in ms: NaN or infinity would break the order of a real-time
    game, and to_json would write ``NaN``/``Infinity``, which is not JSON."""
    for bad in [float("nan"), float("inf"), float("-inf")]:
        g = CostumeParty(2, 0)
        before = g.to_json()
        with pytest.raises(IllegalAction) as info:
            g.act(0, {"type": "roll"}, at=bad)
        assert info.value.code == "malformed_action"
        assert g.to_json() == before
        json.loads(g.to_json(), parse_constant=lambda c: pytest.fail(f"to_json wrote {c}"))
