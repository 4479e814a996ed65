"""The harness itself, on a bare anywidget counter: a notebook runs in
JupyterLab, clicks in chromium reach Python and come back, the kernel can be
read from the test, and the recorded WebSocket frames carry the widget state."""

import pytest

import jlab_harness as H

pytestmark = pytest.mark.browser

COUNTER_CELLS = [
    "from bare_counter import BareCounter\nc = BareCounter()\nc",
]


def test_counter_round_trip(lab_page):
    H.write_notebook(lab_page.root / "e2e_counter.ipynb", COUNTER_CELLS)
    lab_page.open("e2e_counter.ipynb")
    lab_page.run_all()
    button = lab_page.page.locator('[data-testid="count"]')
    button.wait_for()
    for n in range(1, 4):
        button.click()
        lab_page.page.wait_for_function(
            "n => document.querySelector('[data-testid=count]').textContent === `count is ${n}`", arg=n
        )
    assert lab_page.kernel().eval("c.value") == 3
    states = lab_page.frames.widget_states("bare_counter.BareCounter")
    assert states[0][0] == "open" and states[0][1]["value"] == 0
    assert [s["value"] for kind, s in states[1:] if "value" in s] == [1, 2, 3]
    lab_page.screenshot()
