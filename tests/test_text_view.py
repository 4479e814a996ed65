"""The text view of every game (issue 11 item 6): ``w.text()``, ``repr(w)`` and ``text/plain``.

What nbviewer, GitHub, a terminal, a screen reader and a saved notebook output show of a
widget. It is built from the synced traits only, so it tells the shown seat exactly what its
screen does: its own secret, never another seat's (checked against the engine's
``full_view()`` and against a game whose hidden information is redrawn), only the public view
under the hot-seat curtain, and every secret with the teacher's reveal.
"""

from __future__ import annotations

import json
import random

import pytest

from brady_widgets.engine.registry import load_game, load_widget, names, register, unregister
from brady_widgets.testing.conformance import random_step
from brady_widgets.widget import GameWidget

#: every registered game and the two toys (tests/toy_game, tests/toy_realtime): the toys
#: have no text code of their own and get the shared default
TOYS = ["toy_swap", "toy_snap"]
GAMES = [*names(), *TOYS]
#: hot-seat: the games that can pass one screen around (not real-time ones)
TURN_BASED = [*(n for n in names() if not load_game(n).realtime), "toy_swap"]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module", autouse=True)
def toys():
    import toy_game
    import toy_realtime

    register(toy_game.GAME)
    register(toy_realtime.GAME)
    try:
        yield
    finally:
        unregister(toy_game.GAME.name)
        unregister(toy_realtime.GAME.name)


# ------------------------------------------------- each game's secrets, from full_view()
def _costume(full, seat):
    from brady_widgets.costume_party.content import CHARACTERS, figure_label

    fig = full["secrets"][seat]
    return {"own": figure_label(fig), "reveal": f"is {CHARACTERS[fig][0]}"}


def _brady(full, seat):
    kid = next(slot["kid"] for slot in full["kids"] if slot["seat"] == seat)
    hand = full["hands"][kid]
    return {"own": f"Your hand: {', '.join(map(str, hand)) or 'none'}.", "reveal": f"holds [{', '.join(map(str, hand))}]"}


def _swap(full, seat):
    return {"own": f"my_card: {full['hands'][seat]}", "reveal": f"hands: {json.dumps(full['hands'])}"}


def _snap(full, seat):
    hand = full["hands"][seat]
    return {"own": f"my_hand: {json.dumps(hand)}", "reveal": f"hands: {json.dumps(full['hands'])}"}


def _brouhaha(full, seat):
    from brady_widgets.brouhaha.content import ANIMALS
    from brady_widgets.brouhaha.text import hand_text

    names = {a["id"]: a["name"] for a in ANIMALS} | {"hunter": "Hunter"}
    hand = hand_text(full["hands"][seat], names.get)
    return {"own": f"Your hand: {hand}.", "reveal": f"holds {hand}"}


def _big_brother(full, seat):
    held = ", ".join(f"{t + 1}×{n}" for t, n in enumerate(full["hands"][seat]) if n) or "none"
    return {"own": f"Your vote cards (number×copies): {held}.", "reveal": f"holds {held}"}


#: game -> (secret strings of ``seat`` from the engine's full view, the seats that hold a secret)
SECRETS = {
    "costume_party": (_costume, lambda g: range(g.players)),
    "brady_bunch": (_brady, lambda g: range(1, g.players)),  # the kids hold cards; Alice none
    "toy_swap": (_swap, lambda g: range(g.players)),
    "toy_snap": (_snap, lambda g: range(g.players)),
    "brouhaha": (_brouhaha, lambda g: range(g.players)),
    "big_brother": (_big_brother, lambda g: range(g.players)),
}


def secrets(game, seat) -> dict:
    fn, _ = SECRETS[game.name]
    return fn(game.full_view(), seat)


def secret_seats(game) -> list[int]:
    return list(SECRETS[game.name][1](game))


def build(name, game, **kw):
    kw.setdefault("pace", 0)
    return load_widget(name)(game=game, **kw)


def positions(name, players=4, seed=3, steps=(0, 5, 20, 60)):
    """Engines at a few points of one seeded random game (the start first)."""
    rng = random.Random(f"text:{name}:{seed}")
    game = load_game(name)(players, seed)
    out, done = [], 0
    for k in steps:
        while done < k and not game.over:
            random_step(game, rng)
            done += 1
        out.append(game.clone())
    return out


def check_shape(text: str) -> None:
    lines = text.splitlines()
    assert 3 <= len(lines) <= GameWidget.text_lines, text
    assert max(map(len, lines)) <= GameWidget.text_width, text
    assert "0x" not in text and " object at " not in text, text


