"""Swap: 2-4 players, one hidden card each from a deck of 1..8.

On a turn a player stays, swaps (discards their card face up and takes the top
card of the deck, seen only by them) or bets 1 or 2 of their chips into the pot.
After ``rounds`` turns each, the cards are shown: the highest card takes the pot.
"""

from __future__ import annotations

from brady_widgets.engine import Game, IllegalAction  # noqa: F401  (IllegalAction: for readers)

CARDS = list(range(1, 9))
CHIPS = 3


class SwapGame(Game):
    name = "toy_swap"
    title = "Swap (toy)"
    player_counts = range(2, 5)
    default_options = {"rounds": 2}
    action_schema = {"stay": {}, "swap": {}, "bet": {"amount": int}}

    def _check_options(self) -> None:
        rounds = self.options["rounds"]
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 3:
            raise ValueError(f"rounds must be 1..3, got {rounds!r}")

    # ------------------------------------------------------------- set-up
    def _setup(self, deal):
        if deal is None:
            cards = list(CARDS)
            self.rng.shuffle(cards)
            deal = {"hands": cards[: self.players], "deck": cards[self.players :]}
        self.hands = list(deal["hands"])
        self.deck = list(deal["deck"])  # top first
        self.drawn = 0  # deck cards taken so far
        self.discards: list[dict] = []  # [{"seat", "card"}], public
        self.chips = [CHIPS] * self.players
        self.pot = 0
        self.turn = 0
        self.acted = 0  # turns played
        for seat, card in enumerate(self.hands):
            self._emit("deal", audience=[seat], seat=seat, card=card)
        return {"hands": list(deal["hands"]), "deck": list(deal["deck"])}

    # ------------------------------------------------------------ contract
    def _to_act(self):
        return [self.turn]

    def _legal(self, seat):
        out = [{"type": "stay"}]
        if self.drawn < len(self.deck):
            out.append({"type": "swap"})
        out += [{"type": "bet", "amount": a} for a in (1, 2) if a <= self.chips[seat]]
        return out

    def _apply(self, seat, action, at):
        kind = action["type"]
        if kind == "swap":
            old, new = self.hands[seat], self.deck[self.drawn]
            self.drawn += 1
            self.discards.append({"seat": seat, "card": old})
            self.hands[seat] = new
            self._emit("swap", seat=seat, discard=old)
            self._emit("drew", audience=[seat], seat=seat, card=new)
        elif kind == "bet":
            self.chips[seat] -= action["amount"]
            self.pot += action["amount"]
            self._emit("bet", seat=seat, amount=action["amount"])
        else:
            self._emit("stay", seat=seat)
        self.acted += 1
        if self.acted >= self.players * self.options["rounds"]:
            best = max(self.hands)
            self.winners = [s for s in range(self.players) if self.hands[s] == best]
            self.chips[self.winners[0]] += self.pot
            self.pot = 0
            self.over = True
            self._emit("showdown", hands=list(self.hands))
            self._emit("game_over", winners=list(self.winners))
        else:
            self.turn = (self.turn + 1) % self.players

    def _scores(self):
        return list(self.chips)

    def _view(self, seat, reveal=False):
        view = {
            "game": self.name,
            "players": self.players,
            "viewer": seat,
            "phase": "over" if self.over else "play",
            "turn": self.turn,
            "to_act": self.to_act,
            "my_card": self.hands[seat] if seat is not None else None,
            "shown": list(self.hands) if self.over else None,
            "discards": [dict(d) for d in self.discards],
            "deck_count": len(self.deck) - self.drawn,
            "chips": list(self.chips),
            "pot": self.pot,
            "over": self.over,
            "winners": list(self.winners),
            "log": self.log_for(seat, reveal=reveal),
        }
        if reveal:
            view["hands"] = list(self.hands)
            view["deck"] = self.deck[self.drawn :]
        return view

    # ------------------------------------------------------------ leak test
    def resample(self, seat, rng):
        """Same public history; every card ``seat`` has not seen redrawn."""
        # slots: ("h", s) the initial card of seat s, ("d", i) deck position i
        value = {("h", s): c for s, c in enumerate(self.deal["hands"])}
        value.update({("d", i): c for i, c in enumerate(self.deal["deck"])})
        holding = {s: ("h", s) for s in range(self.players)}
        fixed = set()
        if seat is not None:
            fixed.add(("h", seat))
        drawn = 0
        for h in self.history:
            if h["action"]["type"] == "swap":
                s = h["seat"]
                fixed.add(holding[s])  # discarded face up
                holding[s] = ("d", drawn)
                if s == seat:
                    fixed.add(holding[s])
                drawn += 1
        if self.over:
            fixed.update(holding.values())
        free = [slot for slot in value if slot not in fixed]
        values = [value[slot] for slot in free]
        rng.shuffle(values)
        value.update(zip(free, values))
        deal = {
            "hands": [value[("h", s)] for s in range(self.players)],
            "deck": [value[("d", i)] for i in range(len(self.deal["deck"]))],
        }
        return type(self).replay(self.players, self.seed, self.history, deal=deal, **self.options)
