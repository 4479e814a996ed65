"""Brouhaha's extra ``simulate()`` row fields (see brady_widgets/simulation.py)."""

from __future__ import annotations


def simulation_fields(game, names):
    """One row's Brouhaha columns: why and when the game ended, and what happened in it.

    ``reason`` (no_cards | no_pairs | time, None if unfinished), ``game_ms`` (the clock
    at the end), ``matches``, ``mismatches``, ``void_slaps``, ``hunts`` (Hunters played
    first in a window), ``hunted`` (hunts that took a card), ``hunter_cancels``,
    ``passes`` (pass rounds), ``default_passes`` (cards passed at the deadline),
    ``bangs``, ``plays`` (cards put down, switches included), ``take_backs``,
    ``top_reserve``, ``reserve_<seat>`` for each seat."""
    count: dict[str, int] = {}
    defaults = 0
    for ev in game.events:
        kind = ev["type"]
        count[kind] = count.get(kind, 0) + 1
        if kind == "passes_done":
            defaults += len(ev["defaults"])
    sizes = [len(r) for r in game.reserves]
    row = {
        "reason": game.end_reason,
        "game_ms": game.clock,
        "matches": count.get("match", 0),
        "mismatches": count.get("mismatch", 0),
        "void_slaps": count.get("slap_void", 0),
        "hunts": count.get("hunt", 0),
        "hunted": count.get("hunted", 0),
        "hunter_cancels": count.get("hunters_cancel", 0),
        "passes": count.get("passes_done", 0),
        "default_passes": defaults,
        "bangs": count.get("bang", 0),
        "plays": count.get("play", 0),
        "take_backs": count.get("take_back", 0),
        "top_reserve": max(sizes),
    }
    for seat, size in enumerate(sizes):
        row[f"reserve_{seat}"] = size
    return row
