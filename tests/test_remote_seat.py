"""RemoteSeat: a notebook's seat at a rooms-server table holds only that seat."""

from __future__ import annotations

import time

import pytest

import rooms_harness as R
from brady_widgets.rooms.remote import RemoteSeat, SeatRefused
from brady_widgets.widget import expand_legal
from rooms_harness import eventually


@pytest.fixture
def server(tmp_path):
    s = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    yield s
    s.stop()


def test_remote_seat_plays_its_seat_and_holds_nothing_else(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2, seed=3, bots={"1": "easy"})
    w = RemoteSeat(server.url, code=code, name="Nora")
    try:
        assert w.seat == 0 and w.role == "seat" and w.settings["game"] == "costume_party"
        assert "Costume" in w._esm or "bw-costume" in w._esm  # the game's own view bundle
        room = server.rooms.rooms[code]
        # it holds no engine, no other seat's character
        assert not any(hasattr(w, k) for k in ("game", "_table", "_sched"))
        assert w.view["my_character"] == room.table.game.view(0)["my_character"]
        assert "secrets" not in w.view and "deck" not in w.view
        # play through the view's message path until the game ends
        for _ in range(300):
            if room.table.game.over:
                break
            n = room.table._n_actions()
            eventually(lambda: w.replay.get("length") == n or room.table.game.over)
            if room.table.game.over:
                break
            legal = expand_legal(w.legal)
            if not legal:
                time.sleep(0.02)
                continue
            w._on_view_msg(w, {"type": "act", "action": legal[0], "rev": w.rev})
            eventually(lambda: room.table._n_actions() > n or room.table.game.over)
        assert room.table.game.over
        eventually(lambda: w.view.get("over") is True)
        # a forged intent is refused by the server, typed; nothing changes
        before = room.table.game.to_json()
        w.send_intent({"type": "reveal", "on": True})
        eventually(lambda: any(e["code"] == "teacher_only" for e in w.errors))
        assert room.table.game.to_json() == before
    finally:
        w.close()


def test_remote_seat_comes_back_with_its_token_and_refuses_a_bad_code(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2, seed=4)
    w = RemoteSeat(server.url, code=code, name="Ola")
    token, seat = w.token, w.seat
    w.close()
    again = RemoteSeat(server.url, token=token)
    try:
        assert again.seat == seat and again.view["viewer"] == seat
    finally:
        again.close()
    with pytest.raises(SeatRefused, match="no table has the code") as refused:
        RemoteSeat(server.url, code="ZZZZZ", name="Eve")
    assert refused.value.code == "bad_code" and isinstance(refused.value, ValueError)
    assert "bad_code" not in str(refused.value)  # a sentence, not the server's code
    with pytest.raises(TypeError):
        RemoteSeat(server.url)


def test_a_browser_write_to_a_remote_seats_traits_is_refused_in_words(server, monkeypatch):
    """The traits of a RemoteSeat are the server's screen of its seat: a write from the
    notebook's browser (developer tools) or a comm message of a made-up shape changes none of
    them, raises nothing into the notebook and is told in words, as GameWidget's are."""
    import ipywidgets.widgets.widget as ipywidget_module

    tracebacks = []

    class Shell:
        def showtraceback(self, *args, **kwargs):
            tracebacks.append(args)

    monkeypatch.setattr(ipywidget_module, "get_ipython", lambda: Shell())
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2, seed=4)
    w = RemoteSeat(server.url, code=code, name="Ola")
    try:
        seat, settings = w.seat, w.settings
        for data in (
            {"method": "update", "state": {"seat": 1 - seat}, "buffer_paths": []},
            {"method": "update", "state": {"seat": "x", "settings": {"reveal": True}}, "buffer_paths": []},
            {"method": "update", "state": "seat"},
            {"method": "no_such_method"},
            # the connection's traits are the kernel's too: "closed" of a seat still online
            {"method": "update", "state": {"status": "closed", "role": "teacher"}, "buffer_paths": []},
        ):
            w._handle_msg({"content": {"comm_id": w.model_id, "data": data}, "buffers": []})
            assert w.seat == seat and w.settings == settings, data
            assert (w.status, w.role) == ("online", "seat"), data
            assert w.errors[-1]["code"] == "malformed_message", data
            assert "nothing changed" in w.errors[-1]["message"]
        assert tracebacks == []
    finally:
        w.close()
