"""Snap race: a toy REAL-TIME game that proves the engine's time layer.

2 to 4 players. The deck holds ranks 1..6, three of each (18 cards). Each seat
is dealt ``hand`` cards (0..3, default 2) face down; the rest is the deck. The
deck order and the other seats' hands are secret; the pile is public.

Time runs in ms from 0 (``realtime = True``: every action carries ``at``).

1. **Flips.** The first flip deadline is at ``flip_ms`` (default 1500). At a flip
   deadline ``f`` (only ever while no window is open) the top deck card is turned
   face up onto the pile (event ``flip``). If its rank equals the rank of the card
   it covers, a snap window opens (rule 3); otherwise the next flip deadline is
   ``f + flip_ms``.
2. **Plays.** While no window is open, any seat may at any time play a card of
   its hand face up onto the pile: ``{"type": "play", "card": rank}`` (event
   ``play``). A play does not move the flip deadline, unless its rank equals
   the rank of the card it covers: then a window opens (rule 3).
3. **Windows.** A match at time ``t`` (a flip or a play) opens a window until
   ``t + window_ms`` (default 1200; event ``window_opened``). While it is open the
   flip timer is stopped and the only legal action is ``{"type": "slap"}``, for
   every seat (``races = {"slap"}``).
4. **Slaps.** The first slap applied, at ``t``, wins: that seat scores one point
   per card in the pile, the pile is cleared (so the next card matches nothing),
   the window closes, and the next flip deadline is ``t + flip_ms`` (event
   ``slap``). A slap while no window is open is not legal.
5. **Missed windows.** A window nobody slaps closes on its own at its deadline
   ``c`` (event ``window_closed``); the pile stays as it is (its top may match
   the next card again) and the next flip deadline is ``c + flip_ms``.
6. **The end.** At a flip deadline when the deck is empty, the game ends (event
   ``game_over``): ``flip_ms`` after the last flip, or after the window that the
   last flip or a later play opened has closed. Cards left in hands or in the
   pile score nothing. ``scores`` are the points; the winners are every seat with
   the highest score (ties share; all seats when nobody scored).

Nobody ever must act: ``to_act`` is always ``[]`` and the game waits on the
clock; ``next_deadline()`` (a flip, a window closing or the end) is ``None``
only once the game is over. No chance outcome is drawn during play: the deal
(shuffled with the game's seeded RNG in ``_setup``) fixes every card.

View keys: ``game, players, viewer, phase (stream|window|over), to_act, pile,
top, window ({card, opened_at, closes_at} or None), stream (cards put on the
pile so far), deck_count, hand_sizes, my_hand, scores, flip_ms, window_ms, over,
winners, log`` (+ ``clock`` and ``deadline`` from the engine base; ``hands`` and
``deck``, the unflipped deck top first, in ``full_view()``). Events: ``deal``
(private to its seat), ``start``, ``flip``, ``play``, ``window_opened``, ``slap``,
``window_closed``, ``game_over``; each timed one carries ``at``.
"""

from __future__ import annotations

from collections import Counter

from brady_widgets.engine import Game

RANKS = range(1, 7)
COPIES = 3
CARDS = sorted(r for r in RANKS for _ in range(COPIES))  # the 18 cards, sorted
MAX_MS = 3_600_000  # an option's largest value: one hour


