"""Helpers for the Costume Party tutorial (``notebooks/costume_party.ipynb``).

The notebook's cells stay short: the plumbing lives here. Positions are built
with :mod:`.positions` (a fixed deal plus steps with a forced die); the lesson's
simulations are seeded, so every run prints the same numbers.

* :data:`BOARD`: the board most rule steps use (four guests in each room).
* :func:`name`, :func:`describe`, :func:`show_board`: figures, actions and the
  board in words.
* :func:`show`: a live widget on a copy of a game, at one seat's view.
* :func:`rolled`, :func:`action`, :func:`deal`: history entries and fixed deals
  written by hand (for the cells that show how a position is made).
* :func:`first_clue`: the lesson's position after seat 1's first kill.
* :func:`print_odds`, :func:`brute_force_odds`: the identity odds, and the same
  by listing every assignment.
* :func:`streak_experiment`: the gambler's fallacy, measured on a seeded die.
* :func:`belief_curve`, :func:`plot_belief`: how fast a detective closes in.
* :func:`detective_vs_random`: win counts of a detective bot among random bots.
* :func:`kill_choice`, :func:`kill_values`, :func:`compare_kills`: a decision, which
  kill tells you most (the chance it unmasks an opponent and the expected number of
  candidates left, exactly, beside seeded play through the engine).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import permutations

from ..optional import need
from ..progress import (
    MOST_IN_MEMORY,
    a_seed,
    checked_count,
    checks,
    count,
    function,
    game_of,
    items,
    mapping,
    optional,
    players_of,
    text,
    view_of,
    whole,
)
from . import odds
from .content import ROOM_NAMES, figure_label
from .positions import position

__all__ = [
    "BOARD",
    "action",
    "belief_curve",
    "brute_force_odds",
    "deal",
    "describe",
    "detective_vs_random",
    "compare_kills",
    "first_clue",
    "kill_choice",
    "kill_values",
    "name",
    "plot_belief",
    "print_odds",
    "rolled",
    "show",
    "show_board",
    "streak_experiment",
]

N_FIGURES = 20

#: the arguments this game's helpers take (checked at each helper's entry, in the game's words)
GAME = game_of("costume_party", "a Costume Party game (CostumeParty(...), position(...) or first_clue())")
VIEW = view_of("costume_party", "a Costume Party view (game.view(seat))")
SEAT = whole(0, 7)
FIGURE = whole(0, N_FIGURES - 1)
PLAYERS = players_of("costume_party")
ACTION = mapping("an action, a dict with its 'type' (as game.legal_actions(seat) lists them)", keys=("type",))

#: the board used by most steps: four guests in each room
BOARD = {
    "blue": [0, 1, 2, 3],
    "yellow": [4, 5, 6, 7],
    "red": [8, 9, 10, 11],
    "green": [12, 13, 14, 15],
    "hall": [16, 17, 18, 19],
}

#: the secret figures of the lesson's four seats: Polly, Robo, Dot, Cody
SECRETS = [0, 5, 10, 15]


@checks(fig=FIGURE)
def name(fig: int) -> str:
    """A figure's name, e.g. ``name(0)`` is "Polly the Pirate"."""
    return figure_label(fig)


@checks(a=ACTION)
def describe(a: dict) -> str:
    """A legal action in words."""
    if a["type"] == "move":
        return f"move {name(a['figure'])} to the {ROOM_NAMES[a['to']]}"
    if a["type"] == "kill":
        return f"kill {name(a['figure'])}"
    return a["type"]


@checks(game=GAME)
def show_board(game) -> None:
    """Print who stands in which room (public information)."""
    for room, figures in game.view(None)["rooms"].items():
        print(f"{ROOM_NAMES[room]:>15}: {', '.join(name(f) for f in figures) or '(empty)'}")


@checks(game=GAME, seat=SEAT)
def show(game, seat: int = 0, **options):
    """A live widget at this position (a copy of the game), showing ``seat``'s view."""
    from .widget import CostumePartyWidget

    return CostumePartyWidget(game=game.clone(), humans=[seat], **options)


@checks(game=GAME, seat=SEAT, last=whole(0))
def log(game, seat: int = 0, last: int = 3) -> None:
    """Print the last lines of ``seat``'s log, as the widget words them (never an event's dict)."""
    for entry in show(game, seat).log_lines[-last:]:
        print(f"  seat {seat} reads: {entry['text']}")


