"""The rest of the public Python API answers a wrong kind of argument in words.

``tests/test_lesson_arguments.py`` fuzzes the lesson helpers; this file runs the same fuzz
(:func:`test_lesson_arguments.wrong_kinds`, imported, not copied) over the public functions
students and teachers call beside them: ``simulate``, Brady's ``classify``, the class export's
readers, the Brouhaha decision lesson's building blocks, the odds and fast functions the
notebooks do not call and the explorers' building blocks. Every public
function of ``API_MODULES`` (and each name of ``API_FUNCTIONS``) has a valid call in ``VALID``
or a reason in ``NOT_FUZZED``.
"""

from __future__ import annotations

import importlib
from fractions import Fraction

import pytest

from test_lesson_arguments import VALID as LESSON_VALID
from test_lesson_arguments import _ax, _brady_end_view, _call, _export, defined_functions, wrong_kinds

#: modules whose every public function is fuzzed (or has a reason not to be)
API_MODULES = [
    "brady_widgets.simulation",
    "brady_widgets.explorers",
    "brady_widgets.rooms.export",
    "brady_widgets.brouhaha.decisions",
    "brady_widgets.big_brother.odds",
    "brady_widgets.brady_bunch.odds",
    "brady_widgets.brady_bunch.fast",
    "brady_widgets.brouhaha.odds",
    "brady_widgets.brouhaha.positions",
    "brady_widgets.total_black.positions",
    "brady_widgets.costume_party.positions",
    "brady_widgets.brady_bunch.positions",
    "brady_widgets.big_brother.positions",
]
#: single functions of modules whose other functions are not public API
API_FUNCTIONS = [
    "brady_widgets.brady_bunch.rules:classify",
]


def api_functions() -> dict[str, object]:
    out = defined_functions(API_MODULES)
    for key in API_FUNCTIONS:
        m, name = key.split(":")
        out[key] = getattr(importlib.import_module(m), name)
    # what the lessons' fuzz already covers (the odds and fast functions the notebooks call)
    return {key: fn for key, fn in out.items() if key not in LESSON_VALID}


def _brouhaha_view():
    from brady_widgets.brouhaha.positions import played_card

    return played_card().view(0)


def _brouhaha_game():
    from brady_widgets.brouhaha.rules import Brouhaha

    return Brouhaha(4, 1)


def _costume_game():
    from brady_widgets.costume_party.rules import CostumeParty

    return CostumeParty(4, 1)


def _brady_start():
    from brady_widgets.brady_bunch.rules import BradyBunch

    return BradyBunch(4, 1)


def _bb_start():
    from brady_widgets.big_brother.positions import start

    return start()


def _bb_rolled():
    from brady_widgets.big_brother.positions import rolled

    return rolled()


def _points():
    from brady_widgets.brouhaha.decisions import decision_points

    return decision_points(3, seed=1)


def _threshold_rows():
    from brady_widgets.brouhaha.decisions import compare_thresholds

    return compare_thresholds(_points(), [Fraction(1, 2), 1])


def _slider():
    import ipywidgets as W

    return W.IntSlider(value=2, min=1, max=5)


def _fig():
    import matplotlib.pyplot as plt

    return plt.subplots()[0]


def _output():
    import ipywidgets as W

    return W.Output()


def _track():
    from brady_widgets.big_brother.content import DEFAULT_TRACK

    return list(DEFAULT_TRACK)