class SnapGame(Game):
    name = "toy_snap"
    title = "Snap race (toy)"
    player_counts = range(2, 5)
    default_options = {"flip_ms": 1500, "window_ms": 1200, "hand": 2}
    action_schema = {"play": {"card": int}, "slap": {}}
    realtime = True
    races = frozenset({"slap"})

    def _check_options(self) -> None:
        for key in ("flip_ms", "window_ms"):
            ms = self.options[key]
            if isinstance(ms, bool) or not isinstance(ms, int) or not 1 <= ms <= MAX_MS:
                raise ValueError(f"{key} must be a whole number of ms from 1 to {MAX_MS}, got {ms!r}")
        hand = self.options["hand"]
        if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand <= 3:
            raise ValueError(f"hand (cards dealt to each seat) must be an int from 0 to 3, got {hand!r}")

    # ------------------------------------------------------------- set-up
    def _setup(self, deal):
        n, size = self.players, self.options["hand"]
        if deal is None:
            cards = list(CARDS)
            self.rng.shuffle(cards)
            deal = {"hands": [cards[s * size : (s + 1) * size] for s in range(n)], "deck": cards[n * size :]}
        else:
            self._check_deal(deal, n, size)
        self.hands = [sorted(h) for h in deal["hands"]]  # secret, sorted
        self.deck = list(deal["deck"])  # top first; secret from position `flipped` on
        self.flipped = 0  # deck cards turned face up so far
        self.pile: list[int] = []  # public, bottom first
        self.won = [0] * n  # cards won by each seat (its points)
        self.stream = 0  # cards put on the pile so far (flips and plays)
        self.window: dict | None = None  # {"card", "opened_at", "closes_at"} while a window is open
        self.next_flip: int | float | None = self.options["flip_ms"]  # None while a window is open
        for seat, hand in enumerate(self.hands):
            self._emit("deal", audience=[seat], seat=seat, hand=list(hand))
        self._emit(
            "start",
            hand=size,
            deck=len(self.deck),
            flip_ms=self.options["flip_ms"],
            window_ms=self.options["window_ms"],
        )
        return {"hands": [list(h) for h in self.hands], "deck": list(self.deck)}

    @staticmethod
    def _check_deal(deal, players, size) -> None:
        if type(deal) is not dict or set(deal) != {"hands", "deck"}:
            raise ValueError(f"a deal is {{'hands': [...], 'deck': [...]}}, got {deal!r}")
        hands, deck = deal["hands"], deal["deck"]
        if (
            type(hands) is not list
            or len(hands) != players
            or any(type(h) is not list or len(h) != size for h in hands)
        ):
            raise ValueError(f"a deal needs {players} hands of {size} cards, got {hands!r}")
        cards = [c for h in hands for c in h] + (deck if type(deck) is list else [None])
        if any(type(c) is not int for c in cards) or sorted(cards) != CARDS:
            raise ValueError(f"a deal's hands and deck must hold ranks 1..6, three of each (18 cards), got {deal!r}")

    # ------------------------------------------------------------ contract
    def _to_act(self):
        return []  # nobody must act: the game waits on the clock

    def _legal(self, seat):
        if self.window is not None:
            return [{"type": "slap"}]
        return [{"type": "play", "card": c} for c in sorted(set(self.hands[seat]))]

    def _why_illegal(self, seat, action):
        if action["type"] == "slap":
            return "no snap window is open: a slap is legal only while one is"
        if self.window is not None:
            return "a snap window is open: only a slap is legal until it closes"
        return f"seat {seat} holds no {action['card']!r} (hand: {self.hands[seat]})"

    def _next_deadline(self):
        return self.window["closes_at"] if self.window is not None else self.next_flip

    def _put(self, card, at) -> None:
        """A card goes face up onto the pile at ``at``; a match opens a window."""
        match = bool(self.pile) and self.pile[-1] == card
        self.pile.append(card)
        self.stream += 1
        if match:
            closes = at + self.options["window_ms"]
            self.window = {"card": card, "opened_at": at, "closes_at": closes}
            self.next_flip = None
            self._emit("window_opened", card=card, at=at, closes_at=closes)

    def _apply(self, seat, action, at):
        if action["type"] == "slap":
            cards = len(self.pile)
            self.won[seat] += cards
            self.pile = []
            self.window = None
            self.next_flip = at + self.options["flip_ms"]
            self._emit("slap", seat=seat, at=at, cards=cards)
        else:
            card = action["card"]
            self.hands[seat].remove(card)
            self._emit("play", seat=seat, card=card, at=at)
            self._put(card, at)

    def _on_deadline(self, at):
        if self.window is not None:
            self.window = None
            self.next_flip = at + self.options["flip_ms"]
            self._emit("window_closed", at=at)
        elif self.flipped < len(self.deck):
            card = self.deck[self.flipped]
            self.flipped += 1
            self.next_flip = at + self.options["flip_ms"]
            self._emit("flip", card=card, at=at, deck_count=len(self.deck) - self.flipped)
            self._put(card, at)
        else:
            best = max(self.won)
            self.winners = [s for s in range(self.players) if self.won[s] == best]
            self.over = True
            self.next_flip = None
            self._emit("game_over", at=at, winners=list(self.winners), scores=list(self.won))

    def _scores(self):
        return list(self.won)

    def _view(self, seat, reveal=False):
        window = self.window
        view = {
            "game": self.name,
            "players": self.players,
            "viewer": seat,
            "phase": "over" if self.over else ("window" if window else "stream"),
            "to_act": [],
            "pile": list(self.pile),
            "top": self.pile[-1] if self.pile else None,
            "window": dict(window) if window else None,
            "stream": self.stream,
            "deck_count": len(self.deck) - self.flipped,
            "hand_sizes": [len(h) for h in self.hands],
            "my_hand": list(self.hands[seat]) if seat is not None else None,
            "scores": list(self.won),
            "flip_ms": self.options["flip_ms"],
            "window_ms": self.options["window_ms"],
            "over": self.over,
            "winners": list(self.winners),
            "log": self.log_for(seat, reveal=reveal),
        }
        if reveal:
            view["hands"] = [list(h) for h in self.hands]
            view["deck"] = self.deck[self.flipped :]
        return view

    # ------------------------------------------------------------ leak test
    def played_by(self) -> list[list[int]]:
        """The cards each seat has played so far (public: they are in the history)."""
        out: list[list[int]] = [[] for _ in range(self.players)]
        for h in self.history:
            if type(h.get("seat")) is int and h["action"]["type"] == "play":
                out[h["seat"]].append(h["action"]["card"])
        return out

    def resample(self, seat, rng):
        """A game with the same public history (actions and clock steps) in which
        every card ``seat`` has not seen is redrawn: the unflipped deck and the
        unplayed cards of the other hands (``seat`` None: of every hand)."""
        size = self.options["hand"]
        played = self.played_by()
        keep = [list(self.deal["hands"][s]) if s == seat else played[s] for s in range(self.players)]
        seen = self.deal["deck"][: self.flipped]
        pool = Counter(CARDS)
        pool.subtract(Counter(seen + [c for h in keep for c in h]))
        free = sorted(pool.elements())
        rng.shuffle(free)
        hands = []
        for s in range(self.players):
            need = size - len(keep[s])
            hands.append(keep[s] + free[:need])
            del free[:need]
        deal = {"hands": hands, "deck": list(seen) + free}
        return type(self).replay(self.players, self.seed, self.history, deal=deal, **self.options)
