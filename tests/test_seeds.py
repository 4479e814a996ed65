"""Seeds no one can guess (issue 23, item 1).

Every seed the package draws for itself (an engine with ``seed=None``, a widget or a
table with the default seed, a rooms table, an app page, ``simulate`` without a seed)
comes from ``secrets`` through ``engine/rng.new_seed`` with 128 bits; every registered
game (and both toy games) plays a whole game on a 128-bit and a 256-bit seed, JSON
round trips included; an explicit ``seed=`` deals and plays exactly what it dealt before
the change (fingerprints recorded from the code before it); and no seed reaches a
screen that is not the teacher's.

The shared tests name no game: they ask the registry.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import secrets
import sys

import pytest

import toy_game
import toy_realtime
from brady_widgets.engine import registry, rng
from brady_widgets.engine.registry import load_game, load_widget, register, unregister
from brady_widgets.engine.rng import MAX_SEED_BITS, SEED_BITS, new_seed, seed_refusal
from brady_widgets.rooms.server import RoomError, Rooms
from brady_widgets.rooms.store import Store
from brady_widgets.session import session_for
from brady_widgets.simulation import game_seed, simulate
from brady_widgets.testing.conformance import bot_choose, random_step

APP = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "app"
TOYS = (toy_game.GAME, toy_realtime.GAME)
NAMES = registry.names() + [t.name for t in TOYS if t.name not in registry.names()]
#: a distinctive 128-bit seed (the golden ratio's bits) and a 256-bit one
BIG = 0x9E3779B97F4A7C15F39CC0605CEDC834
HUGE = BIG << 128 | 0xB7E151628AED2A6ABF7158809CF4F3C7


@pytest.fixture(scope="module", autouse=True)
def toys():
    """The toy games registered for this module (they carry no seed handling of their own)."""
    added = [t for t in TOYS if t.name not in registry.names()]
    for t in added:
        register(t)
    try:
        yield
    finally:
        for t in added:
            unregister(t.name)


def fewest(name: str) -> int:
    return load_game(name).player_counts[0]


def fake_randbits(monkeypatch, value: int) -> list[int]:
    """``secrets.randbits`` answers ``value``; the list records the bits the package's
    helper asked for (a library imported on the way may draw too: not counted)."""
    asked: list[int] = []
    real = secrets.randbits

    def randbits(k: int) -> int:
        if sys._getframe(1).f_code.co_filename != rng.__file__:
            return real(k)
        asked.append(k)
        return value

    monkeypatch.setattr(secrets, "randbits", randbits)
    return asked


# ------------------------------------------------------------ the one helper
def test_new_seed_is_128_bits_from_secrets(monkeypatch):
    seeds = {new_seed() for _ in range(64)}
    assert len(seeds) == 64 and all(0 <= s < 2**SEED_BITS for s in seeds)
    # 64 draws of 128 bits: all 64 below 2**122 has a chance of 64**-64
    assert max(s.bit_length() for s in seeds) > 122 and SEED_BITS == 128
    asked = fake_randbits(monkeypatch, 12345)
    assert new_seed() == 12345 and asked == [128]


@pytest.mark.parametrize(
    "seed, ok",
    [(0, True), (7, True), (2**MAX_SEED_BITS - 1, True), (BIG, True), (HUGE, True),
     (2**MAX_SEED_BITS, False), (-1, False), (True, False), (False, False), (1.0, False), ("7", False), (None, False)],
)  # fmt: skip
def test_seed_refusal_is_a_plain_sentence(seed, ok):
    why = seed_refusal(seed)
    assert (why is None) == ok
    if not ok:
        assert why.startswith("a seed is a whole number") and "Error" not in why


# --------------------------------------------- every drawn seed is new_seed()
@pytest.mark.parametrize("name", NAMES)
def test_default_seeds_come_from_secrets(monkeypatch, name):
    """Engines (seed=None), tables, widgets and simulate without a seed draw through
    ``secrets.randbits(128)``: patched, every one of them gets the patched value."""
    p = fewest(name)
    asked = fake_randbits(monkeypatch, BIG)
    assert load_game(name)(p, None).seed == BIG
    t = session_for(name, players=p, humans=[0], pace=0)
    try:
        assert t.game.seed == BIG
        bot_seeds = {getattr(b, "seed", BIG) for b in t.bots.values()}
        assert bot_seeds == {BIG}, "the bots are seeded from the table's seed"
    finally:
        t.close()
    w = load_widget(name)(players=p, humans=[0], pace=0)
    try:
        assert w.game.seed == BIG
    finally:
        w.close()
    row = simulate(name, p, games=1, executor=False)[0]
    assert row["seed"] == game_seed(BIG, 0) and row["seed"].bit_length() > 64
    assert asked == [128] * 4


@pytest.mark.parametrize("name", NAMES)
def test_default_seeds_differ_and_have_about_128_bits(name):
    p = fewest(name)
    tables = [session_for(name, players=p, humans=[0], pace=0) for _ in range(3)]
    try:
        seeds = [t.game.seed for t in tables] + [load_game(name)(p, None).seed for _ in range(3)]
    finally:
        for t in tables:
            t.close()
    assert len(set(seeds)) == 6
    assert all(0 <= s < 2**128 for s in seeds) and max(s.bit_length() for s in seeds) > 118


def rooms() -> Rooms:
    return Rooms(Store(":memory:"), "teacher-token", pace=0)


def close(r: Rooms) -> None:
    for room in r.rooms.values():
        room.table.close()
    r.store.close()


def test_rooms_tables_draw_their_seed_from_secrets(monkeypatch):
    r = rooms()
    try:
        real = [r.create({"game": name, "players": fewest(name)}).table.game.seed for name in NAMES]
        assert len(set(real)) == len(NAMES) and max(s.bit_length() for s in real) > 118
        assert all(s < 2**128 for s in real)
        asked = fake_randbits(monkeypatch, BIG)
        room = r.create({"game": NAMES[0], "players": fewest(NAMES[0])})
        assert room.table.game.seed == BIG and asked == [128]
        assert r.create({"game": NAMES[0], "players": fewest(NAMES[0]), "seed": None}).table.game.seed == BIG
    finally:
        close(r)


def test_a_teachers_seed_is_kept_and_checked():
    r = rooms()
    name, p = NAMES[0], fewest(NAMES[0])
    try:
        for seed in (0, 7, BIG, HUGE, 2**256 - 1):
            assert r.create({"game": name, "players": p, "seed": seed}).table.game.seed == seed
        before = len(r.rooms)
        for bad in (True, -1, 2**256, "7", 7.0, [7], {"s": 7}):
            with pytest.raises(RoomError) as err:
                r.create({"game": name, "players": p, "seed": bad})
            assert err.value.code == "bad_request" and str(err.value).startswith("a seed is a whole number")
        assert len(r.rooms) == before, "a refused seed made a table"
    finally:
        close(r)


def app_cell(page: str) -> str:
    nb = json.loads((APP / f"{page}.ipynb").read_text(encoding="utf-8"))
    return "".join(nb["cells"][1]["source"])


def run_app_page(page: str, query: str, monkeypatch):
    """The page's widget, built by the page's own cell with ``query`` in the address."""
    monkeypatch.setenv("QUERY_STRING", query)
    src = app_cell(page)
    *body, last = src.rstrip().splitlines()
    ns: dict = {}
    exec("\n".join(body), ns)  # the page's own cell
    return eval(last, ns)


@pytest.mark.parametrize("page", sorted(p.stem for p in APP.glob("*.ipynb")))
def test_app_pages_draw_a_seed_unless_the_address_gives_one(page, monkeypatch):
    src = app_cell(page)
    assert "randrange" not in src and "random" not in src.split("\n", 1)[0]
    asked = fake_randbits(monkeypatch, BIG)
    for query, seed in (
        ("", BIG),
        ("seed=123", 123),
        ("seed=abc", BIG),
        ("seed=" + "9" * 79, BIG),
        ("seed=²", BIG),
    ):
        w = run_app_page(page, query, monkeypatch)
        try:
            assert w.game.seed == seed, query
        finally:
            w.close()
    assert asked == [128] * 4


# ------------------------------------ explicit seeds: pinned games
#: game_seed(seed, i) for i in 0..2, pinned: the lessons' saved outputs depend on them
GAME_SEEDS = {
    0: [15793235383387715774, 5836529245451711556, 17195319236771816063],
    7: [16920295385781661272, 6635463128224577688, 18279110831140952437],
}
#: fingerprint(name, seed), pinned (recorded at commit e27989f, where seed 0 was also what a
#: table without a seed dealt): an explicit seed deals the same game in every version
FINGERPRINTS = {
    "costume_party": {
        7: {
            "engine": "8d94dce24096cddd",
            "table": "a4b8d7905f8302e5",
            "simulate": "91f1ed2fcc14db7d",
        },
        0: {
            "engine": "9f1e550bcffc2ee3",
            "table": "d4001a93d3fe2a21",
            "simulate": "b2dd3cc657ab9eff",
        },
    },
    "brady_bunch": {
        7: {
            "engine": "c914dc65f8c4a5c9",
            "table": "6ad7d2947e14396b",
            "simulate": "67a42278cdfcaf91",
        },
        0: {
            "engine": "c541142770d7a5c5",
            "table": "ee6e96fcb36a4e90",
            "simulate": "55996894b551394e",
        },
    },
    "brouhaha": {
        7: {
            "engine": "29324b10717291b0",
            "table": "5021fcde8301c726",
            "simulate": "494b5fefb750806c",
        },
        0: {
            "engine": "481ea67a3477e821",
            "table": "34e230a46241686c",
            "simulate": "4f2f22503a820f99",
        },
    },
    # (the whole games of "simulate" re-pinned in issue 25: a camera card catches again in later
    # rounds and a reward owed is paid with another card, as the rulebook says; deals unchanged)
    "big_brother": {
        7: {
            "engine": "e6a09693109be910",
            "table": "47541342ce30d285",
            "simulate": "63a88fe9e3b3338f",
        },
        0: {
            "engine": "01bdfdf9096bf6b3",
            "table": "3e869269e7c6541f",
            "simulate": "8b4863a020947c7e",
        },
    },
    "toy_swap": {
        7: {
            "engine": "7f320d332b7a21b8",
            "table": "4d4d054a2ed2950f",
            "simulate": "17efbb41e952faaf",
        },
        0: {
            "engine": "64cac2a737b95d0c",
            "table": "5c299f40d4a6f1e9",
            "simulate": "f09bb391d4f21801",
        },
    },
    "toy_snap": {
        7: {
            "engine": "10359dcbb77d2267",
            "table": "140c785c3a958d6e",
            "simulate": "7830f0ecb044a3e5",
        },
        0: {
            "engine": "39038f0c9a02f2c4",
            "table": "5165d8a57f7c4bab",
            "simulate": "17cea6733d2604bb",
        },
    },
}


def fingerprint(name: str, seed: int) -> dict:
    """Short hashes of what ``seed`` deals in the game ``name`` (the fewest players):
    the engine's deal and first 20 steps of a seeded random playout, the first 20
    steps of a bots-only table, and two ``simulate`` rows."""
    cls = load_game(name)
    players = cls.player_counts[0]

    def digest(obj) -> str:
        return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:16]

    g = cls(players, seed)
    rng = random.Random(1)
    for _ in range(20):
        if g.over:
            break
        random_step(g, rng)
    engine = digest({"deal": json.loads(g.to_json())["deal"], "history": g.history[:20]})
    t = session_for(name, players=players, seed=seed, humans=[], pace=0)
    try:
        if t.game.realtime:
            t.advance_time(30_000)
        table = digest(t.game.history[:20])
    finally:
        t.close()
    rows = simulate(name, players, games=2, seed=seed, executor=False)
    sim = digest([[r["seed"], r["winners"], r["length"]] for r in rows])
    return {"engine": engine, "table": table, "simulate": sim}


def test_game_seed_outputs_are_unchanged_and_take_a_128_bit_run_seed():
    for seed, expected in GAME_SEEDS.items():
        assert [game_seed(seed, i) for i in range(3)] == expected
    big = [game_seed(BIG, i) for i in range(3)]
    assert len(set(big)) == 3 and all(64 < s.bit_length() <= 128 for s in big)
    assert game_seed(BIG, 0) != game_seed(BIG + 1, 0) and game_seed(HUGE, 0) != game_seed(BIG, 0)
    assert game_seed(2**64 - 1, 0) < 2**64 and game_seed(HUGE, 0) < 2**128


#: a game added after that change has no "before": it is not listed, and needs no edit here
@pytest.mark.parametrize("name", [n for n in NAMES if n in FINGERPRINTS])
def test_an_explicit_seed_deals_what_it_dealt_before(name):
    for seed, expected in FINGERPRINTS[name].items():
        assert fingerprint(name, seed) == expected, f"seed={seed}"


# ---------------------------------------------- big seeds play whole games
def same_future(g, copy, start: int) -> None:
    """``copy`` (taken when ``g`` had ``start`` history entries) replays ``g``'s later
    steps; its chance comes from its own RNG state, which travelled with it."""
    for h in g.history[start:]:
        if h.get("seat") != "chance":
            copy.apply_step(h)
    assert copy.to_json() == g.to_json()


@pytest.mark.parametrize("bits", [128, 256])
@pytest.mark.parametrize("name", NAMES)
def test_a_big_seed_plays_a_whole_game_and_round_trips(name, bits):
    seed = BIG if bits == 128 else HUGE
    cls, p = load_game(name), fewest(name)
    # every bit of the seed reaches the RNG: cut to 64 or 32 bits, it is another game
    rngs = {json.dumps(json.loads(cls(p, s).to_json())["rng"]) for s in (seed, seed % 2**64, seed % 2**32, seed >> 64)}
    assert len(rngs) == 4
    g = cls(p, seed)
    rng = random.Random(f"seeds:{name}:{bits}")
    copies = []
    for step in range(1, 3001):
        if g.over:
            break
        random_step(g, rng)
        # mid-game: the JSON round trip is exact, and a clone is equal
        if step % 9 == 1:
            text = g.to_json()
            back = cls.from_json(text)
            assert back.to_json() == text and back.seed == seed and json.loads(text)["seed"] == seed
            twin = g.clone()
            assert twin == g
            if len(copies) < 3:
                copies.append((len(g.history), back, twin))
    assert g.over, "the game did not end"
    final = g.to_json()
    assert cls.from_json(final).to_json() == final
    for start, back, twin in copies:
        same_future(g, back, start)
        same_future(g, twin, start)
    # the seed alone deals again: replaying the history without the saved deal
    again = cls.replay(p, seed, g.history, **g.options)
    assert again.deal == g.deal and again.history == g.history
    assert all(again.view(s) == g.view(s) for s in [None, *range(p)])


def bots_game(name: str, seed: int, on_change=None):
    """A whole game of bots only on ``seed``, ``on_change(table)`` after every change."""
    cls, p = load_game(name), fewest(name)
    t = session_for(name, game=cls(p, seed), humans=[], pace=0, teacher=True)
    if on_change is not None:
        t.listen(lambda: on_change(t))
    try:
        assert {getattr(b, "seed", seed) for b in t.bots.values()} == {seed}, "bots seeded from the game's seed"
        for _ in range(5000):
            if t.game.over:
                break
            # real time: the table's scheduler, on virtual time, half a second a change;
            # turn-based: one bot action a change (the table's own run is one change in all)
            if t.game.realtime:
                t.advance_time(500)
            else:
                seat = t.game.to_act[0]
                t.game.act(seat, bot_choose(t.bots[seat], t.game, seat))
                t.refresh()
        assert t.game.over, "the bots did not finish"
        return t
    finally:
        t.close()


@pytest.mark.parametrize("name", NAMES)
def test_bots_on_a_big_seed_play_a_whole_game_the_same_way_twice(name):
    changes, trips = [0], [0]

    def round_trip(t) -> None:  # mid-game (mid-window in real time): every 3rd change
        changes[0] += 1
        if changes[0] % 3 == 1 and not t.game.over:
            text = t.game.to_json()
            assert type(t.game).from_json(text).to_json() == text
            trips[0] += 1

    first = bots_game(name, HUGE, round_trip).game
    assert trips[0] >= 1 and first.seed == HUGE
    assert bots_game(name, HUGE).game.history == first.history
    assert type(first).from_json(first.to_json()).to_json() == first.to_json()


# --------------------------------------- no seed on a screen but the teacher's
def needles(seed: int) -> list[str]:
    """How a seed could show in a screen's JSON: decimal (whole, its first 15 digits,
    its 64-bit halves) and hex."""
    return [
        str(seed),
        str(seed)[:15],
        str(seed % 2**64),
        str(seed >> 64),
        f"{seed:x}",
        f"{seed:X}",
        f"{seed:#x}",
    ]


def seed_in(state, seed: int) -> list[str]:
    text = json.dumps(state, default=repr)
    return [n for n in needles(seed) if n in text]


@pytest.mark.parametrize("name", NAMES)
def test_no_seed_reaches_a_screen_that_is_not_the_teachers(name):
    """Along a seeded random game (every step of its first 40, then every 4th, and the
    end: a long game's screens cost ~7 ms each) and over its replay, the state of every
    seat's screen and of the public screen (what a device or the widget is sent) holds
    no trace of the seed. The teacher's reveal does not show it either (checked, not
    required: the teacher may be shown it)."""
    assert seed_in({"x": BIG}, BIG) and seed_in({"x": hex(BIG)}, BIG), "the search finds a seed that is there"
    cls, p = load_game(name), fewest(name)
    t = session_for(name, game=cls(p, BIG), humans=list(range(p)), pace=0, teacher=True)
    w = load_widget(name)(game=t.game, humans=[0], pace=0)
    try:
        assert seed_in(t.game.to_json(), BIG), "the engine (held privately) does hold it"
        synced = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")}
        assert not seed_in(synced, BIG), "the widget's synced traits"
        screens = [None, *range(p)]
        rng = random.Random(f"leak:{name}")
        for step in range(3001):
            if step < 40 or step % 4 == 0 or t.game.over:
                for seat in screens:
                    found = seed_in(t.state_for(seat), BIG)
                    assert not found, f"step {step}, seat {seat}: {found}"
            if t.game.over:
                break
            random_step(t.game, rng)
            t.refresh()
        assert t.game.over
        n = t.state_for(None, reveal=True)["replay"]["length"]  # (private steps: the reveal's replay only)
        assert n > 0
        for k in sorted({0, n // 3, n // 2, n - 1, n}):
            for seat in screens:
                assert not seed_in(t.state_for(seat, replay_step=k), BIG), f"replay step {k}, seat {seat}"
        assert not seed_in(t.state_for(None, reveal=True), BIG), "the teacher's reveal"
    finally:
        w.close()
        t.close()

    # a game the bots play (real time included: a random game may end at its first clock step)
    changes = [0]

    def screens_hold_no_seed(table) -> None:
        changes[0] += 1
        if changes[0] < 40 or changes[0] % 4 == 0 or table.game.over:
            for seat in [None, *range(table.game.players)]:
                found = seed_in(table.state_for(seat), BIG)
                assert not found, f"bots' game, change {changes[0]}, seat {seat}: {found}"

    bots_game(name, BIG, screens_hold_no_seed)
    assert changes[0] > 1
