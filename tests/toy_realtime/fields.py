"""Snap race's extra ``simulate`` row fields."""


def simulation_fields(game, names):
    count = {}
    for ev in game.events:
        count[ev["type"]] = count.get(ev["type"], 0) + 1
    return {
        "slaps": count.get("slap", 0),
        "windows": count.get("window_opened", 0),
        "windows_missed": count.get("window_closed", 0),
        "plays": count.get("play", 0),
        "top_score": max(game.won),
        "end_ms": game.clock,
    }