VALID = {
    # simulate, small
    "brady_widgets.simulation:simulate": _call(
        "costume_party", 4, "random", games=2, seed=1, executor=False, progress=False, chunksize=1
    ),
    # Brady's roles from final scores
    "brady_widgets.brady_bunch.rules:classify": lambda: (
        ({"Greg": 30, "Peter": 25, "Jan": 20, "Cindy": 10},),
        {"players": 4},
    ),
    # the class export's readers
    "brady_widgets.rooms.export:load": _call(_export()),
    "brady_widgets.rooms.export:histories": _call(_export()),
    # the slap decision lesson
    "brady_widgets.brouhaha.decisions:slap_loss": _call(True, 2, 1),
    "brady_widgets.brouhaha.decisions:slap_value": _call(Fraction(1, 3), True, 2, 1),
    "brady_widgets.brouhaha.decisions:wait_value": _call(),
    "brady_widgets.brouhaha.decisions:break_even": _call(True, 2, 1),
    "brady_widgets.brouhaha.decisions:threshold_bot": _call(Fraction(1, 2)),
    "brady_widgets.brouhaha.decisions:random_position": _call(4, 1),
    "brady_widgets.brouhaha.decisions:decision_points": _call(2, 4, 1, False),
    "brady_widgets.brouhaha.decisions:compare_thresholds": lambda: (
        (_points(), [Fraction(1, 2), 1]),
        {"bang": True, "reserve": 2},
    ),
    "brady_widgets.brouhaha.decisions:print_rows": lambda: ((_threshold_rows(),), {}),
    "brady_widgets.brouhaha.decisions:plot_thresholds": lambda: (
        ({"rule": _threshold_rows()},),
        {"ax": _ax(), "title": "t"},
    ),
    # Big Brother's track odds
    "brady_widgets.big_brother.odds:landing_odds": lambda: ((_track(), 3), {}),
    "brady_widgets.big_brother.odds:end_odds": lambda: ((_track(), 3), {}),
    "brady_widgets.big_brother.odds:expected_rolls": lambda: ((_track(), 3), {}),
    "brady_widgets.big_brother.odds:odds_strings": lambda: ((_track(), 3), {}),
    "brady_widgets.big_brother.odds:simulate_landing": lambda: ((_track(), 3, 50), {"seed": 1}),
    # Brady's odds beside the lessons'
    "brady_widgets.brady_bunch.odds:independent_odds": lambda: ((_brady_end_view(),), {"trust": Fraction(7, 10)}),
    "brady_widgets.brady_bunch.odds:sampled_odds": lambda: ((_brady_end_view(),), {"samples": 50, "seed": 1}),
    "brady_widgets.brady_bunch.odds:sampled_odds_with_error": lambda: (
        (_brady_end_view(),),
        {"samples": 50, "seed": 1},
    ),
    "brady_widgets.brady_bunch.odds:highest_odds_with_error": lambda: (
        (_brady_end_view(),),
        {"samples": 50, "seed": 1},
    ),
    "brady_widgets.brady_bunch.odds:panel": lambda: ((_brady_end_view(),), {"samples": 50, "seed": 1, "digits": 3}),
    # Brouhaha's cries
    "brady_widgets.brouhaha.odds:cry_of": _call("cow", "shared"),
    "brady_widgets.brouhaha.odds:species_of_cry": _call("moo", "shared"),
    "brady_widgets.brouhaha.odds:box_counts": _call(),
    "brady_widgets.brouhaha.odds:unseen_pool": lambda: ((_brouhaha_view(),), {}),
    # the positions of the lessons and the tests
    "brady_widgets.total_black.positions:after_rounds": _call(8, 1, rounds=1, holds=False),
    "brady_widgets.total_black.positions:stranger_held": _call(8, 0),
    "brady_widgets.brouhaha.positions:PLAY": _call("cow"),
    "brady_widgets.brouhaha.positions:HUNT": _call(1),
    "brady_widgets.brouhaha.positions:deal_with": _call(4, {0: ["cow"], 1: ["cow"]}, None),
    "brady_widgets.brouhaha.positions:run": lambda: ((_brouhaha_game(), [("adv", 100)]), {}),
    "brady_widgets.brouhaha.positions:played_card": _call(),
    "brady_widgets.brouhaha.positions:slap_race": _call(),
    "brady_widgets.brouhaha.positions:mismatch_reveal": _call(),
    "brady_widgets.brouhaha.positions:pass_phase": _call(),
    "brady_widgets.brouhaha.positions:hunt_window": _call(),
    "brady_widgets.brouhaha.positions:two_hunters": _call(cancelled=False),
    "brady_widgets.brouhaha.positions:near_end": _call(),
    "brady_widgets.costume_party.positions:make_deal": _call(
        4, rooms={"hall": [0, 1]}, others="blue", secrets=[0, 1, 2, 3], deck=[5, 6], seed=1
    ),
    "brady_widgets.costume_party.positions:play": lambda: ((_costume_game(), ["roll:black"]), {}),
    "brady_widgets.costume_party.positions:position": _call(
        4, rooms={"hall": [0, 1]}, others="blue", steps=["roll:black"], seed=1
    ),
    "brady_widgets.brady_bunch.positions:brady_deal": _call(4, hands={"Greg": [2, 3, 6]}, deck=[4, 4], seed=1),
    "brady_widgets.brady_bunch.positions:brady_play": lambda: ((_brady_start(), []), {}),
    "brady_widgets.brady_bunch.positions:brady_position": _call(
        4, hands={"Greg": [2, 3, 6]}, deck=[4, 4], steps=[], seed=1
    ),
    "brady_widgets.big_brother.positions:space_of": _call("Garden"),
    "brady_widgets.big_brother.positions:start": _call(5, 7),
    "brady_widgets.big_brother.positions:act": lambda: ((_bb_start(), 0, {"type": "roll"}), {}),
    "brady_widgets.big_brother.positions:forced": lambda: ((_bb_start(), 0, {"type": "roll"}, ("dice", [3, 4])), {}),
    "brady_widgets.big_brother.positions:roll": lambda: ((_bb_start(), 3, 4), {}),
    "brady_widgets.big_brother.positions:dice_for": _call(7),
    "brady_widgets.big_brother.positions:roll_to": lambda: ((_bb_start(), 7), {}),
    "brady_widgets.big_brother.positions:vote_all": lambda: (
        (_bb_rolled(),),
        {"choice": {1: 2}, "likes": {0: [1, 2]}, "skip": ()},
    ),
    "brady_widgets.big_brother.positions:nearest_confrontation": lambda: ((_bb_start(),), {}),
    "brady_widgets.big_brother.positions:quick_turn": lambda: (
        (_bb_start(),),
        {"choice": {1: 2}, "likes": {0: [1, 2]}},
    ),
    "brady_widgets.big_brother.positions:rolled": _call(3, 4),
    "brady_widgets.big_brother.positions:room": _call("Kitchen", ()),
    "brady_widgets.big_brother.positions:gossip_pick": _call(),
    "brady_widgets.big_brother.positions:gossip_countdown": _call(1, "+", (3, 5)),
    "brady_widgets.big_brother.positions:camera_card": _call(),
    "brady_widgets.big_brother.positions:camera_claim": _call(),
    "brady_widgets.big_brother.positions:confrontation": _call(),
    "brady_widgets.big_brother.positions:nominations": _call(),
    "brady_widgets.big_brother.positions:eviction": _call(),
    "brady_widgets.big_brother.positions:after_eviction": _call(),
    "brady_widgets.big_brother.positions:the_return": _call(),
    "brady_widgets.big_brother.positions:final_vote": _call((2, 3)),
    # the explorers' building blocks
    "brady_widgets.explorers:show_in": lambda: ((_output(), _fig()), {}),
    "brady_widgets.explorers:say_in": lambda: ((_output(), "a sentence"), {}),
    "brady_widgets.explorers:box": lambda: (([_slider()], "a box"), {}),
    "brady_widgets.explorers:explorer": lambda: ((_slider(), lambda ax, v: v, "an explorer"), {"figsize": (3, 2)}),
}

