"""The class's own data for ``notebooks/class_data.ipynb`` (issue 27, item 4).

* :func:`reaction_times`: from a rooms export (``brady-widgets rooms export``, or the
  teacher page's Export CSV zip), every slap at a Brouhaha table that opened a slap window
  while a match was down, and how long after the match appeared it came (game ms). A match
  "appears" when the second card of a species goes face down at another seat; the first
  slap after that is the reaction. Slaps with no match down are counted apart (``wrong``).
* :func:`read_birthdays` and :func:`shared_birthdays`: a ``birthdays.csv`` the teacher
  fills (``name,month,day``), and which birthdays the class shares.
* :func:`make_sample`: the seeded sample export shipped in ``notebooks/data/`` (bots at
  Brouhaha tables, played on virtual time; Costume Party tables where a made-up "student"
  seat, played by a bot, records an overconfident forecast at each of its turns, with
  made-up wall times) and a made-up ``birthdays.csv``. The students' forecasts are read by
  :func:`brady_widgets.costume_party.calibration.class_forecasts`.
"""

from __future__ import annotations

import csv
import datetime
import os
import random
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

from ..progress import a_seed, checks, items, kind, mapping, path, players_of, whole
from .content import HUNTER

#: a rooms export, as the teacher's page saves it
EXPORT = path("a class export: a folder or the teacher page's zip")

#: the tables' codes end in one letter of the rooms' alphabet: at most this many tables a game
_CODE_ENDS = "23456789ABCDEFGHJKMNPQRSTWXYZ"


__all__ = ["expected_shared_pairs", "make_sample", "reaction_times", "read_birthdays", "shared_birthdays"]


def _slap_reactions(code: str, game: Any, names: dict[int, str]) -> list[dict]:
    """Walk ``game``'s history on a fresh engine, step by step, watching the face-down cards."""
    g = type(game)(game.players, game.seed, deal=game.deal or None, **game.options)
    since: dict[str, float] = {}  # species with both cards down at two seats -> when that began
    out = []
    for h in game.history:
        seat = h["seat"]
        if seat == "clock":
            g.advance(h["at"])
        elif seat == "chance":
            raise ValueError("a Brouhaha history has no chance steps")
        else:
            action = h["action"]
            if action["type"] == "slap" and g.phase == "play":
                card = g.down[seat]
                ok = card is not None and card in since
                out.append(
                    {
                        "code": code,
                        "seat": seat,
                        "name": names[seat],
                        "at": h["at"],
                        "match": ok,
                        "reaction_ms": h["at"] - since[card] if ok else None,
                    }
                )
            g.act(seat, action, at=h["at"])
        down = Counter(c for c in g.down if c is not None and c != HUNTER)
        now = h["at"]
        since = {c: since.get(c, now) for c, n in down.items() if n == 2}
    return out


@checks(export=EXPORT)
def reaction_times(export: str | Path) -> dict:
    """The slaps of every Brouhaha table of an export (a folder or a zip):
    ``{"tables": n, "slaps": [rows], "reaction_ms": [the right slaps' times], "wrong": n}``;
    each row ``{code, seat, name, at, match, reaction_ms}``."""
    from ..rooms.export import histories, load

    data = load(export)
    # each seat's name from seats.csv: tables.csv's names are ;-separated, and a name may hold a ;
    names: dict[str, dict[int, str]] = {}
    for row in data["seats"]:
        names.setdefault(row["code"], {})[int(row["seat"])] = row["name"]
    games = {c: g for c, g in histories(export).items() if g.name == "brouhaha"}
    slaps = [row for code, g in games.items() for row in _slap_reactions(code, g, names[code])]
    return {
        "tables": len(games),
        "slaps": slaps,
        "reaction_ms": [r["reaction_ms"] for r in slaps if r["match"]],
        "wrong": sum(1 for r in slaps if not r["match"]),
    }


@checks(path=path("a birthdays file (name,month,day), e.g. data/birthdays.csv"))
def read_birthdays(path: str | Path) -> list[dict]:
    """``birthdays.csv`` (columns ``name,month,day``; a leap day counts as its own day):
    ``[{name, month, day}]``; a date that does not exist raises ValueError naming the row."""
    rows = []
    with open(path, newline="", encoding="utf-8") as f:
        for i, row in enumerate(csv.DictReader(f), start=2):
            try:
                month, day = int(row["month"]), int(row["day"])
                datetime.date(2024, month, day)  # a leap year: 29 February is a date
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"{path}, line {i}: month and day must make a date, got {row}") from None
            rows.append({"name": (row.get("name") or "").strip(), "month": month, "day": day})
    return rows


