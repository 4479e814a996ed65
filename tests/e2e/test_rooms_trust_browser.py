"""Class play a teacher can trust, in chromium (the rooms server as a subprocess on 127.0.0.1):

* a real-time table (Brouhaha, one person against two bots) waits until its one person presses
  I'm ready (which gives her game the keys: 1 plays an animal, T takes it back, Space slaps); when its server restarts it plays on as soon as the
  page reconnects by itself: the page mounts its view afresh on the snapshot after a reconnect,
  so the view asks for the clock again, and that request resumes a table that had started;
* the same seat opened on a second device takes the seat over: the first page says so in plain
  words, stops reconnecting (it would take the seat back), and the teacher's page shows the move.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R
from brady_widgets.engine.registry import load_game
from test_rooms_browser import Device, create_table, engine, teacher_page, wait

pytestmark = pytest.mark.browser


def played(db: Path, code: str) -> int:
    """How many steps the saved table holds (the server saves after every change)."""
    return len(engine(db, code)["history"])


def ana_did(db: Path, code: str, kind: str) -> int:
    """How many actions of ``kind`` seat 0 (Ana) has played at the saved table."""
    return sum(1 for h in engine(db, code)["history"] if h.get("seat") == 0 and h.get("action", {}).get("type") == kind)


def by_key(page, db: Path, code: str, key: str, kind: str, timeout: float = 40) -> None:
    """Ana plays ``kind`` by the key ``key`` at the rooms page: both need an animal of hers
    face down, so when the table (bots slap and pass meanwhile) shows none, she first puts
    one down with 1. Done when the saved table holds one more ``kind`` of hers: the key went
    to the game, through the page and the server."""
    n = ana_did(db, code, kind)
    deadline = time.monotonic() + timeout
    while ana_did(db, code, kind) == n:
        assert time.monotonic() < deadline, f"the key {key!r} did not {kind} for Ana in {timeout}s"
        game = load_game("brouhaha").from_json(json.dumps(engine(db, code)))
        page.keyboard.press("1" if game.down[0] is None else ("Space" if key == " " else key))
        page.wait_for_timeout(400)


def test_a_restarted_real_time_table_plays_on_and_a_second_device_takes_the_seat_over(browser, tmp_path, output_dir):
    db = tmp_path / "rooms.sqlite3"
    server = R.ProcessServer(db, pace=0.05, log=output_dir / "server.log").start()
    pages: list[Device] = []
    try:
        t = teacher_page(browser, server)
        pages.append(t)
        code = create_table(t, "brouhaha", 3, {1: "easy", 2: "easy"})
        ana = Device(browser, server, "/", "Ana")
        pages.append(ana)
        ana.join(code)
        ana.page.locator(".bw-brouhaha").wait_for(timeout=20_000)
        # the table waits for its class: Ana, the one person at it, presses I'm ready and it runs
        # (its bots act, its steps are saved); her game has the keys from then on
        assert ana.page.get_by_test_id("start-panel").get_attribute("data-state") == "table"
        ana.page.get_by_test_id("start").click()
        wait(ana.page, lambda: played(db, code) >= 3, timeout=30, what="the table runs once Ana is ready")
        focused = "() => Boolean(document.activeElement && document.activeElement.classList.contains('bw-root'))"
        assert ana.page.evaluate(focused), "I'm ready did not give the game the keys"
        # the first card of her hand by the key 1 (again if the bots' slap or pass made it refused)
        by_key(ana.page, db, code, "1", "play")
        # T takes her face-down animal back, Space slaps (issue 25 item 6: more keys than one)
        by_key(ana.page, db, code, "t", "take_back")
        by_key(ana.page, db, code, " ", "slap")
        ana.page.screenshot(path=str(output_dir / "keys_played.png"))
        server.stop()
        stopped_at = played(db, code)
        server = R.ProcessServer(db, port=server.port, pace=0.05, log=output_dir / "server.log").start()
        wait(
            ana.page,
            lambda: ana.page.get_by_test_id("status").text_content() == "online",
            what="the page is back online",
        )
        ana.page.locator(".bw-brouhaha").wait_for(timeout=20_000)
        wait(
            ana.page,
            lambda: played(db, code) > stopped_at + 2,
            timeout=30,
            what="after the restart the table plays on (the reconnected page asked for the clock again: a started table resumes)",
        )
        ana.page.screenshot(path=str(output_dir / "after_restart.png"))

        # the same seat on a second device (the token copied into its storage, as a second tab would hold it)
        token = ana.page.evaluate("localStorage.getItem('bw-rooms-token')")
        assert token
        phone = Device(
            browser,
            server,
            "/",
            "Ana's phone",
            viewport={"width": 390, "height": 844},
            storage={"bw-rooms-token": token},
        )
        pages.append(phone)
        phone.page.locator(".bw-brouhaha").wait_for(timeout=20_000)
        note = ana.page.get_by_test_id("taken-over")
        note.wait_for(timeout=10_000)
        text = note.text_content()
        assert "another device" in text and "{" not in text and "_" not in text, text
        assert note.get_attribute("role") == "alert"
        assert ana.page.get_by_test_id("status").text_content() == "seat moved to another device"
        assert ana.page.locator(".bw-brouhaha").count() == 0  # the old page shows no game any more
        time.sleep(1.5)
        # it did not reconnect and take the seat back: the phone still has the game, and the teacher sees the move
        assert phone.page.locator(".bw-brouhaha").count() == 1 and phone.page.get_by_test_id("taken-over").count() == 0
        moved = t.page.get_by_test_id(f"moved-{code}-0")
        moved.wait_for(timeout=10_000)
        assert "moved to another device" in moved.text_content()
        ana.page.screenshot(path=str(output_dir / "taken_over.png"))
    finally:
        for p in pages:
            p.close()
        server.stop()
