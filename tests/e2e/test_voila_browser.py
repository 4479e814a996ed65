"""The app pages (``notebooks/app/``, issue 11 item 7) end to end: standalone Voila + Debian chromium.

* The app notebooks are code-free pages: a Markdown title and intro, one short code cell, no saved
  output (so no widget state), a teacher variant per game built with ``teacher=True`` (checked
  for every game, without a browser, in ``tests/test_every_game.py``), and ``scripts/apps.sh``
  serves them with the options this test uses.
* The Costume Party page, dealt with a known seed (``?seed=11``), shows no source code and no
  stderr, and a move is played by clicks (Roll, then a highlighted figure and a highlighted room).
  Every WebSocket frame the page receives (Voila's kernel socket) and the page's HTML are checked
  for the secrets. Voila's kernel cannot be read from the test, so the secrets -- the other seats'
  characters and the deck order -- are computed in this process from the engine with the same
  class and seed (the test first checks that the page really shows that deal: seat 0's character).
* The teacher's page has the reveal toggle (the student's has none); pressing it sends the secrets,
  and the same check then flags them (so the leak check can fail).
* Both Brady Bunch pages render with no code, the toggle only on the teacher's.
* The real-time Brouhaha page (five seats, ``medium`` bots) starts its clock when it shows (the
  view asks the kernel for the time; the clock trait then runs and the countdown shows), the bots
  play on the kernel's clock, and a card is played by a click. Its secrets -- the other seats'
  hands, computed here from the engine with the same seed (the test first checks that the page
  shows seat 0's hand of that deal) -- never reach the page: no full-view key (``hands``,
  ``down``, ``passes``), no other seat's hand or "is dealt" line, no other seat's private log
  entry, no other Hunter's target. Its teacher page reveals them, and the same check flags them.
* The Big Brother page (five seats) also starts its clock, and a roll by click gives the dice of
  the same seed here. The question cards' and camera cards' order, computed here, never reach it,
  nor a full-view key or another seat's private log entry; its teacher page reveals them.

Voila is started once for the module on 127.0.0.1 with a free port; it has no ``/api/status``, so
the harness waits for the TCP port. Its kernels live until the server stops (one per page visit).
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.parse
from collections import Counter

import pytest
import tomllib
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import jlab_harness as H
from brady_widgets.engine.registry import game_entry, names

pytestmark = pytest.mark.browser

APP = H.REPO / "notebooks" / "app"
#: every app page (a game's student page and its teacher page; each page's shape is checked
#: for every game in tests/test_every_game.py)
PAGES = sorted(p.stem for p in APP.glob("*.ipynb"))
#: the options scripts/apps.sh starts Voila with (the port aside); checked against the script below
VOILA_OPTIONS = ["--no-browser", "--template=brady_apps", "--strip_sources=True", "--show_tracebacks=False"]
#: where the app pages' Voila template lives (share/jupyter/voila/templates/brady_apps): on JUPYTER_PATH
TEMPLATES = H.REPO / "share" / "jupyter"
SEED = 11  # seat 0 rolls a color first, and nobody is killed before seat 0's next turn
PLAYERS = 4  # as in notebooks/app/costume_party.ipynb
#: what must never show on an app page: the cell's source, or a notebook's instructions
SOURCE_NEEDLES = ["import os", "from brady_widgets", "QUERY_STRING", "Shift+Enter", "Run the cells",
                  *(f"{game_entry(n).widget.rpartition(':')[2]}(" for n in names() if game_entry(n).widget)]  # fmt: skip
BROUHAHA_ID = "brady_widgets.brouhaha.widget.BrouhahaWidget"
BIG_BROTHER_ID = "brady_widgets.big_brother.widget.BigBrotherWidget"
RT_SEED = 11  # the real-time pages' deal (in Big Brother seat 0 rolls first)
RT_PLAYERS = 5  # as in notebooks/app/brouhaha.ipynb and big_brother.ipynb


def load(name: str) -> dict:
    return json.loads((APP / f"{name}.ipynb").read_text(encoding="utf-8"))


# ---------------------------------------------------------- static checks (fast)
def test_apps_script_pyproject_and_readme_agree():
    script = (H.REPO / "scripts" / "apps.sh").read_text()
    assert "notebooks/app" in script and '".[play]"' in script
    assert 'JUPYTER_PATH="$PWD/share/jupyter' in script  # where --template=brady_apps is found
    for opt in VOILA_OPTIONS:
        assert opt in script, f"scripts/apps.sh does not pass {opt}"
    extras = tomllib.loads((H.REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]

    def requirements(extra: str) -> list[str]:  # an extra may include others: "brady_widgets[lessons]"
        out = []
        for d in extras[extra]:
            inner = re.match(r"brady[-_]widgets\[([^\]]+)\]", d)
            out += [r for e in inner.group(1).split(",") for r in requirements(e.strip())] if inner else [d]
        return out

    for extra in ("play", "test"):
        assert any(re.match(r"voila\b", d) for d in requirements(extra)), f"voila is not in the {extra} extra"
    readme = (H.REPO / "README.md").read_text()
    assert "bash scripts/apps.sh" in readme
    for name in PAGES:
        assert f"http://localhost:8866/voila/render/{name}.ipynb" in readme, name


# ------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    server = H.Voila(tmp_path_factory.mktemp("voila"), APP, VOILA_OPTIONS)
    with pytest.MonkeyPatch.context() as mp:  # as scripts/apps.sh does (the server's env is made at start)
        mp.setenv("JUPYTER_PATH", os.pathsep.join(filter(None, [str(TEMPLATES), os.environ.get("JUPYTER_PATH")])))
        server.start()
    yield server
    server.stop()


@pytest.fixture
def app_page(voila, browser, output_dir, request):
    """A chromium page with every WebSocket frame recorded; ``open(name, query)`` loads an app page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    frames = H.FrameLog(page)
    html: dict[str, str] = {}

    def on_response(resp):
        if "/voila/render/" in resp.url:
            try:
                html[resp.url] = resp.text()
            except Exception:  # noqa: BLE001 (a body that is gone)
                pass

    page.on("response", on_response)

    class App:
        pass

    app = App()
    app.page, app.frames, app.html, app.out = page, frames, html, output_dir

    def open_(name: str, query: str = "", selector: str = ".bw-costume"):
        url = voila.page_url(f"{name}.ipynb", query)
        try:
            page.goto(url, wait_until="domcontentloaded", timeout=90_000)
        except PlaywrightTimeout:
            # jupyter_client picks a kernel's ports before the kernel binds them, so a kernel
            # started while the other browser worker's kernels start can find one taken:
            # Voila restarts it five times on the same ports, then drops it, and the page
            # never renders (seen once in CI). Only then is the page asked for once more
            # (a new kernel); any other timeout is the test's failure
            if "Address already in use" not in voila.log_tail(2000):
                raise
            print(f"{name}: the page's kernel could not bind its ports (voila.log); asking again")
            page.goto(url, wait_until="domcontentloaded", timeout=90_000)
        root = page.locator(selector).first
        root.wait_for(timeout=90_000)
        return root

    app.open = open_
    try:
        yield app
    finally:
        try:  # the last screen and the server log, for a failure
            page.screenshot(path=str(output_dir / "last.png"))
            (output_dir / "voila.log").write_text(voila.log_tail(200))
        except Exception:  # noqa: BLE001 -- best effort: the page or the server may be gone
            pass
        context.close()