@checks(seat=SEAT, face=text)
def rolled(seat: int, face: str) -> list[dict]:
    """History entries for: ``seat`` rolls the die and it shows ``face``."""
    return [{"seat": seat, "action": {"type": "roll"}}, {"seat": "chance", "kind": "die", "outcome": face}]


@checks(seat=SEAT, type=text)
def action(seat: int, type: str, **fields) -> list[dict]:
    """History entry for one action of ``seat``, e.g. ``action(0, "kill", figure=3)``."""
    return [{"seat": seat, "action": {"type": type, **fields}}]


@checks(
    rooms=mapping(
        "a dict of each room's figures, e.g. BOARD", values=items("a dict of each room's figures, e.g. BOARD", FIGURE)
    ),
    secrets=items("a list of figures, one per seat", FIGURE, least=1),
    deck=optional(items("a list of figures, top card first", FIGURE)),
)
def deal(rooms: dict, secrets: list[int], deck: list[int] | None = None) -> dict:
    """A fixed deal: ``rooms`` maps each room to its figures; ``secrets`` is the figure
    of each seat; the deck (top card first) is every other card in order unless given."""
    room_of: list = [None] * N_FIGURES
    for room, figures in rooms.items():
        for f in figures:
            room_of[f] = room
    if None in room_of:
        raise ValueError(
            f"rooms must place every figure; figures without a room: {[f for f, r in enumerate(room_of) if r is None]}"
        )
    if deck is None:
        deck = [c for c in range(N_FIGURES) if c not in secrets]
    return {"secrets": list(secrets), "deck": list(deck), "rooms": room_of}


def first_clue():
    """The lesson's game after its first clue: seat 0 (Polly) moves a guest out of the
    garden, then seat 1 (secretly Robo) rolls black and kills Vera in the Yellow Library."""
    deck = [c for c in range(N_FIGURES) if c not in SECRETS]
    return position(4, rooms=BOARD, secrets=SECRETS, deck=deck, seed=1, steps=["green:move:12:hall", "black:kill:6"])


@checks(view=VIEW, seat=SEAT)
def print_odds(view: dict, seat: int) -> None:
    """The probabilities the viewing seat gives to ``seat``'s card, grouped by value."""
    every = odds.identity_odds(view)
    if seat not in every:
        raise ValueError(f"seat must be an opponent's seat still in the game, one of {sorted(every)}, got {seat}")
    probs = every[seat]
    by_value: dict = {}
    for fig, p in probs.items():
        by_value.setdefault(p, []).append(fig)
    for p in sorted(by_value, reverse=True):
        figs = by_value[p]
        who = ", ".join(name(f) for f in figs) if len(figs) <= 4 else f"each of {len(figs)} figures"
        print(f"  {str(p):>5}  {who}")


@checks(view=VIEW, fits=function("a function of an assignment (a tuple of figures) that says True or False"))
def brute_force_odds(view: dict, fits: Callable[[tuple], bool]) -> tuple[int, int, dict]:
    """List every assignment of distinct figures to the viewer's opponents and keep
    those that ``fits``: returns (assignments, fitting, {seat: {figure: Fraction}})."""
    me = view["viewer"]
    seats = [s for s in range(view["players"]) if s != me]
    others = [f for f in range(N_FIGURES) if f != view["my_character"]]
    everything = list(permutations(others, len(seats)))
    fitting = [a for a in everything if fits(a)]
    probs = {
        seat: {f: Fraction(sum(a[i] == f for a in fitting), len(fitting)) for f in others}
        for i, seat in enumerate(seats)
    }
    return len(everything), len(fitting), probs


