"""The engine kernel (engine/game.py, errors.py, registry.py), independent of any game.

Most tests use ``SecretDuel``, a test-only toy game defined here that needs what
the later games need: a simultaneous phase (every seat commits a secret pick,
hidden from the others until all are in), real-time actions with ``at`` time
stamps (a slap race: the earliest stamp wins), private events (a secret bonus
and each seat's own commitment) and explicit chance with exact odds.
"""

from __future__ import annotations

import copy
import enum
import functools
import json
import math
import random
import re
from fractions import Fraction

import numpy as np
import pytest

import brady_widgets
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.engine import (
    ERROR_CODES,
    FrozenAction,
    FrozenEvent,
    FrozenList,
    Game,
    IllegalAction,
    LegalList,
    games,
    load_game,
)
from brady_widgets.engine.registry import GameEntry, register, unregister
from brady_widgets.testing import Ticker, check_game, random_playout
from brady_widgets.testing.conformance import check_log_current, random_step


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


def _duel_invariants(game):
    assert len(game.points) == game.players and all(p >= 0 for p in game.points)
    if game.phase == "commit":
        assert game.to_act == [s for s in range(game.players) if game.picks[s] is None]
    stamps = [h["at"] for h in game.history if "at" in h]
    assert stamps == sorted(stamps), "time stamps went backwards"


#: the duel's invariants, declared as a game declares them: a list its registry entry names
INVARIANTS = [_duel_invariants]


@pytest.fixture(autouse=True, scope="module")
def _duel_registered():
    """The toy duel registered for this module's tests (the kit finds a game's invariants
    through its registry entry), and unregistered afterwards."""
    register(GameEntry("secret_duel", engine=f"{__name__}:SecretDuel", invariants=f"{__name__}:INVARIANTS"))
    yield
    unregister("secret_duel")


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
    # options of plain scalars only are not deep-copied (nothing in them can change), but
    # the game still has a dict of its own: neither the class's defaults nor the caller's
    scalars = {"rounds": 3, "picks": 2, "labels": None}
    plain = duel(**scalars)
    plain.options["rounds"] = 9
    assert scalars["rounds"] == 3 and duel().options["rounds"] == 2


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
            [
                {"seat": 0, "action": {"type": "roll"}},
                {"seat": "chance", "kind": "die", "outcome": "red"},
                {"seat": "chance", "kind": "die", "outcome": "red"},
            ]
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
    assert g.legal_actions(2) == [] and g.legal_actions(0) == [{"type": "roll"}]
    with pytest.raises(IllegalAction) as info:
        g.legal_actions("x")  # as act("x", ...) and view("x"): not a seat at all
    assert info.value.code == "malformed_action"


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


def test_log_for_gives_read_only_entries_not_the_engine_s_events():
    """A view's log entries are read-only (their lists too): changing one raises and
    changes neither the game's events nor what the other seats see; a deep copy is a
    plain, changeable one."""
    d = duel()
    d.act(0, {"type": "commit", "pick": 1}, at=1)
    d.act(1, {"type": "commit", "pick": 2}, at=2)
    before = copy.deepcopy(d.events)
    log = d.view(0)["log"]
    lists = [value for ev in log for value in ev.values() if isinstance(value, list)]
    assert log and lists
    for ev in log:
        assert type(ev) is FrozenEvent
        assert all(ev is not e for e in d.events)
        with pytest.raises(TypeError, match="read-only"):
            ev["type"] = "x"
    for value in lists:
        assert type(value) is FrozenList
        with pytest.raises(TypeError, match="read-only"):
            value.append(99)
        with pytest.raises(TypeError, match="read-only"):
            value += [99]
    mine = copy.deepcopy(log)
    assert mine == log and type(mine[0]) is dict
    for ev in mine:
        for value in ev.values():
            if isinstance(value, list):
                assert type(value) is list
                value.append(99)
    log.append("mine")  # the list itself is the caller's own
    assert d.events == before
    assert d.view(0)["log"] == [
        {k: v for k, v in e.items() if k != "audience"}
        for e in before
        if e.get("audience") is None or 0 in e["audience"]
    ]
    assert d.view(1)["log"] == [
        {k: v for k, v in e.items() if k != "audience"}
        for e in before
        if e.get("audience") is None or 1 in e["audience"]
    ]