# -------------------------------------------------------------------- helpers
def secrets_of(seed: int) -> tuple[list[int], list[int]]:
    """The deal of the Costume Party page with ``?seed=``: (characters by seat, deck order),
    computed here from the engine the page uses (same class, players and seed)."""
    from brady_widgets.costume_party.rules import CostumeParty

    game = CostumeParty(PLAYERS, seed)
    return list(game.secrets), list(game.deck)


def no_source_on(page) -> list[str]:
    """What an app page shows that it should not: source code, inputs, stderr, instructions."""
    bad = []
    text = page.locator("body").inner_text()
    for needle in SOURCE_NEEDLES:
        if needle in text:
            bad.append(f"the page shows {needle!r}")
    for sel in (".jp-CodeCell .jp-InputArea", ".jp-CodeCell .jp-InputPrompt", ".cm-editor", ".CodeMirror", "pre.cm-line",
                '[data-mime-type="application/vnd.jupyter.stderr"]', ".jp-OutputArea-output.jp-mod-error"):  # fmt: skip
        n = page.locator(sel).count()
        if n:
            bad.append(f"{n} element(s) {sel}")
    return bad


def leaks(messages: list[dict], texts: list[str], secrets: list[int], deck: list[int], shown: int = 0) -> list[str]:
    """Every trace of a secret in what reached the page: a ``secrets`` or ``deck`` field, a
    ``my_character`` that is not the shown seat's, a list that is the deck's order from any
    card on (two or more cards), a private log entry of another seat, or another seat's
    "is secretly <figure>" text in any frame or HTML."""
    from brady_widgets.costume_party.content import figure_label

    tails = {tuple(deck[k:]) for k in range(len(deck) - 1)}
    bad = []
    for m in messages:
        for path, key, value in H.walk(m.get("content") or {}):
            where = f"{m.get('msg_type')} {'/'.join(map(str, path))}"
            if key in ("secrets", "deck"):
                bad.append(f"{where} = {value!r}")
            elif key == "my_character" and value not in (None, secrets[shown]):
                bad.append(f"{where} = {value!r} (not seat {shown}'s)")
            if key in ("log_lines", "items") and isinstance(value, list):
                bad += [f"{where}: private entry {e!r}" for e in value
                        if isinstance(e, dict) and e.get("type") == "secret" and e.get("seat") != shown]  # fmt: skip
        for lst in all_lists(m.get("content") or {}):
            if all(isinstance(x, int) for x in lst) and tuple(lst) in tails:
                bad.append(f"{m.get('msg_type')}: {lst!r} is the deck's order")
    for seat, fig in enumerate(secrets):
        if seat != shown:
            needle = f"is secretly {figure_label(fig)}"
            if any(needle in t for t in texts):
                bad.append(f"a frame or the page says {needle!r}")
    return bad


