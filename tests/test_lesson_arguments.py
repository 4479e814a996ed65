"""Every public lesson helper answers a wrong kind of argument in the game's words.

A fuzz over the lesson-facing modules (``LESSON_MODULES``, plus every name the notebooks import
from them): every public function is found by ``inspect`` and called with one valid call of its
own (``VALID``, small counts), then argument by argument with a wrong kind of value in that
argument's place (``WRONG``: None, a list, a text, a dict, NaN, inf, -1, a bool, a huge int),
the other arguments kept valid. It must either return (a value every call takes) or raise a
TypeError or ValueError (the project's typed errors are ValueError subclasses) whose message
names the argument and says in a plain sentence what it must be: never Python's own words
("NoneType", "object is not iterable", a bare KeyError or AttributeError). And nothing the
caller passed in is changed, whatever happened.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import importlib
import inspect
import io
import json
import math
import re
import signal
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt

ROOT = Path(__file__).resolve().parents[1]

#: modules whose every public function is a lesson helper
WHOLE_MODULES = [
    "brady_widgets.big_brother.lesson",
    "brady_widgets.brady_bunch.lesson",
    "brady_widgets.brouhaha.lesson",
    "brady_widgets.costume_party.lesson",
    "brady_widgets.costume_party.calibration",
    "brady_widgets.brouhaha.classdata",
    "brady_widgets.brady_bunch.exercises",
    "brady_widgets.exercises",
    "brady_widgets.big_brother.exercises",
    "brady_widgets.brouhaha.exercises",
    "brady_widgets.costume_party.exercises_lessons",
    "brady_widgets.costume_party.exercises_tutorial",
]
#: the odds and fast modules are play's own code too (the odds panels, the bots): of these, the
#: functions the notebooks call, and those ``VALID`` names beside them
LESSON_MODULES = WHOLE_MODULES + [
    "brady_widgets.brady_bunch.fast",
    "brady_widgets.costume_party.fast",
    "brady_widgets.total_black.odds",
    "brady_widgets.costume_party.odds",
    "brady_widgets.brouhaha.odds",
    "brady_widgets.big_brother.odds",
    "brady_widgets.brady_bunch.odds",
]

NAN, INF = float("nan"), float("inf")
WRONG = [None, [], "x", {}, NAN, INF, -1, True, 10**30]

#: Python's words, never a student's: a message holding one of these is a failure
PYTHON_WORDS = re.compile(
    r"NoneType|object is not|not iterable|not subscriptable|has no attribute|unsupported operand|"
    r"unhashable|takes \d+ positional|got an unexpected|must be real number, not|list indices|"
    r"'(int|float|str|list|dict|tuple|bool)' object"
)


# (The shared checks, ``progress`` and ``explorers``, are the lessons' own tools: every call here
# runs them; their own words are tested at the end.)


def _notebook_calls() -> set[tuple[str, str]]:
    """(module, name) for every name a notebook imports from a lesson-facing module, and every
    ``alias.name(`` it calls on such a module imported whole (``from ...costume_party import
    calibration as cal``)."""
    found = set()
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text())["cells"]
        sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        source = "\n".join(sources)
        aliases = {}
        for cell in sources:
            try:
                tree = ast.parse(cell)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("brady_widgets"):
                    for a in node.names:
                        if node.module in LESSON_MODULES:
                            found.add((node.module, a.name))
                        elif f"{node.module}.{a.name}" in LESSON_MODULES:
                            aliases[a.asname or a.name] = f"{node.module}.{a.name}"
        for alias, module in aliases.items():
            for name in re.findall(rf"\b{alias}\.([a-z]\w*)\(", source):
                found.add((module, name))
    return found


def defined_functions(modules) -> dict[str, object]:
    """``"module:name"`` -> function, for every public function each of ``modules`` defines
    itself (not one it imports)."""
    out = {}
    for m in modules:
        mod = importlib.import_module(m)
        for name, obj in vars(mod).items():
            if not name.startswith("_") and inspect.isfunction(obj) and obj.__module__ == m and obj.__name__ == name:
                out[f"{m}:{name}"] = obj
    return out


def public_functions() -> dict[str, object]:
    """``"module:name"`` -> function, for every public function a whole lesson module defines
    and every function the notebooks import or call from a lesson-facing module."""
    out = defined_functions(WHOLE_MODULES)
    for m, name in _notebook_calls():
        obj = getattr(importlib.import_module(m), name, None)
        if callable(obj) and not inspect.isclass(obj):  # a function, or one behind functools.cache
            out[f"{m}:{name}"] = obj
    for key in VALID:  # and the odds the lessons and this brief name beside them
        m, name = key.split(":")
        obj = getattr(importlib.import_module(m), name, None)
        if inspect.isfunction(obj):
            out[key] = obj
    return out


# ---------------------------------------------------------------- valid calls (small counts)
def _ax():
    return plt.subplots()[1]


@cache
def _bb_rows():
    from brady_widgets.big_brother import lesson

    return lesson.bloc_experiment(5, 2, seed=1), lesson.bloc_experiment(5, 2, bloc=(1, 3), seed=1)


def _bb_game():
    from brady_widgets.big_brother import lesson

    return lesson.play_game(5, seed=1, bloc=(1, 3))


def _rows(i=0):
    return copy.deepcopy(_bb_rows()[i])


def _brady_game():
    from brady_widgets.brady_bunch.positions import brady_position

    hands = {"Greg": [2, 3, 6], "Peter": [1, 5, 6], "Jan": [2, 3, 4]}
    return brady_position(
        4, hands=hands, deck=[4, 4, 5, 3, 1, 1, 2, 2, 6, 6, 5, 5], kids=["Greg", "Peter", "Jan"], seed=0
    )


@cache
def _brady_end_view():
    from brady_widgets.brady_bunch import lesson

    return lesson.end_position().view(0)


def _costume_view():
    from brady_widgets.costume_party import lesson

    return lesson.first_clue().view(0)


@cache
def _forecasts():
    from brady_widgets.costume_party import calibration

    return calibration.record_forecasts(2, seed=0)


def _export():
    return str(ROOT / "notebooks" / "data" / "class_export")


def _call(*args, **kwargs):
    return lambda: (args, kwargs)


def _valid() -> dict:
    from brady_widgets.big_brother import positions as BBP
    from brady_widgets.brady_bunch import lesson as BL
    from brady_widgets.brouhaha import positions as BRP
    from brady_widgets.costume_party import calibration as CAL
    from brady_widgets.costume_party import lesson as CL

    bb, br, cp, bp = (
        "brady_widgets.big_brother.lesson:",
        "brady_widgets.brady_bunch.lesson:",
        "brady_widgets.brouhaha.lesson:",
        "brady_widgets.costume_party.lesson:",
    )
    deck = Counter({"cow": 2, "yak": 2, "bison": 2})
    v = {
        # Big Brother
        bb + "show": lambda: ((BBP.start(),), {}),
        bb + "log": lambda: ((BBP.start(),), {"seat": 0, "last": 2}),
        bb + "moment": lambda: ((BBP.eviction(),), {"kind": "nominated"}),
        bb + "kinds": _call(),
        bb + "names": _call(),
        bb + "two_dice": _call(),
        bb + "roll_sums": _call(50, seed=1),
        bb + "frequencies": lambda: ((np.array([2, 3, 3]), [2, 3]), {}),
        bb + "two_se": _call(0.5, 100),
        bb + "chain_matrix": _call(),
        bb + "chain_array": _call(),
        bb + "after_rolls": _call(7, 2),
        bb + "turn_over_by": _call(7, 2),
        bb + "end_exact": _call(7),
        bb + "landing_exact": _call(7),
        bb + "expected_rolls": _call(7),
        bb + "simulate_turns": _call(7, 20, seed=1),
        bb + "compare": _call([Fraction(1, 2), Fraction(1, 2)], [0.5, 0.5], 10),
        bb + "plot_two_dice": lambda: ((_ax(),), {}),
        bb + "plot_board": lambda: ((_ax(), [Fraction(1, 32)] * 32), {}),
        bb + "plot_chain": lambda: ((_ax(),), {}),
        bb + "plot_after_rolls": lambda: ((_ax(), 7), {"rolls": 2}),
        bb + "end_explorer": _call(7),
        bb + "play_game": _call(5, seed=1),
        bb + "bloc_experiment": _call(5, 1, seed=1),
        bb + "share": lambda: ((_rows(), lambda r: r["winner"] == 1), {}),
        bb + "bloc_summary": lambda: ((_rows(), (1, 3)), {}),
        bb + "fair_share": _call((1, 3), 5),
        bb + "seat_shares": lambda: ((_rows(), 5), {}),
        bb + "plot_seat_shares": lambda: ((_ax(), {"none": _rows()}, 5), {}),
        bb + "plot_affinities": lambda: ((_ax(), _bb_game()[1]), {"bloc": (1, 3)}),
        bb + "plot_affinity_history": lambda: ((_ax(), _bb_game()[1][1]), {}),
        bb + "difference": _call({"share": 0.5, "two_se": 0.1}, {"share": 0.4, "two_se": 0.1}),
        bb + "paired": lambda: ((_rows(0), _rows(1), (1, 3)), {}),
        bb + "print_paired": lambda: ((bb_paired(),), {}),
        bb + "rows_outside": _call(3),
        bb + "print_rows_outside": _call(3),
        bb + "payoffs": lambda: ((_rows(), 1), {}),
        bb + "join_decision": lambda: ((_rows(0), _rows(1), 1), {}),
        bb + "print_join_decision": lambda: ((_rows(0), _rows(1), 1), {}),
        bb + "print_bloc_table": lambda: (({"none": _rows(0), "bloc": _rows(1)}, (1, 3), 5), {}),
        # The Brady Bunch
        br + "seat_of": lambda: ((_brady_game(), "Greg"), {}),
        br + "act": lambda: ((_brady_game(), "Alice", "reveal_snoops"), {}),
        br + "reveal_snoops": lambda: ((_brady_game(), "Greg", "Jan"), {}),
        br + "show": lambda: ((_brady_game(), "Alice"), {}),
        br + "log": lambda: ((_brady_game(), "Greg"), {"last": 1}),
        br + "quick_round": lambda: (
            (_brady_game(), {"Greg": 2, "Peter": 6, "Jan": 4}, "Jan"),
            {},
        ),
        br + "snoop_chance": _call(4),
        br + "snoop_frequency": _call(4, "Greg", games=5),
        br + "sum_distribution": _call(2),
        br + "with_replacement": _call(2),
        br + "mean": _call({1: Fraction(1, 2), 2: Fraction(1, 2)}),
        br + "variance": _call({1: Fraction(1, 2), 2: Fraction(1, 2)}),
        br + "after_seeing": lambda: ((Counter(BL.DECK), 6, 1), {}),
        br + "card_prior": _call(),
        br + "likelihood": _call(6, 6, Fraction(7, 10)),
        br + "posterior": lambda: ((BL.card_prior(), [(6, Fraction(7, 10))]), {}),
        br + "end_position": _call(),
        br + "plot_posterior": lambda: ((_ax(), BL.card_prior(), [(6, Fraction(7, 10))]), {}),
        br + "posterior_explorer": _call(said=6, trust=0.7),
        br + "post_of": lambda: ((BL.card_prior(), 6, Fraction(7, 10)), {}),
        br + "trust_prior": _call(),
        br + "trust_posterior": lambda: ((BL.trust_prior(), 2, 1), {}),
        br + "next_claim_true": lambda: ((BL.trust_prior(),), {}),
        br + "simulate_trust": lambda: ((BL.trust_prior(), 2, 1), {"speakers": 50}),
        br + "compare_trust": lambda: ((BL.trust_prior(), 2, 1), {"speakers": 50}),
        br + "plot_trust": lambda: ((_ax(), BL.trust_prior(), BL.trust_posterior(BL.trust_prior(), 2, 1)), {}),
        br + "trust_learning_explorer": _call(2, 1),
        br + "accusation_values": lambda: ((copy.deepcopy(_brady_end_view()),), {}),
        br + "compare_accusations": lambda: ((copy.deepcopy(_brady_end_view()),), {"samples": 200}),
        br + "speaker_trust_explorer": lambda: ((copy.deepcopy(_brady_end_view()),), {"samples": 200}),
        br + "plot_odds_by_trust": lambda: (
            ({0.5: {"Greg": 0.2, "Peter": 0.5, "Jan": 0.3}}, {"Greg": 0.2, "Peter": 0.5, "Jan": 0.3}),
            {},
        ),
        # Brouhaha (and Total Black's lesson)
        cp + "se_of_mean": _call([1.0, 2.0, 4.0]),
        cp + "show": lambda: ((BRP.played_card(), 0), {}),
        cp + "log": lambda: ((BRP.played_card(), 0), {"last": 1}),
        cp + "three_moos": _call(),
        cp + "race": lambda: ((brouhaha_moos(), [(2, 2310, 2330), (1, 2300, 2500)]), {}),
        cp + "moment": lambda: ((BRP.played_card(),), {"kind": "play"}),
        cp + "shared_animal_chance": lambda: ((2, Counter(deck)), {}),
        cp + "birthday": _call(5, 30),
        cp + "deck_counts": _call(4),
        cp + "simulate_shared": lambda: ((2, Counter(deck)), {"trials": 50}),
        cp + "simulate_birthday": _call(5, 30, trials=50),
        cp + "shared_table": lambda: (([2, 3], Counter(deck)), {"trials": 50}),
        cp + "players_table": _call([3, 4], trials=50),
        cp + "simulate_hit": lambda: ((Counter(deck), 2, "yak"), {"trials": 50}),
        cp + "print_table": _call([{"a": 1, "b": 0.5}], {"a": "A", "b": "B"}),
        cp + "plot_shared": lambda: (
            (copy.deepcopy(_brouhaha_rows()),),
            {"ax": _ax()},
        ),
        cp + "copies_explorer": _call(2, 20, 5),
        cp + "meet_distribution": _call(3),
        cp + "expected_rounds": _call(3),
        cp + "rounds_distribution": _call(3, 20),
        cp + "half_pair_model": _call(6),
        cp + "simple_model": _call(6),
        cp + "simulate_rounds": _call(6, 20, seed=1),
        cp + "simulate_first_round": _call(6, 20, seed=1),
        cp + "rounds_table": _call([4, 6], games=20),
        cp + "engine_rounds": _call(4, games=1),
        cp + "game_rounds": _call(_tb_game(bumps=None)),
        cp + "total_black_game": _call(4, seed=1, bumps=1),
        cp + "plot_rounds": lambda: ((np.array([1, 2, 2, 3]), 2), {"ax": _ax()}),
        cp + "players_explorer": _call(6),
        cp + "plot_time_vs_players": lambda: (
            (copy.deepcopy(_rounds_rows()),),
            {"ax": _ax()},
        ),
        # Costume Party
        bp + "name": _call(0),
        bp + "describe": _call({"type": "kill", "figure": 1}),
        bp + "show_board": lambda: ((CL.first_clue(),), {}),
        bp + "show": lambda: ((CL.first_clue(),), {"seat": 0}),
        bp + "log": lambda: ((CL.first_clue(),), {"seat": 0, "last": 1}),
        bp + "rolled": _call(0, "red"),
        bp + "action": _call(0, "kill", figure=3),
        bp + "deal": lambda: ((copy.deepcopy(CL.BOARD), [0, 5]), {}),
        bp + "first_clue": _call(),
        bp + "print_odds": lambda: ((_costume_view(), 1), {}),
        bp + "brute_force_odds": lambda: ((brute_view(), lambda a: True), {}),
        bp + "streak_experiment": _call(rolls=60, streak=2, seed=1),
        bp + "belief_curve": _call(games=1, blacks=2, players=3),
        bp + "plot_belief": lambda: ((CL.belief_curve(1, 2, 3),), {}),
        bp + "detective_vs_random": _call(1, players=3),
        bp + "kill_choice": _call(),
        bp + "kill_values": lambda: ((CL.kill_choice().view(0),), {}),
        bp + "simulate_kill": lambda: ((CL.kill_choice(), 0, 5), {"games": 3}),
        bp + "compare_kills": lambda: ((CL.kill_choice(),), {"games": 3}),
        # Costume Party calibration
        "brady_widgets.costume_party.calibration:record_forecasts": _call(1, seed=0),
        "brady_widgets.costume_party.calibration:game_at": lambda: (
            (_forecasts()[0]["game"], _forecasts()[0]["step"]),
            {},
        ),
        "brady_widgets.costume_party.calibration:first_moments": lambda: ((copy.deepcopy(_forecasts()),), {}),
        "brady_widgets.costume_party.calibration:summary": lambda: ((copy.deepcopy(_forecasts()),), {}),
        "brady_widgets.costume_party.calibration:class_forecasts": _call(_export()),
        "brady_widgets.costume_party.calibration:bin_forecasts": lambda: ((copy.deepcopy(_forecasts()),), {}),
        "brady_widgets.costume_party.calibration:bin_table": lambda: ((CAL.bin_forecasts(_forecasts()),), {}),
        "brady_widgets.costume_party.calibration:reliability_plot": lambda: (
            (CAL.bin_forecasts(_forecasts()),),
            {"ax": _ax()},
        ),
        "brady_widgets.costume_party.calibration:seed_for": _call(1),
        "brady_widgets.costume_party.calibration:record_result": _call(1, True),
        "brady_widgets.costume_party.calibration:game_record": lambda: ((CL.first_clue(),), {}),
        "brady_widgets.costume_party.calibration:replay_record": lambda: ((CAL.example_record(1),), {}),
        "brady_widgets.costume_party.calibration:example_record": _call(1),
        "brady_widgets.costume_party.calibration:pool": _call(
            [CAL.record_result(1, True), CAL.record_result(2, False)]
        ),
        "brady_widgets.costume_party.calibration:class_plot": _call(
            {"group 1": CAL.pool([CAL.record_result(1, True)])}, chance=0.25, ax=None
        ),
        # Brouhaha class data
        "brady_widgets.brouhaha.classdata:reaction_times": _call(_export()),
        "brady_widgets.brouhaha.classdata:read_birthdays": _call(str(ROOT / "notebooks" / "data" / "birthdays.csv")),
        "brady_widgets.brouhaha.classdata:shared_birthdays": _call([{"name": "A", "month": 1, "day": 2}]),
        "brady_widgets.brouhaha.classdata:expected_shared_pairs": _call(5),
        "brady_widgets.brouhaha.classdata:total_black_rounds": lambda: ((_tb_histories(),), {}),
        # the shared helpers
        "brady_widgets.brady_bunch.exercises:claim_posterior": _call([(6, Fraction(7, 10))]),
        "brady_widgets.exercises:check": _call("big_brother.two_se", 0.05),
        # the answer key's bookkeeping (the teacher guide's)
        "brady_widgets.exercises:decimals_needed": _call(0.005),
        "brady_widgets.exercises:precision": lambda: ((_exercise(),), {}),
        "brady_widgets.exercises:asked": lambda: ((_exercise(),), {}),
        "brady_widgets.exercises:hint_tolerance": lambda: ((_exercise(),), {}),
        "brady_widgets.exercises:exercises": _call("big_brother"),
        "brady_widgets.exercises:answer_key": _call(),
        "brady_widgets.big_brother.exercises:check": _call("big_brother.two_se", 0.05),
        # the fast simulators and the odds the lessons call
        "brady_widgets.brady_bunch.fast:sample_totals": _call(3, samples=20, seed=1),
        "brady_widgets.brady_bunch.fast:exact_total_distribution": _call(2),
        "brady_widgets.brady_bunch.fast:random_games": _call(4, 20, seed=1),
        "brady_widgets.costume_party.fast:random_games": _call(5, 4, seed=1),
        "brady_widgets.total_black.odds:partner_odds": lambda: ((_tb_game().view(0),), {}),
        "brady_widgets.total_black.odds:panel": lambda: ((_tb_game().view(0),), {}),
        "brady_widgets.costume_party.odds:die_odds": lambda: ((_costume_view(),), {}),
        "brady_widgets.costume_party.odds:identity_odds": lambda: ((_costume_view(),), {}),
        "brady_widgets.costume_party.odds:panel": lambda: ((_costume_view(),), {}),
        "brady_widgets.brouhaha.odds:shared_animal_chance": lambda: ((2, Counter(deck)), {}),
        "brady_widgets.brouhaha.odds:birthday": _call(5, 30),
        "brady_widgets.brouhaha.odds:share_parts": lambda: ((BRP.played_card().view(0),), {}),
        "brady_widgets.brouhaha.odds:share_chance": lambda: ((BRP.played_card().view(0),), {}),
        "brady_widgets.brady_bunch.odds:highest_odds": lambda: ((copy.deepcopy(_brady_end_view()),), {"samples": 200}),
        "brady_widgets.brady_bunch.odds:exact_highest_odds": lambda: (
            (copy.deepcopy(_brady_end_view()),),
            {"trust": 1},
        ),
        "brady_widgets.big_brother.odds:two_dice": _call(),
        "brady_widgets.big_brother.odds:two_dice_brute": _call(),
        "brady_widgets.big_brother.odds:binomial": _call(3, Fraction(1, 2)),
        "brady_widgets.big_brother.odds:sign_test": _call(3, 1),
    }
    return v


def _exercise():
    from brady_widgets.exercises import exercises

    return exercises("big_brother")["cards_in_hand"]


def bb_paired():
    from brady_widgets.big_brother import lesson

    return lesson.paired(_rows(0), _rows(1), (1, 3))


def brouhaha_moos():
    from brady_widgets.brouhaha import lesson

    return lesson.three_moos()


def brute_view():
    from brady_widgets.costume_party.lesson import first_clue

    return first_clue().view(0)


@cache
def _rounds_rows():
    from brady_widgets.brouhaha import lesson

    return lesson.rounds_table([4, 6], games=20)


@cache
def _brouhaha_rows():
    from brady_widgets.brouhaha import lesson

    return lesson.players_table([3, 4], trials=50)


def _tb_game(bumps=1):
    from brady_widgets.brouhaha import lesson

    return lesson.total_black_game(4, seed=1, bumps=bumps)


def _tb_histories():
    from brady_widgets.rooms.export import histories

    return histories(_export())


# ---------------------------------------------------------------- the fuzz
def fingerprint(value, depth=0):
    """A comparable snapshot of what a caller passed (a game by its JSON)."""
    if depth > 6:
        return repr(type(value))
    if hasattr(value, "to_json") and callable(value.to_json):
        return ("game", value.to_json())
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, dict):
        return ("dict", type(value).__name__, [(repr(k), fingerprint(v, depth + 1)) for k, v in value.items()])
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return (type(value).__name__, [fingerprint(v, depth + 1) for v in items])
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if value is None or isinstance(value, (str, bytes, int, float, Fraction)):
        return repr(value)
    return type(value).__name__  # a chart's axes, a bot, a function: things a helper may draw on or call


VALID = _valid()
FUNCTIONS = public_functions()

#: public functions not fuzzed, and why (each a reason, not a shortcut)
NOT_FUZZED = {
    # the exercises' bookkeeping: the teacher guide's answer key, not a student's call
    "brady_widgets.brouhaha.classdata:make_sample": (
        "writes the sample data files (scripts/), not a lesson call; its checks: test_class_data.py"
    ),
}


#: wrong-looking values that are valid, and too slow to run here (each with its reason)
VALID_BUT_SLOW = {
    # trust=None or {} ignores the claims: an exact enumeration of 1.6 million hidden worlds
    ("brady_widgets.brady_bunch.odds:exact_highest_odds", "trust"): [None, {}],
}


def _cases():
    for key in sorted(FUNCTIONS):
        if key in VALID:
            yield key


def test_every_public_lesson_function_has_a_valid_call_or_a_reason():
    missing = sorted(set(FUNCTIONS) - set(VALID) - set(NOT_FUZZED))
    assert not missing, f"give these a valid call in VALID (or a reason in NOT_FUZZED): {missing}"
    assert not sorted(set(VALID) - set(FUNCTIONS)), "VALID names a function that is gone"


class TookTooLong(Exception):
    pass


def _alarm(signum, frame):
    raise TookTooLong("the call ran for more than 5 s (a count with no bound?)")


def _quiet(fn, args, kwargs):
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(5)
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            return fn(*args, **kwargs)
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
            plt.close("all")


def wrong_kinds(key, fn, valid, valid_but_slow=(), changes=()) -> list[str]:
    """What goes wrong when ``fn`` (named ``key`` in the report) is called as ``valid()`` says,
    then with each of ``WRONG`` in each argument's place: a list of sentences, empty when every
    wrong value was answered in words and nothing the caller passed was changed.
    ``valid_but_slow``: ``{argument: [values]}`` not tried (each valid, and too slow here);
    ``changes``: the arguments ``fn`` is meant to change (a game a position helper plays on).
    ``tests/test_api_arguments.py`` runs the same fuzz over the rest of the public API."""
    sig = inspect.signature(fn)
    args, kwargs = valid()
    _quiet(fn, args, kwargs)  # the valid call is valid
    names = [
        p.name
        for p in sig.parameters.values()
        if p.kind not in (p.VAR_KEYWORD,) and (p.name in sig.bind(*args, **kwargs).arguments)
    ]
    problems = []
    for name in names:
        for wrong in WRONG:
            if any(type(wrong) is type(v) and wrong == v for v in dict(valid_but_slow).get(name, ())):
                continue
            args, kwargs = valid()
            bound = sig.bind(*args, **kwargs)
            if sig.parameters[name].kind == inspect.Parameter.VAR_POSITIONAL:
                bound.arguments[name] = (wrong,)
            else:
                bound.arguments[name] = wrong
            kept = {k: v for k, v in bound.arguments.items() if k not in changes}
            before = fingerprint(kept)
            try:
                _quiet(fn, bound.args, bound.kwargs)
            except (TypeError, ValueError) as e:
                text = str(e)
                if not re.search(rf"(^|[\s(;,]){re.escape(name)} (must|is)\b", text):
                    problems.append(f"{name}={wrong!r:.20}: {type(e).__name__} does not name {name}: {text!r:.160}")
                elif PYTHON_WORDS.search(text):
                    problems.append(f"{name}={wrong!r:.20}: Python's words: {text!r:.160}")
            except Exception as e:  # noqa: BLE001 -- any other kind is what the test reports
                problems.append(f"{name}={wrong!r:.20}: {type(e).__name__}: {str(e)!r:.160}")
            after = fingerprint(kept)
            if after != before:
                problems.append(f"{name}={wrong!r:.20}: the call changed what it was given")
    return problems


@pytest.mark.parametrize("key", list(_cases()))
def test_a_wrong_kind_of_argument_is_answered_in_words(key):
    slow = {name: values for (k, name), values in VALID_BUT_SLOW.items() if k == key}
    problems = wrong_kinds(key, FUNCTIONS[key], VALID[key], slow)
    assert not problems, f"{key}:\n  " + "\n  ".join(problems)


def test_the_shared_checks_say_what_they_got_in_plain_words():
    from brady_widgets import progress as P

    assert [P.plain(v) for v in (None, [1], {}, "x", NAN, True)] == [
        "None",
        "a list [1]",
        "a dict {}",
        "'x'",
        "nan",
        "True",
    ]
    assert P.plain(object()) == "an object"
    with pytest.raises(TypeError, match=r"^games must be a whole number >= 1, got None$"):
        P.checked_count("games", None)
    with pytest.raises(ValueError, match=r"^trust must be a number from 0 to 1, got inf$"):
        P.number(0, 1)("trust", INF)
    with pytest.raises(
        ValueError, match=r"^rows must be a list of rows; its item 1: must be a row, got a dict without 'k'$"
    ):
        P.items("a list of rows", P.mapping("a row", keys=("k",)))("rows", [{"k": 1}, {}])


def test_checks_run_once_at_the_entry_and_only_on_what_was_passed():
    from brady_widgets.progress import checks, whole

    seen = []

    def spec(name, value):
        seen.append((name, value))

    @checks(n=spec, k=whole(0))
    def f(n, k=-1):  # the default is the helper's own, not checked
        return n, k

    assert f(3) == (3, -1) and seen == [("n", 3)]
    with pytest.raises(TypeError, match="k must be a whole number >= 0, got 'x'"):
        f(1, k="x")
    with pytest.raises(TypeError, match="no argument"):
        checks(m=spec)(f.__wrapped__)
