"""Phones that play (issue 25 item 6): every game at a rooms table on a 390x844 touch phone.

One rooms server (a subprocess) for the module; for each game the teacher (a WebSocket
client) creates a table of one person and bots; the student page opens in a phone-size
context with touch (Playwright's ``has_touch`` and ``is_mobile``: the page matches
``(pointer: coarse)``), joins with the code and plays a few actions by taps (``tap()``, never
``click()``; the acts are counted where the view sends them, the model's ``send``). After the
join, after every tap and at the end the page is measured:

* no sideways scroll: ``document.scrollingElement.scrollWidth <= innerWidth``;
* every enabled control of the game (buttons, inputs, summaries) is at least 44x44 px;
* nothing the game shows names a key (the prompts name taps on a touch screen);
* axe finds no serious or critical violation in the game's view.

A screenshot per game (the phone, then the same page at 1280x720, to check the laptop
layout still holds) goes to the test's output folder.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

import axe
import jlab_harness as H

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import rooms_harness as R

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
MIN_TAP = 44  # px, the WCAG 2.5.5 target size (AAA) and Apple's and Google's guideline
#: each game: (root class, players, bot level, the view's tap policy: selectors of enabled
#: controls, tried in order; a control that only selects something comes after the ones it enables)
GAMES = {
    "costume_party": (
        ".bw-costume",
        3,
        "easy",
        ['[data-testid="roll"]', '[data-testid^="room-"]', '[data-testid^="figure-"]:not([aria-pressed="true"])',
         '[data-testid="draw"]', '[data-testid^="kill-"]'],
    ),
    "brady_bunch": (
        ".bw-brady",
        3,
        "easy",
        ['[data-testid="reveal-snoops"]', '[data-testid^="request-"]', '[data-testid="lights-out"]',
         '[data-testid^="cookie-"]', '[data-testid^="token-"]', '[data-testid^="peek-"]',
         '[data-testid="end-round"]', '[data-testid^="accuse-"]'],
    ),
    "brouhaha": (
        ".bw-brouhaha",
        4,
        "easy",
        ['[data-testid^="play-"]', '[data-testid^="pass-"]', '[data-testid="take-back"]'],
    ),
    "big_brother": (
        ".bw-big-brother",
        4,
        "easy",
        ['[data-testid="roll"]', '[data-testid^="gcard-"]', '[data-testid^="vote-"]:not([data-testid="vote-cards"])', '[data-testid^="choose-"]',
         '[data-testid^="rank-"]', '[data-testid^="gossip-"]'],
    ),
    # 6 in the dark (seed 11: seat 0 meets its partner in none of the first rounds, so it taps on)
    "total_black": (".bw-total-black", 6, "hold", ['[data-testid="hold"]']),
}  # fmt: skip

#: what a prompt on a touch screen must not say: a key to press
KEY_WORDS = re.compile(
    r"\b(keys?|keyboard|Backspace|Escape|Esc|press(ing)?)\b|\b(?-i:Space)(bar)?\b(?! \d)|\((?:[A-Z]|[0-9](?:-[0-9])?)\)",
    re.I,
)  # "Space 3: Camera" is a Big Brother board space, not the key

#: the page's measure (the game's root under #game): sideways scroll, small controls, key words
MEASURE_JS = """([sel, minTap]) => {
  const root = document.querySelector(sel);
  const se = document.scrollingElement;
  const small = [];
  const controls = root ? root.querySelectorAll('button, input, select, textarea, summary, a[href], [role="button"]') : [];
  let enabled = 0;
  for (const el of controls) {
    if (el.disabled) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not displayed (a closed panel's content)
    enabled += 1;
    if (r.width < minTap - 0.5 || r.height < minTap - 0.5)
      small.push(`${el.dataset.testid || el.tagName.toLowerCase() + ':' + (el.textContent || '').trim().slice(0, 20)} `
                 + `${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  // what the game says, minus the log (events, not prompts); labels read aloud count too
  const texts = [];
  if (root) {
    const walk = (el) => {
      if (el.matches('[data-testid="log"], .bw-log-list')) return;
      if (el.getAttribute('aria-label')) texts.push(el.getAttribute('aria-label'));
      if (el.title) texts.push(el.title);
      for (const c of el.childNodes) {
        if (c.nodeType === 3 && c.data.trim()) texts.push(c.data.trim());
        else if (c.nodeType === 1 && c.getClientRects().length) walk(c);
      }
    };
    walk(root);
  }
  return {
    scrollWidth: se.scrollWidth, innerWidth: window.innerWidth, enabled, small, texts,
    coarse: matchMedia('(pointer: coarse)').matches,
    kbd: root ? [...root.querySelectorAll('kbd')].filter((k) => k.getClientRects().length).length : 0,
  };
}"""

#: the Brouhaha screen as it is, copied with the table frozen (data-frozen="true"): the
#: enabled seat bubbles and dock targets of the copy, and those under minTap px
FROZEN_TARGETS_JS = """([sel, minTap]) => {
  const copy = document.querySelector(sel).cloneNode(true);
  copy.dataset.frozen = 'true';
  document.body.append(copy);
  try {
    const targets = [], small = [];
    for (const el of copy.querySelectorAll('button.bw-bh-bubble:not(:disabled)')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      targets.push(el.dataset.testid);
      if (r.width < minTap - 0.5 || r.height < minTap - 0.5) small.push(`${el.dataset.testid} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
    }
    return { targets, small };
  } finally {
    copy.remove();
  }
}"""

#: count the acts the view sends (the model's send, the path every tap takes)
COUNT_ACTS_JS = """() => {
  const m = window.bwRooms.model;
  if (m.__counted) return;
  m.__counted = true;
  window.__acts = [];
  const send = m.send.bind(m);
  m.send = (msg) => { if (msg && msg.type === 'act') window.__acts.push(msg.action); return send(msg); };
}"""

#: the first enabled, displayed control of the policy, as a unique selector (or null)
PICK_JS = """([sel, policy]) => {
  const root = document.querySelector(sel);
  if (!root || root.dataset.phase === 'over') return null;
  for (const p of policy) {
    for (const el of root.querySelectorAll(p)) {
      if (el.disabled || !el.getClientRects().length) continue;
      return `${sel} [data-testid="${el.dataset.testid}"]`;
    }
  }
  return null;
}"""


def pick(page, sel: str, policy: list[str], timeout: float = 20.0) -> str | None:
    """The policy's first enabled control, waiting for one (a bot's slap freezes the table a moment)."""
    deadline = time.monotonic() + timeout
    while (target := page.evaluate(PICK_JS, [sel, policy])) is None and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    return target


def ready_now(page, selector: str) -> bool:
    """One look: the control is there, enabled and not pressed. (A locator's is_enabled() waits
    up to the default 20 s for a control that has just gone, e.g. the Hunter during a pass.)"""
    return page.evaluate(
        "(s) => { const b = document.querySelector(s); "
        "return !!b && !b.disabled && b.getAttribute('aria-pressed') !== 'true'; }",
        selector,
    )


def key_mentions(texts: list[str]) -> list[str]:
    return [t for t in texts if KEY_WORDS.search(t)]


def check(page, sel: str, where: str) -> dict:
    m = page.evaluate(MEASURE_JS, [sel, MIN_TAP])
    assert m["coarse"], "the phone context does not match (pointer: coarse): the test proves nothing"
    assert m["scrollWidth"] <= m["innerWidth"], f"{where}: sideways scroll ({m['scrollWidth']} > {m['innerWidth']})"
    assert not m["small"], f"{where}: controls under {MIN_TAP}x{MIN_TAP} px: {m['small']}"
    assert not key_mentions(m["texts"]), f"{where}: the game names keys on a touch screen: {key_mentions(m['texts'])}"
    assert m["kbd"] == 0, f"{where}: {m['kbd']} key caps shown on a touch screen"
    return m


def test_key_words_are_caught():
    """The key check can fail: the prompts the views show on a keyboard are caught."""
    assert key_mentions(["Slap too (Space) if you think you match.", "Choose a card (1-9).", "Take back (T)"])
    assert key_mentions(["Vote in secret with one of your cards (keys 1-6)."])
    assert key_mentions(["Press Space to slap", "Click to play with keys", "Space slaps"])
    assert not key_mentions(
        ["Space 3: Camera; here: Ana", "Tap a card to play it face down.", "Player 3 slapped.", "Tap ✋ Slap!"]
    )


#: where Brouhaha's parts are on the screen: the Slap button, the cries beside it, the hand's cards
BROUHAHA_GEOMETRY_JS = """(sel) => {
  const root = document.querySelector(sel);
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, width: r.width, height: r.height};
  };
  const q = (id) => root.querySelector(`[data-testid="${id}"]`);
  return {
    vw: innerWidth, vh: innerHeight, slap: box(q('slap')), cries: box(q('cries')),
    cries_text: (q('cries') || {}).textContent || '',
    cards: [...root.querySelectorAll('[data-testid^="play-"], [data-testid^="pass-"]')].map(box),
  };
}"""


def brouhaha_in_thumb_reach(page, sel: str, out: Path) -> None:
    """One large Slap button at the bottom of the screen, the cries beside it, wherever the page
    is scrolled within the game; the hand a grid of cards (not a column); a slap by a tap, then
    a Hunter aimed at a cry beside the Slap button."""
    page.locator(f'{sel} [data-testid="hand"]').scroll_into_view_if_needed()
    for where in ("hand", "log"):
        page.locator(f'{sel} [data-testid="{where}"]').evaluate("el => el.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(150)
        g = page.evaluate(BROUHAHA_GEOMETRY_JS, sel)
        slap, cries = g["slap"], g["cries"]
        assert slap["bottom"] <= g["vh"] + 0.5 and slap["top"] >= g["vh"] * 0.75, (
            f"Slap not at the bottom ({where}): {g}"
        )
        assert slap["width"] >= g["vw"] * 0.4 and slap["height"] >= 56, f"Slap not large: {slap}"
        assert cries["top"] >= 0 and cries["bottom"] <= slap["top"], f"the cries are not in view beside Slap: {g}"

    # a cry down in the dock: the cards tapped so far may have gone (shown, hunted, a round
    # over): then a card of ours is tapped down again
    def crying() -> bool:
        text = page.evaluate(BROUHAHA_GEOMETRY_JS, sel)["cries_text"]
        return "Squeak" in text or "!" in text

    # (the bots play on meanwhile: a slap freezes the table, a round's end takes our card
    # away; so the person taps a card down again whenever none of theirs cries, and fails only
    # if no cry is in the dock within 20 s)
    cry_deadline = time.monotonic() + 20
    while not crying():
        if time.monotonic() > cry_deadline:
            page.screenshot(path=str(out / "brouhaha_no_cry.png"))
            phase = page.locator(sel).get_attribute("data-phase")
            raise AssertionError(f"no cry in the dock (phase {phase}): {page.evaluate(BROUHAHA_GEOMETRY_JS, sel)}")
        card = page.evaluate(PICK_JS, [sel, ['[data-testid^="play-"]']])
        if card is not None:
            try:
                page.locator(card).tap(timeout=2000)
            except Exception as exc:  # the card went away or froze under the thumb: look again
                if not H.went_away(exc):
                    raise
        page.wait_for_timeout(150)
    g = page.evaluate(BROUHAHA_GEOMETRY_JS, sel)
    columns = {round(c["left"]) for c in g["cards"] if c}
    assert len(columns) >= 3, f"the hand is not a grid: card columns at {sorted(columns)}"
    # a slap by a tap: Slap is disabled while the table is frozen (another seat's slap, a reveal)
    # and can freeze between the look and the thumb; the person taps again when it is enabled,
    # and the test fails only if no slap is sent within a minute
    slap = page.locator(f'{sel} [data-testid="slap"]')
    n = len(page.evaluate("window.__acts"))
    tries, deadline = 0, time.monotonic() + 60
    while len(page.evaluate("window.__acts")) <= n:
        assert time.monotonic() < deadline, f"no slap sent by the thumb in 60 s ({tries} taps)"
        if ready_now(page, f'{sel} [data-testid="slap"]'):
            tries += 1
            try:
                slap.tap(timeout=2000)
            except Exception as exc:  # frozen again under the thumb: tap again when it thaws
                if not H.went_away(exc):
                    raise
        page.wait_for_timeout(150)
    assert page.evaluate("window.__acts")[-1]["type"] == "slap"
    # a Hunter aimed with the thumb: the Hunter button in the dock, then a cry beside it. The
    # bots play on meanwhile: a hunt by another seat freezes Hunters and a round's end takes
    # the cries away, so the aim can go before the thumb lands; then the person aims again,
    # as a student would (only a Hunter never sent within the minute fails)
    hunter = page.locator(f'{sel} [data-testid="hunt"]')
    aim = page.locator(f'{sel} [data-testid^="dock-hunt-"]').first
    n = len(page.evaluate("window.__acts"))

    def hunted() -> bool:
        return any(a.get("type") == "hunt" for a in page.evaluate("window.__acts")[n:])

    shot, tries, deadline = False, 0, time.monotonic() + 60
    while not hunted():
        assert time.monotonic() < deadline, f"no Hunter sent by the thumb in 60 s ({tries} aims)"
        if not aim.count():
            # a round's end asks for a pass first (no Hunter meanwhile): the person passes a
            # card, as a student would, rather than wait out the pass's 15 s
            passing = page.evaluate(PICK_JS, [sel, ['[data-testid^="pass-"]']])
            if passing is not None:
                try:
                    page.locator(passing).tap(timeout=2000)
                except Exception as exc:  # the pass closed under the thumb
                    if not H.went_away(exc):
                        raise
            elif ready_now(page, f'{sel} [data-testid="hunt"]'):
                tries += 1
                try:
                    hunter.tap(timeout=3000)
                except Exception as exc:  # the Hunters froze between the look and the thumb
                    if not H.went_away(exc):
                        raise
            page.wait_for_timeout(100)
            continue
        if not shot:
            check(page, sel, "brouhaha, a Hunter aimed")
            # the same screen frozen (a slap or a hunt by a bot, or its thaw, can come at any
            # moment of an aim): a still copy of it, so the measure does not race the bots
            frozen = page.evaluate(FROZEN_TARGETS_JS, [sel, MIN_TAP])
            assert frozen["targets"] and not frozen["small"], f"a frozen table's targets under a thumb: {frozen}"
            page.screenshot(path=str(out / "brouhaha_phone_hunter.png"))
            shot = True
        # (the dock's targets shift while the bots play on, so Playwright rarely finds one
        # "stable" for long: the tap goes where the button is now, as a thumb's would)
        try:
            aim.tap(force=True, timeout=2000)
        except Exception as exc:  # the aim went away under the thumb: aim again
            if not H.went_away(exc):
                raise
        page.wait_for_timeout(150)
    assert page.evaluate("window.__acts")[-1]["type"] == "hunt"


@pytest.fixture(scope="module")
def rooms(tmp_path_factory):
    out = tmp_path_factory.mktemp("rooms")
    server = R.ProcessServer(out / "rooms.sqlite3", pace=0.05, log=out / "server.log").start()
    teacher = R.teacher(server)
    yield server, teacher
    # the teacher's socket was never read while the tables played: its unread lobby frames hold
    # up the server's answer to the close, and close() waited its whole 10 s timeout for it.
    # Read what is there first (at most 5 s), then the close is answered at once
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and teacher.recv(0.05) is not None:
        pass
    teacher.close()
    server.stop()


#: the Brady Bunch's other side: a kid (seat 1; Alice is a bot), who plays cards, claims and answers
BRADY_KID = [
    '[data-testid^="play-"]', '[data-testid="claim-send"]', '[data-testid="claim-pass"]', '[data-testid^="say-"]',
    '[data-testid="sign-plus"]', '[data-testid^="expose-"]', '[data-testid^="peek-"]',
]  # fmt: skip
#: each case: (game, the person's seat)
CASES = {**{game: (game, 0) for game in GAMES}, "brady_bunch_kid": ("brady_bunch", 1)}


@pytest.mark.parametrize("case", list(CASES))
def test_every_game_plays_by_taps_on_a_phone(case, rooms, browser, output_dir):
    server, teacher = rooms
    game, seat = CASES[case]
    sel, players, level, policy = GAMES[game]
    if case == "brady_bunch_kid":
        policy = BRADY_KID
    bots = {str(s): level for s in range(players) if s != seat}
    code = R.create(teacher, game=game, players=players, seed=11, bots=bots)
    laptop = None
    context = browser.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        bypass_csp=True,  # axe is injected inline
    )
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.get_by_test_id("code").fill(code)
        page.get_by_test_id("name").fill("Ana")
        page.get_by_test_id("join").tap()
        page.locator(sel).wait_for(timeout=20_000)
        # the view's stylesheet has applied (the game's CSS loads beside its module)
        H.wait_until(lambda: page.locator(sel).evaluate("r => getComputedStyle(r).borderRadius") == "8px", what="CSS")
        H.wait_until(lambda: page.evaluate("window.bwRooms.model.get('seat')") == seat, what="seated")
        page.evaluate(COUNT_ACTS_JS)
        check(page, sel, f"{case} at the start")
        page.screenshot(path=str(output_dir / f"{case}_phone_start.png"))
        start = page.locator(f'{sel} [data-testid="start"]')
        if start.count():  # a real-time table waits for its people: the one person taps I'm ready
            start.tap()
            H.wait_until(lambda: page.locator(sel).get_attribute("data-clock") == "running", what="the game running")
        taps, deadline = [], time.monotonic() + 90
        while len(page.evaluate("window.__acts")) < 3:
            assert time.monotonic() < deadline, f"{case}: fewer than 3 acts by taps in 90 s (taps: {taps})"
            target = page.evaluate(PICK_JS, [sel, policy])
            if target is None:
                assert page.locator(sel).get_attribute("data-phase") != "over", f"{case} ended before 3 taps"
                page.wait_for_timeout(100)
                continue
            try:
                page.locator(target).tap(timeout=3000)
            except Exception as exc:  # a control that went away mid-tap (bots play on)
                if not H.went_away(exc):
                    raise
                continue
            taps.append(target.rsplit('"', 2)[1])
            page.wait_for_timeout(250)
            check(page, sel, f"{case} after tapping {taps[-1]}")
        acts = page.evaluate("window.__acts")
        assert len(acts) >= 3 and all(isinstance(a, dict) and a.get("type") for a in acts), acts
        if game == "brouhaha":
            brouhaha_in_thumb_reach(page, sel, output_dir)
        m = check(page, sel, f"{case} mid-game")
        found = axe.run(page, sel)
        print(f"axe {case} in a room, phone: {axe.counts(found)} ({m['enabled']} enabled controls, taps: {taps})")
        assert not axe.violations(page, sel), axe.summary(axe.violations(page, sel))
        page.screenshot(path=str(output_dir / f"{case}_phone.png"))
        # the whole game, a screen at a time (an element or full-page screenshot would resize the
        # page and drop the touch emulation: the view would redraw for a mouse)
        top, bottom = page.locator(sel).evaluate(
            "r => [r.getBoundingClientRect().top + scrollY, r.getBoundingClientRect().bottom + scrollY]"
        )
        for i, y in enumerate(range(int(top), int(bottom), PHONE["height"] - 100)):
            page.evaluate(f"window.scrollTo(0, {y})")
            page.wait_for_timeout(100)
            assert page.locator(sel).get_attribute("data-pointer") == "coarse"
            page.screenshot(path=str(output_dir / f"{case}_phone_part{i + 1}.png"))
        # the same seat on a laptop (its token moves the seat there): the laptop layout, with keys
        token = page.evaluate("localStorage.getItem('bw-rooms-token')")
        assert token
        laptop = browser.new_context(viewport={"width": 1280, "height": 720}, bypass_csp=True)
        laptop.add_init_script(f"localStorage.setItem('bw-rooms-token', {json.dumps(token)})")
        lp = laptop.new_page()
        lp.goto(server.url + "/")
        lp.locator(sel).wait_for(timeout=20_000)
        H.wait_until(lambda: lp.locator(sel).evaluate("r => getComputedStyle(r).borderRadius") == "8px", what="CSS")
        assert lp.locator(sel).get_attribute("data-pointer") == "fine"
        assert lp.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
        lp.locator(sel).scroll_into_view_if_needed()
        lp.screenshot(path=str(output_dir / f"{case}_laptop.png"))
        found = axe.run(lp, sel)
        print(f"axe {case} in a room, laptop: {axe.counts(found)}")
        assert not axe.violations(lp, sel), axe.summary(axe.violations(lp, sel))
        print(f"screenshots: {output_dir}")
    finally:
        context.close()
        if laptop is not None:
            laptop.close()


def test_the_end_of_a_game_on_a_phone(rooms, browser, output_dir):
    """The end screen (winner banner, replay control and slider) on a phone: the person's seat
    goes to a bot (the teacher's hand-over), the game plays out, the phone watches the end."""
    server, teacher = rooms
    sel = GAMES["costume_party"][0]
    code = R.create(teacher, game="costume_party", players=3, seed=5, bots={"1": "easy", "2": "easy"})
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2, bypass_csp=True
    )
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.get_by_test_id("code").fill(code)
        page.get_by_test_id("name").fill("Ana")
        page.get_by_test_id("join").tap()
        page.locator(sel).wait_for(timeout=20_000)
        H.wait_until(lambda: page.evaluate("window.bwRooms.model.get('seat')") == 0, what="seated")
        teacher.op({"op": "bot", "code": code, "seat": 0, "level": "easy"}, "lobby")
        H.wait_until(lambda: page.locator(sel).get_attribute("data-phase") == "over", timeout=120, what="the end")
        page.wait_for_timeout(300)
        end = page.locator(f'{sel} [data-testid="replay-back"]')
        end.scroll_into_view_if_needed()
        m = check(page, sel, "costume_party at the end")
        assert page.locator(f'{sel} [data-testid="replay-slider"]').is_visible()
        end.tap()
        H.wait_until(
            lambda: page.locator(f'{sel} [data-testid="replay-banner"]').count() == 1, what="a step back by a tap"
        )
        check(page, sel, "costume_party at the end, a step back")
        found = axe.run(page, sel)
        print(f"axe costume_party in a room, phone, at the end: {axe.counts(found)} ({m['enabled']} enabled controls)")
        assert not axe.violations(page, sel), axe.summary(axe.violations(page, sel))
        page.screenshot(path=str(output_dir / "costume_party_phone_end.png"))
    finally:
        context.close()
