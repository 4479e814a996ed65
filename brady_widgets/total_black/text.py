"""Total Black as plain text: the body of ``TotalBlackWidget.text()``, from a synced view."""

from __future__ import annotations


def body(view: dict, names: list[str], content: dict | None = None) -> list[str]:
    """What the shown seat knows in the dark: its card and cry, the cry it heard this
    round, whether it holds, the pairs found; the teacher's reveal adds every card."""
    content = content or {}
    animals = {a["id"]: a for a in content.get("animals") or []}

    def card(c) -> str:
        a = animals.get(c)
        return a["name"] if a else str(c)

    def who(seat) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"

    lines = []
    if view.get("my_card") is not None:
        lines.append(f"Your card: {card(view['my_card'])}, you cry {view.get('my_cry')}")
        if view.get("over"):
            pass
        elif view.get("heard") is not None:
            held = " You are holding out your hand." if view.get("held") else ""
            lines.append(f"Round {view.get('round')}: you bumped into someone who cries {view['heard']}{held}")
        else:
            done = (view.get("found") or [])[view["viewer"]] if isinstance(view.get("viewer"), int) else False
            lines.append("You found your partner." if done else f"Round {view.get('round')}: nobody to bump into.")
    elif view.get("cards") is None:
        lines.append("Public view: nobody's card is shown.")
    lines.append(f"Pairs found: {view.get('pairs_found', 0)} of {view.get('pairs', 0)}")
    found = view.get("found") or []
    cards = view.get("cards")
    if cards is not None:
        # the teacher's reveal: each pair, found or not
        pairs: dict = {}
        for s, c in enumerate(cards):
            pairs.setdefault(c, []).append(s)
        row = [
            f"{card(c)}: {' & '.join(who(s) for s in seats)}{' (found)' if found and found[seats[0]] else ''}"
            for c, seats in pairs.items()
        ]
        lines.extend(_wrap(row, 98))
    else:
        done = [s for s, f in enumerate(found) if f]
        if done:
            lines.extend(_wrap([f"Found: {', '.join(who(s) for s in done)}"], 98))
    return lines[:14]


def _wrap(items: list[str], width: int) -> list[str]:
    out, line = [], ""
    for item in items:
        for word in item.split(" "):
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        line += ";" if item is not items[-1] else ""
    if line:
        out.append(line)
    return out


def secrets(game, seat: int) -> dict:
    """The text of ``seat``'s secret (its card), from the engine: ``own`` on its own
    screen, ``reveal`` in the teacher's reveal."""
    from ..brouhaha.content import ANIMALS

    name = {a["id"]: a["name"] for a in ANIMALS}[game.cards[seat]]
    return {"own": f"Your card: {name}, you cry", "reveal": f"{name}: "}