def all_lists(value):
    """Every list inside a message's content, at any depth (lists in lists too)."""
    if isinstance(value, dict):
        for v in value.values():
            yield from all_lists(v)
    elif isinstance(value, list):
        yield value
        for v in value:
            yield from all_lists(v)


def frame_texts(frames: H.FrameLog) -> list[str]:
    return [p if isinstance(p, str) else bytes(p).decode("utf-8", "replace") for p in frames.raw]


def comm_states(frames: H.FrameLog, anywidget_id: str = H.ANYWIDGET_ID) -> list[dict]:
    """A game widget's synced state (Costume Party's unless ``anywidget_id`` names another)
    after each state message the page received.

    In JupyterLab a widget's first state comes in its ``comm_open``; a Voila page gets the
    states of the widgets the notebook made in one ``update_states`` message of the
    ``jupyter.widget.control`` comm, then ``update``/``echo_update`` messages as usual."""
    ours: set[str] = set()
    out = []
    for m in frames.messages():
        if m.get("channel") not in (None, "iopub") or m.get("msg_type") not in ("comm_msg", "comm_open"):
            continue
        content = m.get("content") or {}
        data = content.get("data") or {}
        if data.get("method") == "update_states":
            for model_id, model in (data.get("states") or {}).items():
                if (model.get("state") or {}).get("_anywidget_id") == anywidget_id:
                    ours.add(model_id)
                    out.append(("open", model["state"]))
        elif m["msg_type"] == "comm_open" and (data.get("state") or {}).get("_anywidget_id") == anywidget_id:
            ours.add(content["comm_id"])
            out.append(("open", data["state"]))
        elif content.get("comm_id") in ours and data.get("method") in ("update", "echo_update"):
            out.append((data["method"], data.get("state")))
    return H.merged(out)


# ---------------------------------------------------------------------- tests
def test_costume_party_page_plays_a_move_and_leaks_no_secret(app_page):
    secrets, deck = secrets_of(SEED)
    root = app_page.open("costume_party", f"seed={SEED}")
    page = app_page.page
    assert no_source_on(page) == [], no_source_on(page)
    assert page.locator("h1", has_text="Costume Party Detective").count() == 1
    assert page.locator('[data-testid="reveal-toggle"]').count() == 0, "a student's page has a reveal toggle"
    # the widget fills the page's width (the Voila lab template's cell area)
    box, body = root.bounding_box(), page.viewport_size
    assert box["width"] >= 0.6 * body["width"], (box, body)

    driver = H.CostumePartyDriver(page, root, timeout=60)
    s = driver.wait_actionable()
    assert s["phase"] == "roll" and s["roll"], s
    # the page shows the deal computed here: seat 0's own character
    states = comm_states(app_page.frames)
    assert states, "no widget state reached the page over the kernel's WebSocket"
    assert states[-1]["view"]["my_character"] == secrets[0], (states[-1]["view"], secrets)

    driver.step()  # Roll
    s = driver.wait_actionable()
    assert s["phase"] == "move" and s["figures"], f"seed {SEED} should roll a color first: {s}"
    driver.step()  # a highlighted figure (a local click)
    assert driver.state()["selected"] and driver.state()["rooms"], driver.state()
    before = len(comm_states(app_page.frames))
    driver.step()  # a highlighted room: the move reaches Python and comes back
    assert (
        driver.clicks[0] == "roll" and driver.clicks[1].startswith("figure-") and driver.clicks[2].startswith("room-")
    )
    # the bots play round to seat 0's next roll
    s = driver.wait_actionable(timeout=60)
    assert s["phase"] == "roll" and s["roll"], s
    final = comm_states(app_page.frames)
    assert len(final) > before
    view = final[-1]["view"]
    moved = [e for e in final[-1].get("log_lines") or [] if e.get("type") == "move"]
    assert any(e.get("seat") == 0 for e in moved), final[-1].get("log_lines")
    # while nobody is killed every other seat's character is secret (else the seed proves less)
    assert view["killed"] == [] and view["revealed"] == [None] * PLAYERS, view
    assert view["deck_count"] == len(deck)

    msgs = app_page.frames.messages()
    assert sum(1 for m in msgs if m.get("msg_type") == "comm_msg") >= 3, "too few widget messages to check"
    texts = frame_texts(app_page.frames) + list(app_page.html.values()) + [page.content()]
    bad = leaks(msgs, texts, secrets, deck)
    assert bad == [], "secrets reached the Voila page:\n" + "\n".join(bad[:20])
    assert no_source_on(page) == [], no_source_on(page)
    page.screenshot(path=str(app_page.out / "costume_party_app.png"))


