"""One suite for every game (issue 24, item 3): every check a game gets, over the registry.

Parametrized over ``brady_widgets.engine.registry.names()`` and the two toy games
(``tests/toy_game``: Swap, turn-based; ``tests/toy_realtime``: Snap, real time), each
added with one ``register(GAME)`` call: a game's test ids end in its name, and a new
game gets every check here without an edit to this file. What a check needs to know of
a game comes from its registry entry (``GameEntry.secrets``: the text of a seat's
secret; ``GameEntry.root_class``: its view's CSS root), with defaults for a game that
declares nothing (the toys): the secret text is then derived from the views.

* the conformance kit (one seeded game at the smallest table, the leak test with the
  widget's synced state included); the kit's variants and player counts per game stay in
  the games' own conformance files;
* the widget protocol's basics: a student's browser cannot turn the reveal on and its
  screen (the widget's and a plain table's) holds no other seat's secret; the opening
  moves of a game at the largest table stay under the frame bound (the whole-game frame
  test is ``tests/test_widget_protocol.py``'s);
* the text view (``w.text()``, ``repr``, the mime bundle): its own secret, no other seat's
  (also against ``g.resample(seat)``), the public view under the hot-seat curtain, every
  secret with the teacher's reveal;
* the JSON round trip of a game and of its widget, mid-game;
* the view bundle the widget loads: the registered one, CSS scoped under its root class;
* the game's app pages (``notebooks/app/<game>.ipynb`` and ``<game>_teacher.ipynb``, served by
  Voila: ``tests/e2e/test_voila_browser.py`` plays them), if it has them: short code-free
  pages with no saved output, the teacher's built with ``teacher=True``.
"""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from brady_widgets.engine.registry import game_entry, load_game, load_secrets, load_widget, names
from brady_widgets.session import session_for
from brady_widgets.testing import check_game
from brady_widgets.testing.conformance import random_step
from brady_widgets.testing.widgets import FRAME_LIMIT, play_randomly, record_frames, send
from brady_widgets.widget import MSG, STATIC, GameWidget
from toys import GAMES, TOYS, registered  # the toy games of tests/ (tests/toys.py)

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
APP = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "app"
#: keys the default text body leaves out (the header says them), as in ``Session.text_body``
_TEXT_SKIP = {"game", "players", "viewer", "phase", "to_act", "over", "winners", "log", "odds"}


@pytest.fixture(scope="module", autouse=True)
def toys():
    with registered():
        yield


def is_turn_based(name: str) -> bool:
    return not load_game(name).realtime


