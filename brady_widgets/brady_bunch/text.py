"""The Brady Bunch Party Game as plain text: the body of ``BradyBunchWidget.text()``.

Drawn from a synced view only (the shown seat's, the public view under the curtain, or the
teacher's reveal with ``hands``, ``board`` and ``tucked_cards``): the round and its phase,
the seat's own cards and peeks (a kid) or Help Tokens (Alice), the board (a line per kid),
what Alice is waiting for, the newest table talk and, at the end, the roles and the scores.
"""

from __future__ import annotations

from .content import TOKEN_NAMES
from .rules import PHASE_TEXT

#: the newest table-talk statements shown
TALK_LINES = 2


def _values(values: list) -> str:
    return ", ".join(str(v) for v in values) or "none"


def _kid_line(slot: dict, view: dict) -> str:
    kid = slot["kid"]
    facts = []
    if slot.get("silent"):
        facts.append("silent kid")
    if slot.get("score") is not None:
        facts.append(f"cards {_values(slot.get('cards') or [])}, score {slot['score']}")
    else:
        facts.append(f"hand {slot.get('hand', 0)}")
        if slot.get("face_up") is not None:
            facts.append(f"card up: {slot['face_up']}")
        elif slot.get("played"):
            facts.append("card face down")
        facts.append(f"tucked {slot.get('tucked', 0)}")
    cookies = slot.get("cookies") or 0
    if cookies:
        sign = slot.get("sign")
        facts.append(f"Cookies {cookies}{' (' + sign + ')' if sign else ''}")
    hands, board, tucked = view.get("hands"), view.get("board"), view.get("tucked_cards")
    if hands is not None:  # the teacher's reveal
        secret = [f"holds [{_values(hands.get(kid, []))}]"]
        if (board or {}).get(kid) is not None:
            secret.append(f"board {board[kid]}")
        if (tucked or {}).get(kid):
            secret.append(f"tucked [{_values(tucked[kid])}]")
        facts.append("; ".join(secret))
    return f"  {kid}: {', '.join(facts)}"


def body(view: dict, names: list[str]) -> list[str]:
    """The lines of the table for ``view`` (``names``: a name per seat)."""
    lines = []
    phase = view.get("phase")
    lines.append(f"Round {view.get('round')} of {view.get('rounds')}: {PHASE_TEXT.get(phase, phase)}.")
    role = view.get("role")
    if role == "kid":
        mine = f"You are {view.get('me')}. Your hand: {_values(view.get('hand') or [])}."
        if view.get("my_cards"):
            mine += f" Your cards played: {_values(view['my_cards'])}."
        if view.get("my_sign"):
            mine += f" Your Cookie sign: {view['my_sign']}."
        lines.append(mine)
    elif role == "alice":
        lines.append(
            f"You are Alice: Help Tokens {', '.join(TOKEN_NAMES.get(t, t) for t in view.get('tokens') or []) or 'none'}"
            f"; questions asked {view.get('questions', 0)}."
        )
    elif view.get("hands") is None:
        lines.append("Public view: nobody's cards are shown.")
    snoops = view.get("snoops") or []
    if snoops:
        text = f"Snoops this round: {', '.join(snoops)}"
        requests = view.get("requests") or []
        if requests:
            text += "; asked: " + ", ".join(f"{r['snoop']} on {r['about']}" for r in requests)
        lines.append(text + ".")
    lines.append("Kids:")
    lines.extend(_kid_line(slot, view) for slot in view.get("kids") or [])
    peeks = view.get("peeks") or []
    if peeks:
        lines.append(
            "Your peeks: " + "; ".join(f"{p['kid']} round {p['round']}: {p['value']}" for p in peeks[-4:]) + "."
        )
    exposed = view.get("exposed") or []
    if exposed:
        lines.append("Exposed: " + "; ".join(f"{e['kid']} round {e['round']}: {e['value']}" for e in exposed) + ".")
    pending = view.get("pending")
    if pending:
        lines.append(f"Waiting for {pending.get('kid')} to answer Alice.")
    talk = view.get("talk") or []
    for entry in talk[-TALK_LINES:]:
        lines.append(f"Talk: {entry.get('speaker')}: “{entry.get('text', '')}”")
    roles = view.get("roles")
    if roles:
        parts = [f"{key}: {', '.join(kids)}" for key, kids in roles.items() if kids]
        lines.append("Roles: " + "; ".join(parts) + ".")
    if view.get("accused"):
        lines.append(f"Alice accused {view['accused']}.")
    return lines


def secrets(game, seat: int) -> dict | None:
    """The text of ``seat``'s secret (a kid's hand; Alice holds none), from the engine:
    ``own`` on its own screen, ``reveal`` in the teacher's reveal (the registry's
    ``secrets``; the every-game tests look for it there and on no other seat's screen)."""
    full = game.full_view()
    kid = next((slot["kid"] for slot in full["kids"] if slot["seat"] == seat), None)
    if kid is None:
        return None
    hand = full["hands"][kid]
    return {
        "own": f"Your hand: {', '.join(map(str, hand)) or 'none'}.",
        "reveal": f"holds [{', '.join(map(str, hand))}]",
    }
