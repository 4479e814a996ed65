"""The teacher's page says, in a plain sentence, when saving is failing (issue 23 item 5): another
program holds a write lock on the rooms file while a table is created and played on; the tables
keep answering, the page says since when and why, and the sentence goes once all is saved."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R
from test_rooms_browser import create_table, teacher_page, wait

pytestmark = pytest.mark.browser


def test_the_teachers_page_says_when_saving_fails_and_when_it_is_back(browser, tmp_path, output_dir):
    db = tmp_path / "rooms.sqlite3"
    server = R.ProcessServer(db, pace=0.05, log=output_dir / "server.log").start()
    t = None
    try:
        t = teacher_page(browser, server)
        saving = t.page.get_by_test_id("saving")
        lock = sqlite3.connect(db, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")  # a database browser with a change open
        try:
            code = create_table(t, "costume_party", 3, {1: "easy", 2: "easy"})
            wait(
                t.page,
                lambda: "Saving is failing since" in (saving.text_content() or ""),
                timeout=10,
                what="the page says saving is failing",
            )
            text = saving.text_content()
            assert "database is locked" in text and "nothing is lost while this server runs" in text, text
            assert "{" not in text and "undefined" not in text and "NaN" not in text, text
            t.page.screenshot(path=str(output_dir / "saving_failing.png"))
        finally:
            lock.execute("COMMIT")
            lock.close()
        wait(
            t.page,
            lambda: (saving.text_content() or "") == "",
            timeout=10,
            what="the sentence goes once all is saved",
        )
        with sqlite3.connect(db) as c:
            assert c.execute("SELECT count(*) FROM tables WHERE code = ?", (code,)).fetchone() == (1,)
    finally:
        if t is not None:
            t.close()
        server.stop()
