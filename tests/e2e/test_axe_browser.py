"""Accessibility measured (issue 25 item 7): axe-core (tests/e2e/axe.py) on every game's widget
in JupyterLab, at the start and mid-game, scoped to the widget's root.

One notebook holds every game (a person at seat 0, bots at the others); each widget is
scrolled into view, checked, played a few moves by clicks (the same policies as the phone test,
tests/e2e/test_phone_browser.py: the first enabled control of the game's own list), and checked
again. Every impact's count is printed per widget and moment (the figures the lead quotes); a
serious or critical violation fails. A screenshot of each widget mid-game (a 1400 px laptop
window) goes to the test's output folder.
"""

from __future__ import annotations

import time

import pytest

import axe
import jlab_harness as H
from test_phone_browser import GAMES, PICK_JS

pytestmark = pytest.mark.browser

#: each game's widget, built in the kernel: a person at seat 0, bots at the others
CELLS = [
    "from brady_widgets import BradyBunchWidget, CostumePartyWidget\n"
    "from brady_widgets.brouhaha.widget import BrouhahaWidget\n"
    "from brady_widgets.big_brother.widget import BigBrotherWidget\n"
    "moves = lambda w: len(w.game.history)",
    "costume_party = CostumePartyWidget(players=3, seed=11, humans=[0], pace=0.05)\ncostume_party",
    "brady_bunch = BradyBunchWidget(players=3, seed=11, pace=0.05)\nbrady_bunch",
    "brouhaha = BrouhahaWidget(players=4, seed=11, humans=[0], bot='easy')\nbrouhaha",
    "big_brother = BigBrotherWidget(players=4, seed=3, humans=[0], bot='easy')\nbig_brother",
    "from brady_widgets.total_black.widget import TotalBlackWidget\n"
    "total_black = TotalBlackWidget(players=6, seed=11, humans=[0], bot='hold')\ntotal_black",
]


def check(page, sel: str, what: str) -> dict[str, int]:
    found = axe.run(page, sel)
    counts = axe.counts(found)
    print(f"axe {what}: {counts or 'none'}" + (f" ({', '.join(v['id'] for v in found)})" if found else ""))
    serious = [v for v in found if v["impact"] in axe.SERIOUS]
    assert not serious, f"{what}:\n{axe.summary(serious)}"
    return counts


def test_every_game_widget_in_jupyterlab_has_no_serious_axe_violation(lab_page):
    page = lab_page.page
    kernel = lab_page.notebook("e2e_axe.ipynb", CELLS)
    figures = {}
    for game, (cls, _players, _level, policy) in GAMES.items():
        model_id = kernel.eval(f"{game}.model_id")
        root = H.widget_root(page, model_id, selector=cls)
        root.scroll_into_view_if_needed()
        sel = f'[data-e2e-model="{model_id}"] {cls}'
        assert root.get_attribute("data-pointer") == "fine"  # a laptop: the keys are named
        figures[f"{game} start"] = check(page, sel, f"{game} in JupyterLab at the start")
        if root.get_by_test_id("start").count():  # a real-time game waits for its Start (checked above too)
            H.start_game(root)
        start, clicks, deadline = kernel.eval(f"moves({game})"), [], time.monotonic() + 90
        while kernel.eval(f"moves({game})") < start + 3:
            assert time.monotonic() < deadline, f"{game}: fewer than 3 moves in 90 s (clicks: {clicks})"
            target = page.evaluate(PICK_JS, [sel, policy])
            if target is None:
                page.wait_for_timeout(100)
                continue
            try:
                page.locator(target).click(timeout=3000)
            except Exception as exc:  # a control that went away mid-click (bots play on)
                if not H.went_away(exc):
                    raise
                continue
            clicks.append(target.rsplit('"', 2)[1])
            page.wait_for_timeout(250)
        figures[f"{game} mid-game"] = check(page, sel, f"{game} in JupyterLab mid-game (clicks: {clicks})")
        lab_page.screenshot(f"{game}_jupyterlab.png", locator=root)
    print("axe figures, JupyterLab:", figures)
