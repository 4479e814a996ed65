"""The Brouhaha bots' shortcuts equal what they stand for (``brady_widgets/brouhaha/bots.py``).

A bot keeps values between questions and works some out in one loop instead of their plain
definition (issue 28: bot games cheaper per game). Walking seeded bot games at every level
and several tables, each shortcut is compared, question after question, with its plain
definition worked out from the same view and memory: the table of cards down, the cards it
knows face down, the seats crying each cry, the scores of the cards it may show, the card
shown least recently, the card to pass, and the memories of hands a pass forgets; and every seeded draw the bots made is
the hash of its key's ``repr``, however its text was built.
"""

from __future__ import annotations

import pytest

from brady_widgets.brouhaha import odds
from brady_widgets.brouhaha.bots import BOTS, FORGOTTEN, HUNTER, _Context, _read_legal
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.engine.rng import hash64
from brady_widgets.scheduler import Scheduler

#: (players, level, seed, options)
TABLES = [
    (4, "medium", 3, {}),
    (5, "hard", 8, {"bang": True}),
    (4, "easy", 11, {"cries": "solo"}),
    (7, "hard", 2, {}),
]


def _questions(players, level, seed, options, every=150, until=240_000):
    """``(bot, view, legal)`` for every seat every ``every`` ms of a bot game, the bots having
    read the view (as the Scheduler's question would make them)."""
    g = Brouhaha(players, seed, **options)
    bots = {s: BOTS[level](s, seed) for s in range(players)}
    sched = Scheduler(g, bots, delay=0, lag=0, copy_views=False)
    t = 0
    while not g.over and t < until:
        t += every
        sched.run_until(t)
        for s, bot in bots.items():
            view = g.view(s)
            bot.memory.update(view["log"])
            yield bot, view, g.legal_actions(s)


def _table(memory) -> tuple:
    down_at = memory.down_at
    return tuple([(s, c, down_at.get(s)) for s, c in sorted(memory.cry_now.items()) if c is not None])


def _plain_dead(card: str, hand, mine, pool: dict) -> bool:
    """A card is dead as the bots' docstring says: a Hunter never; one it holds twice (or holds
    and has down) always; else iff no copy of it is unseen."""
    if card == HUNTER:
        return False
    return list(hand).count(card) + (card == mine) >= 2 or not pool.get(card)


def _rank(ctx: _Context, card: str) -> tuple:
    """The pass's rank of a card, as its docstring defines it."""
    if card == HUNTER:
        return (3, 0.0, card)
    if ctx.hand.count(card) >= 2:
        return (0, 0.0, card)
    if ctx.dead(card):
        return (1, 0.0, card)
    left = (ctx.me + 1) % ctx.view["players"]
    hope = ctx.share(card) + 0.01 * ctx.pool().get(card, 0) + 0.1 * ctx.cry_hope(card)
    hope += 0.5 * ctx.holds().get(left, {}).get(card, 0)
    return (2, hope, card)


@pytest.mark.parametrize("players,level,seed,options", TABLES)
def test_shortcuts_equal_their_definitions(players, level, seed, options):
    seen = dict.fromkeys(("table", "scores", "shown", "pass", "reveal", "crying", "dead"), 0)
    for bot, view, legal in _questions(players, level, seed, options):
        memory = bot.memory
        # the table of cards down, kept until a card goes down or leaves the table
        assert memory.table() == _table(memory)
        seen["table"] += bool(memory.table())
        # no memory of a hand the passes halved to FORGOTTEN is kept (nothing reads it)
        assert all(w > FORGOTTEN for cards in memory.holds.values() for _, w in cards.values())
        ctx = _Context(bot, view)
        assert ctx.known() == odds._known_down(view)
        # the table's map of cries, found by the views' shared list of cries when it is the one
        # the map was made of: the seats crying each cry but the announced Hunter, in order
        crying: dict = {}
        for s, c in enumerate(view["cries"]):
            if c is not None and s != view["hunter_down"]:
                crying[c] = (*crying.get(c, ()), s)
        assert ctx._crying_map() == crying
        seen["crying"] += len(crying) > 1
        seen["reveal"] += view["reveal"] is not None
        read = _read_legal(legal)
        plays, cards = read[3], read[4]
        if view["phase"] == "play" and plays:
            # only the cards that score, with their score, in the cards' order
            scores = ctx.play_scores(plays)
            plain = {c: ctx.play_score(c) for c in plays if c != ctx.mine}
            assert scores == {c: v for c, v in plain.items() if v}
            assert list(scores) == [c for c in plain if plain[c]]
            seen["scores"] += bool(scores)
            # the cards whose partner may still be matched, from the bot's cache of dead cards
            # (kept while the pool and the cards it holds, hand and card down, stay)
            pool = odds.unseen_pool(view)
            plain_dead = {c: _plain_dead(c, ctx.hand, ctx.mine, pool) for c in plays}
            assert {c: ctx.dead(c) for c in plays} == plain_dead
            alive = ctx.alive(plays)
            assert alive == [c for c in plays if c != ctx.mine and not plain_dead[c]]
            seen["dead"] += any(plain_dead.values())
            if alive:
                # the cards at the lowest (last shown - 1000 * cry hope), in order
                value = {c: memory.shown.get(c, -1.0) - 1000 * ctx.cry_hope(c) for c in alive}
                low = min(value.values())
                assert ctx.shown_first(alive) == [c for c in alive if value[c] == low]
                seen["shown"] += 1
        if view["phase"] == "pass" and cards:
            assert ctx.pass_choice(cards) == min(cards, key=lambda c: _rank(ctx, c))
            seen["pass"] += 1
    assert seen["table"] > 20 and seen["scores"] > 5 and seen["shown"] > 20 and seen["pass"] > 5, seen
    assert seen["reveal"] > 0 and seen["crying"] > 20 and seen["dead"] > 5, seen


