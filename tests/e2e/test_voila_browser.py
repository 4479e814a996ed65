"""The app pages (``notebooks/app/``, issue 11 item 7) end to end: standalone Voila + Debian chromium.

* The app notebooks are code-free pages: a Markdown title and intro, one short code cell, no saved
  output (so no widget state), a teacher variant per game built with ``teacher=True``, and
  ``scripts/apps.sh`` serves them with the options this test uses.
* The Costume Party page, dealt with a known seed (``?seed=11``), shows no source code and no
  stderr, and a move is played by clicks (Roll, then a highlighted figure and a highlighted room).
  Every WebSocket frame the page receives (Voila's kernel socket) and the page's HTML are checked
  for the secrets. Voila's kernel cannot be read from the test, so the secrets -- the other seats'
  characters and the deck order -- are computed in this process from the engine with the same
  class and seed (the test first checks that the page really shows that deal: seat 0's character).
* The teacher's page has the reveal toggle (the student's has none); pressing it sends the secrets,
  and the same check then flags them (so the leak check can fail).
* Both Brady Bunch pages render with no code, the toggle only on the teacher's.

Voila is started once for the module on 127.0.0.1 with a free port; it has no ``/api/status``, so
the harness waits for the TCP port. Its kernels live until the server stops (one per page visit).
"""

from __future__ import annotations

import json
import re
import tomllib
import urllib.parse

import pytest

import jlab_harness as H

pytestmark = pytest.mark.browser

APP = H.REPO / "notebooks" / "app"
PAGES = ["costume_party", "costume_party_teacher", "brady_bunch", "brady_bunch_teacher"]
#: the options scripts/apps.sh starts Voila with (the port aside); checked against the script below
VOILA_OPTIONS = ["--no-browser", "--template=lab", "--strip_sources=True", "--show_tracebacks=False"]
SEED = 11  # seat 0 rolls a color first, and nobody is killed before seat 0's next turn
PLAYERS = 4  # as in notebooks/app/costume_party.ipynb
#: what must never show on an app page: the cell's source, or a notebook's instructions
SOURCE_NEEDLES = ["import os", "from brady_widgets", "QUERY_STRING", "CostumePartyWidget(", "BradyBunchWidget(",
                  "Shift+Enter", "Run the cells"]  # fmt: skip


def load(name: str) -> dict:
    return json.loads((APP / f"{name}.ipynb").read_text(encoding="utf-8"))


# ---------------------------------------------------------- static checks (fast)
@pytest.mark.parametrize("name", PAGES)
def test_app_notebook_is_a_short_page_without_saved_outputs(name):
    nb = load(name)
    kinds = [c["cell_type"] for c in nb["cells"]]
    assert kinds == ["markdown", "code"], kinds
    md, code = nb["cells"]
    assert "".join(md["source"]).startswith("# "), "the page starts with a Markdown title"
    src = "".join(code["source"])
    assert len(src.splitlines()) <= 8, src
    # nothing saved: no output, no widget state (the page is built fresh on every visit)
    assert code["outputs"] == [] and code["execution_count"] is None
    assert "widgets" not in nb["metadata"], "saved widget state in the notebook metadata"
    assert ("teacher=True" in src) == name.endswith("_teacher"), src
    # nbval (if ever pointed at notebooks/app) runs the cell but cannot compare a random game's output
    assert code["metadata"].get("tags") == ["nbval-ignore-output"]
    assert "print(" not in src


def test_apps_script_pyproject_and_readme_agree():
    script = (H.REPO / "scripts" / "apps.sh").read_text()
    assert "notebooks/app" in script and '".[play]"' in script
    for opt in VOILA_OPTIONS:
        assert opt in script, f"scripts/apps.sh does not pass {opt}"
    extras = tomllib.loads((H.REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra in ("play", "test"):
        assert any(re.match(r"voila\b", d) for d in extras[extra]), f"voila is not in the {extra} extra"
    readme = (H.REPO / "README.md").read_text()
    assert "bash scripts/apps.sh" in readme
    for name in PAGES:
        assert f"http://localhost:8866/voila/render/{name}.ipynb" in readme, name


# ------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    server = H.Voila(tmp_path_factory.mktemp("voila"), APP, VOILA_OPTIONS)
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
        page.goto(voila.page_url(f"{name}.ipynb", query), wait_until="domcontentloaded", timeout=90_000)
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
        except Exception:  # noqa: BLE001
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


def comm_states(frames: H.FrameLog) -> list[dict]:
    """The Costume Party widget's synced state after each state message the page received.

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
                if (model.get("state") or {}).get("_anywidget_id") == H.ANYWIDGET_ID:
                    ours.add(model_id)
                    out.append(("open", model["state"]))
        elif m["msg_type"] == "comm_open" and (data.get("state") or {}).get("_anywidget_id") == H.ANYWIDGET_ID:
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
    assert driver.clicks[0] == "roll" and driver.clicks[1].startswith("figure-") and driver.clicks[2].startswith("room-")
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


def test_query_seed_parsing_matches_the_notebooks():
    """The pages read ``?seed=`` as the notebooks' cell does (digits only, else a random deal)."""
    src = "".join(load("costume_party")["cells"][1]["source"])
    line = next(x for x in src.splitlines() if x.startswith("seed = "))
    for query, expected in (("seed=11", "11"), ("seed=11&x=1", "11"), ("", ""), ("seed=abc", "abc")):
        ns = {"os": type("os", (), {"environ": {"QUERY_STRING": query}}), "urllib": urllib}
        exec(line, ns)  # noqa: S102 (the notebook's own line)
        assert ns["seed"] == expected
