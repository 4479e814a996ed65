"""The Brady Bunch end board at 1280x720 (issue 25): each kid's Score, "2 + 6 + 5 + 4 → 17",
stays on one line inside its slot, and so does each sum in the reveal (it wrapped one term per line in the narrow slots).
An 8-player game (seven kid slots) played out by bots; the screenshot is ``end_board.png``."""

from __future__ import annotations

import pytest

import jlab_harness as H

pytestmark = pytest.mark.browser

CELLS = [
    """from brady_widgets import BradyBunchWidget
done = BradyBunchWidget(players=8, seed=3, humans=[], pace=0)
done.run_bots()
assert done.game.over
done""",
]

SCORES_JS = """(root) => [...root.querySelectorAll('[data-testid^="score-"], [data-testid^="final-score-"]')].map((dd) => {
  const slot = dd.closest('.bw-slot, .bw-spot').getBoundingClientRect();
  const range = document.createRange(); range.selectNodeContents(dd);
  const text = range.getBoundingClientRect();
  const line = parseFloat(getComputedStyle(dd).lineHeight) || 1.25 * parseFloat(getComputedStyle(dd).fontSize);
  return {id: dd.dataset.testid, text: dd.textContent, height: text.height, line,
          left: text.left - slot.left, right: slot.right - text.right};
})"""


def test_the_end_board_shows_each_score_on_one_line(jupyterlab, browser, output_dir, request):
    from conftest import LabPage

    jupyterlab.delete_all_sessions()
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    lp = LabPage(jupyterlab, context.new_page(), output_dir, request.node)
    try:
        kernel = lp.notebook("e2e_brady_end_board.ipynb", CELLS)
        model_id = kernel.eval("done.model_id")
        root = H.widget_root(lp.page, model_id, selector=".bw-brady")
        root.locator('[data-testid^="score-"]').first.wait_for()
        slots = root.locator('[data-testid^="slot-"]').first
        slots.scroll_into_view_if_needed()
        lp.page.wait_for_timeout(300)
        lp.screenshot("end_board.png", locator=root)
        scores = root.evaluate(SCORES_JS)
        want = kernel.eval("[[k['kid'], k['cards'], k['score']] for k in done.view['kids']]")
        board = [s for s in scores if s["id"].startswith("score-")]
        final = {s["id"][len("final-score-") :]: s for s in scores if s["id"].startswith("final-score-")}
        assert len(board) == len(want) == len(final) == 7
        for got, (kid, cards, score) in zip(board, want):
            assert got["id"] == f"score-{kid}"
            assert got["text"].replace("\u202f", " ") == " + ".join(map(str, cards)) + f" → {score}"
            assert final[kid]["text"].strip().startswith(" + ".join(map(str, cards)))
            assert final[kid]["text"].strip().endswith(f"= {score}")
        for got in scores:
            assert got["height"] < 1.5 * got["line"], f"a score wraps: {got}"
            assert got["left"] >= 0 and got["right"] >= 0, f"a score sticks out of its box: {got}"
        assert H.notebook_errors(lp.page) == []
    finally:
        lp.close()
        context.close()
        jupyterlab.delete_all_sessions()