# ------------------------------------------------ what a seat's secret looks like
def _compact(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def derived_secrets(game, seat: int) -> dict | None:
    """For a game that declares no ``secrets`` (and so shows the default text body, the
    view's facts as ``key: value``): ``own`` is the first fact of the seat's view that
    the public view does not have, ``reveal`` the first fact of the full view that the
    public view does not have; ``None`` if the seat's view has no such fact."""
    public = game.view(None)
    mine = game.view(seat)
    own = next((f"{k}: {_compact(v)}" for k, v in mine.items()
                if k not in _TEXT_SKIP and v is not None and public.get(k) is None), None)  # fmt: skip
    reveal = next((f"{k}: {_compact(v)}" for k, v in game.full_view().items() if k not in public), None)
    return None if own is None or reveal is None else {"own": own, "reveal": reveal}


def secrets(game, seat: int) -> dict | None:
    """``{"own", "reveal"}``: the text of ``seat``'s secret on its own screen and in the
    teacher's reveal (the registry's ``secrets``, or :func:`derived_secrets`), or ``None``."""
    fn = load_secrets(game.name) or derived_secrets
    return fn(game, seat)


def secret_seats(game) -> list[int]:
    return [seat for seat in range(game.players) if secrets(game, seat) is not None]


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


def test_the_suite_covers_every_registered_game_and_the_toys():
    assert set(GAMES) == set(names()) and {"toy_swap", "toy_snap"} <= set(GAMES)
    for name in GAMES:
        game = load_game(name)(4, 0)
        assert secret_seats(game), f"{name}: no seat has a secret the tests can look for (declare GameEntry.secrets)"


# ===================================================================== the text view
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
                assert build(name, other, humans=[seat]).text() == text, (
                    f"{name} seat {seat}: the text depends on a secret"
                )


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


@pytest.mark.parametrize("name", GAMES)
def test_under_the_curtain_the_text_is_the_public_view(name):
    try:
        build(name, load_game(name)(4, 3), mode="hotseat").close()
    except ValueError as e:
        # a game where everyone acts at once cannot pass one screen behind a curtain: its
        # widget refuses hot-seat in a sentence (Big Brother, real time only in its gossip, plays it)
        assert not is_turn_based(name) and "real time" in str(e), (name, e)
        return
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


# ========================================================================= the bundle
@pytest.mark.parametrize("name", GAMES)
def test_the_widget_loads_its_registered_bundle_scoped_under_its_root_class(name):
    entry = game_entry(name)
    cls = load_widget(name)
    w = cls(players=cls.game_class.player_counts.start, pace=0)
    js = (STATIC / f"{entry.view}.js").read_text(encoding="utf-8")
    css = (STATIC / f"{entry.view}.css").read_text(encoding="utf-8")
    assert w._esm == js and w._css == css
    w.close()
    # the root class the registry names is the one the view's stylesheet is scoped under
    # (every rule: tests/test_js_bundle.py) and the one the view puts on its root element
    assert f"{entry.root_class} " in css or f"{entry.root_class}{{" in css or f"{entry.root_class}," in css
    assert entry.root_class[1:] in js


# ================================================================ the conformance kit
@pytest.mark.parametrize("name", GAMES)
def test_the_conformance_kit_with_the_leak_test_and_the_widget(name):
    """The opening (60 actions or the end) of one seeded game at the smallest table through
    the whole kit at its default sampling: invariants, JSON round trip, determinism, the
    leak test comparing the widget's synced state too, bots given only views, the
    malformed-action fuzz. Whole games at every player count and variant are the games'
    own conformance files (tests/test_*conformance*.py); this keeps every registered game,
    a new one included, under the kit for about a second."""
    cls = load_game(name)
    widget = load_widget(name)

    def widget_factory(game, seat):  # the screen a person at ``seat`` would see (bots paused)
        return widget(game=game, humans=[seat], pace=0)

    report = check_game(
        cls, cls.player_counts.start, seed=1, widget_factory=widget_factory, max_actions=60, require_end=False
    )
    assert report.actions > 0 and report.round_trips > 0 and report.fuzz_cases > 0
    assert report.leak.widget_compares > 0 and report.leak.changed > 0


# ======================================================== the protocol's basics, cheap
def full_only_keys(game, seat) -> set[str]:
    """The keys of the teacher's full view that neither ``seat``'s view nor the public
    view has (the deck, every hand): no student's screen may carry them."""
    return set(game.full_view()) - set(game.view(seat)) - set(game.view(None))


@pytest.mark.parametrize("name", GAMES)
def test_a_students_screen_refuses_the_reveal_and_shows_no_other_seats_secret(name):
    """The teacher's reveal is the teacher's: a student's widget answers a reveal message
    with ``teacher_only`` and changes nothing, and neither its screen nor a plain table's
    screen for that seat (the rooms server's) holds another seat's secret."""
    for game in positions(name, steps=(0, 9)):
        seat = secret_seats(game)[0]
        w = build(name, game.clone(), humans=[seat])
        assert w.settings["teacher"] is False
        before = w.get_state(list(GameWidget.GAME_TRAITS))
        send(w, {"type": MSG.REVEAL, "on": True})
        assert w.error["code"] == "teacher_only" and w.settings["reveal"] is False
        after = w.get_state(list(GameWidget.GAME_TRAITS))
        assert {k: v for k, v in after.items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
        hidden = full_only_keys(game, seat)
        screens = {
            "widget": after,
            "table": session_for(name, game=game.clone(), humans=[seat], pace=0).state_for(seat),
        }
        for where, screen in screens.items():
            assert not hidden & set(screen["view"]), f"{where}: {sorted(hidden & set(screen['view']))}"
        text = w.text()
        for other in secret_seats(game):
            theirs = secrets(game, other)
            if other != seat and theirs["own"] != secrets(game, seat)["own"] and not game.over:
                assert theirs["own"] not in text and theirs["reveal"] not in text
        w.close()


@pytest.mark.parametrize("name", GAMES)
def test_the_opening_updates_at_the_largest_table_fit_the_frame_bound(name):
    """The first 40 clicks of a person at the largest table, every update under 8 KB
    (whole games and the replay: tests/test_widget_protocol.py)."""
    cls = load_game(name)
    with record_frames() as frames:
        w = load_widget(name)(players=cls.player_counts.stop - 1, seed=11, humans=(0,), pace=0)
        play_randomly(w, random.Random(11), max_steps=40)
    sizes = [f["bytes"] for f in frames]
    assert sizes and max(sizes) <= FRAME_LIMIT, max(sizes)
    w.close()


# ===================================================================== JSON round trip
@pytest.mark.parametrize("name", GAMES)
def test_a_game_and_its_widget_round_trip_through_json_mid_game(name):
    cls = load_game(name)
    for game in positions(name, steps=(0, 7, 25)):
        text = game.to_json()
        back = cls.from_json(text)
        assert back.to_json() == text
        assert back.full_view() == game.full_view()
        for seat in [None, *range(game.players)]:
            assert back.view(seat) == game.view(seat)
        # the same random future from both
        a, b = random.Random(5), random.Random(5)
        for _ in range(10):
            if game.over:
                break
            random_step(game, a), random_step(back, b)
        assert back.to_json() == game.to_json()
        # a widget resumed from the JSON shows what the original's shows
        w1, w2 = build(name, game, humans=[0]), build(name, cls.from_json(game.to_json()), humans=[0])
        assert w1.get_state(list(GameWidget.GAME_TRAITS)) == w2.get_state(list(GameWidget.GAME_TRAITS))
        w1.close(), w2.close()


# ========================================================================= app pages
def test_every_app_page_is_a_registered_games_student_or_teacher_page():
    pages = {p.stem for p in APP.glob("*.ipynb")}
    assert pages, APP
    for page in pages:
        game = page.removesuffix("_teacher")
        assert game in names(), f"notebooks/app/{page}.ipynb: no registered game {game!r}"
        assert {game, f"{game}_teacher"} <= pages, f"{game}: a student page and a teacher page, or neither"


@pytest.mark.parametrize("name", GAMES)
def test_the_app_pages_are_short_code_free_and_save_nothing(name):
    if not (APP / f"{name}.ipynb").exists():
        # only the test suite's own toy games may come without app pages
        assert name in {t.name for t in TOYS}, f"{name}: a shipped game needs notebooks/app/{name}.ipynb"
        return
    widget = game_entry(name).widget.rpartition(":")[2]
    for page in (name, f"{name}_teacher"):
        nb = json.loads((APP / f"{page}.ipynb").read_text(encoding="utf-8"))
        kinds = [c["cell_type"] for c in nb["cells"]]
        assert kinds == ["markdown", "code"], kinds
        md, code = nb["cells"]
        assert "".join(md["source"]).startswith("# "), "the page starts with a Markdown title"
        src = "".join(code["source"])
        assert len(src.splitlines()) <= 8, src
        assert f"{widget}(" in src, f"{page}: the page shows the game's own widget"
        # nothing saved: no output, no widget state (the page is built fresh on every visit)
        assert code["outputs"] == [] and code["execution_count"] is None
        assert "widgets" not in nb["metadata"], "saved widget state in the notebook metadata"
        assert ("teacher=True" in src) == page.endswith("_teacher"), src
        # nbval (if ever pointed at notebooks/app) runs the cell but cannot compare a random game's output
        assert code["metadata"].get("tags") == ["nbval-ignore-output"]
        assert "print(" not in src