def test_teacher_page_reveals_and_the_leak_check_sees_it(app_page):
    secrets, deck = secrets_of(SEED)
    root = app_page.open("costume_party_teacher", f"seed={SEED}")
    page = app_page.page
    assert no_source_on(page) == [], no_source_on(page)
    toggle = root.locator('[data-testid="reveal-toggle"]')
    assert toggle.count() == 1, "the teacher's page has no reveal toggle"
    msgs = app_page.frames.messages()
    assert leaks(msgs, frame_texts(app_page.frames), secrets, deck) == [], "secrets before the reveal"
    toggle.click()
    page.wait_for_function("(root) => root.dataset.reveal === 'true'", arg=root.element_handle(), timeout=30_000)
    view = comm_states(app_page.frames)[-1]["view"]
    assert view["secrets"] == secrets and view["deck"] == deck, "the teacher's page shows another deal"
    bad = leaks(app_page.frames.messages(), frame_texts(app_page.frames), secrets, deck)
    assert any("secrets" in b for b in bad) and any("deck" in b for b in bad), bad
    page.screenshot(path=str(app_page.out / "costume_party_teacher.png"))


def test_brady_bunch_pages_render_without_code(app_page):
    page = app_page.page
    root = app_page.open("brady_bunch", "seed=3", selector=".bw-brady")
    assert no_source_on(page) == [], no_source_on(page)
    assert page.locator("h1", has_text="Brady Bunch").count() == 1
    assert root.locator('[data-testid="prompt"]').count() == 1
    assert root.locator('[data-testid="reveal-toggle"]').count() == 0, "a student's page has a reveal toggle"
    page.screenshot(path=str(app_page.out / "brady_bunch_app.png"))
    root = app_page.open("brady_bunch_teacher", "seed=3", selector=".bw-brady")
    assert no_source_on(page) == [], no_source_on(page)
    assert root.locator('[data-testid="reveal-toggle"]').count() == 1, "the teacher's page has no reveal toggle"


# --------------------------------------------------------- the real-time pages
#: Brouhaha: keys only the full view has, and the log entries only their seat (or giver) sees
BROUHAHA_FULL_ONLY = ("hands", "down", "passes")
BROUHAHA_PRIVATE = ("deal", "play_card", "hunt_target", "pinned", "passed")
#: Big Brother: keys only the full view has (a count's ``box`` outside the view is public), private entries
BIG_BROTHER_FULL_ONLY = ("hands", "box", "ballot", "deck", "camera_deck", "camera_held", "pending_ranks")
BIG_BROTHER_PRIVATE = ("my_vote", "my_gossip_card", "camera_card", "my_rank")


def brouhaha_deal(seed: int) -> tuple[list[list[str]], list[str], list[str]]:
    """The deal of the Brouhaha page with ``?seed=``, computed here from the engine and the
    widget the page uses: (hands by seat, removed cards, each other seat's "is dealt" line)."""
    from brady_widgets.brouhaha.rules import Brouhaha
    from brady_widgets.brouhaha.widget import BrouhahaWidget

    game = Brouhaha(RT_PLAYERS, seed)
    full = BrouhahaWidget(players=RT_PLAYERS, seed=seed, bot="medium", reveal=True)  # the teacher's log
    dealt = [e["text"] for e in full.log_lines if e.get("type") == "deal" and e.get("seat") != 0]
    assert len(dealt) == RT_PLAYERS - 1 and all("is dealt" in d for d in dealt), dealt
    return [list(h) for h in game.hands], list(game.removed), dealt


