"""What a script on a rooms connection can make the server's one loop spend: every table of the
class shares that loop, so a message that costs the server much more than a click is bounded per
device, and the refusals are typed and in words. Real WebSockets (uvicorn on 127.0.0.1)."""

from __future__ import annotations

import time

import rooms_harness as R
from brady_widgets.brady_bunch import odds as brady_odds
from brady_widgets.rooms import server as rooms_server


def test_a_watcher_cycling_the_odds_option_costs_the_server_a_bounded_number_of_panels(tmp_path, monkeypatch):
    """Each new trust value recomputes the Brady Bunch odds panel (a Monte Carlo run, tens of ms
    on the server's loop); anyone with the table's code (it is on the projector) may watch and
    send one. Before the limit, three watchers sending 40 values each stalled every table of
    the server for seconds; now a device's option changes are a token bucket, as replay steps are."""
    computed = []
    real_panel = brady_odds.panel

    def counted(*args, **kwargs):
        computed.append(1)
        return real_panel(*args, **kwargs)

    monkeypatch.setattr(brady_odds, "panel", counted)
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="brady_bunch", players=8, seed=3, bots={str(s): "random" for s in range(1, 8)})
        watcher = R.Client(server)
        watcher.op({"op": "watch", "code": code}, "joined")
        watcher.drain(0.2)
        before, panels = server.rooms.rooms[code].table.game.to_json(), len(computed)
        sent = 40
        t0 = time.monotonic()
        for i in range(sent):
            watcher.intent({"type": "option", "name": "trust", "value": round(0.3 + i / 1000, 4)})
        frames = watcher.drain(0.5)
        span = time.monotonic() - t0
        allowed = rooms_server.OPTION_BURST + rooms_server.OPTION_CHANGES_PER_SECOND * span + 1
        assert len(computed) - panels <= allowed, (len(computed) - panels, allowed)
        refused = [f for f in frames if f.get("op") == "error"]
        assert refused and {f["code"] for f in refused} == {"rate_limited"}
        assert all("slow down" in f["message"] for f in refused)
        assert watcher.closed is None  # a slider dragged is not a flood: never closed for it
        assert server.rooms.rooms[code].table.game.to_json() == before
        # the screen shows an accepted trust, and a later change after a pause is accepted
        time.sleep(1.0)
        watcher.intent({"type": "option", "name": "trust", "value": 0.55})
        watcher.wait(lambda: (watcher.state["settings"].get("options") or {}).get("trust") == 0.55)
        watcher.close()
        t.close()
    finally:
        server.stop()
