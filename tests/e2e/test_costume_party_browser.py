"""Costume Party Detective end to end: JupyterLab + Debian chromium, played by clicks.

* the tutorial notebook runs top to bottom and its full game vs bots is played
  by clicks for one round (seat 0's turn, every bot's, and seat 0's next roll);
  then the kernel hands seat 0 to a bot at pace 0, which plays the rest through
  the same act() the clicks reach (whole games through that protocol are
  tests/test_costume_widget.py::test_full_game_vs_random_bots_through_messages),
  and the browser must draw the end screen with the winner the kernel reports;
* the WebSocket leak test: the same scripted game twice with the opponents'
  secret characters swapped must send the browser identical widget state up to
  the first kill, and no frame may hold an opponent's secret -- while with the
  teacher's reveal on, the same comparison does see a difference;
* the hot-seat curtain: nothing of the next player's secret reaches the browser
  until the curtain is lifted;
* keyboard: Tab reaches the Roll button and Enter rolls.

Every game is seeded; a failure leaves ``failure.png`` and the server log in the
test's output folder.
"""

from __future__ import annotations

import json

import pytest

import jlab_harness as H

pytestmark = pytest.mark.browser

TUTORIAL = "costume_party.ipynb"
FULL_GAME_VAR = "party"  # the tutorial's "full game vs bots" widget

# ----------------------------------------------------------------- the bots
SCRIPTED_BOT = '''
from brady_widgets import CostumePartyWidget
from brady_widgets.costume_party.content import ROOMS, figure_label


class FirstLegal:
    """Scripted opponent: draw when allowed, else the first legal action (the
    first kill on black). Its public actions depend on its secret only when it
    has to kill."""

    def __init__(self, seat, seed):
        self.seat = seat

    def choose(self, view, legal):
        return next((a for a in legal if a["type"] == "draw"), legal[0])


def deal(secrets):
    """Seat s is figure secrets[s]; figure f stands in room f % 5; the deck is the rest, in order."""
    return {
        "secrets": list(secrets),
        "deck": [f for f in range(20) if f not in secrets],
        "rooms": [ROOMS[f % len(ROOMS)] for f in range(20)],
    }
'''

SEED = 11
SECRETS_A = [0, 6, 12, 18]  # seat 0 is figure 0 in both runs; figures 6, 12, 18 stand in three rooms
SECRETS_B = [0, 12, 6, 18]  # seats 1 and 2 swapped


def leak_cells(reveal: bool) -> list[str]:
    make = (
        "CostumePartyWidget(players=4, seed={seed}, humans=[0], pace=0.01, bot=FirstLegal, "
        "reveal={reveal}, deal=deal({secrets}))"
    )
    return [
        SCRIPTED_BOT,
        f"wa = {make.format(seed=SEED, reveal=reveal, secrets=SECRETS_A)}\nwa",
        f"wb = {make.format(seed=SEED, reveal=reveal, secrets=SECRETS_B)}\nwb",
    ]


# ------------------------------------------------------------------ helpers
KILLED_JS = "(root) => /Killed:/.test((root.querySelector('.bw-table') || root).textContent)"


def killed_or_over(driver) -> bool:
    return driver.game_over() or driver.root.evaluate(KILLED_JS)


def revealed(st: dict) -> bool:
    """Whether a figure has been killed in this merged state (the first moment an opponent's
    secret can show)."""
    view = st.get("view") or {}
    return bool(view.get("killed")) or any(e.get("type") in ("kill", "eliminated") for e in st.get("log_lines") or [])


def differences(a, b, path="", limit=8) -> list[str]:
    """Where two JSON values differ: ``path: a != b`` lines (at most ``limit``)."""
    out = []
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if len(out) >= limit:
                break
            if k not in a or k not in b:
                out.append(f"{path}/{k}: only in {'A' if k in a else 'B'}")
            elif a[k] != b[k]:
                out += differences(a[k], b[k], f"{path}/{k}", limit - len(out))
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if len(out) >= limit:
                break
            if x != y:
                out += differences(x, y, f"{path}/{i}", limit - len(out))
    elif a != b:
        out.append(f"{path}: A={json.dumps(a)[:200]} B={json.dumps(b)[:200]}")
    return out