# ============================================================ every game, every rule
def test_every_registered_game_has_its_secrets_listed_here():
    assert set(names()) <= set(SECRETS), f"add the new game's secrets to SECRETS: {sorted(set(names()) - set(SECRETS))}"


@pytest.mark.parametrize("name", GAMES)
def test_the_text_shows_the_seats_own_secret_and_no_other(name):
    for game in positions(name):
        for seat in secret_seats(game):
            w = build(name, game.clone(), humans=[seat])
            assert w.seat == seat
            text = w.text()
            check_shape(text)
            mine = secrets(game, seat)
            assert mine["own"] in text, f"seat {seat} does not see its own secret {mine['own']!r}:\n{text}"
            for other in secret_seats(game):
                theirs = secrets(game, other)
                if other != seat and theirs["own"] != mine["own"]:
                    if not game.over:  # at the end the rules show cards to everyone
                        assert theirs["own"] not in text, f"seat {seat} sees seat {other}'s secret:\n{text}"
                    assert theirs["reveal"] not in text, f"seat {seat} sees the reveal of seat {other}:\n{text}"
            w.close()


@pytest.mark.parametrize("name", GAMES)
def test_the_text_is_the_same_whatever_the_seat_cannot_know(name):
    """The strong leak check: redraw everything ``seat`` has not seen (same public history,
    ``g.resample(seat, rng)``); the seat's text must not change."""
    rng = random.Random(11)
    for game in positions(name, steps=(0, 3, 12, 40)):
        for seat in range(game.players):
            text = build(name, game.clone(), humans=[seat]).text()
            for _ in range(3):
                other = game.resample(seat, rng)
                assert build(name, other, humans=[seat]).text() == text, f"{name} seat {seat}: the text depends on a secret"


@pytest.mark.parametrize("name", GAMES)
def test_repr_and_the_mime_bundle_are_the_text(name):
    w = load_widget(name)(players=4, seed=5, pace=0)
    text = w.text()
    check_shape(text)
    assert repr(w) == text
    data, _meta = w._repr_mimebundle_()
    assert data["text/plain"] == text
    assert data[WIDGET_MIME]["model_id"] == w.model_id  # JupyterLab still renders the live widget
    title = load_game(name).title
    assert text.splitlines()[0].startswith(title)
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_the_text_is_deterministic(name):
    for seed in (0, 7):
        a = load_widget(name)(players=4, seed=seed, pace=0)
        b = load_widget(name)(players=4, seed=seed, pace=0)
        assert a.text() == b.text() and repr(a) == repr(b)
        for game in positions(name, seed=seed, steps=(30,)):
            assert build(name, game.clone()).text() == build(name, game.clone()).text()
        a.close(), b.close()


@pytest.mark.parametrize("name", TURN_BASED)
def test_under_the_curtain_the_text_is_the_public_view(name):
    for game in positions(name, steps=(0, 7)):
        if game.over:
            continue
        w = build(name, game.clone(), mode="hotseat")
        assert w.curtain["up"] and w.seat == -1
        text = w.text()
        check_shape(text)
        assert "curtain" in text.splitlines()[0]
        for seat in secret_seats(game):
            s = secrets(game, seat)
            assert s["own"] not in text and s["reveal"] not in text, f"the curtain shows seat {seat}'s secret:\n{text}"
        # the same whatever nobody has seen
        other = game.resample(None, random.Random(5))
        assert build(name, other, mode="hotseat").text() == text
        w.lift_curtain()
        assert w.seat not in secret_seats(game) or secrets(game, w.seat)["own"] in w.text()
        w.close()


@pytest.mark.parametrize("name", GAMES)
def test_the_teachers_reveal_shows_every_secret(name):
    for game in positions(name, steps=(0, 9)):
        w = build(name, game.clone())
        before = w.text()
        w.set_reveal(True)
        text = w.text()
        check_shape(text)
        assert "reveal" in text.splitlines()[0]
        for seat in secret_seats(game):
            assert secrets(game, seat)["reveal"] in text, f"the reveal does not show seat {seat}:\n{text}"
        w.set_reveal(False)
        assert w.text() == before
        w.close()


def test_the_text_follows_the_game_and_its_log():
    name = names()[0]
    w = load_widget(name)(players=3, seed=2, pace=0)
    lines = [entry["text"] for entry in w.log_lines]
    assert all(line[:40] in w.text() for line in lines[-3:])
    assert "Log:" in w.text()


def test_a_widget_being_built_still_has_a_repr():
    """``repr`` never raises (e.g. inside an error message while the widget is half built)."""
    w = GameWidget.__new__(load_widget(names()[0]))
    assert isinstance(repr(w), str)
