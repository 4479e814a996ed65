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


_BEDROOM_TAG = {"Men's Bedroom": "man", "Women's Bedroom": "woman"}


def prompt(view: dict, names: list[str]) -> str:
    """The engine's prompt for ``view`` with the seats' names (``names``, as the seat bar
    and the log show them: "Bot 3", not the engine's "Player 3"), from the view only."""

    def who(seat) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Player {seat}"

    def many(seats) -> str:
        return ", ".join(who(s) for s in seats or [])

    phase, mover = view.get("phase"), view.get("mover")
    card = view.get("card") or {}
    question = f"{card['situation']} ({card['sign']}) {card['question']}" if card else ""
    if phase == "roll":
        return f"{who(mover)} rolls the dice."
    if phase == "gossip_pick":
        return f"{who(mover)} landed on a gossip space: pick a housemate to gossip with and a side of the gossip table."
    if phase == "gossip" and view.get("gossip"):
        gos = view["gossip"]
        return (
            f"{who(gos['lander'])} and {who(gos['partner'])}: who is '{gos['word']}'? "
            "Each of you secretly picks a vote card before the countdown ends."
        )
    if phase == "vote":
        return f"Everybody votes in secret: {question}"
    if phase == "choose" and view.get("choosing"):
        room = view["choosing"]["room"]
        if room == "Diary Room":
            return f"{who(mover)} is in the Diary Room: name the housemate who must give you a vote."
        if room in _BEDROOM_TAG:
            return f"{who(mover)} is in the {room}: openly vote for your favourite {_BEDROOM_TAG[room]} (any card if none)."
        if room == "Living Room":
            return f"{who(mover)} has no card for the highest roller: openly vote with another card."
        return f"{who(mover)} is in the {room}: openly vote for the housemate who needs a treat most."
    if phase == "pay" and view.get("paying"):
        p = view["paying"]
        return (
            f"{who(p['giver'])} owes {who(p['target'])} a vote card but has none left: "
            f"{who(p['giver'])} chooses another card to put in the box."
        )
    if phase == "evict_vote":
        return f"Eviction vote (nominees: {many(view.get('nominees'))}): {question}"
    if phase == "final_vote":
        return f"Final vote (candidates: {many(view.get('candidates'))}): {question}"
    if phase == "over":
        winners = view.get("winners") or []
        return f"{who(winners[0])} wins Big Brother!" if winners else "The game is over."
    return view.get("prompt") or ""


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
    paying = view.get("paying")
    if paying:
        lines.append(
            f"{who(paying['giver'])} owes {who(paying['target'])} a vote card but has none left: choosing another card."
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
