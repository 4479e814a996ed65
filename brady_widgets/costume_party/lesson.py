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
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import permutations

from ..optional import need
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
    "first_clue",
    "name",
    "plot_belief",
    "print_odds",
    "rolled",
    "show",
    "show_board",
    "streak_experiment",
]

N_FIGURES = 20

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


def name(fig: int) -> str:
    """A figure's name, e.g. ``name(0)`` is "Polly the Pirate"."""
    return figure_label(fig)


def describe(a: dict) -> str:
    """A legal action in words."""
    if a["type"] == "move":
        return f"move {name(a['figure'])} to the {ROOM_NAMES[a['to']]}"
    if a["type"] == "kill":
        return f"kill {name(a['figure'])}"
    return a["type"]


def show_board(game) -> None:
    """Print who stands in which room (public information)."""
    for room, figures in game.view(None)["rooms"].items():
        print(f"{ROOM_NAMES[room]:>15}: {', '.join(name(f) for f in figures) or '(empty)'}")


def show(game, seat: int = 0, **options):
    """A live widget at this position (a copy of the game), showing ``seat``'s view."""
    from .widget import CostumePartyWidget

    return CostumePartyWidget(game=game.clone(), humans=[seat], **options)


def rolled(seat: int, face: str) -> list[dict]:
    """History entries for: ``seat`` rolls the die and it shows ``face``."""
    return [{"seat": seat, "action": {"type": "roll"}}, {"seat": "chance", "kind": "die", "outcome": face}]


def action(seat: int, type: str, **fields) -> list[dict]:
    """History entry for one action of ``seat``, e.g. ``action(0, "kill", figure=3)``."""
    return [{"seat": seat, "action": {"type": type, **fields}}]


def deal(rooms: dict, secrets: list[int], deck: list[int] | None = None) -> dict:
    """A fixed deal: ``rooms`` maps each room to its figures; ``secrets`` is the figure
    of each seat; the deck (top card first) is every other card in order unless given."""
    room_of: list = [None] * N_FIGURES
    for room, figures in rooms.items():
        for f in figures:
            room_of[f] = room
    if None in room_of:
        raise ValueError(f"figures without a room: {[f for f, r in enumerate(room_of) if r is None]}")
    if deck is None:
        deck = [c for c in range(N_FIGURES) if c not in secrets]
    return {"secrets": list(secrets), "deck": list(deck), "rooms": room_of}


def first_clue():
    """The lesson's game after its first clue: seat 0 (Polly) moves a guest out of the
    garden, then seat 1 (secretly Robo) rolls black and kills Vera in the Yellow Library."""
    deck = [c for c in range(N_FIGURES) if c not in SECRETS]
    return position(4, rooms=BOARD, secrets=SECRETS, deck=deck, seed=1, steps=["green:move:12:hall", "black:kill:6"])


def print_odds(view: dict, seat: int) -> None:
    """The probabilities the viewing seat gives to ``seat``'s card, grouped by value."""
    probs = odds.identity_odds(view)[seat]
    by_value: dict = {}
    for fig, p in probs.items():
        by_value.setdefault(p, []).append(fig)
    for p in sorted(by_value, reverse=True):
        figs = by_value[p]
        who = ", ".join(name(f) for f in figs) if len(figs) <= 4 else f"each of {len(figs)} figures"
        print(f"  {str(p):>5}  {who}")


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


def streak_experiment(rolls: int = 60_000, streak: int = 3, seed: int = 1, faces=None) -> dict:
    """Roll a seeded die ``rolls`` times; among the rolls that come right after
    ``streak`` blacks in a row, how many are black? Returns counts, the share and
    its standard error (the exact chance is the die's black share, streak or not)."""
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
    return {"after_streak": n, "black": k, "share": share, "se": (share * (1 - share) / n) ** 0.5 if n else float("nan"),
            "all_black_share": float(black.mean())}


def belief_curve(games: int = 150, blacks: int = 12, players: int = 4) -> dict:
    """Seeded games of random bots; after every black roll, the probability seat 0's
    view gives each opponent's true figure ("belief"), beside 1 / number of figures
    that could be the opponent ("naive"). Index k = after k black rolls."""
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


def detective_vs_random(games_per_seat: int = 100, players: int = 4) -> dict:
    """One special bot ("random" or "detective") among random bots, taking each seat
    in turn (``games_per_seat`` seeded games each): ``{kind: (wins, games)}``, and
    ``"example"``: one game's row as :func:`brady_widgets.simulate` returns it."""
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
