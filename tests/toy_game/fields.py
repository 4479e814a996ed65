"""Swap's extra ``simulate`` row fields."""


def simulation_fields(game, names):
    return {
        "swaps": sum(1 for ev in game.events if ev["type"] == "swap"),
        "bets": sum(ev["amount"] for ev in game.events if ev["type"] == "bet"),
        "winning_card": max(game.hands),
    }
