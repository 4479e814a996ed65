"""Build Costume Party positions for tests and lessons.

:func:`position` sets up a game exactly as you say (who is where, who is who,
the order of the deck) and then plays the steps you list, with the die showing
what you choose. Tests use it to put the game in the position a rule is about;
notebooks use it to open a small live widget on that position::

    from brady_widgets.costume_party.positions import position
    g = position(
        3,
        rooms={"red": [0], "blue": [1, 2, 3]},   # seat 0's figure 0 alone in red
        others="hall",                           # every other figure in the hall
        secrets=[0, 1, 2],                       # seat s is figure s
        steps=["roll:black"],                    # seat 0 rolls black
    )
    g.legal_actions(0)   # [{'type': 'kill', 'figure': 0}, {'type': 'draw'}]: alone, so kill yourself or draw

Arguments:

``players``
    number of players (2..8).
``rooms``
    where the figures stand: a dict ``{room: [figures]}`` (figures not listed go
    to the ``others`` room; without ``others`` every figure must be listed), or a
    list of 20 rooms (index = figure), or ``None`` for the seeded random set-up.
``secrets``
    the figure of each seat; ``None`` keeps the seeded random ones.
``deck``
    the deck, top card first; ``None`` puts every card that is not a secret in the
    seeded random order.
``steps``
    what happens next, in order, each one of:

    * ``"roll:black"`` / ``"roll:red"``: the seat to act rolls and the die shows
      that face (forced through the kernel's replay, whatever the seed says);
    * ``"roll"``: the seat to act rolls the (seeded) die;
    * ``"draw"``, ``"kill:5"``, ``"move:5:hall"``: the seat to act does that;
    * ``"black:draw"``, ``"black:kill:5"``: shorthand for ``"roll:black"`` then
      the action; ``"red:move:5:hall"`` likewise for a color;
    * a dict action ``{"type": "kill", "figure": 5}`` for the seat to act;
    * a raw history entry ``{"seat": 1, "action": {...}}`` or
      ``{"seat": "chance", "kind": "die", "outcome": "black"}`` (consecutive raw
      entries are applied together, as ``Game.apply_history`` does).
``seed``
    the game's seed (the set-up when ``rooms``/``secrets``/``deck`` are not
    given, and the die for plain ``"roll"`` steps and for the rest of the game).
``**options``
    the game's options (``adjacency``, ``faces``, ``first_seat``).

A refused step raises the engine's ``IllegalAction`` (or ``ValueError`` for an
impossible forced die face) with a note naming the step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.registry import load_game
from ..progress import a_seed, checks, choice, game_of, items, kind, optional, players_of, whole
from .content import ROOMS

N_FIGURES = 20

# the builders' arguments, checked once at each entry
FIGURES = items("a list of figures (0 to 19)", whole(0, N_FIGURES - 1))
DEAL_ARGS = {
    "players": players_of("costume_party"),
    "rooms": optional(
        kind(lambda v: isinstance(v, (dict, list)), "a dict {room: figures} or a list of 20 rooms (one per figure)")
    ),
    "secrets": optional(FIGURES),
    "deck": optional(FIGURES),
    "others": optional(choice(ROOMS)),
    "seed": a_seed,
}
STEPS = items("a list of steps ('roll:black', 'kill:5', 'move:5:hall', a dict action...)")


@checks(**DEAL_ARGS)
def make_deal(
    players: int,
    *,
    rooms: dict | list | None = None,
    secrets: list[int] | None = None,
    deck: list[int] | None = None,
    others: str | None = None,
    seed: int = 0,
    **options,
) -> dict:
    """The ``deal=`` test option for Costume Party, from the friendly arguments of
    :func:`position` (missing parts come from the seeded random set-up)."""
    base = load_game("costume_party")(players, seed, **options).deal
    if rooms is None:
        room_list = list(base["rooms"])
    elif isinstance(rooms, dict):
        room_list: list[Any] = [None] * N_FIGURES
        for room, figs in rooms.items():
            if room not in ROOMS:
                raise ValueError(f"no room {room!r}; rooms: {ROOMS}")
            for fig in figs:
                if not (isinstance(fig, int) and 0 <= fig < N_FIGURES):
                    raise ValueError(f"no figure {fig!r}")
                if room_list[fig] is not None:
                    raise ValueError(f"figure {fig} is placed twice")
                room_list[fig] = room
        missing = [f for f in range(N_FIGURES) if room_list[f] is None]
        if missing and others is None:
            raise ValueError(
                f"others must be a room when rooms leaves figures out: figures {missing} have no room:"
                " list them or pass others=<room>"
            )
        for fig in missing:
            room_list[fig] = others
    else:
        room_list = list(rooms)
    secret_list = list(base["secrets"]) if secrets is None else list(secrets)
    if deck is None:
        order = list(base["secrets"]) + list(base["deck"])
        deck_list = [c for c in order if c not in secret_list]
    else:
        deck_list = list(deck)
    return {"secrets": secret_list, "deck": deck_list, "rooms": room_list}


def _expand(step: Any) -> list:
    """One step -> a list of pieces: ("act", action) | ("roll", face|None) | ("raw", entry)."""
    if isinstance(step, dict):
        if "seat" in step:
            return [("raw", step)]
        return [("act", step)]
    if not isinstance(step, str):
        raise ValueError(f"a step is a string or a dict, not {step!r}")
    parts = step.split(":")
    head = parts[0]
    if head == "roll":
        if len(parts) == 1:
            return [("roll", None)]
        if len(parts) == 2:
            return [("roll", parts[1])]
    elif head in ("black", *ROOMS[:4]) and len(parts) > 1:
        return [("roll", head), *_expand(":".join(parts[1:]))]
    elif head == "draw" and len(parts) == 1:
        return [("act", {"type": "draw"})]
    elif head == "kill" and len(parts) == 2:
        return [("act", {"type": "kill", "figure": int(parts[1])})]
    elif head == "move" and len(parts) == 3:
        return [("act", {"type": "move", "figure": int(parts[1]), "to": parts[2]})]
    raise ValueError(f"cannot read step {step!r} (e.g. 'roll:black', 'kill:5', 'move:5:hall', 'black:draw')")


def _seat_to_act(game) -> int:
    to_act = game.to_act
    if len(to_act) != 1:
        raise ValueError(f"steps without a seat need exactly one seat to act, not {to_act}")
    return to_act[0]


@checks(game=game_of("costume_party", "a Costume Party game"), steps=STEPS)
def play(game, steps: Iterable[Any]):
    """Play ``steps`` (see :func:`position`) on ``game``; return the game."""
    raw: list[dict] = []

    def flush():
        if raw:
            chunk = list(raw)
            raw.clear()
            game.apply_history(chunk)

    for i, step in enumerate(steps):
        try:
            for kind, value in _expand(step):
                if kind == "raw":
                    raw.append(value)
                    continue
                flush()
                if kind == "act":
                    game.act(_seat_to_act(game), dict(value))
                elif value is None:
                    game.act(_seat_to_act(game), {"type": "roll"})
                else:
                    seat = _seat_to_act(game)
                    game.apply_history(
                        [
                            {"seat": seat, "action": {"type": "roll"}},
                            {"seat": "chance", "kind": "die", "outcome": value},
                        ]
                    )
        except Exception as exc:
            if hasattr(exc, "add_note"):
                exc.add_note(f"while playing step {i}: {step!r}")
            raise
    try:
        flush()
    except Exception as exc:
        if hasattr(exc, "add_note"):
            exc.add_note("while applying the raw history entries at the end of the steps")
        raise
    return game


@checks(**DEAL_ARGS, steps=STEPS)
def position(
    players: int = 4,
    *,
    rooms: dict | list | None = None,
    secrets: list[int] | None = None,
    deck: list[int] | None = None,
    others: str | None = None,
    steps: Iterable[Any] = (),
    seed: int = 0,
    **options,
):
    """A Costume Party game set up as described and played through ``steps``.

    See the module docstring for the arguments. Returns the engine, ready for
    ``CostumePartyWidget(game=..., humans=[...])`` or for more ``act`` calls.
    """
    cls = load_game("costume_party")
    if rooms is None and secrets is None and deck is None:
        game = cls(players, seed, **options)
    else:
        deal = make_deal(players, rooms=rooms, secrets=secrets, deck=deck, others=others, seed=seed, **options)
        game = cls(players, seed, deal=deal, **options)
    return play(game, list(steps))