def wait_states(page, frames: H.FrameLog, anywidget_id: str, ok, what: str, timeout: float = 60.0) -> list[dict]:
    """Poll the page's widget states until ``ok(states)`` holds (the kernel plays meanwhile).
    The wait is Playwright's: its sync API records the frames only while it runs."""
    deadline = time.monotonic() + timeout
    while True:
        states = comm_states(frames, anywidget_id)
        if states and ok(states):
            return states
        last = {k: states[-1].get(k) for k in ("view", "clock", "rev")} if states else None
        assert time.monotonic() < deadline, f"{what}: not within {timeout:.0f} s (last: {str(last)[:1500]})"
        page.wait_for_timeout(250)


def clock_runs(page, frames: H.FrameLog, anywidget_id: str) -> list[dict]:
    """A real-time page waits for the person (issue 25): its view asks the kernel for the time
    (a ``clock`` message: it measures its offset, nothing starts), the person presses Start,
    the clock trait comes back running, synced to that view, and the game has the keys."""
    start = page.get_by_test_id("start").first
    start.wait_for(timeout=60_000)
    page.wait_for_timeout(1000)
    states = comm_states(frames, anywidget_id)
    assert states and not states[-1]["clock"].get("running"), "the clock ran before Start"
    start.click()
    states = wait_states(page, frames, anywidget_id, lambda s: s[-1]["clock"].get("running"), "the clock never started")
    focused = "() => Boolean(document.activeElement && document.activeElement.classList.contains('bw-root'))"
    assert page.evaluate(focused), "Start did not give the game the keys"
    clock = states[-1]["clock"]
    # ``sync`` is the id the view sent with its clock message: the kernel answered this view
    assert clock["realtime"] and str(clock["sync"]).startswith("v"), clock
    return states


def multiset_le(small: list[str], big: list[str]) -> bool:
    return not (Counter(small) - Counter(big))


def brouhaha_leaks(messages: list[dict], texts: list[str], hands: list[list[str]], dealt: list[str]) -> list[str]:
    """Every trace of another seat's cards in what reached the Brouhaha page (seat 0's)."""
    bad = []
    others = [tuple(sorted(h)) for h in hands[1:]]
    passed = False  # until a pass, seat 0's hand holds only cards of its deal
    for m in messages:
        content = m.get("content") or {}
        for path, key, value in H.walk(content):
            where = f"{m.get('msg_type')} {'/'.join(map(str, path))}"
            if key in BROUHAHA_FULL_ONLY:
                bad.append(f"{where}: only the full view has {key!r}")
            elif key == "phase" and value == "pass":
                passed = True
            elif key == "my_hand" and value is not None and not passed and not multiset_le(value, hands[0]):
                bad.append(f"{where} = {value!r}: not from seat 0's hand {hands[0]!r}")
            elif key == "log_lines" and isinstance(value, list):
                bad += [f"{where}: private entry {e!r}" for e in value if isinstance(e, dict)
                        and e.get("type") in BROUHAHA_PRIVATE and e.get("seat") not in (0, None)
                        and not (e.get("type") == "passed" and e.get("to") == 0)]  # fmt: skip
            elif key == "hunt" and isinstance(value, dict) and "target" in value and value.get("hunter") != 0:
                bad.append(f"{where}: another seat's Hunter's target {value!r}")
        for lst in all_lists(content):
            if len(lst) > 2 and all(isinstance(x, str) for x in lst) and tuple(sorted(lst)) in others:
                bad.append(f"{m.get('msg_type')}: {lst!r} is another seat's hand")
    for line in dealt:
        if any(line in t for t in texts):
            bad.append(f"a frame or the page says {line[:40]!r}...")
    return bad


