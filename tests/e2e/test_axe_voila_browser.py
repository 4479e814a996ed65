"""Accessibility measured (issue 25 item 7): axe-core (tests/e2e/axe.py) on every Voila app page
(``notebooks/app/*.ipynb``, the student's and the teacher's page of each game), the whole page
as a person gets it, once the game shows and again after a first move by click.

Voila is started once for the module with the options ``scripts/apps.sh`` uses (the fixtures
of tests/e2e/test_voila_browser.py). Every impact's count is printed per page (the figures the
lead quotes); a serious or critical violation fails. A screenshot per page goes to the test's
output folder. The page's own template (everything but the game's view) has no violation of any
impact: its cells are the page's <main> landmark (axe's moderate "region" was on every page).

The students' pages also open on a 390x844 touch phone (the checks of the rooms phone test:
no sideways scroll, 44 px controls, no key named), before and after a first tap.
"""

from __future__ import annotations

import time

import pytest

import axe
import jlab_harness as H
from test_phone_browser import GAMES, PHONE, check, pick
from test_voila_browser import PAGES, app_page, voila  # noqa: F401 -- the fixtures, shared

pytestmark = pytest.mark.browser


def game_of(page_name: str) -> str:
    return page_name.removesuffix("_teacher")


def test_every_app_page_is_known():
    assert {game_of(p) for p in PAGES} == set(GAMES), PAGES
    assert len(PAGES) == 2 * len(GAMES)


def own_violations(page) -> list[dict]:
    """axe on the page's own template (Voila's and ours: the body, the cells, the landmarks),
    the game's view left out (the view's own axe test is tests/e2e/test_axe_browser.py)."""
    axe.run(page, "body")  # injects axe
    return page.evaluate(
        """async () => {
            const r = await window.axe.run({ include: [document], exclude: [[".bw-root"]] }, { resultTypes: ["violations"] });
            return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
        }"""
    )


@pytest.mark.parametrize("name", PAGES)
def test_app_page_has_no_serious_axe_violation(app_page, name):  # noqa: F811 -- the fixture
    cls, _players, _level, policy = GAMES[game_of(name)]
    root = app_page.open(name, "seed=11", selector=cls)
    page = app_page.page
    root.wait_for()
    page.wait_for_timeout(500)  # the first redraws (the clock, the bots' first moves)
    found = axe.run(page)
    print(f"axe app page {name}, at the start: {axe.counts(found) or 'none'} ({', '.join(v['id'] for v in found)})")
    serious = [v for v in found if v["impact"] in axe.SERIOUS]
    assert not serious, axe.summary(serious)
    # the page's own template: no violation of any impact (the cells are in a <main> landmark:
    # axe's moderate "region" was on every page before)
    own = own_violations(page)
    print(f"axe app page {name}, its template: {axe.counts(own) or 'none'} ({', '.join(v['id'] for v in own)})")
    assert not own, axe.summary(own)
    assert page.locator(f"main {cls}").count() >= 1, "the game is not inside the page's <main>"
    assert page.locator("main").count() == 1
    # a first move by click, where the page has one for its person (a teacher's page may watch)
    target = pick(page, cls, policy, timeout=0 if name.endswith("_teacher") else 20)
    assert target is not None or name.endswith("_teacher"), f"{name}: the person has no move at the start"
    if target is not None:
        page.locator(target).click()
        page.wait_for_timeout(500)
        found = axe.run(page)
        print(f"axe app page {name}, after {target.rsplit(chr(34), 2)[1]}: {axe.counts(found) or 'none'}")
        serious = [v for v in found if v["impact"] in axe.SERIOUS]
        assert not serious, axe.summary(serious)
    page.screenshot(path=str(app_page.out / f"{name}.png"))


def tap_first_move(page, cls: str, policy: list[str], name: str, timeout: float = 30) -> str:
    """Tap the policy's first enabled control. The bots play on once Start is tapped: a slap
    freezes Brouhaha's table and a round's end turns its cards into passes between the look
    and the finger, so a control gone or disabled under it is looked up again, with short
    taps (the default 30 s wait would be spent on a card that is not coming back). Fails when
    nothing could be tapped within ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        target = pick(page, cls, policy, timeout=max(0.0, deadline - time.monotonic()))
        assert target is not None, f"{name}: nothing to tap at the start (in {timeout:.0f} s)"
        try:
            page.locator(target).tap(timeout=3000)
            return target
        except Exception as exc:  # gone or disabled under the finger: look again
            if not H.went_away(exc):
                raise
        assert time.monotonic() < deadline, f"{name}: no tap landed on an enabled control in {timeout:.0f} s"


@pytest.mark.parametrize("name", [p for p in PAGES if not p.endswith("_teacher")])
def test_app_page_plays_on_a_phone(voila, browser, output_dir, name):  # noqa: F811 -- the fixture
    cls, _players, _level, policy = GAMES[name]
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(voila.page_url(f"{name}.ipynb", "seed=11"), wait_until="domcontentloaded", timeout=90_000)
        page.locator(cls).first.wait_for(timeout=90_000)
        page.wait_for_timeout(500)
        check(page, cls, f"app page {name} on a phone")
        start = page.locator(f"{cls} [data-testid='start']")
        if start.count():  # a real-time game waits for its person's Start, tapped as a person must
            start.first.tap()
            page.locator(f"{cls} [data-testid='start-panel']").wait_for(state="detached")
            check(page, cls, f"app page {name} on a phone, started")
        target = tap_first_move(page, cls, policy, name)
        page.wait_for_timeout(500)
        check(page, cls, f"app page {name} on a phone, after tapping {target.rsplit(chr(34), 2)[1]}")
        page.screenshot(path=str(output_dir / f"{name}_phone.png"))
    finally:
        context.close()