def test_log_for_follows_the_events_and_starts_over_in_a_copy():
    """The log is kept between calls and extended as events come; a clone, a pickle or
    replaced events start it over (never a stale or shared entry)."""
    import pickle

    d = duel(3)
    first = d.log_for(2)
    d.act(2, {"type": "commit", "pick": 0}, at=10)
    second = d.log_for(2)
    assert second[: len(first)] == first and len(second) > len(first)
    assert all(a is b for a, b in zip(first, second))  # the same read-only entries, shared
    for twin in (d.clone(), pickle.loads(pickle.dumps(d))):
        assert twin.log_for(2) == second
        assert all(a is not b for a, b in zip(twin.log_for(2), second))
        twin.act(0, {"type": "commit", "pick": 1}, at=12)
        assert d.log_for(2) == second  # the twin's future is not the original's
    d.events = copy.deepcopy(d.events[:1])
    assert d.log_for(2) == [
        {k: v for k, v in e.items() if k != "audience"}
        for e in d.events
        if e.get("audience") is None or 2 in e["audience"]
    ]


def test_every_kept_log_reads_new_events_in_one_pass_as_a_fresh_filter_would():
    """The logs kept (every seat's, the public one, the reveal) read each new event in one
    pass: whenever asked, each equals a filter of the events from scratch, opened early or
    late, with a seat named twice in an audience, an ``"audience": None`` (public), an
    empty audience (the reveal only), events appended by hand, and the last event replaced
    or the list cut (then rebuilt); an event's entry is one object in every log."""
    d = duel(3)
    readers = [(None, False), (0, False), (1, False), (2, False), (None, True)]

    def shows(e, seat, reveal):
        return reveal or e.get("audience") is None or (seat is not None and seat in e["audience"])

    def expected(seat, reveal):
        return [{k: v for k, v in e.items() if k != "audience"} for e in d.events if shows(e, seat, reveal)]

    def check():
        by_event = {}  # event index -> its entry, the same object in every log
        for seat, reveal in readers:
            log = d.log_for(seat, reveal=reveal)
            assert log == expected(seat, reveal), (seat, reveal)
            shown = [i for i, e in enumerate(d.events) if shows(e, seat, reveal)]
            for i, entry in zip(shown, log, strict=True):
                assert by_event.setdefault(i, entry) is entry

    assert d.log_for(1) == expected(1, False)  # one log open before the events below
    notes = [
        {"type": "twice", "step": 1, "audience": [2, 2]},
        {"type": "public", "step": 2, "audience": None},
        {"type": "nobody", "step": 3, "audience": []},
        {"type": "pair", "step": 4, "audience": [0, 2], "seen": [1, [2]]},
    ]
    d.events.extend(notes[:1])
    assert d.log_for(1) == expected(1, False)  # the others open after it
    d.events.extend(notes[1:2])
    check()
    d.events.extend(notes[2:])
    d.events.append(dict(notes[0], step=5))  # every log open now
    d.act(2, {"type": "commit", "pick": 0}, at=10)
    check()
    d.events[-1] = {"type": "swapped", "step": 9, "audience": [1]}  # replaced: rebuilt
    check()
    assert d.log_for(1)[-1] == {"type": "swapped", "step": 9}
    del d.events[-3:]  # fewer events than read: rebuilt
    check()
    d.events.append({"type": "late", "step": 10})
    readers.reverse()  # the reveal first this time
    check()


def test_log_since_hands_out_only_what_is_new_with_a_cursor():
    """log_since(seat, cursor) gives the entries of log_for(seat) from the cursor on (the
    same shared read-only entries) and the next cursor; a reader that keeps its cursor
    rebuilds exactly log_for, every seat, the public log and the reveal; bad cursors are
    refused and nothing changes."""
    d = duel(3)
    readers = [(s, False) for s in (None, 0, 1, 2)] + [(None, True)]
    got = {key: [] for key in readers}
    cursors = dict.fromkeys(readers, 0)
    moves = [(2, {"type": "commit", "pick": 0}, 10), (0, {"type": "commit", "pick": 1}, 12)]
    moves.append((1, {"type": "commit", "pick": 2}, 14))
    for seat, action, at in [(None, None, None), *moves]:
        if seat is not None:
            d.act(seat, action, at=at)
        for key in readers:
            new, cursors[key] = d.log_since(key[0], cursors[key], reveal=key[1])
            whole = d.log_for(key[0], reveal=key[1])
            assert cursors[key] == len(whole)
            assert all(a is b for a, b in zip(new, whole[len(got[key]) :]))  # shared, not copied
            got[key].extend(new)
            assert got[key] == whole
            assert all(type(e) is FrozenEvent for e in new)
    assert len(got[(None, True)]) > len(got[(0, False)]) > len(got[(None, False)]) > 0
    assert d.log_since(0, cursors[(0, False)]) == ([], cursors[(0, False)])  # nothing new
    assert d.log_since(0) == (d.log_for(0), len(d.log_for(0)))  # cursor 0: the whole log
    new, _ = d.log_since(0, 1)
    new.append("mine")  # the list is the caller's own
    assert d.log_for(0)[-1] != "mine"
    before = d.to_json()
    for bad in (-1, len(d.log_for(0)) + 1, True, 1.0, "1", None):
        with pytest.raises(ValueError, match="cursor"):
            d.log_since(0, bad)
    assert d.log_since(0, np.int64(1)) == d.log_since(0, 1)  # any integral type
    assert d.to_json() == before
    twin = d.clone()  # a copy keeps equal logs: a cursor carries over
    assert twin.log_since(0, 1) == d.log_since(0, 1)


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
        w.apply_history(
            [
                {"seat": 1, "action": {"type": "commit", "pick": 0}, "at": 200},
                {"seat": "chance", "kind": "die", "outcome": 2},
            ]
        )
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
    d.apply_history(
        [
            {"seat": 1, "action": {"type": "commit", "pick": 1}, "at": 40},
            {"seat": "chance", "kind": "die", "outcome": 2},
        ]
    )
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