@checks(
    rolls=count(MOST_IN_MEMORY),
    streak=whole(0),
    seed=a_seed,
    faces=optional(items("a list of die faces", text, least=1)),
)
def streak_experiment(rolls: int = 60_000, streak: int = 3, seed: int = 1, faces=None) -> dict:
    """Roll a seeded die ``rolls`` times; among the rolls that come right after
    ``streak`` blacks in a row, how many are black? Returns counts, the share and
    its standard error (the exact chance is the die's black share, streak or not)."""
    rolls = checked_count("rolls", rolls, MOST_IN_MEMORY)
    import numpy as np

    if faces is None:
        from .rules import CostumeParty

        faces = CostumeParty(2, 0).view(0)["faces"]
    rng = np.random.default_rng(seed)
    black = np.array(faces)[rng.integers(0, len(faces), size=rolls)] == "black"
    run = np.zeros(rolls, dtype=int)  # blacks in a row ending just before each roll
    for i in range(1, rolls):
        run[i] = run[i - 1] + 1 if black[i - 1] else 0
    after = run >= streak
    n, k = int(after.sum()), int(black[after].sum())
    share = k / n if n else float("nan")
    return {
        "after_streak": n,
        "black": k,
        "share": share,
        "se": (share * (1 - share) / n) ** 0.5 if n else float("nan"),
        "all_black_share": float(black.mean()),
    }


