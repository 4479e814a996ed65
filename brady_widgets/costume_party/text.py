"""Costume Party Detective as plain text: the body of ``CostumePartyWidget.text()``.

Drawn from a synced view only (the shown seat's, the public view under the curtain, or the
teacher's reveal with ``secrets`` and ``deck``): the seat's own character, the last roll,
the rooms and who is in them, the seats (out, cards drawn face up) and the deck.
"""

from __future__ import annotations

from .content import CHARACTERS, ROOM_NAMES, figure_label


def _fig(fig: int) -> str:
    return CHARACTERS[fig][0] if isinstance(fig, int) and 0 <= fig < len(CHARACTERS) else str(fig)


def _figs(figs: list) -> str:
    return ", ".join(_fig(f) for f in figs) or "nobody"


def body(view: dict, names: list[str]) -> list[str]:
    """The lines of the board for ``view`` (``names``: a name per seat)."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    lines = []
    mine = view.get("my_character")
    secrets = view.get("secrets")
    if mine is not None:
        lines.append(f"You are {figure_label(mine)}.")
    elif secrets is None:
        lines.append("Public view: nobody's character is shown.")
    roll = view.get("last_roll")
    if roll is not None:
        lines.append(f"Last roll: {roll if roll == 'black' else ROOM_NAMES.get(roll, roll)}.")
    lines.append("Rooms:")
    for room, figs in (view.get("rooms") or {}).items():
        lines.append(f"  {ROOM_NAMES.get(room, room)}: {_figs(figs)}")
    if view.get("killed"):
        lines.append(f"Killed: {_figs(view['killed'])}")
    if view.get("left"):
        lines.append(f"Left the party (cards drawn): {_figs(view['left'])}")
    seats = []
    alive = view.get("alive") or []
    revealed = view.get("revealed") or []
    for seat in range(view.get("players", len(names))):
        parts = []
        if secrets is not None:
            parts.append(f"is {_fig(secrets[seat])}")
        elif seat < len(revealed) and revealed[seat] is not None:
            parts.append(f"was {_fig(revealed[seat])}")
        if seat < len(alive) and not alive[seat]:
            parts.append("out")
        drawn = (view.get("face_up") or [])[seat] if seat < len(view.get("face_up") or []) else []
        if drawn:
            parts.append(f"drew {_figs(drawn)}")
        seats.append(f"{who(seat)}{' (' + ', '.join(parts) + ')' if parts else ''}")
    lines.append("Seats: " + "; ".join(seats))
    deck = f"Deck: {view.get('deck_count', 0)} cards"
    if view.get("deck") is not None:
        deck += f", top first: {_figs(view['deck'])}"
    lines.append(deck)
    return lines


def secrets(game, seat: int) -> dict:
    """The text of ``seat``'s secret (its character), from the engine: ``own`` on its own
    screen, ``reveal`` in the teacher's reveal (the registry's ``secrets``; the every-game
    tests look for it there and on no other seat's screen)."""
    fig = game.full_view()["secrets"][seat]
    return {"own": figure_label(fig), "reveal": f"is {CHARACTERS[fig][0]}"}
