"""The teacher page's "Export CSV" button in Debian's chromium (issue 27, item 4): it downloads
the zip of every table (``POST /export`` with the teacher's token from session storage), and
the zip holds the table the page created."""

from __future__ import annotations

import csv
import io
import sys
import zipfile
from pathlib import Path

import pytest

from test_rooms_browser import create_table, teacher_page, wait

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R

pytestmark = pytest.mark.browser


def test_the_export_button_downloads_every_table_as_csv(browser, tmp_path, output_dir):
    server = R.ProcessServer(tmp_path / "rooms.sqlite3", log=output_dir / "server.log").start()
    try:
        t = teacher_page(browser, server)
        code = create_table(t, "costume_party", 3, {0: "random", 1: "random", 2: "random"})
        page = t.page
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
            assert sorted(z.namelist()) == ["actions.csv", "seats.csv", "tables.csv"]
            tables = list(csv.DictReader(io.StringIO(z.read("tables.csv").decode())))
            actions = list(csv.DictReader(io.StringIO(z.read("actions.csv").decode())))
        assert [r["code"] for r in tables] == [code] and tables[0]["game"] == "costume_party"
        assert actions and {a["code"] for a in actions} == {code}
        t.close()
    finally:
        server.stop()