def test_brouhaha_page_starts_its_clock_plays_and_leaks_no_secret(app_page):
    hands, removed, dealt = brouhaha_deal(RT_SEED)
    root = app_page.open("brouhaha", f"seed={RT_SEED}", selector=".bw-brouhaha")
    page, frames = app_page.page, app_page.frames
    assert no_source_on(page) == [], no_source_on(page)
    assert page.locator("h1", has_text="Brouhaha").count() == 1
    assert page.locator('[data-testid="reveal-toggle"]').count() == 0, "a student's page has a reveal toggle"
    box, body = root.bounding_box(), page.viewport_size
    assert box["width"] >= 0.6 * body["width"], (box, body)

    states = clock_runs(page, frames, BROUHAHA_ID)
    # the page shows the deal computed here: seat 0's hand and the cards set aside
    first = next(s for s in states if s.get("view"))["view"]
    assert first["my_hand"] == hands[0] and first["removed"] == removed, (first["my_hand"], hands[0])
    assert first["players"] == RT_PLAYERS and states[-1]["settings"]["names"][0] == "Player 1"
    # the countdown shows on the page (the time limit's)
    page.wait_for_function("(r) => { const c = r.querySelector('[data-testid=\"clock\"]');"
                           " return c && !c.hidden && Number(c.dataset.left) > 0; }",
                           arg=root.element_handle(), timeout=30_000)  # fmt: skip

    # seat 0 plays a card by a click; the kernel takes it on its clock. The bots play on: a
    # slap or a Hunter freezes the table between the look and the click (the card disabled,
    # or the kernel refusing it), so the person clicks a card again, the one enabled now, and
    # the card that went down must be one the person clicked (fails after 60 s without one)
    def down() -> bool:
        return any((x.get("view") or {}).get("my_down") for x in comm_states(frames, BROUHAHA_ID))

    clicked: list[str] = []
    deadline = time.monotonic() + 60
    while not down():
        assert time.monotonic() < deadline, f"seat 0's card never went down (clicked {clicked})"
        card = root.evaluate(
            "(r) => { const b = r.querySelector('[data-testid^=\"play-\"]:not([disabled])');"
            " return b ? b.dataset.testid : null; }"
        )
        if card is None:
            page.wait_for_timeout(100)
            continue
        try:
            root.get_by_test_id(card).click(timeout=2000)
            clicked.append(card.removeprefix("play-"))
        except PlaywrightTimeout:  # frozen, or gone, under the pointer: look again
            continue
        # the answer (the card down, or a refusal) before another click
        until = time.monotonic() + 3
        while time.monotonic() < until and not down():
            page.wait_for_timeout(100)
    wait_states(page, frames, BROUHAHA_ID, lambda s: any(x["view"].get("cries", [None])[0] for x in s),
                "seat 0's card never went down")  # fmt: skip
    # the bots play on the kernel's clock: their cries reach the page
    wait_states(page, frames, BROUHAHA_ID, lambda s: any(any(c for c in x["view"].get("cries", [])[1:]) for x in s),
                "the bots never played a card")  # fmt: skip
    states = comm_states(frames, BROUHAHA_ID)
    downs = [x["view"]["my_down"] for x in states if (x.get("view") or {}).get("my_down")]
    assert downs and downs[0] in clicked, (downs[:1], clicked)
    assert all(x["clock"].get("running") or x["view"].get("over") for x in states[-3:]), states[-1]["clock"]

    msgs = frames.messages()
    texts = frame_texts(frames) + list(app_page.html.values()) + [page.content()]
    bad = brouhaha_leaks(msgs, texts, hands, dealt)
    assert bad == [], "secrets reached the Brouhaha page:\n" + "\n".join(bad[:20])
    assert no_source_on(page) == [], no_source_on(page)
    page.screenshot(path=str(app_page.out / "brouhaha_app.png"))


def test_brouhaha_teacher_page_reveals_and_the_leak_check_sees_it(app_page):
    hands, removed, dealt = brouhaha_deal(RT_SEED)
    root = app_page.open("brouhaha_teacher", f"seed={RT_SEED}", selector=".bw-brouhaha")
    page, frames = app_page.page, app_page.frames
    assert no_source_on(page) == [], no_source_on(page)
    toggle = root.locator('[data-testid="reveal-toggle"]')
    assert toggle.count() == 1, "the teacher's page has no reveal toggle"
    states = clock_runs(page, frames, BROUHAHA_ID)
    first = next(s for s in states if s.get("view"))["view"]
    assert first["my_hand"] == hands[0], "the teacher's page shows another deal"
    assert brouhaha_leaks(frames.messages(), frame_texts(frames), hands, dealt) == [], "secrets before the reveal"
    toggle.click()
    page.wait_for_function("(root) => root.dataset.reveal === 'true'", arg=root.element_handle(), timeout=30_000)
    states = wait_states(page, frames, BROUHAHA_ID, lambda s: "hands" in s[-1]["view"], "the reveal sent no hands")
    view = states[-1]["view"]
    assert len(view["hands"]) == RT_PLAYERS and view["removed"] == removed
    if not any(x["view"].get("phase") == "pass" for x in states):  # no card changed seats yet: the deal's
        for s in range(RT_PLAYERS):
            held = view["hands"][s] + ([view["down"][s]] if view["down"][s] else [])
            assert multiset_le(held, hands[s]), (s, held, hands[s])
    bad = brouhaha_leaks(frames.messages(), frame_texts(frames), hands, dealt)
    assert any("'hands'" in b for b in bad), bad
    page.screenshot(path=str(app_page.out / "brouhaha_teacher.png"))