def secret_violations(messages, shown: int, secrets: list[int], raw=()) -> list[str]:
    """Everything in the received messages that the shown seat may not know:
    a ``secrets`` or ``deck`` field, a
    ``my_character`` other than the shown seat's, a log's private ``secret``
    entry of another seat, or another seat's "is secretly <figure>" text."""
    from brady_widgets.costume_party.content import figure_label

    bad = []
    for m in messages:
        content = m.get("content") or {}
        for path, key, value in H.walk(content):
            where = "/".join(map(str, path))
            if key in ("secrets", "deck"):
                bad.append(f"{m.get('msg_type')} {where} = {value!r}")
            elif key == "my_character" and value not in (None, secrets[shown]):
                bad.append(f"{m.get('msg_type')} {where} = {value!r} (not seat {shown}'s)")
            elif key in ("log_lines", "items") and isinstance(value, list):  # the log window, a page of it
                for e in value:
                    if isinstance(e, dict) and e.get("type") == "secret" and e.get("seat") != shown:
                        bad.append(f"{m.get('msg_type')} {where}: private entry {e!r}")
    for seat, fig in enumerate(secrets):
        if seat == shown:
            continue
        needle = f"is secretly {figure_label(fig)}"
        for payload in raw:
            text = payload if isinstance(payload, str) else bytes(payload).decode("utf-8", "replace")
            if needle in text:
                bad.append(f"a frame says {needle!r}")
                break
    return bad


def play_scripted(driver, max_clicks: int = 400) -> int:
    """Seat 0 plays the policy until the first kill (or the end); returns the clicks."""
    driver.play_until(killed_or_over, max_clicks=max_clicks)
    return len(driver.clicks)


# -------------------------------------------------------------------- tests
def test_tutorial_game_one_round_by_clicks_then_the_end_screen(lab_page):
    """The tutorial runs top to bottom; its full game vs bots is played by clicks
    for one round, a bot finishes it in the kernel, and the browser draws the end
    screen with the winner the kernel reports."""
    assert (lab_page.root / TUTORIAL).exists(), f"notebooks/{TUTORIAL} is missing"
    lab_page.open(TUTORIAL)
    lab_page.run_all(timeout=240)
    kernel = lab_page.kernel()
    var = FULL_GAME_VAR
    found = kernel.eval(
        f"type(globals().get({var!r})).__name__ == 'CostumePartyWidget' and {var}.mode == 'bots' "
        f"and list({var}.humans) == [0] and not {var}.game.over"
    )
    assert found, f"the tutorial's full game vs bots should be the widget `{var}` (seat 0 human, not over)"
    # speed the bots' pacing up for the test (the rules are untouched)
    kernel.run(f"{var}.pace = min({var}.pace, 0.05)")
    model_id, root = lab_page.widget(var)
    root.scroll_into_view_if_needed()
    driver = H.CostumePartyDriver(lab_page.page, root, timeout=60)
    # one round by clicks: seat 0's turn, every bot's turn, and seat 0's next roll
    driver.play_until(lambda d: d.game_over() or d.clicks.count("roll") >= 2, max_clicks=400)
    assert driver.clicks.count("roll") >= 2 or driver.game_over(), driver.clicks
    assert kernel.eval(f"len({{h['seat'] for h in {var}.game.history if isinstance(h.get('seat'), int)}})") == 4
    # the rest through the same protocol, in the kernel: a bot for seat 0, at pace 0
    kernel.run(f"{var}.pace = 0\n{var}.seat_bot(0)")
    banner = driver.button("winner")
    banner.wait_for(timeout=30_000)
    assert driver.game_over()
    assert "win" in banner.text_content()
    result = kernel.eval(f"{{'over': {var}.game.over, 'winners': {var}.game.winners, 'names': list({var}.names)}}")
    assert result["over"] is True
    assert len(result["winners"]) == 1
    winner_name = result["names"][result["winners"][0]]
    assert winner_name in banner.text_content()
    assert H.notebook_errors(lab_page.page) == []
    lab_page.screenshot(locator=root)