@pytest.mark.parametrize("players,level,seed,options", TABLES)
def test_every_draw_is_the_hash_of_its_key(players, level, seed, options):
    """A draw whose text its caller builds from parts (``_uniform_of``: the cards' draws of
    one loop share the head of their text; ``_uniform_as``: a literal name and the reprs of
    the rest, a table's kept text) is the draw of ``_uniform``'s plain definition: the hash
    of ``repr(key)``, for every draw the bots of a seeded game made, of every kind."""
    bots = {}
    for bot, _, _ in _questions(players, level, seed, options):
        bots[bot.seat] = bot
    kinds: dict = {}
    for bot in bots.values():
        for key, u in bot._draws.items():
            assert u == hash64(repr(key), bot._salt) / 2.0**64, key
            kinds[key[0]] = kinds.get(key[0], 0) + 1
    assert kinds.get("order", 0) > 10 and kinds.get("pick", 0) > 0, kinds
    assert kinds.get("shuffle", 0) > 10, kinds
    # (at an attention and a care of 1, hard's, those draws could never fail: they are not made)
    for sure in ("attention", "care"):
        assert kinds.get(sure, 0) > 10 if level != "hard" else sure not in kinds, (sure, kinds)
    assert kinds.get("holds", 0) > 10 and kinds.get("cried", 0) > 10, kinds
    assert kinds.get("careless", 0) > 0 or level == "hard", kinds  # (a hard bot always takes care)


@pytest.mark.parametrize("players,level,seed", [(4, "medium", 3), (4, "easy", 11), (6, "medium", 5)])
def test_a_tie_is_broken_only_at_a_table_it_pays_attention_to(players, level, seed):
    """The seeded draws that break a tie between the best cards (``pick``) are made only at a
    table of cries whose ``attention`` draw says the bot answers it: at any other table the
    card it would pick changes nothing (it goes on to search), so those draws are not made.
    Nor are the cards' scores worked out there, and attention is drawn only at a table where
    a card may score (the fingerprints keep every decision)."""
    scored = []
    may_score: set = set()  # (seat, table) where a card may score

    class Checking(_Context):
        def scores_of(self, cards):
            # the cards are scored only at a table it pays attention to
            u = self.bot._draws.get(("attention", tuple(self.cries)), 1.0)
            assert u < self.bot.p["attention"], (self.me, self.cries)
            scored.append(self.me)
            return super().scores_of(cards)

        def may_score(self, animals):
            cards = super().may_score(animals)
            if cards:
                may_score.add((self.me, tuple(self.cries)))
            return cards

    game = Brouhaha(players, seed)
    bots = {s: BOTS[level](s, seed) for s in range(players)}
    for bot in bots.values():
        bot._ctx = Checking()
    Scheduler(game, bots, delay=0, lag=0, copy_views=False).run()
    assert game.over
    picks = inattentive = 0
    for bot in bots.values():
        draws, attention = bot._draws, bot.p["attention"]
        for key in draws:
            if key[0] == "pick":
                assert draws.get(("attention", key[1]), 1.0) < attention, key  # (drawn, and attentive)
                picks += 1
            elif key[0] == "attention":
                # (drawn only at a table where a card may score: else there is nothing to answer)
                assert (bot.seat, key[1]) in may_score, key
                inattentive += draws[key] >= attention
    assert picks > 5 and inattentive > 5 and len(scored) > 20, (picks, inattentive, len(scored))


def test_a_bot_that_always_pays_attention_and_care_draws_nothing_for_them():
    """At an attention of 1 (hard) the attention draw, below 1, could never fail: it is not
    made, and the bot still answers the cries on the table and breaks its ties; nor is the
    draw of its care in choosing a card to pass, at a care of 1 (it still chooses them)."""
    game = Brouhaha(5, 8)
    bots = {s: BOTS["hard"](s, 8) for s in range(5)}
    Scheduler(game, bots, delay=0, lag=0, copy_views=False).run()
    assert game.over
    kinds = [key[0] for bot in bots.values() for key in bot._draws]
    assert "attention" not in kinds and kinds.count("pick") > 5, kinds.count("pick")
    assert "care" not in kinds and "careless" not in kinds
    assert any(ev["type"] == "match" for ev in game.events) and any(ev["type"] == "passed" for ev in game.events)