def big_brother_secrets(seed: int) -> tuple[list[int], list[int], dict]:
    """The Big Brother page's hidden orders with ``?seed=`` (question cards, camera cards) and
    seat 0's first roll, computed here from the engine and the widget the page uses."""
    from brady_widgets.big_brother.rules import BigBrother
    from brady_widgets.big_brother.widget import BigBrotherWidget

    game = BigBrother(RT_PLAYERS, seed)
    w = BigBrotherWidget(players=RT_PLAYERS, seed=seed, bot="medium")
    assert w.view["to_act"] == [0], "seat 0 does not roll first with this seed"
    w.act({"type": "roll"})
    return list(game.deck), list(game.cam_deck), w.view["last_roll"]


def big_brother_leaks(messages: list[dict], texts: list[str], deck: list[int], cameras: list[int]) -> list[str]:
    tails = {tuple(deck[k:]) for k in range(len(deck) - 3)} | {tuple(cameras[k:]) for k in range(len(cameras) - 3)}
    bad = []
    for m in messages:
        content = m.get("content") or {}
        for path, key, value in H.walk(content):
            where = f"{m.get('msg_type')} {'/'.join(map(str, path))}"
            if key in BIG_BROTHER_FULL_ONLY and len(path) >= 2 and path[-2] == "view":
                bad.append(f"{where}: only the full view has {key!r}")
            elif key == "log_lines" and isinstance(value, list):
                bad += [f"{where}: private entry {e!r}" for e in value if isinstance(e, dict)
                        and e.get("type") in BIG_BROTHER_PRIVATE and e.get("seat") not in (0, None)]  # fmt: skip
            elif key == "gossip" and isinstance(value, dict) and "chosen" in value:
                bad.append(f"{where}: the gossip cards before they are shown {value!r}")
        for lst in all_lists(content):
            if all(isinstance(x, int) and not isinstance(x, bool) for x in lst) and tuple(lst) in tails:
                bad.append(f"{m.get('msg_type')}: {lst!r} is a hidden card order")
    return bad


def test_big_brother_page_starts_its_clock_rolls_and_leaks_no_secret(app_page):
    deck, cameras, roll = big_brother_secrets(RT_SEED)
    root = app_page.open("big_brother", f"seed={RT_SEED}", selector=".bw-big-brother")
    page, frames = app_page.page, app_page.frames
    assert no_source_on(page) == [], no_source_on(page)
    assert page.locator("h1", has_text="Big Brother").count() == 1
    assert page.locator('[data-testid="reveal-toggle"]').count() == 0, "a student's page has a reveal toggle"
    box, body = root.bounding_box(), page.viewport_size
    assert box["width"] >= 0.6 * body["width"], (box, body)
    clock_runs(page, frames, BIG_BROTHER_ID)

    roll_button = root.locator('[data-testid="roll"]:not([disabled])')
    roll_button.wait_for(timeout=30_000)
    roll_button.click()
    # the first state with a roll (the bots roll on after it: the latest state may show theirs)
    states = wait_states(page, frames, BIG_BROTHER_ID, lambda s: any((x.get("view") or {}).get("last_roll") for x in s),
                         "the roll never came back")  # fmt: skip
    rolled = next(x for x in states if (x.get("view") or {}).get("last_roll"))
    # the page plays the game dealt here: the same dice for seat 0's first roll
    assert rolled["view"]["last_roll"] == roll, (rolled["view"]["last_roll"], roll)
    assert rolled["view"]["players"] == RT_PLAYERS
    assert any(e.get("type") == "roll" and e.get("seat") == 0 for e in rolled["log_lines"]), rolled["log_lines"]

    msgs = frames.messages()
    texts = frame_texts(frames) + list(app_page.html.values()) + [page.content()]
    bad = big_brother_leaks(msgs, texts, deck, cameras)
    assert bad == [], "secrets reached the Big Brother page:\n" + "\n".join(bad[:20])
    assert no_source_on(page) == [], no_source_on(page)
    page.screenshot(path=str(app_page.out / "big_brother_app.png"))


