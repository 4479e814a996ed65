"""Class play a teacher can trust, in chromium (the rooms server as a subprocess on 127.0.0.1):

* a real-time table (Brouhaha, one person against two bots) waits until its one person presses
  I'm ready (which gives her game the keys); when its server restarts it plays on as soon as the
  page reconnects by itself: the page mounts its view afresh on the snapshot after a reconnect,
  so the view asks for the clock again, and that request resumes a table that had started;
* the same seat opened on a second device takes the seat over: the first page says so in plain
  words, stops reconnecting (it would take the seat back), and the teacher's page shows the move.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R
from test_rooms_browser import Device, create_table, engine, teacher_page, wait

pytestmark = pytest.mark.browser


def played(db: Path, code: str) -> int:
    """How many steps the saved table holds (the server saves after every change)."""
    return len(engine(db, code)["history"])


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
        ana.page.keyboard.press("1")  # the first card of her hand, by key
        wait(
            ana.page,
            lambda: any(h.get("seat") == 0 for h in engine(db, code)["history"]),
            timeout=30,
            what="the key 1 to play Ana's card at the rooms page",
        )
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
