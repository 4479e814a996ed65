"""Brouhaha as plain text: the body of ``BrouhahaWidget.text()``.

Drawn from a synced view only (the shown seat's, the public view of the one-keyboard
mode, or the teacher's reveal with every hand and face-down card) and the static
``content`` (animal names and emoji, the party keys): the seat's own hand and
face-down card, then one line per seat with its cry, Reserve and marks, then what is
happening (a slap, a reveal, a Hunter, the pass) and the odds.
"""

from __future__ import annotations


def hand_text(hand: list, name) -> str:
    """A hand in words, copies grouped: ``Cow, Guinea pig ×2, Hunter`` (``name``: card -> name)."""
    out: list[str] = []
    for card in dict.fromkeys(hand):
        n = hand.count(card)
        out.append(name(card) + (f" ×{n}" if n > 1 else ""))
    return ", ".join(out) or "none"


def body(view: dict, names: list[str], content: dict | None = None) -> list[str]:
    """The lines of the table for ``view`` (``names``: a name per seat)."""
    content = content or {}
    animals = {a["id"]: a for a in content.get("animals") or []}

    def card(c) -> str:
        if c == "hunter":
            return "Hunter"
        a = animals.get(c)
        return a["name"] if a else str(c)

    def cards(cs) -> str:
        return hand_text(list(cs), card)

    def who(seat) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"

    lines = []
    party = (content.get("party") or {}).get("keys")
    me = view.get("viewer")
    hands = view.get("hands")  # the teacher's reveal only
    downs = view.get("down")
    if party:
        keys = ", ".join(f"{k.upper()} = {who(int(s))}" for s, k in party.items())
        lines.append(f"One keyboard: slap keys {keys}. Nobody's cards are shown.")
    elif isinstance(me, int) and view.get("my_hand") is not None:
        down = view.get("my_down")
        pinned = " (pinned by a Hunter)" if view.get("pinned") else ""
        lines.append(f"Your hand: {cards(view['my_hand'])}.")
        lines.append(f"Your face-down card: {card(down) + pinned if down else 'none'}.")
    elif hands is None:
        lines.append("Public view: nobody's cards are shown.")
    cries = view.get("cries") or []
    reserves = view.get("reserves") or []
    sizes = view.get("hand_sizes") or []
    hunter = view.get("hunter_down")
    lines.append("Table (cry of the face-down card; Reserve):")
    for seat in range(view.get("players", len(names))):
        cry = cries[seat] if seat < len(cries) else None
        parts = [f"“{cry}”" if cry else "nothing down"]
        if hunter == seat:
            parts.append("a Hunter")
        if downs is not None and seat < len(downs) and downs[seat] is not None:
            parts.append(f"is {card(downs[seat])}")
        if seat < len(sizes):
            parts.append(f"{sizes[seat]} in hand")
        res = reserves[seat] if seat < len(reserves) else []
        parts.append(f"Reserve {len(res)}" + (f": {cards(res)}" if res else ""))
        you = " (you)" if seat == me else ""
        lines.append(f"  {seat + 1}. {who(seat)}{you}: " + "; ".join(parts))
        if hands is not None and seat < len(hands):  # the teacher's reveal: the hand on a line of its own
            lines.append(f"     holds {cards(hands[seat])}")
    slap = view.get("slap")
    if slap:
        second = f", then {who(slap['second'])}" if slap.get("second") is not None else ""
        lines.append(f"Slap! {who(slap.get('first'))} slapped first{second}.")
    reveal = view.get("reveal")
    if reveal:
        shown = ", ".join(f"{who(s)}: {card(c)}" for s, c in zip(reveal.get("seats") or [], reveal.get("cards") or []))
        lines.append(f"Reveal: {shown}: {'a match' if reveal.get('match') else 'no match'}.")
    hunt = view.get("hunt")
    if hunt:
        target = f", aimed at {who(hunt['target'])}" if hunt.get("target") is not None else ""
        lines.append(f"Hunter! {who(hunt.get('hunter'))} cries “{hunt.get('cry')}”{target}.")
    passing = view.get("passing")
    if passing:
        mine = f" You pass {card(passing['mine'])}." if passing.get("mine") else ""
        lines.append(f"Passing to the left: {len(passing.get('chosen') or [])} chose.{mine}")
    public = []
    if view.get("removed"):
        public.append(f"set aside: {cards(view['removed'])}")
    if view.get("hunters_out"):
        public.append(f"Hunters gone: {view['hunters_out']}")
    if public:
        lines.append("Public: " + "; ".join(public) + ".")
    odds = view.get("odds")
    if odds:
        lines.append(
            f"Odds another face-down card is your {card(odds.get('mine'))}: {odds['fraction']} ({odds['p']:.1%})."
        )
    return lines


def secrets(game, seat: int) -> dict:
    """The text of ``seat``'s secret (its hand), from the engine: ``own`` on its own
    screen, ``reveal`` in the teacher's reveal (the registry's ``secrets``; the every-game
    tests look for it there and on no other seat's screen)."""
    from .content import ANIMALS

    names = {a["id"]: a["name"] for a in ANIMALS} | {"hunter": "Hunter"}
    hand = hand_text(game.full_view()["hands"][seat], names.get)
    return {"own": f"Your hand: {hand}.", "reveal": f"holds {hand}"}