@checks(
    rows=items(
        "a list of birthdays (read_birthdays())",
        mapping("a birthday, {name, month, day}", keys=("name", "month", "day")),
    )
)
def shared_birthdays(rows: list[dict]) -> dict:
    """``{"people", "shared": [(month, day, [names])], "pairs"}``: the days two or more
    people share, and how many pairs of people share a day."""
    days: dict[tuple[int, int], list[str]] = {}
    for r in rows:
        days.setdefault((r["month"], r["day"]), []).append(r["name"])
    shared = [(m, d, names) for (m, d), names in sorted(days.items()) if len(names) > 1]
    return {"people": len(rows), "shared": shared, "pairs": sum(comb(len(n), 2) for *_, n in shared)}


@checks(k=whole(0), days=whole(1))
def expected_shared_pairs(k: int, days: int = 365) -> Fraction:
    """The exact expected number of pairs among ``k`` people who share a birthday:
    C(k, 2) pairs, each sharing with chance 1/days."""
    return Fraction(comb(k, 2), days)


def _forecast_tables(rng: random.Random, tables: int, players: int) -> list[tuple[str, dict, Any]]:
    """Costume Party tables whose seat 0 is a made-up student (a ``detective`` bot's moves) who,
    at each of its turns, forecasts its panel's likeliest figure for its first opponent still
    in, as students often do: too sure (``100 * p ** 0.6``), give or take 10 points, said in
    steps of 5. Seat 0's moves carry made-up wall times (3 to 15 s apart)."""
    from ..costume_party.odds import identity_odds
    from ..costume_party.presenter import CostumePartyPresenter
    from ..engine.registry import load_bots, load_game

    cls, bots = load_game("costume_party"), load_bots("costume_party")
    out = []
    for i in range(tables):
        gseed = rng.getrandbits(32)
        g = cls(players, gseed)
        table = [bots["detective" if s == 0 else "medium"](s, gseed) for s in range(players)]
        walls: dict[str, int] = {}
        forecasts: list[dict] = []
        wall = 5_000
        while not g.over:
            s = g.to_act[0]
            if s == 0:
                wall += rng.randrange(3_000, 15_000)
                if g.phase == "roll":
                    odds = identity_odds(g.view(0))  # the panel, from seat 0's view only
                    opp = min(odds)
                    probs = odds[opp]
                    fig = max(sorted(probs), key=lambda f: probs[f])
                    kept = CostumePartyPresenter.forecast_event(g, 0, {"opponent": opp, "figure": fig})
                    said = 100 * float(probs[fig]) ** 0.6 + rng.gauss(0, 10)
                    pct = min(100, max(0, 5 * round(said / 5)))
                    forecasts.append(
                        {"seat": 0, "step": len(g.history), "wall_ms": wall, "percent": float(pct), "event": kept}
                    )
                    wall += rng.randrange(1_000, 4_000)
                walls[str(len(g.history))] = wall
            g.act(s, table[s].choose(g.view(s), g.legal_actions(s)))
        code = "SAMC" + _CODE_ENDS[i]
        names = [f"Student {i + 1}"] + [f"Bot {s + 1} (medium)" for s in range(1, players)]
        meta = {
            "game": "costume_party",
            "created": 1_800_010_000 + 600 * i,
            "names": names,
            "bot_levels": {str(s): "medium" for s in range(1, players)},
            "humans": [0],
            "walls": walls,
            "forecasts": forecasts,
        }
        out.append((code, meta, g))
    return out


def _total_black_tables(rng: random.Random, tables: int, players: int) -> list[tuple[str, dict, Any]]:
    """Total Black tables of ``players`` ``sloppy`` bots (each holds a hand iff the cry it heard
    is its own, wrong 15% of the time: as a class in the dark), on virtual time."""
    from ..engine.registry import load_bots, load_game
    from ..scheduler import Scheduler

    cls, bots = load_game("total_black"), load_bots("total_black")
    out = []
    for i in range(tables):
        gseed = rng.getrandbits(32)
        g = cls(players, gseed)
        Scheduler(g, {s: bots["sloppy"](s, gseed) for s in range(players)}, delay=0, lag=0).run(max_steps=1_000_000)
        code = "SAMT" + _CODE_ENDS[i]
        meta = {
            "game": "total_black",
            "created": 1_800_020_000 + 600 * i,
            "names": [f"Student {s + 1}" for s in range(players)],
            "bot_levels": {str(s): "sloppy" for s in range(players)},
            "humans": [],
        }
        out.append((code, meta, g))
    return out