def test_big_brother_teacher_page_reveals_and_the_leak_check_sees_it(app_page):
    deck, cameras, _ = big_brother_secrets(RT_SEED)
    root = app_page.open("big_brother_teacher", f"seed={RT_SEED}", selector=".bw-big-brother")
    page, frames = app_page.page, app_page.frames
    assert no_source_on(page) == [], no_source_on(page)
    toggle = root.locator('[data-testid="reveal-toggle"]')
    assert toggle.count() == 1, "the teacher's page has no reveal toggle"
    clock_runs(page, frames, BIG_BROTHER_ID)
    assert big_brother_leaks(frames.messages(), frame_texts(frames), deck, cameras) == [], "secrets before the reveal"
    toggle.click()
    page.wait_for_function("(root) => root.dataset.reveal === 'true'", arg=root.element_handle(), timeout=30_000)
    states = wait_states(page, frames, BIG_BROTHER_ID, lambda s: "deck" in s[-1]["view"], "the reveal sent no deck")
    view = states[-1]["view"]  # nobody has rolled (seat 0 rolls first): nothing drawn yet
    assert view["deck"] == deck and view["camera_deck"] == cameras, "the teacher's page shows another deal"
    bad = big_brother_leaks(frames.messages(), frame_texts(frames), deck, cameras)
    assert any("'deck'" in b for b in bad) and any("hidden card order" in b for b in bad), bad
    page.screenshot(path=str(app_page.out / "big_brother_teacher.png"))


def test_query_seed_parsing_matches_the_notebooks():
    """The pages read ``?seed=`` as the notebooks' cell does (digits only, else a random deal)."""
    src = "".join(load("costume_party")["cells"][1]["source"])
    line = next(x for x in src.splitlines() if x.startswith("seed = "))
    for query, expected in (("seed=11", "11"), ("seed=11&x=1", "11"), ("", ""), ("seed=abc", "abc")):
        ns = {"os": type("os", (), {"environ": {"QUERY_STRING": query}}), "urllib": urllib}
        exec(line, ns)  # the notebook's own line
        assert ns["seed"] == expected


# ------------------------------------------------- the page: width, and nothing from elsewhere
def _local(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"


def test_app_pages_are_centred_fill_the_width_and_ask_no_other_machine(voila, browser, output_dir):
    """Every app page at 1280x720: every request the page makes (documents, scripts, styles,
    fonts, WebSockets) goes to 127.0.0.1 (Voila's lab template linked Font Awesome from
    cdn.jsdelivr.net: an offline classroom waited for it), and the game fills the width
    (it was ~1110 px, flush left). At 1920 px the game is centred."""
    off: list[str] = []
    figures = []
    for width, height, pages in ((1280, 720, PAGES), (1920, 1080, ["brady_bunch", "big_brother"])):
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(30_000)

        def guard(route):  # nothing leaves the machine, even if asked (and the test says so)
            if _local(route.request.url):
                route.continue_()
            else:
                off.append(route.request.url)
                route.abort()

        context.route("**/*", guard)
        try:
            # every page of this size loads at once, a tab each (Voila starts a kernel per visit
            # either way): the kernels start side by side instead of one after another, then
            # each page is measured on its own, as before (40 s -> about 20 s for the ten)
            tabs = {}
            for name in pages:
                tab = context.new_page()
                tab.on("websocket", lambda ws: None if _local(ws.url) else off.append(ws.url))
                tab.goto(voila.page_url(f"{name}.ipynb", "seed=3"), wait_until="commit", timeout=90_000)
                tabs[name] = tab
            for name in pages:
                page = tabs[name]
                page.wait_for_load_state("domcontentloaded", timeout=90_000)
                root = page.locator(".bw-root").first
                root.wait_for(timeout=90_000)
                page.wait_for_load_state("load")
                page.wait_for_timeout(500)  # (fonts and lazy styles load after the first paint)
                box = root.bounding_box()
                left, right = box["x"], width - (box["x"] + box["width"])
                figures.append(
                    f"{name} at {width}px: game {box['width']:.0f} px wide, margins {left:.0f} | {right:.0f}"
                )
                if width == 1280:
                    assert box["width"] >= width - 80, figures[-1]  # fills the width (a scrollbar aside)
                else:
                    assert box["width"] >= 1500, figures[-1]
                assert abs(left - right) <= 20, f"not centred: {figures[-1]}"
                if name in ("brady_bunch", "big_brother"):
                    page.screenshot(path=str(output_dir / f"{name}_{width}.png"))
        finally:
            context.close()
    print("\n".join(figures))
    assert off == [], "the app pages asked another machine for:\n" + "\n".join(sorted(set(off)))