def test_the_kit_finds_the_duel_invariants_through_the_registry():
    from brady_widgets.testing import invariants_for

    assert invariants_for(SecretDuel) == invariants_for("secret_duel") == [_duel_invariants]


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


# ================================================================== time stamps
@pytest.mark.parametrize(
    "bad",
    [
        10**400,
        -(10**400),
        2**53 + 1,
        -1,
        -0.5,
        1e300,
        float("nan"),
        float("inf"),
        float("-inf"),
        True,
        False,
        "5",
        [5],
        {"ms": 5},
        np.float64("nan"),
        np.bool_(True),
        np.int64(-5),
        np.float64("inf"),
    ],
    ids=repr,
)
def test_at_must_be_a_finite_number_of_sane_size(bad):
    """``at`` is a time in ms, 0..2**53: anything else (a huge int that overflows a
    float, a negative time, NaN, a bool...) is malformed_action, and changes nothing."""
    for g in (CostumeParty(2, 0), duel()):
        before, events = g.to_json(), copy.deepcopy(g.events)
        action = g.legal_actions(0)[0]
        with pytest.raises(IllegalAction) as info:
            g.act(0, action, at=bad)
        assert info.value.code == "malformed_action" and "'at'" in info.value.reason
        assert g.to_json() == before and g.events == events


@pytest.mark.parametrize(
    "good",
    [0, 0.0, 1, 2.5, 1_700_000_000_000, 2**53, float(2**53), np.float64(7.5), np.int64(5), Fraction(1, 2)],
    ids=repr,
)
def test_sane_time_stamps_are_accepted_and_kept(good):
    g = duel()
    g.act(0, {"type": "commit", "pick": 0}, at=good)
    assert g.history[-1]["at"] == good and type(g.history[-1]["at"]) in (int, float)  # any real type: a plain number
    text = g.to_json()
    json.loads(text, parse_constant=lambda c: pytest.fail(f"to_json wrote {c}"))
    assert SecretDuel.from_json(text).to_json() == text


# ======================================================================= seats
class Seat(enum.IntEnum):
    FIRST = 0
    SECOND = 1


INTEGRAL_SEATS = [0, np.int64(0), np.int32(0), np.uint8(0), Seat.FIRST]
NOT_SEATS = [
    True,
    False,
    np.bool_(False),
    0.0,
    1.0,
    np.float64(0.0),
    "0",
    "x",
    [0],
    (0,),
    {0: 0},
    2,
    7,
    -1,
    np.int64(-1),
    np.int64(2),
    10**400,
    Fraction(0, 1),
]


def _new_games():
    return [CostumeParty(2, 0), duel(2, 0)]


@pytest.mark.parametrize("seat", INTEGRAL_SEATS, ids=repr)
def test_integral_seats_are_one_seat_for_act_legal_actions_and_view(seat):
    """Any non-bool integral seat (numpy ints, IntEnum) is the plain int seat in act,
    legal_actions and view alike, and the history keeps a plain int (JSON-safe)."""
    for g in _new_games():
        plain = type(g)(2, 0)
        assert g.legal_actions(seat) == plain.legal_actions(0) != []
        assert g.view(seat) == plain.view(0)
        action = g.legal_actions(seat)[0]
        g.act(seat, action, at=5)
        plain.act(0, action, at=5)
        assert type(g.history[0]["seat"]) is int and g.history == plain.history
        assert g.to_json() == plain.to_json() and g.events == plain.events
        # a valid seat that is not to act: no actions, and act says not_your_turn
        other = np.int64(1) if type(g) is CostumeParty else np.int64(0)
        assert g.legal_actions(other) == []
        with pytest.raises(IllegalAction) as info:
            g.act(other, action, at=6)
        assert info.value.code == "not_your_turn"