@checks(games=mapping("a dict of tables and their games, as rooms.export.histories() gives it"))
def total_black_rounds(games: dict[str, Any]) -> list[dict]:
    """The class's Total Black tables (``{code: game}``, e.g. from
    :func:`brady_widgets.rooms.export.histories`): for each finished one, its pairs, the
    rounds of bumps it took until every pair was found (None if time ran out first) and the
    exact expected rounds of players who never err (:func:`~.lesson.expected_rounds`)."""
    from .lesson import expected_rounds

    out = []
    for code, g in sorted(games.items()):
        if getattr(g, "name", None) != "total_black" or not g.over:
            continue
        pairs = g.players // 2
        bump = g.options["bump_ms"]
        found = g.end_reason == "all_found"
        out.append(
            {
                "code": code,
                "players": g.players,
                "pairs": pairs,
                "rounds": round(g.clock / bump) if found else None,
                "expected": float(expected_rounds(pairs)),
            }
        )
    return out


def _sample_players(name: str, value: Any) -> None:
    """The players at the Brouhaha tables and at the Costume Party tables: a number both take."""
    players_of("brouhaha")(name, value)
    players_of("costume_party")(name, value)


@checks(
    folder=kind(lambda v: isinstance(v, (str, os.PathLike)), "a folder's name (a str or a pathlib.Path)"),
    tables=whole(0, len(_CODE_ENDS)),
    players=_sample_players,
    seed=a_seed,
    people=whole(0, 10_000),
    forecast_tables=whole(0, len(_CODE_ENDS)),
    total_black_tables=whole(0, len(_CODE_ENDS)),
    total_black_players=players_of("total_black"),
)
def make_sample(
    folder: str | Path,
    tables: int = 6,
    players: int = 4,
    seed: int = 2027,
    people: int = 27,
    forecast_tables: int = 12,
    total_black_tables: int = 5,
    total_black_players: int = 24,
) -> None:
    """Write the sample: ``folder/class_export/`` (``tables`` Brouhaha tables of ``players``
    medium bots, seeded, on virtual time, ``forecast_tables`` Costume Party tables with a
    made-up student's forecasts and ``total_black_tables`` Total Black tables of
    ``total_black_players`` sloppy bots, as ``brady-widgets rooms export`` writes them) and
    ``folder/birthdays.csv`` (``people`` made-up students, seeded)."""
    from ..engine.registry import load_bots, load_game
    from ..rooms.export import write_dir
    from ..scheduler import Scheduler

    rng = random.Random(seed)
    rows = []
    cls, bots = load_game("brouhaha"), load_bots("brouhaha")
    for i in range(tables):
        gseed = rng.getrandbits(32)
        g = cls(players, gseed)
        Scheduler(g, {s: bots["medium"](s, gseed) for s in range(players)}, delay=0, lag=0).run(max_steps=1_000_000)
        code = "SAMP" + _CODE_ENDS[i]
        names = [f"Bot {s + 1} (medium)" for s in range(players)]
        meta = {
            "game": "brouhaha",
            "created": 1_800_000_000 + 600 * i,
            "names": names,
            "bot_levels": {str(s): "medium" for s in range(players)},
            "humans": [],
        }
        rows.append((code, meta, g))
    rows += _forecast_tables(random.Random(seed + 1), forecast_tables, players)  # its own coin: the rest as before
    rows += _total_black_tables(random.Random(seed + 2), total_black_tables, total_black_players)
    out = Path(folder)
    write_dir(rows, out / "class_export")
    for p in (out / "class_export").iterdir():
        p.chmod(0o644)  # a made-up sample, no secret: readable in the repository
    with open(out / "birthdays.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["name", "month", "day"])
        for n in range(people):
            day = datetime.date(2023, 1, 1) + datetime.timedelta(days=rng.randrange(365))
            w.writerow([f"Student {n + 1}", day.month, day.day])
