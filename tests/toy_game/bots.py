"""Swap bots: ``choose(view, legal)`` only."""

import random


class RandomBot:
    name = "random"

    def __init__(self, seat, seed):
        self.seat = seat
        self.rng = random.Random(f"toy_swap:{seat}:{seed}")

    def choose(self, view, legal):
        return self.rng.choice(legal)


class LowSwapper(RandomBot):
    """Swaps a card below 5, bets 2 on a 7 or 8, else stays."""

    name = "swapper"

    def choose(self, view, legal):
        card = view["my_card"]
        for want in ([{"type": "swap"}] if card < 5 else []) + ([{"type": "bet", "amount": 2}] if card >= 7 else []):
            if want in legal:
                return want
        return {"type": "stay"}


BOTS = {"random": RandomBot, "swapper": LowSwapper}
