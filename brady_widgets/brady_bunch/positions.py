"""Build Brady Bunch positions for tests and lessons.

:func:`brady_position` deals the Mischief cards exactly as you say (any hands
you give, the top of the deck you give, the rest from the seeded shuffle), then
plays the steps you list through the real engine, with the Snoop cards you
choose. Tests use it to reach the position a rule is about; notebooks use it to
open a widget on that position::

    from brady_widgets.brady_bunch.positions import brady_position
    g = brady_position(
        4,                                           # Alice + Greg, Marcia, Peter
        hands={"Greg": [1, 1, 2], "Marcia": [3, 4, 4], "Peter": [6, 6, 5]},
        deck=[3, 4, 5],                              # the next cards drawn
        steps=[
            "snoops:Marcia,Peter",                   # round 1: Alice reveals Marcia then Peter
            "request:Marcia:Peter",                  # Alice asks Marcia to look at Peter
            "lights_out",
            "plays:Greg=1,Marcia=3,Peter=6",
            "peek:Peter",                            # Marcia (the Snoop to act) looks at Peter
            "peek:Greg",                             # then Peter looks at Greg
            "Greg:claim:Peter:6",                    # volunteered claims (option volunteer)
            "Marcia:pass", "Peter:claim:Peter:2",    # a lie: never checked
            "ask_played:Peter",                      # Alice asks Peter (round: the current one)
            "say_card:3",                            # ... and Peter lies again
            "cookie:Greg", "peek:Peter",             # Greg gets the Cookie and looks at Peter
            "use_token:woman", "peek:Peter",         # Alice checks Peter herself
        ],
    )
    g.view(0)["peeks"]   # [{'round': 1, 'kid': 'Peter', 'value': 6, 'via': 'woman'}]

Arguments:

``players``
    3..8 (Alice is seat 0, the kids sit at 1.. in the order of ``kids``).
``hands``
    ``{kid: [3 values]}`` for any of the playing kids; the others get cards from
    the seeded shuffle.
``deck``
    the top of the Mischief deck, top card first (the silent kid of a 3-player
    game takes the top card each round when the Snoops are revealed; the kids
    draw at the end of rounds 1-3, in seat order). The rest of the deck follows
    in the seeded order. Together with ``hands`` at most eight cards of a value.
``steps``
    what happens next, in order. Each step is a string or a dict:

    * ``"snoops:Jan,Greg"``: Alice reveals the Snoop cards and they show Jan then
      Greg (forced; give exactly as many as the round reveals). ``"reveal"``
      reveals seeded random ones.
    * ``"plays:Greg=5,Jan=1"``: those kids play those values.
    * ``"signs:Greg=+,Jan=-"``: those kids choose their cookie signs.
    * ``"<type>:<arg>:<arg>"``: the one seat to act does it (Alice for her
      actions even while kids are still playing), e.g. ``"lights_out"``,
      ``"request:Jan:Greg"`` (Snoop Jan, please look at Greg), ``"peek:Greg"``,
      ``"cookie:Jan"``, ``"use_token:dog"``, ``"pass"``, ``"end_round"``,
      ``"accuse:Peter"``, ``"ask_played:Greg"`` / ``"ask_played:Greg:2"``
      (round 2; default the current round), ``"ask_looked:Greg"``,
      ``"ask_number:Greg"``, ``"ask_truth:Greg:Jan"`` (is Jan telling the truth?),
      ``"ask_suspect:Greg"``, ``"say_card:5"``, ``"say_looked:Jan"`` (or
      ``nobody``), ``"say_number:Jan:4"``, ``"say_yes_no:yes"``,
      ``"say_suspect:Jan"``, ``"claim:Jan:6"``, ``"expose:Greg"``, ``"sign:+"``.
    * ``"<Who>:<type>:<args>"``: the same for a named actor (``Alice`` or a kid),
      needed when several seats may act: ``"Greg:claim:Jan:6"``, ``"Jan:pass"``,
      ``"Greg:sign:-"``, ``"Jan:play:4"``.
    * a dict action, e.g. ``{"type": "peek", "kid": "Greg"}`` (the one seat to
      act), optionally with ``"by": "Greg"`` (or a seat number);
    * a raw history entry ``{"seat": 1, "action": {...}}`` or a chance entry
      ``{"seat": "chance", "kind": "snoop", "outcome": "Jan"}`` (consecutive raw
      entries are applied together, as ``Game.apply_history`` does).
``seed``
    the game's seed: the shuffle for whatever ``hands``/``deck`` leave open and
    the Snoop draws of plain ``"reveal"`` steps.
``**options``
    the game's options (``kids``, ``silent``, ``cousin_oliver``, ``volunteer``,
    ``max_questions``).

A refused step raises the engine's ``IllegalAction`` (``ValueError`` for bad
step syntax or impossible forced Snoop cards) with a note naming the step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..engine.errors import IllegalAction
from ..progress import a_seed, checks, game_of, items, mapping, optional, players_of, whole
from .content import COPIES, HAND, VALUES
from .rules import ALICE, BradyBunch

# the builders' arguments, checked once at each entry
VALUES_LIST = items("a list of card values 1 to 6", whole(1, 6))
DEAL_ARGS = {
    "players": players_of("brady_bunch"),
    "hands": optional(mapping("a dict {kid: a hand of card values 1 to 6}", values=VALUES_LIST)),
    "deck": optional(VALUES_LIST),
    "seed": a_seed,
}
STEPS = items("a list of steps (see brady_position)")

#: positional arguments of each action type in the compact string form
ARGS = {
    "reveal_snoops": (),
    "request": ("kid", "about"),
    "lights_out": (),
    "play": ("value",),
    "peek": ("kid",),
    "claim": ("kid", "value"),
    "pass": (),
    "ask_played": ("kid", "round"),
    "ask_looked": ("kid", "round"),
    "ask_number": ("kid", "round"),
    "ask_truth": ("kid", "about", "round"),
    "ask_suspect": ("kid",),
    "say_card": ("value",),
    "say_looked": ("kid",),
    "say_number": ("kid", "value"),
    "say_yes_no": ("yes",),
    "say_suspect": ("kid",),
    "cookie": ("kid",),
    "expose": ("kid",),
    "use_token": ("token",),
    "end_round": (),
    "sign": ("plus",),
    "accuse": ("kid",),
}
ALICE_ONLY = {"reveal_snoops", "request", "lights_out", "cookie", "use_token", "end_round", "accuse"} | {
    a for a in ARGS if a.startswith("ask_")
}
_YES = {"yes": True, "true": True, "y": True, "no": False, "false": False, "n": False}
_SIGN = {"+": True, "plus": True, "-": False, "minus": False}


@checks(**DEAL_ARGS)
def brady_deal(
    players: int, hands: dict | None = None, deck: Iterable[int] | None = None, seed: int = 0, **options
) -> dict:
    """The ``deal=`` test option from the friendly arguments of :func:`brady_position`:
    the given hands, the given top of the deck, everything else in the order of
    the seeded shuffle of ``BradyBunch(players, seed, **options)``."""
    base_game = BradyBunch(players, seed, **options)
    base = base_game.deal
    kids = base_game.player_kids
    hands = dict(hands or {})
    unknown = sorted(set(hands) - set(kids))
    if unknown:
        raise ValueError(f"hands given for {unknown}, who are not playing kids (kids: {kids})")
    top = list(deck or [])
    given = [v for h in hands.values() for v in h] + top
    for h in hands.values():
        if len(h) != HAND:
            raise ValueError(f"a hand holds {HAND} cards, got {h!r}")
    if any(type(v) is not int or v not in VALUES for v in given):
        raise ValueError(f"card values are ints 1..6, got {given!r}")
    pool = Counter({v: COPIES for v in VALUES})
    pool.subtract(given)
    over = sorted(v for v, n in pool.items() if n < 0)
    if over:
        raise ValueError(f"there are only {COPIES} cards of each value: too many {over} in hands + deck")
    rest = []
    for v in [c for k in kids for c in base["hands"][k]] + list(base["deck"]):
        if pool[v] > 0:
            pool[v] -= 1
            rest.append(v)
    out_hands = {}
    for kid in kids:
        if kid in hands:
            out_hands[kid] = list(hands[kid])
        else:
            out_hands[kid], rest = rest[:HAND], rest[HAND:]
    return {"hands": out_hands, "deck": top + rest}


def _parse_value(key: str, text: str) -> Any:
    if key in ("value", "round"):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{key} must be a number, got {text!r}") from None
    if key == "yes":
        if text.lower() not in _YES:
            raise ValueError(f"yes must be yes/no, got {text!r}")
        return _YES[text.lower()]
    if key == "plus":
        if text.lower() not in _SIGN:
            raise ValueError(f"a sign is + or -, got {text!r}")
        return _SIGN[text.lower()]
    return text


def _seat_of(game: BradyBunch, who: Any) -> int:
    if isinstance(who, int) and not isinstance(who, bool):
        return who
    if who == "Alice":
        return ALICE
    seat = game.kid_seat.get(who)
    if seat is None:
        raise ValueError(f"{who!r} is not a player (Alice or one of {game.player_kids})")
    return seat


def _action(kind: str, args: list[str], game: BradyBunch) -> dict:
    if kind not in ARGS:
        raise ValueError(f"unknown action type {kind!r}; types: {sorted(ARGS)}")
    keys = ARGS[kind]
    if len(args) > len(keys) or (
        len(args) < len(keys) and not (keys and keys[-1] == "round" and len(args) == len(keys) - 1)
    ):
        raise ValueError(f"{kind!r} takes {list(keys)}, got {args!r}")
    action: dict = {"type": kind}
    for key, text in zip(keys, args):
        action[key] = _parse_value(key, text)
    if "round" in keys and "round" not in action:
        action["round"] = game.round
    return action


def _single_actor(game: BradyBunch, kind: str) -> int:
    if kind in ALICE_ONLY:
        return ALICE
    to_act = game.to_act
    if len(to_act) != 1:
        raise ValueError(f"several seats may act ({to_act}): name who does {kind!r}, e.g. 'Greg:{kind}:...'")
    return to_act[0]


def _expand(game: BradyBunch, step: Any) -> list[dict]:
    """One step (not a raw history entry: :func:`brady_play` applies those) -> the
    history entries it stands for, in order."""
    if isinstance(step, dict):
        action = {k: v for k, v in step.items() if k != "by"}
        seat = _seat_of(game, step["by"]) if "by" in step else _single_actor(game, action.get("type"))
        return [{"seat": seat, "action": action}]
    if not isinstance(step, str):
        raise ValueError(f"a step is a string or a dict, not {step!r}")
    head, _, tail = step.partition(":")
    if head == "snoops":
        kids = [k.strip() for k in tail.split(",") if k.strip()]
        n = game.reveals[game.round - 1]
        if len(kids) != n:
            raise ValueError(
                f"round {game.round} of a {game.players}-player game reveals {n} Snoop card(s), got {kids}"
            )
        deck = {k: c for k, c in game.snoop_deck.items() if c}
        if any(kids.count(k) > deck.get(k, 0) for k in kids):
            raise ValueError(f"the Snoop deck holds {deck}: cannot draw {kids}")
        return [{"seat": ALICE, "action": {"type": "reveal_snoops"}}] + [
            {"seat": "chance", "kind": "snoop", "outcome": k} for k in kids
        ]
    if head == "reveal":
        return [{"seat": ALICE, "action": {"type": "reveal_snoops"}}]
    if head in ("plays", "signs"):
        out = []
        for part in tail.split(","):
            who, eq, val = part.strip().partition("=")
            if not eq:
                raise ValueError(f"{head}: write kid=value, got {part!r}")
            kind, key = ("play", "value") if head == "plays" else ("sign", "plus")
            out.append(
                {"seat": _seat_of(game, who.strip()), "action": {"type": kind, key: _parse_value(key, val.strip())}}
            )
        return out
    parts = step.split(":")
    if parts[0] in ARGS:
        return [{"seat": _single_actor(game, parts[0]), "action": _action(parts[0], parts[1:], game)}]
    if len(parts) >= 2 and parts[1] in ARGS:
        return [{"seat": _seat_of(game, parts[0]), "action": _action(parts[1], parts[2:], game)}]
    raise ValueError(f"cannot read the step {step!r} (see brady_position's docstring)")


def _apply(game: BradyBunch, entries: list[dict]) -> None:
    """Forced chance outcomes go through ``apply_history``; without any, the
    actions are played one by one, so Snoop draws come from the seeded RNG."""
    if any(e.get("seat") == "chance" for e in entries):
        game.apply_history(entries)
    else:
        for e in entries:
            game.act(e["seat"], e["action"], e.get("at"))


@checks(game=game_of("brady_bunch", "a Brady Bunch game"), steps=STEPS)
def brady_play(game: BradyBunch, steps: Iterable[Any]) -> BradyBunch:
    """Apply ``steps`` (the forms of :func:`brady_position`) to ``game`` in place."""
    steps = list(steps)
    i = 0
    while i < len(steps):
        step = steps[i]
        try:
            if isinstance(step, dict) and "seat" in step:
                # consecutive raw entries (an action and its chance outcomes) go together
                j = i
                while j < len(steps) and isinstance(steps[j], dict) and "seat" in steps[j]:
                    j += 1
                _apply(game, [dict(s) for s in steps[i:j]])
                i = j
                continue
            _apply(game, _expand(game, step))
        except IllegalAction as exc:
            raise IllegalAction(exc.code, f"step {i} {step!r}: {exc.reason}", exc.seat, exc.action) from exc
        except ValueError as exc:
            raise ValueError(f"step {i} {step!r}: {exc}") from exc
        i += 1
    return game


@checks(**DEAL_ARGS, steps=STEPS)
def brady_position(
    players: int,
    hands: dict | None = None,
    deck: Iterable[int] | None = None,
    steps: Iterable[Any] = (),
    seed: int = 0,
    **options,
) -> BradyBunch:
    """A :class:`~brady_widgets.brady_bunch.rules.BradyBunch` game dealt as given
    and played through ``steps``; see the module docstring for every argument and
    step form."""
    deal = brady_deal(players, hands, deck, seed, **options) if (hands or deck) else None
    game = BradyBunch(players, seed, deal=deal, **options)
    return brady_play(game, steps)