@pytest.mark.parametrize("seat", NOT_SEATS, ids=repr)
def test_non_seats_are_refused_alike_by_act_legal_actions_and_view(seat):
    for g in _new_games():
        before = g.to_json()
        action = g.legal_actions(0)[0]
        for call in (lambda: g.act(seat, action, at=5), lambda: g.legal_actions(seat), lambda: g.view(seat)):
            with pytest.raises(IllegalAction) as info:
                call()
            assert info.value.code == "malformed_action" and len(str(info.value)) <= 500
        assert g.to_json() == before


def test_act_and_legal_actions_agree_on_every_seat_value():
    """For every value: legal_actions lists an action exactly when act accepts it."""
    for value in INTEGRAL_SEATS + NOT_SEATS + [1, np.int64(1), Seat.SECOND]:
        g = CostumeParty(2, 0)
        try:
            legal = g.legal_actions(value)
        except IllegalAction as exc:
            assert exc.code == "malformed_action"
            legal = None
        try:
            g.act(value, {"type": "roll"})
            accepted = True
        except IllegalAction as exc:
            accepted = False
            assert (exc.code == "malformed_action") == (legal is None), (value, exc.code)
        assert accepted == bool(legal), value


# ============================================================ bounded messages
HUGE = [
    ("1 MB string", "x" * 1_000_000),
    ("1 MB key", {"type": "move", "x" * 1_000_000: 1}),
    ("deep list", functools.reduce(lambda acc, _: [acc], range(100_000), [])),
    ("deep dict", functools.reduce(lambda acc, _: {"k": acc}, range(100_000), {})),
    ("huge dict", {str(i): i for i in range(200_000)}),
    ("huge list", list(range(200_000))),
    ("huge int", 10**100_000),
    ("huge int value", {"type": "move", "figure": 10**100_000, "to": "red"}),
    ("huge str value", {"type": "move", "figure": 3, "to": "r" * 1_000_000}),
    ("huge type", {"type": "t" * 1_000_000}),
    ("mixed keys", {"type": "roll", 1: 2, "a": 3}),
]


@pytest.mark.parametrize("label,value", HUGE, ids=[h[0] for h in HUGE])
def test_illegal_action_messages_are_bounded(label, value):
    """A refused huge input never makes a huge message (a widget shows it, a log keeps it)."""
    g = CostumeParty(2, 0)
    before = g.to_json()
    tries = [
        lambda: g.act(0, value),
        lambda: g.act(value, {"type": "roll"}),
        lambda: g.act(0, {"type": "roll"}, at=value),
        lambda: g.legal_actions(value),
        lambda: g.view(value),
        lambda: g.act(0, {"type": "move", "figure": value, "to": value}),
    ]
    for attempt in tries:
        with pytest.raises(IllegalAction) as info:
            attempt()
        exc = info.value
        assert len(str(exc)) <= 500 and len(exc.reason) <= 500, (label, len(str(exc)))
        assert exc.reason in str(exc)
        assert len(json.dumps(exc.to_dict())) < 2000
    assert g.to_json() == before
    direct = IllegalAction("illegal_action", f"{label}: " + "why " * 100_000, value, value)
    assert len(str(direct)) <= 500 and len(direct.reason) <= 500 and str(direct).endswith("...")


def test_short_messages_are_unchanged():
    """Messages that fit are exactly what they were (tests and notebooks match them)."""
    g = CostumeParty(3, 0)
    expected = {
        (
            1,
            json.dumps({"type": "roll"}),
        ): "[not_your_turn] seat 1 tried {'type': 'roll'}: it is not seat 1's turn (to act: [0])",
        (
            0,
            json.dumps({"type": "dance"}),
        ): "[malformed_action] seat 0 tried {'type': 'dance'}: unknown action type 'dance'; "
        "known types: ['draw', 'kill', 'move', 'roll']",
        (
            5,
            json.dumps({"type": "roll"}),
        ): "[malformed_action] seat 5 tried {'type': 'roll'}: there is no seat 5 in a 3-player game",
        (0, json.dumps({"type": "move", "figure": "3", "to": "red"})): "[malformed_action] seat 0 tried "
        "{'type': 'move', 'figure': '3', 'to': 'red'}: 'figure' has the wrong type: '3'",
        (
            0,
            json.dumps({"type": "kill"}),
        ): "[malformed_action] seat 0 tried {'type': 'kill'}: a 'kill' action takes keys ['figure']; missing ['figure']",
    }
    for (seat, action), message in expected.items():
        with pytest.raises(IllegalAction) as info:
            g.act(seat, json.loads(action))
        assert str(info.value) == message
    with pytest.raises(IllegalAction) as info:
        g.act(0, {"type": "roll"}, at=float("nan"))
    assert (
        str(info.value) == "[malformed_action] seat 0 tried {'type': 'roll'}: 'at' must be a finite time in ms, got nan"
    )
    with pytest.raises(IllegalAction) as info:
        g.view(7)
    assert str(info.value) == "[malformed_action] seat 7 tried None: there is no seat 7"
    # the long list of Brady's action types still fits whole
    brady = games()["brady_bunch"](5, 0)
    with pytest.raises(IllegalAction) as info:
        brady.act(0, {"type": "dance"})
    assert info.value.reason.endswith(f"known types: {sorted(brady.action_schema)}")


