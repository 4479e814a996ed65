"""Total Black on a phone (390x844, touch) at a rooms table with bots: one person in the dark
presses I'm ready (the table starts: every person is ready), hears the cries round by round,
taps Hold hands when the cry is its own, and is found with its partner. On the way the page
is measured: no sideways scroll, every enabled control at least 44x44 px, the prompt names
taps (no key), axe finds no serious or critical violation. Screenshots go to the test's
output folder (the start, a held hand, the end)."""

from __future__ import annotations

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
SEL = ".bw-total-black"
KEY_WORDS = re.compile(r"\b(keys?|keyboard|press(ing)?)\b|\((?:[A-Z])\)", re.I)

MEASURE_JS = """(sel) => {
  const root = document.querySelector(sel);
  const small = [];
  for (const el of root.querySelectorAll('button, input, select, summary, a[href]')) {
    if (el.disabled) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width < 43.5 || r.height < 43.5) small.push(`${el.dataset.testid || el.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  const prompt = root.querySelector('[data-testid="prompt"]');
  const hold = root.querySelector('[data-testid="hold"]');
  return {
    sideways: document.scrollingElement.scrollWidth > innerWidth, small,
    prompt: prompt ? prompt.textContent : "", hold: hold ? [hold.textContent, hold.getAttribute('aria-label')] : null,
    coarse: matchMedia('(pointer: coarse)').matches,
  };
}"""


#: one look at the page: never a locator call that waits for a control which may have gone
STATE_JS = """(root) => {
  const hold = root.querySelector('[data-testid="hold"]');
  const heard = root.querySelector('[data-testid="heard"]');
  return {
    phase: root.dataset.phase, found: root.dataset.found, held: root.dataset.held,
    same: !!heard && heard.dataset.same === "true",
    hold: !hold ? "gone" : hold.disabled ? "disabled" : "enabled",
  };
}"""

#: record the prompt at every redraw that shows the hand held (in the dark) (``window.__heldPrompts``) and count
#: the holds (a rise of data-held), so a hold is checked even when it ends between two looks
HELD_PROMPTS_JS = """(root) => {
  window.__heldPrompts = [];
  window.__holds = 0;
  let was = false;
  const look = () => {
    const now = root.dataset.held === "true";
    // (found or over, the prompt says so first: those redraws are not the held prompt's)
    if (now && root.dataset.found !== "true" && root.dataset.phase !== "over") {
      const p = root.querySelector('[data-testid="prompt"]');
      window.__heldPrompts.push(p ? p.textContent : "");
      if (!was) window.__holds += 1;
    }
    was = now;
  };
  new MutationObserver(look).observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  look();
}"""
HELD_COUNT_JS = "() => window.__holds"


def measure(page, where: str) -> dict:
    m = page.evaluate(MEASURE_JS, SEL)
    assert m["coarse"], where
    assert not m["sideways"], f"{where}: the page scrolls sideways"
    assert not m["small"], f"{where}: controls under 44 px: {m['small']}"
    assert not KEY_WORDS.search(m["prompt"]), f"{where}: the prompt names a key: {m['prompt']!r}"
    if m["hold"]:
        assert not any(KEY_WORDS.search(t or "") for t in m["hold"]), m["hold"]
    return m


def test_a_person_on_a_phone_holds_hands_in_the_dark_and_finds_their_partner(browser, output_dir, tmp_path):
    server = R.ProcessServer(tmp_path / "rooms.sqlite3", pace=0.05, log=output_dir / "server.log").start()
    teacher = R.teacher(server)
    code = R.create(
        teacher, game="total_black", players=8, seed=3, bots={str(s): "hold" for s in range(1, 8)},
        options={"bump_ms": 2500},
    )  # fmt: skip
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
        page.locator(SEL).wait_for()
        H.wait_until(lambda: page.evaluate("window.bwRooms.model.get('seat')") == 0, what="seated")
        root = page.locator(SEL)
        me = root.get_by_test_id("card").text_content()
        assert "You are a" in me and "You cry" in me, me
        measure(page, "before the start")
        page.screenshot(path=str(output_dir / "total_black_phone_start.png"))
        root.get_by_test_id("start").tap()  # I'm ready: the only person, so the table starts
        shot = False
        H.wait_until(lambda: root.get_by_test_id("hold").count() == 1, timeout=20, what="the game started")
        # what the page shows while the person's hand is out, recorded by the page itself at
        # every redraw: the hold lasts only until the round's end (found, or back in the dark),
        # which can come before the test's next look
        root.evaluate(HELD_PROMPTS_JS)
        held = 0
        deadline = time.monotonic() + 150
        while (s := root.evaluate(STATE_JS))["found"] != "true":
            assert time.monotonic() < deadline, "not found in 150 s"
            assert s["phase"] != "over", f"the game ended with the person not found: {s}"
            if s["same"] and s["hold"] == "enabled" and s["held"] != "true":
                try:
                    root.get_by_test_id("hold").tap(timeout=2000)
                except Exception as exc:  # the round ended mid-tap (the button went away or disabled)
                    if "Timeout" not in type(exc).__name__:
                        raise
                    continue
                # held, or the round moved on (the button disabled, or gone once found): one look
                # at the page, never a wait on a button that may have gone
                H.wait_until(
                    lambda: (t := root.evaluate(STATE_JS))["held"] == "true" or t["hold"] != "enabled",
                    timeout=5,
                    what="held",
                )
                if root.evaluate(HELD_COUNT_JS) > held:
                    held = root.evaluate(HELD_COUNT_JS)
                    if not shot:
                        measure(page, "holding hands")  # sizes and words: true in any state
                        page.screenshot(path=str(output_dir / "total_black_phone_held.png"))
                        shot = True
            page.wait_for_timeout(100)
        held_prompts = root.evaluate("() => window.__heldPrompts")
        assert held_prompts, "the page never showed the person's hand held"
        assert all("holding out your hand" in p for p in held_prompts), held_prompts
        assert held >= 1
        m = measure(page, "found")
        assert "You found your partner" in m["prompt"] or root.get_attribute("data-phase") == "over", m["prompt"]
        found = root.get_by_test_id("found").text_content()
        assert "Ana and " in found, found
        log = root.get_by_test_id("log").text_content()
        assert "You bumped into someone who cries" in log or "Found: Ana and" in log, log
        violations = axe.violations(page, SEL)
        assert not violations, axe.summary(violations)
        page.screenshot(path=str(output_dir / "total_black_phone_found.png"))
        print(f"screenshots: {output_dir}; holds: {held}, prompts while held: {sorted(set(held_prompts))}")
    finally:
        context.close()
        teacher.close()
        server.stop()
