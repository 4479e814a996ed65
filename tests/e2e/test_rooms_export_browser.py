"""The teacher page's "Export CSV" button in Debian's chromium (issue 27, item 4): it downloads
the zip of every table (``POST /export`` with the teacher's token from session storage), and
the zip holds the table the page created."""

from __future__ import annotations

import csv
import io
import re
import sys
import zipfile
from pathlib import Path

import pytest

from test_rooms_browser import Device, create_table, teacher_page, wait

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R

pytestmark = pytest.mark.browser


def test_the_export_button_downloads_every_table_as_csv(browser, tmp_path, output_dir):
    server = R.ProcessServer(tmp_path / "rooms.sqlite3", log=output_dir / "server.log").start()
    try:
        t = teacher_page(browser, server)
        code = create_table(t, "costume_party", 3, {0: "random", 1: "random", 2: "random"})
        page = t.page
        # the bots have moved before the export (the card appears with the table, before the
        # first move: an export at once could hold no action yet)
        status = page.get_by_test_id(f"status-{code}")
        wait(page, lambda: re.search(r"\b[1-9]\d* moves|game over", status.inner_text()), what="the bots' first move")
        with page.expect_download() as info:
            page.get_by_test_id("export").click()
        download = info.value
        assert download.suggested_filename.startswith("class-data-") and download.suggested_filename.endswith(".zip")
        path = output_dir / download.suggested_filename
        download.save_as(path)
        wait(
            page,
            lambda: page.get_by_test_id("export-status").inner_text().startswith("saved"),
            what="the page says it saved",
        )
        with zipfile.ZipFile(path) as z:
            assert sorted(z.namelist()) == ["actions.csv", "forecasts.csv", "seats.csv", "tables.csv"]
            tables = list(csv.DictReader(io.StringIO(z.read("tables.csv").decode())))
            actions = list(csv.DictReader(io.StringIO(z.read("actions.csv").decode())))
        assert [r["code"] for r in tables] == [code] and tables[0]["game"] == "costume_party"
        assert actions and {a["code"] for a in actions} == {code}
        t.close()
    finally:
        server.stop()


def test_a_student_types_a_forecast_under_the_odds_panel_and_the_export_holds_it(browser, tmp_path, output_dir):
    """Costume Party at a rooms table: the student's own forecast (the chance that an opponent is
    the panel's likeliest figure), saved from the odds panel; a bad number is refused in words in
    the error banner; the teacher's zip has the one kept, with the panel's figure."""
    server = R.ProcessServer(tmp_path / "rooms.sqlite3", log=output_dir / "server.log").start()
    try:
        t = teacher_page(browser, server)
        code = create_table(t, "costume_party", 3, {1: "random", 2: "random"})
        ada = Device(browser, server, "/", "Ada")
        ada.join(code)
        page = ada.page
        page.get_by_test_id("forecast-toggle").click(timeout=20_000)  # the forecasts open on request
        page.get_by_test_id("forecast-input-1").wait_for(timeout=20_000)
        label = page.get_by_test_id("forecast-1").inner_text()
        assert "Your forecast: the chance that" in label
        page.get_by_test_id("forecast-input-1").fill("150")
        page.get_by_test_id("forecast-save-1").click()
        wait(page, lambda: "0 to 100" in (page.get_by_test_id("error").text_content() or ""), what="the refusal")
        assert page.get_by_test_id("forecast-status-1").inner_text() == ""  # nothing said to be kept
        page.screenshot(path=str(output_dir / "forecast_refused.png"), full_page=True)
        page.get_by_test_id("error-dismiss").click()
        page.get_by_test_id("forecast-input-1").fill("40")
        page.get_by_test_id("forecast-save-1").click()
        wait(page, lambda: page.get_by_test_id("forecast-status-1").inner_text() == "You said 40 %.", what="saved")
        page.get_by_test_id("odds").screenshot(path=str(output_dir / "forecast_saved.png"))
        with t.page.expect_download() as info:
            t.page.get_by_test_id("export").click()
        path = output_dir / info.value.suggested_filename
        info.value.save_as(path)
        with zipfile.ZipFile(path) as z:
            rows = list(csv.DictReader(io.StringIO(z.read("forecasts.csv").decode())))
        assert [(r["code"], r["name"], r["seat"], r["percent"]) for r in rows] == [(code, "Ada", "0", "40.0")]
        assert '"opponent":1' in rows[0]["event"] and 0 < float(rows[0]["panel"]) <= 1 and rows[0]["outcome"] == ""
        ada.close()
        t.close()
    finally:
        server.stop()