# ======================================================= views share nothing
class NestedDuel(SecretDuel):
    """The toy game, plus an event holding nested lists and dicts (like Brady's
    scoring events: roles, signs, scores)."""

    name = "nested_duel"

    def _apply(self, seat, action, at):
        super()._apply(seat, action, at)
        if action["type"] == "commit" and self.phase == "race":
            self._emit(
                "summary",
                detail={"points": list(self.points), "by_seat": [[s, {"p": p}] for s, p in enumerate(self.picks)]},
            )


class SharedLogDuel(NestedDuel):
    """The old bug: log_for copies only the top level of each event, so a nested
    dict or list in a view's log is the engine's own."""

    name = "nested_duel"

    def log_for(self, seat, reveal=False):
        return [
            {k: (v.copy() if type(v) is list else v) for k, v in ev.items() if k != "audience"}
            for ev in self.events
            if reveal or ev.get("audience") is None or seat in ev["audience"]
        ]


def _nested_values(obj):
    if isinstance(obj, (list, dict)):
        yield obj
        for v in obj.values() if isinstance(obj, dict) else obj:
            yield from _nested_values(v)


def test_log_entries_are_read_only_at_every_depth():
    d = NestedDuel(2, 0)
    d.act(0, {"type": "commit", "pick": 1}, at=1)
    d.act(1, {"type": "commit", "pick": 2}, at=2)
    before = copy.deepcopy(d.events)
    assert [e for e in before if e["type"] == "summary"]
    for log in [
        d.view(0)["log"],
        d.view(None)["log"],
        d.log_for(1),
        d.log_for(None, reveal=True),
        d.full_view()["log"],
    ]:
        assert [e for e in log if e["type"] == "summary" and e["detail"]["by_seat"]]
        for ev in log:
            _refuses_changes_at_every_depth(ev)
    assert d.events == before


def _refuses_changes_at_every_depth(ev):
    """Every dict and list inside a log entry is read-only (FrozenEvent, FrozenList)."""
    inner = list(_nested_values(ev))
    assert type(inner[0]) is FrozenEvent
    for value in inner:
        assert type(value) in (FrozenEvent, FrozenList), type(value)
        with pytest.raises(TypeError, match="read-only"):
            value.clear()


def test_brady_view_logs_share_nothing_with_the_engine():
    """Brady's events hold nested dicts and lists (roles, signs, scores)."""
    g = games()["brady_bunch"](5, 2)
    rng = random.Random(2)
    while not g.over:
        s = rng.choice(g.to_act)
        g.act(s, rng.choice(g.legal_actions(s)))
    nested = [
        ev
        for ev in g.events
        if any(
            type(v) is dict or (type(v) is list and any(isinstance(x, (list, dict)) for x in v)) for v in ev.values()
        )
    ]
    assert nested, "no event with nested values: this test would prove nothing"
    before = copy.deepcopy(g.events)
    for seat in [None, *range(g.players)]:
        for ev in g.view(seat)["log"]:
            _refuses_changes_at_every_depth(ev)
    assert g.events == before


def test_check_view_snapshot_catches_a_log_that_shares_nested_values():
    from brady_widgets.testing import ConformanceError, check_view_snapshot

    good, bad = NestedDuel(2, 0), SharedLogDuel(2, 0)
    for g in (good, bad):
        g.act(0, {"type": "commit", "pick": 1}, at=1)
        g.act(1, {"type": "commit", "pick": 2}, at=2)
    check_view_snapshot(good)
    with pytest.raises(ConformanceError, match="shares objects with the engine"):
        check_view_snapshot(bad)


def test_check_game_runs_the_snapshot_check():
    """check_game itself (not just a test calling check_view_snapshot) catches it."""
    from brady_widgets.testing import ConformanceError

    report = check_game(NestedDuel, 2, seed=1, clock=Ticker(), leak_every=2, bots={})
    assert report.over
    with pytest.raises(ConformanceError, match="shares objects with the engine"):
        check_game(SharedLogDuel, 2, seed=1, clock=Ticker(), leak_every=2, bots={})


# ================================================================== from_json
GAMES = sorted(games().items())


