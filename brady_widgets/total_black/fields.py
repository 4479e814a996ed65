"""Total Black's extra ``simulate()`` row fields (see brady_widgets/simulation.py)."""

from __future__ import annotations


def simulation_fields(game, names):
    """One row's Total Black columns: ``reason`` (all_found | time, None if unfinished),
    ``game_ms`` (the clock at the end), ``rounds`` (bump rounds), ``pairs_found``,
    ``holds`` (hands held out), ``let_gos`` (encounters where both held and were not
    partners)."""
    count: dict[str, int] = {}
    for ev in game.events:
        count[ev["type"]] = count.get(ev["type"], 0) + 1
    return {
        "reason": game.end_reason,
        "game_ms": game.clock,
        "rounds": game.round,
        "pairs_found": count.get("found", 0),
        "holds": count.get("hold", 0),
        "let_gos": count.get("let_go", 0) // 2,
    }