def test_websocket_frames_leak_nothing(lab_page):
    """Swap two opponents' secret characters: every widget state the browser
    receives must be identical up to the first kill, and no frame may name an
    opponent's secret."""
    kernel = lab_page.notebook("e2e_leak.ipynb", leak_cells(reveal=False))
    runs = {}
    for var in ("wa", "wb"):
        model_id, root = lab_page.widget(var)
        root.scroll_into_view_if_needed()
        driver = H.CostumePartyDriver(lab_page.page, root)
        play_scripted(driver)
        runs[var] = (model_id, root, driver.clicks)
    (ma, root_a, _), (mb, _, _) = runs["wa"], runs["wb"]
    sa = lab_page.frames.widget_states(comm_id=ma)
    sb = lab_page.frames.widget_states(comm_id=mb)
    # compared step by step (replay's length), not message by message: bots paced at 10 ms that
    # fall behind on a busy machine apply two steps in one batch
    steps, diff = H.compare_by_step(sa, sb, stop=revealed)
    if diff is not None:
        at_a, at_b = H.states_by_step(sa, revealed)[diff], H.states_by_step(sb, revealed)[diff]
        raise AssertionError(
            f"the widget state sent to the browser depends on the opponents' secrets: the state at "
            f"step {diff} (of {len(steps)} steps compared before the first kill) differs:\n"
            + "\n".join(differences(at_a, at_b))
        )
    # the compared prefix is a real game: several of seat 0's own actions and the opponents' draws
    assert len(steps) >= 8, f"only {len(steps)} steps compared before the first kill"
    # (the log is a window of its newest entries: look through the state at every step)
    opp_draws = [
        e
        for st in H.states_by_step(sa, revealed).values()
        for e in st.get("log_lines") or []
        if e["type"] == "draw" and e.get("seat") != 0
    ]
    assert opp_draws, "no opponent action was compared"
    # both games really diverge once a secret matters (else the swap proved nothing)
    assert kernel.eval("[wa.game.secrets, wb.game.secrets]") == [SECRETS_A, SECRETS_B]
    print(f"identical widget state at {len(steps)} steps, up to the first kill")
    # the size target: every state update the browser receives is under 8 KB
    sizes = [size for kind, _, size, _ in lab_page.frames.widget_states(comm_id=ma, sizes=True) if kind != "open"]
    assert sizes and max(sizes) < 8 * 1024, f"a widget update frame of {max(sizes)} bytes (target < 8 KB)"
    # direct check: nothing secret of another seat in any frame (a finished game shows
    # the characters in `revealed`, which is public by then; `secrets`/`deck` never)
    msgs = lab_page.frames.messages()
    raw = lab_page.frames.raw
    for secrets in (SECRETS_A, SECRETS_B):
        bad = secret_violations(msgs, shown=0, secrets=secrets, raw=raw)
        assert bad == [], "secrets reached the browser:\n" + "\n".join(bad[:20])
    lab_page.screenshot(locator=root_a)


def test_leak_check_sees_secrets_when_revealed(lab_page):
    """The companion that proves the leak test can fail: with the teacher's
    reveal on, the same games DO send different state, and the direct check
    flags the secrets."""
    lab_page.notebook("e2e_reveal.ipynb", leak_cells(reveal=True))
    models = {}
    for var in ("wa", "wb"):
        model_id, root = lab_page.widget(var)
        driver = H.CostumePartyDriver(lab_page.page, root)
        for _ in range(3):
            driver.step()
        models[var] = model_id
    sa = lab_page.frames.widget_states(comm_id=models["wa"])
    sb = lab_page.frames.widget_states(comm_id=models["wb"])
    steps, diff = H.compare_by_step(sa, sb, stop=revealed)
    assert len(steps) >= 2 and diff is not None, "the comparison did not see the revealed secrets"
    assert H.states_by_step(sa, revealed)[diff]["view"]["secrets"] == SECRETS_A
    assert H.states_by_step(sb, revealed)[diff]["view"]["secrets"] == SECRETS_B
    bad = secret_violations(lab_page.frames.messages(), shown=0, secrets=SECRETS_A, raw=lab_page.frames.raw)
    assert any("secrets" in b for b in bad), bad
    lab_page.screenshot(locator=root)


