"""Big Brother as plain text: the body of ``BigBrotherWidget.text()``.

Drawn from a synced view only (the shown seat's, the public view under the curtain,
or the teacher's reveal) and the static ``content`` (the track): the round and turn,
where every pawn stands, the question being read, the gossip, your vote cards, your
camera cards, the last count, and the odds of where the mover's turn goes.
"""

from __future__ import annotations


def space_name(content: dict, i) -> str:
    """Space ``i`` of the track in words: ``"12 Garden"``, ``"3 gossip"``."""
    track = content.get("track") or []
    if not isinstance(i, int) or not 0 <= i < len(track):
        return "?"
    kind, room = track[i]
    return f"{i} {room or kind}"


def body(view: dict, names: list[str], content: dict | None = None) -> list[str]:
    """The lines of the house for ``view`` (``names``: a name per seat)."""
    content = content or {}

    def who(seat) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"

    lines = []
    me = view.get("viewer")
    turn = f", turn {view['turn']} of {view.get('turns')}" if view.get("turn") else ""
    lines.append(
        f"Round {view.get('round')} of {view.get('rounds')}{turn}; vote cards in the box: {view.get('box_count', 0)}."
    )
    evicted = set(view.get("evicted") or []) - ({view["returned"]} if view.get("returned") is not None else set())
    pos = view.get("positions") or []
    parts = []
    for s in range(view.get("players", len(names))):
        where = "evicted" if s in evicted else space_name(content, pos[s] if s < len(pos) else None)
        mark = " (you)" if s == me else ""
        mark += " [moving]" if s == view.get("mover") else ""
        mark += " [Toilet/Shower]" if s == view.get("shielded") else ""
        parts.append(f"{s + 1}. {who(s)}{mark}: {where}")
    lines.append("House: " + "; ".join(parts) + ".")
    roll = view.get("last_roll")
    if roll:
        a, b = roll["dice"]
        lines.append(f"Last roll: {who(roll['seat'])} {a} + {b} = {a + b}, to {space_name(content, roll['to'])}.")
    card = view.get("card")
    if card:
        extra = f", extra card {card['extra']}" if card.get("extra") else ""
        lines.append(
            f"Question ({card['sign']}, {card.get('purpose')} {card.get('number')}{extra}): {card['situation']} {card['question']}"
        )
        lines.append(
            f"Voted: {len(card.get('voted') or [])}; you may vote for: {', '.join(who(t) for t in card.get('targets') or [])}."
        )
    gos = view.get("gossip")
    if gos:
        a, b = gos["dice"]
        lines.append(
            f"Gossip: {who(gos['lander'])} and {who(gos['partner'])} rolled {a}, {b}: who is '{gos['word']}'? Picked: {len(gos.get('picked') or [])} of 2."
        )
    if view.get("choosing"):
        lines.append(f"Choosing in the {view['choosing']['room']}.")
    if view.get("nominees"):
        lines.append(f"Nominees: {', '.join(who(s) for s in view['nominees'])}.")
    if view.get("candidates"):
        lines.append(f"Final candidates: {', '.join(who(s) for s in view['candidates'])}.")
    count = view.get("count")
    if count:
        totals = count.get("totals") or []
        shown = ", ".join(f"{who(s)} {totals[s]}" for s in count.get("among") or [] if s < len(totals))
        lines.append(f"Last count ({count.get('purpose')}, round {count.get('round')}): {shown}.")
    mine = view.get("my_cards")
    if mine is not None:
        held = ", ".join(f"{t + 1}×{n}" for t, n in enumerate(mine) if n) or "none"
        lines.append(f"Your vote cards (number×copies): {held}.")
        choice = view.get("my_choice")
        if choice:
            k, v = next(iter(choice.items()))
            lines.append(
                f"Your secret {k.replace('_', ' ')}: {', '.join(who(s) for s in v) if isinstance(v, list) else who(v)}."
            )
        for cam in view.get("my_camera") or []:
            catch = f" (caught: {', '.join(who(s) for s in cam['claimable'])})" if cam.get("claimable") else ""
            lines.append(f"Your camera card {cam['card']}: {cam['text']}{catch}")
    hands = view.get("hands")  # the teacher's reveal
    if hands is not None:
        for s, h in enumerate(hands):
            lines.append(f"  {who(s)} holds " + (", ".join(f"{t + 1}×{n}" for t, n in enumerate(h) if n) or "none"))
    odds = view.get("odds") or {}
    land = odds.get("land")
    if land:
        best = sorted(range(len(land)), key=lambda i: (-land[i], i))[:3]
        top = ", ".join(f"{space_name(content, i)} {land[i]:.0%}" for i in best)
        lines.append(
            f"Where {who(odds.get('mover'))} may land this turn (most likely): {top}; rolls left about {odds.get('rolls')}."
        )
    return lines


def secrets(game, seat: int) -> dict:
    """The text of ``seat``'s secret (its vote cards), from the engine: ``own`` on its own
    screen, ``reveal`` in the teacher's reveal (the registry's ``secrets``; the every-game
    tests look for it there and on no other seat's screen)."""
    hand = game.full_view()["hands"][seat]
    held = ", ".join(f"{t + 1}×{n}" for t, n in enumerate(hand) if n) or "none"
    return {"own": f"Your vote cards (number×copies): {held}.", "reveal": f"holds {held}"}
