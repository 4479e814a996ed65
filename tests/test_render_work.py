"""Issue 28 (the rooms server's CPU): what a screen's render makes and measures, counted.
Each test pins one saving; the frames themselves are pinned byte for byte elsewhere
(``test_rooms_screens.py``, ``test_widget.py``'s remembered log lines)."""

from __future__ import annotations

from brady_widgets.render import render
from brady_widgets.screen import Screen
from brady_widgets.session import session_for


def _finished_table():
    t = session_for("costume_party", players=4, seed=5, humans=(), pace=0)
    t.run_bots()
    assert t.game.over
    return t


def test_a_screen_describes_only_the_log_lines_its_window_sends():
    # the window holds the newest log_limit events, but the byte budget sends fewer: the lines
    # are made newest first and the first that does not fit ends the walk (it is measured,
    # so it is described; none older is)
    t = _finished_table()
    p = t.presenter
    described = []
    describe = p.describe
    p.describe = lambda ev: (described.append(ev), describe(ev))[1]
    state = render(t, Screen(seat=0), p)
    lines = state["log_lines"]
    assert len(t.game.log_for(0)) > p.log_limit
    assert 0 < len(lines) < p.log_limit - 1  # the budget, not the count, ends this window
    assert [e["i"] for e in lines] == list(range(lines[0]["i"], lines[-1]["i"] + 1))
    assert len(described) == len(lines) + 1, (len(described), len(lines))


def test_a_log_page_describes_only_the_lines_it_sends():
    t = _finished_table()
    p = t.presenter
    described = []
    describe = p.describe
    p.describe = lambda ev: (described.append(ev), describe(ev))[1]
    answer = t.page_for(0, "log", 100)
    items = answer["items"]
    assert 0 < len(items) < 99 and items[-1]["i"] == 99
    assert len(described) == len(items) + 1, (len(described), len(items))