HOTSEAT_CELLS = [
    "from brady_widgets import CostumePartyWidget\n"
    "hs = CostumePartyWidget(players=2, seed=5, mode='hotseat', pace=0, names=['Ann', 'Bob'])\n"
    "hs",
]


def my_characters(states) -> list:
    return [st["view"].get("my_character") for _, st in states if "view" in (st or {})]


def test_hotseat_curtain_hides_the_next_seat(lab_page):
    kernel = lab_page.notebook("e2e_hotseat.ipynb", HOTSEAT_CELLS)
    secrets = kernel.eval("hs.game.secrets")
    model_id, root = lab_page.widget("hs")
    driver = H.CostumePartyDriver(lab_page.page, root)
    s = driver.state()
    assert s["curtain"] == "up" and "Pass to Ann" in s["curtainText"], s
    assert my_characters(lab_page.frames.widget_states(comm_id=model_id)) in ([None], [])
    driver.step()  # Ann lifts the curtain
    assert "You are" in driver.state()["me"]
    # Ann plays her turn until the curtain asks for Bob
    for _ in range(10):
        s = driver.state()
        if s["curtain"] == "up":
            break
        driver.step()
    assert s["curtain"] == "up" and "Pass to Bob" in s["curtainText"], s
    assert "You are" not in (s["me"] or "") and s["seat"] == "-1"
    before = lab_page.frames.widget_states(comm_id=model_id)
    chars = my_characters(before)
    assert secrets[1] not in chars, "Bob's character reached the browser before the curtain was lifted"
    assert chars[-1] is None, "the state under the curtain still names a character"
    assert secrets[0] in chars  # the check sees characters when they are sent
    raw_before = list(lab_page.frames.raw)
    bad = secret_violations(lab_page.frames.messages(), shown=0, secrets=secrets, raw=raw_before)
    assert bad == [], bad
    lab_page.screenshot("curtain.png", locator=root)
    driver.button("lift-curtain").click()
    lab_page.page.wait_for_function("(root) => root.dataset.curtain === 'down'", arg=root.element_handle())
    after = my_characters(lab_page.frames.widget_states(comm_id=model_id)[len(before) :])
    assert secrets[1] in after
    assert "You are" in driver.state()["me"] and "Bob" in driver.state()["me"]
    lab_page.screenshot(locator=root)


KEYBOARD_CELLS = [
    "from brady_widgets import CostumePartyWidget\nkb = CostumePartyWidget(players=3, seed=2, pace=0)\nkb",
]


def test_keyboard_tab_to_roll_and_enter(lab_page):
    kernel = lab_page.notebook("e2e_keyboard.ipynb", KEYBOARD_CELLS)
    model_id, root = lab_page.widget("kb")
    page = lab_page.page
    # start from a non-interactive spot of the widget (the title), then only the keyboard
    root.locator(".bw-title").click()

    def active():
        return page.evaluate("() => document.activeElement && document.activeElement.dataset.testid")

    presses = 0
    while active() != "roll":
        assert presses < 60, f"Tab never reached the Roll button (focus on {active()!r})"
        page.keyboard.press("Tab")
        presses += 1
    assert presses >= 1
    assert kernel.eval("len(kb.game.history)") == 0
    page.keyboard.press("Enter")
    H.wait_until(lambda: kernel.eval("len(kb.game.history)") > 0, timeout=15, what="the roll to reach Python")
    first = kernel.eval("kb.game.history[0]")
    assert first["seat"] == 0 and first["action"]["type"] == "roll", first
    page.wait_for_function(
        "(root) => root.dataset.phase !== 'roll' || /rolled/.test(root.textContent)", arg=root.element_handle()
    )
    assert H.notebook_errors(page) == []
    lab_page.screenshot(locator=root)
