"""Words for people in chromium (issue 25, item 4): on a student's phone-sized page of the
rooms server, a refused move is shown as the game's sentence (no code, no braces, no "seat
N", the code in data-code only), and the projector shows an end banner that says who won
and why. Screenshots: ``test-output/<test>/refusal.png`` and ``end.png``.

The rooms server runs in this process (``rooms_harness.ThreadServer``); tables are made by
the teacher's WebSocket (``rooms_harness.create``), so this test does not depend on the
teacher page's form. The student's page sends what its buttons would through its model
(``window.bwRooms.model``), as ``test_rooms_browser.py`` does.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R

pytestmark = pytest.mark.browser

CODES = re.compile(r"not_your_turn|illegal_action|malformed_action|game_over|malformed_message|unknown_message")


def wait(page, predicate, timeout: float = 30, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} not met in {timeout}s")
        page.wait_for_timeout(50)


def assert_sentence(text: str) -> None:
    assert re.fullmatch(r"[A-Z].{6,}[.!?]", text), text
    assert not CODES.search(text) and not re.search(r"[{}\[\]]", text), text
    assert not re.search(r"\bseat\s*\d", text, re.I), text


def test_a_refusal_is_a_sentence_and_the_end_banner_says_why(browser, tmp_path, output_dir):
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0.05).start()
    try:
        t = R.teacher(server)
        # a student at seat 0 of a Costume Party table (the others bots); seat 0 rolls first
        code = R.create(t, game="costume_party", players=3, seed=4, bots={"1": "random", "2": "random"})
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.get_by_test_id("code").fill(code)
        page.get_by_test_id("name").fill("Ana")
        page.get_by_test_id("join").click()
        page.locator(".bw-costume").wait_for(timeout=20_000)
        wait(page, lambda: page.evaluate("window.bwRooms.model.get('seat')") == 0, what="seated")
        wait(page, lambda: page.evaluate("window.bwRooms.model.get('view').phase") == "roll", what="her roll")
        # a stale button's move: a draw when the die must be rolled
        page.evaluate("""() => { const m = window.bwRooms.model;
            m.send({type: 'act', action: {type: 'draw'}, rev: m.get('rev')}); }""")
        banner = page.get_by_test_id("error")
        banner.wait_for(timeout=10_000)
        text = banner.locator(".bw-error-text").text_content()
        assert text == "First roll the die."
        assert banner.get_attribute("data-code") == "illegal_action"
        assert not CODES.search(banner.text_content())
        page.screenshot(path=str(output_dir / "refusal.png"))
        # a message no button sends: still a sentence
        page.evaluate("""() => { const m = window.bwRooms.model;
            m.send({type: 'act', action: 'fly', rev: m.get('rev')}); }""")
        wait(page, lambda: banner.get_attribute("data-code") == "malformed_action", what="the second refusal")
        assert_sentence(banner.locator(".bw-error-text").text_content())
        ctx.close()

        # the projector of a table of bots: the end banner names the winner and the reason
        code = R.create(t, game="costume_party", players=3, seed=9, bots={"0": "random", "1": "random", "2": "random"})
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        page.goto(f"{server.url}/watch/{code}")
        page.locator(".bw-costume").wait_for(timeout=20_000)
        winner = page.get_by_test_id("winner")
        winner.wait_for(timeout=120_000)
        text = winner.text_content()
        end = page.evaluate("window.bwRooms ? window.bwRooms.model.get('view').end : null")
        assert re.fullmatch(r"🏆 Bot \d \(random\) wins: the last character left at the party, after .+\.", text), text
        if end is not None:
            assert text == f"🏆 {end}"
        assert_sentence(text.removeprefix("🏆 "))
        page.screenshot(path=str(output_dir / "end.png"))
        ctx.close()
        t.close()
    finally:
        server.stop()