#: public functions not fuzzed, and why
NOT_FUZZED = {
    "brady_widgets.simulation:play_one": "simulate's worker, called once per game: its arguments are simulate's, checked at its entry",
    "brady_widgets.simulation:game_seed": "called once per game by play_one (a check there is inside the run's loop)",
    "brady_widgets.simulation:seed_sequence_state": "called once per game through game_seed (inside the run's loop)",
    "brady_widgets.rooms.export:read_db": "the rooms CLI's reader of its own database (brady-widgets rooms export)",
    "brady_widgets.rooms.export:rows_of_rooms": "the rooms server's own call, on its live Rooms",
    "brady_widgets.rooms.export:export_csv": "the server's and CLI's writer, fed by read_db or rows_of_rooms",
    "brady_widgets.rooms.export:export_zip": "the server's and CLI's writer, fed by read_db or rows_of_rooms",
    "brady_widgets.rooms.export:write_dir": "the server's and CLI's writer, fed by read_db or rows_of_rooms",
    "brady_widgets.big_brother.odds:landing_shown": "the odds panel's cached table, called per view with the engine's own track",
    "brady_widgets.brady_bunch.odds:exact_cost": "takes knowledge.position(view), a step inside the odds functions",
    "brady_widgets.brady_bunch.odds:TRUST": "a spec (progress.checks), not a function to call",
    "brady_widgets.brady_bunch.fast:view_totals": "takes knowledge.position(view), a step inside highest_odds",
    "brady_widgets.explorers:checked_start": "a check itself: its errors name the lesson's argument it checks (name), not value; the lessons' fuzz runs it",
    "brady_widgets.brady_bunch.fast:estimate_highest": "takes view_totals' arrays, a step inside highest_odds",
}

#: the arguments a helper is meant to change: the game a position helper plays on
CHANGES = {
    f"brady_widgets.big_brother.positions:{name}": ("game",)
    for name in ("act", "forced", "roll", "roll_to", "vote_all", "quick_turn")
} | {
    "brady_widgets.brouhaha.positions:run": ("game",),
    "brady_widgets.costume_party.positions:play": ("game",),
    "brady_widgets.brady_bunch.positions:brady_play": ("game",),
}

FUNCTIONS = api_functions()


def test_every_public_api_function_has_a_valid_call_or_a_reason():
    assert "brady_widgets.brady_bunch.odds:highest_odds" in LESSON_VALID  # not fuzzed twice
    missing = sorted(set(FUNCTIONS) - set(VALID) - set(NOT_FUZZED))
    assert not missing, f"give these a valid call in VALID (or a reason in NOT_FUZZED): {missing}"
    assert not sorted(set(VALID) - set(FUNCTIONS)), "VALID names a function that is gone"


@pytest.mark.parametrize("key", sorted(VALID))
def test_a_wrong_kind_of_argument_is_answered_in_words(key, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a function that writes a file named by its wrong text "x" writes it here
    problems = wrong_kinds(key, FUNCTIONS[key], VALID[key], changes=CHANGES.get(key, ()))
    assert not problems, f"{key}:\n  " + "\n  ".join(problems)
