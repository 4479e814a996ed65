"""Costume Party's extra :func:`brady_widgets.simulate` row fields."""

from __future__ import annotations


def simulation_fields(game, names: list[str]) -> dict:
    """``turns`` (rolls), ``kills``, ``draws``, ``suicides`` (a player killed their
    own figure), ``eliminations`` (seats in the order they fell), ``winner_bot``
    and ``winner_character`` (the winner's figure), from a finished game."""
    events = game.events
    kills = [ev for ev in events if ev["type"] == "kill"]
    winner = game.winners[0] if len(game.winners) == 1 else None
    return {
        "turns": sum(1 for ev in events if ev["type"] == "roll"),
        "kills": len(kills),
        "draws": sum(1 for ev in events if ev["type"] == "draw"),
        "suicides": sum(1 for ev in kills if game.secrets[ev["seat"]] == ev["figure"]),
        "eliminations": [ev["seat"] for ev in events if ev["type"] == "eliminated"],
        "winner_bot": None if winner is None else names[winner],
        "winner_character": None if winner is None else game.secrets[winner],
    }