@checks(games=count(), blacks=whole(0, 1000), players=PLAYERS)
def belief_curve(games: int = 150, blacks: int = 12, players: int = 4) -> dict:
    """Seeded games of random bots; after every black roll, the probability seat 0's
    view gives each opponent's true figure ("belief"), beside 1 / number of figures
    that could be the opponent ("naive"). Index k = after k black rolls."""
    games = checked_count("games", games)
    import numpy as np

    from .bots import RandomBot
    from .rules import CostumeParty

    truth = np.zeros(blacks + 1)
    counting = np.zeros(blacks + 1)
    samples = np.zeros(blacks + 1)

    def record(game, secrets, k):
        view = game.view(0)
        if view["over"]:
            return
        suspects = sum(len(figs) for figs in view["rooms"].values()) - 1  # everyone on the board but me
        for seat, probs in odds.identity_odds(view).items():
            truth[k] += probs.get(secrets[seat], 0)
            counting[k] += 1 / suspects
            samples[k] += 1

    for seed in range(games):
        game = CostumeParty(players=players, seed=seed)
        bots = [RandomBot(seat, seed) for seat in range(players)]
        secrets = game.full_view()["secrets"]  # the truth, to score the belief (not used by the bots)
        seen = 0
        record(game, secrets, 0)
        while not game.over and seen < blacks:
            seat = game.to_act[0]
            was_black = game.phase == "black"
            game.act(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
            if was_black:
                seen += 1
                record(game, secrets, seen)
    return {"belief": truth / samples, "naive": counting / samples, "samples": samples.astype(int), "games": games}


@checks(curve=mapping("a belief curve (belief_curve())", keys=("belief", "naive", "games")))
def plot_belief(curve: dict):
    """The belief curve of :func:`belief_curve` as a plot; returns the figure."""
    plt = need("matplotlib.pyplot")
    import numpy as np

    fig, ax = plt.subplots(figsize=(7, 4))
    ks = np.arange(len(curve["belief"]))
    ax.plot(ks, curve["belief"], "o-", color="#0072B2", label="using the clues from kills (Bayes)")
    ax.plot(ks, curve["naive"], "s--", color="#D55E00", label="counting the guests left only")
    ax.axhline(1 / 19, color="gray", lw=0.8, ls=":", label="the prior, 1/19")
    ax.set_xlabel("black rolls so far (kills and draws)")
    ax.set_ylabel("probability given to the true figure")
    ax.set_title(f"Belief in each opponent's true figure ({curve['games']} games, random bots)")
    ax.set_ylim(0, 1)
    ax.legend()
    return fig


@checks(games_per_seat=count(1_000_000), players=PLAYERS)  # simulate() keeps at most MOST_GAMES rows
def detective_vs_random(games_per_seat: int = 100, players: int = 4) -> dict:
    """One special bot ("random" or "detective") among random bots, taking each seat
    in turn (``games_per_seat`` seeded games each): ``{kind: (wins, games)}``, and
    ``"example"``: one game's row as :func:`brady_widgets.simulate` returns it."""
    games_per_seat = checked_count("games_per_seat", games_per_seat)
    from .. import simulate

    result: dict = {}
    rows: list = []
    for kind in ["random", "detective"]:
        wins = 0
        for special in range(players):
            bots = ["random"] * players
            bots[special] = kind
            rows = simulate("costume_party", players=players, bots=bots, games=games_per_seat, seed=special)
            wins += sum(row["winner"] == special for row in rows)
        result[kind] = (wins, players * games_per_seat)
    result["example"] = {k: rows[0][k] for k in ["winner", "length", "kills", "draws", "eliminations"]}
    return result


# ---------------------------------------------------------------- a decision: which kill tells you most
def kill_choice():
    """The decision's position: seat 0 (secretly Figure 4, in the Yellow Library) has rolled
    black and must kill a guest there. Seat 1 killed in the Yellow Library (so it is 5 or 7),
    seat 2 in the Blue room (1, 2 or 3), seat 3 has not killed; then figure 1 came to yellow."""
    return position(
        4,
        rooms=BOARD,
        secrets=KILL_SECRETS,
        seed=1,
        steps=["green:move:12:hall", "black:kill:6", "black:kill:0", "blue:move:1:yellow", "roll:black"],
    )


KILL_SECRETS = [4, 5, 1, 10]


def _candidates_left(cands: dict, figure: int, hit: int | None) -> int:
    return sum(len(c - {figure}) for s, c in cands.items() if s != hit)


@checks(view=VIEW)
def kill_values(view: dict) -> dict:
    """For each guest the viewer may kill: ``{"hit": P(it is an opponent's character, who is
    then unmasked and out), "left": E[candidates left]}``, exact (Fractions from
    :func:`.knowledge.posterior`). Candidates left: the sizes of the opponents' candidate sets
    (:func:`.knowledge.candidate_sets`) after the kill, summed over the opponents still in."""
    from .knowledge import candidate_sets, posterior

    cands = candidate_sets(view)
    post = posterior(cands)
    me = view["my_character"]
    room = next(r for r, figs in view["rooms"].items() if me in figs)
    out = {}
    for f in view["rooms"][room]:
        if f == me:
            continue
        hits = {s: post[s].get(f, Fraction(0)) for s in cands}
        miss = 1 - sum(hits.values())
        left = miss * _candidates_left(cands, f, None) + sum(p * _candidates_left(cands, f, s) for s, p in hits.items())
        out[f] = {"hit": sum(hits.values(), Fraction(0)), "left": left}
    return out


@checks(game=GAME, seat=SEAT, figure=FIGURE, games=count(), seed=a_seed)
def simulate_kill(game, seat: int, figure: int, games: int = 1000, seed: int = 0) -> dict:
    """Seeded play: ``games`` times, redraw what ``seat`` does not know (``game.resample``:
    the other characters, consistently with everything it saw), make the kill through the
    engine and count the candidates left in ``seat``'s new view. ``{"hit", "left", "two_se"}``."""
    games = checked_count("games", games)
    import random

    from .knowledge import candidate_sets

    rng = random.Random(seed)
    hits, left = 0, []
    for _ in range(games):
        g = game.resample(seat, rng)
        alive = sum(g.alive)
        g.act(seat, {"type": "kill", "figure": figure})
        hits += sum(g.alive) < alive
        left.append(sum(len(c) for c in candidate_sets(g.view(seat)).values()))
    mean = sum(left) / games
    var = sum((x - mean) ** 2 for x in left) / (games - 1)
    return {"hit": hits / games, "left": mean, "two_se": 2 * (var / games) ** 0.5}


@checks(game=GAME, seat=SEAT, games=count(), seed=a_seed)
def compare_kills(game, seat: int = 0, games: int = 600, seed: int = 0) -> dict:
    """Print, for each kill ``seat`` may make, the exact chance to unmask an opponent and the
    exact expected candidates left, beside ``games`` seeded plays of that kill (± 2 SE);
    returns :func:`kill_values`."""
    games = checked_count("games", games)
    exact = kill_values(game.view(seat))
    print(f"{'kill':<18} | P(unmasks an opponent)      | candidates left: exact | {games} seeded plays | within?")
    for f, v in exact.items():
        sim = simulate_kill(game, seat, f, games, seed)
        inside = "yes" if abs(sim["left"] - float(v["left"])) <= sim["two_se"] else "NO"
        print(
            f"{name(f):<18} | {str(v['hit']):>6} = {float(v['hit']):.3f} (play {sim['hit']:.3f}) | "
            f"{str(v['left']):>8} = {float(v['left']):6.3f} | {sim['left']:6.3f} ± {sim['two_se']:.3f} | {inside}"
        )
    best = min(exact, key=lambda f: exact[f]["left"])
    print(f"tells you most (fewest candidates left on average): {name(best)}")
    return exact