def _saved(cls, steps=12, seed=3):
    """A saved game mid-way (chance outcomes and player actions in its history)."""
    players = 4 if 4 in cls.player_counts else cls.player_counts.start
    g = cls(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        random_step(g, rng)  # a real-time game: actions at random times, and clock steps
    return g


def _edit(fn):
    """A case that edits the parsed document, then dumps it again."""

    def make(text):
        data = json.loads(text)
        fn(data)
        return json.dumps(data)

    return make


def _set(path, value):
    def fn(data):
        *parents, last = path
        target = data
        for key in parents:
            target = target[key]
        target[last] = value

    return _edit(fn)


def _drop(key):
    return _edit(lambda data: data.pop(key))


def _first_action(data):
    return next(h for h in data["history"] if h["seat"] != "chance")


def _first_chance(data):
    """The first chance outcome of the history; a game that draws none during play
    (Brouhaha deals at set-up) gets one put first, which no replay can accept."""
    found = next((h for h in data["history"] if h["seat"] == "chance"), None)
    if found is None:
        found = {"seat": "chance", "kind": "die", "outcome": 1}
        data["history"].insert(0, found)
    return found


def _words(fn):
    return _edit(lambda data: fn(data["rng"][1]))


MALFORMED_DOCS = [
    ("not JSON", lambda t: "{not json"),
    ("empty text", lambda t: ""),
    ("truncated", lambda t: t[: len(t) // 2]),
    ("not text", lambda t: None),
    ("bad bytes", lambda t: b"\xff\xfe\x00"),
    ("deeply nested", lambda t: "[" * 100_000 + "]" * 100_000),
    ("a list", lambda t: "[]"),
    ("null", lambda t: "null"),
    ("a number", lambda t: "3"),
    ("a string", lambda t: '"game"'),
    *[(f"missing {key}", _drop(key)) for key in ("game", "players", "seed", "options", "deal", "history", "rng")],
    ("another game", _set(["game"], "chess")),
    ("game not a string", _set(["game"], ["costume_party"])),
    ("players a string", _set(["players"], "4")),
    ("players a float", _set(["players"], 4.0)),
    ("players a bool", _set(["players"], True)),
    ("players null", _set(["players"], None)),
    ("players out of range", _set(["players"], 99)),
    ("seed null", _set(["seed"], None)),
    ("seed a string", _set(["seed"], "3")),
    ("seed a float", _set(["seed"], 3.5)),
    ("seed a bool", _set(["seed"], False)),
    ("options a list", _set(["options"], [])),
    ("options null", _set(["options"], None)),
    ("options unknown", _edit(lambda d: d["options"].update(colour="red"))),
    ("deal null", _set(["deal"], None)),
    ("deal a list", _set(["deal"], [])),
    ("deal empty", _set(["deal"], {})),
    ("history an object", _set(["history"], {})),
    ("history null", _set(["history"], None)),
    ("entry a number", _edit(lambda d: d["history"].insert(0, 3))),
    ("entry a list", _edit(lambda d: d["history"].insert(0, [0, {"type": "roll"}]))),
    ("entry null", _edit(lambda d: d["history"].insert(0, None))),
    ("entry empty", _edit(lambda d: d["history"].insert(0, {}))),
    ("entry without action", _edit(lambda d: _first_action(d).pop("action"))),
    ("entry without seat", _edit(lambda d: _first_action(d).pop("seat"))),
    ("action a string", _edit(lambda d: _first_action(d).update(action="roll"))),
    ("action null", _edit(lambda d: _first_action(d).update(action=None))),
    ("seat a string", _edit(lambda d: _first_action(d).update(seat="0"))),
    ("seat a bool", _edit(lambda d: _first_action(d).update(seat=False))),
    ("seat a float", _edit(lambda d: _first_action(d).update(seat=0.0))),
    ("seat out of range", _edit(lambda d: _first_action(d).update(seat=99))),
    ("entry with a stray key", _edit(lambda d: _first_action(d).update(extra=1))),
    ("action unknown", _edit(lambda d: _first_action(d).update(action={"type": "dance"}))),
    (
        "action not legal",
        _edit(lambda d: d["history"].insert(0, {"seat": 0, "action": _first_action(d)["action"] | {"zz": 1}})),
    ),
    ("bad at", _edit(lambda d: _first_action(d).update(at=-5))),
    ("chance without outcome", _edit(lambda d: _first_chance(d).pop("outcome"))),
    ("chance without kind", _edit(lambda d: _first_chance(d).pop("kind"))),
    ("chance kind a number", _edit(lambda d: _first_chance(d).update(kind=3))),
    ("chance outcome impossible", _edit(lambda d: _first_chance(d).update(outcome="no such outcome"))),
    ("chance outcome a list", _edit(lambda d: _first_chance(d).update(outcome=[1, 2]))),
    ("extra chance outcome", _edit(lambda d: d["history"].append(dict(_first_chance(d))))),
    ("rng null", _set(["rng"], None)),
    ("rng empty", _set(["rng"], [])),
    ("rng short", _edit(lambda d: d["rng"].pop())),
    ("rng version 2", _set(["rng", 0], 2)),
    ("rng version a string", _set(["rng", 0], "3")),
    ("rng state null", _set(["rng", 1], None)),
    ("rng state short", _words(lambda w: w.pop(0))),
    ("rng state long", _words(lambda w: w.append(0))),
    ("rng word negative", _words(lambda w: w.__setitem__(5, -1))),
    ("rng word 2**32", _words(lambda w: w.__setitem__(5, 2**32))),
    ("rng word huge", _words(lambda w: w.__setitem__(5, 10**30))),
    ("rng word a float", _words(lambda w: w.__setitem__(5, 1.0))),
    ("rng word a string", _words(lambda w: w.__setitem__(5, "7"))),
    ("rng word a bool", _words(lambda w: w.__setitem__(5, True))),
    ("rng position 625", _words(lambda w: w.__setitem__(624, 625))),
    ("rng position negative", _words(lambda w: w.__setitem__(624, -1))),
    ("rng all zero", _words(lambda w: w.__setitem__(slice(0, 624), [0] * 624))),
    ("rng all zero, position 0", _words(lambda w: w.__setitem__(slice(0, 625), [0] * 625))),
    ("rng zero but low bits of word 0", _words(lambda w: w.__setitem__(slice(0, 624), [0x7FFFFFFF] + [0] * 623))),
    ("rng gauss a string", _set(["rng", 2], "0.5")),
    ("rng gauss a list", _set(["rng", 2], [0.5])),
    ("rng gauss NaN", _set(["rng", 2], float("nan"))),  # json.dumps writes NaN, json.loads reads it
    ("rng gauss Infinity", _set(["rng", 2], float("inf"))),
]


@pytest.mark.parametrize("name,cls", GAMES, ids=[n for n, _ in GAMES])
@pytest.mark.parametrize("label,make", MALFORMED_DOCS, ids=[m[0] for m in MALFORMED_DOCS])
def test_from_json_refuses_every_malformed_document_with_a_value_error(name, cls, label, make):
    text = _saved(cls).to_json()
    bad = make(text)
    assert bad != text
    with pytest.raises(ValueError) as info:
        cls.from_json(bad)
    message = str(info.value)
    assert message and len(message) <= 1000, (label, message[:200])
    assert "Traceback" not in message


@pytest.mark.parametrize("name,cls", GAMES, ids=[n for n, _ in GAMES])
def test_from_json_messages_name_the_problem(name, cls):
    text = _saved(cls).to_json()
    named = {
        "not JSON": "not JSON",
        "a list": "JSON object",
        "missing seed": "'seed'",
        "seed null": "'seed' must be an int",
        "players a string": "'players' must be an int",
        "options a list": "'options'",
        "history an object": "'history'",
        "entry a number": "history entry 0",
        "seat a string": "history entry",
        "chance without outcome": "chance outcome",
        "rng word 2**32": "2**32",
        "rng all zero": "all-zero",
        "rng gauss NaN": "gauss",
        "options unknown": "does not replay",
        "another game": "'chess'",
    }
    makers = dict(MALFORMED_DOCS)
    for label, needle in named.items():
        with pytest.raises(ValueError, match=re.escape(needle)):
            cls.from_json(makers[label](text))


@pytest.mark.parametrize("name,cls", GAMES, ids=[n for n, _ in GAMES])
def test_a_good_document_still_round_trips_exactly(name, cls):
    for steps in (0, 12, 10_000):
        g = _saved(cls, steps=steps)
        text = g.to_json()
        copy_ = cls.from_json(text)
        assert copy_.to_json() == text and copy_.events == g.events and copy_.rng.getstate() == g.rng.getstate()
        assert all(copy_.view(s) == g.view(s) for s in [None, *range(g.players)])
    # a legal, non-degenerate state that is not the game's own still loads (only the
    # all-zero one is refused): word 0's top bit set, the rest zero
    data = json.loads(text)
    data["rng"][1][:624] = [0x80000000] + [0] * 623
    assert cls.from_json(json.dumps(data)).rng.getstate()[1][0] == 0x80000000


@pytest.mark.parametrize("name,cls", GAMES, ids=[n for n, _ in GAMES])
def test_a_loaded_game_can_end(name, cls):
    """Whatever document from_json accepts plays on to the end (the all-zero RNG
    state, refused above, made a Costume Party die that only shows blue)."""
    for seed in range(3):
        g = cls.from_json(_saved(cls, seed=seed).to_json())
        random_playout(g, rng=seed, invariants=False, max_actions=3000)
        assert g.over


def test_the_kit_checks_log_since_against_log_for():
    """check_log_current fails a game whose log_since hands out other entries than log_for
    from the cursor on, or a wrong next cursor; it passes the kernel's own."""
    d = duel(3)
    d.act(2, {"type": "commit", "pick": 0}, at=10)
    check_log_current(d)
    real = d.log_since
    for broken in (
        lambda seat, cursor=0, reveal=False: (real(seat, cursor, reveal)[0], cursor),  # cursor stuck
        lambda seat, cursor=0, reveal=False: (d.log_for(seat, reveal)[:cursor], len(d.log_for(seat, reveal))),
        lambda seat, cursor=0, reveal=False: (real(seat, cursor, reveal)[0][1:], real(seat)[1]),  # one short
    ):
        d.log_since = broken
        with pytest.raises(AssertionError, match="log_since"):
            check_log_current(d)
    del d.log_since
    check_log_current(d)


class _IntLike(int):
    """An int subclass: the schema's slow path takes it, the one-pass path must not."""


@pytest.mark.parametrize("name", ["costume_party", "brady_bunch"])
def test_the_one_pass_turn_check_accepts_only_what_validate_accepts(name):
    """act's one pass for a turn-based game (Game._accepts_turn) is a shortcut, never a
    different judge: along random games, for every seat, every legal action, look-alikes
    (a plain copy, a key too many or too few, a bool or an int subclass for an int, an
    unknown type) and other seats' actions, it says yes only where _validate accepts, and
    act refuses exactly what check() refuses, with the same code and message."""
    cls = load_game(name)
    assert cls._one_pass_turn  # act takes the one pass for these games
    rng = random.Random(5)
    yes = checked = 0
    for players in (cls.player_counts[0], cls.player_counts[-1]):
        game = cls(players, 3)
        while not game.over and len(game.history) < 120:
            seat_now = rng.choice(game.to_act)
            for seat in range(players):
                legal = game.legal_actions(seat_now)
                probes = [*legal[:4], *(dict(a) for a in legal[:4])]
                for a in legal[:3]:
                    probes.append({**a, "extra": 1})
                    probes.append({k: v for k, v in a.items() if k == "type"})
                    probes.append({"type": "no such type"})
                    for key, value in a.items():
                        if type(value) is int:
                            probes.append({**a, key: _IntLike(value)})
                            probes.append({**a, key: bool(value)})
                for action in probes:
                    try:
                        game.check(seat, action)
                        accepted = True
                    except IllegalAction:
                        accepted = False
                    if game._accepts_turn(seat, action):
                        assert accepted, (seat, action)
                        yes += 1
                    checked += 1
            refusals = [(seat_now, {"type": "no such type"})]
            refusals += [(s, a) for s in range(players) for a in game.legal_actions(seat_now)[:2]]
            for seat, action in refusals:
                try:
                    game.check(seat, action)
                    continue  # legal for that seat too (a simultaneous phase)
                except IllegalAction as exc:
                    want = (exc.code, str(exc))
                before = game.to_json()
                with pytest.raises(IllegalAction) as via_act:
                    game.act(seat, action)
                assert (via_act.value.code, str(via_act.value)) == want
                assert game.to_json() == before
            game.act(seat_now, rng.choice(game.legal_actions(seat_now)))
    assert yes > 100 and checked > yes


def test_a_legal_list_refuses_changes_with_its_own_words_and_copies_plain():
    """:class:`LegalList` (a game's kept legal list, handed out shared) refuses every
    change, saying it is a legal list (not a log entry, as a FrozenList inside an event
    says), and copies, deep copies and pickles as plain lists."""
    import pickle

    action = FrozenAction({"type": "play", "card": 3})
    legal = LegalList([action])
    for change in (lambda: legal.append(action), lambda: legal.pop(), lambda: legal.__setitem__(0, {}),
                   lambda: legal.__iadd__([action]), lambda: legal.clear(), lambda: legal.sort()):  # fmt: skip
        with pytest.raises(TypeError, match=r"legal actions are read-only .*list\(legal\)"):
            change()
    assert legal == [{"type": "play", "card": 3}]
    with pytest.raises(TypeError, match=r"this part of a view is read-only .*copy.deepcopy"):
        FrozenList([1]).append(2)
    for plain in (copy.copy(legal), copy.deepcopy(legal), pickle.loads(pickle.dumps(legal)), list(legal)):
        assert type(plain) is list and plain == legal
        plain.append(action)  # a copy is the caller's own
    assert type(copy.deepcopy(legal)[0]) is dict and len(legal) == 1
