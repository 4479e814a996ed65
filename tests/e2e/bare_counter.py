"""A bare anywidget counter: the yardstick for the latency benchmark and the
harness's own smoke test.

It takes the same road as a Costume Party click: the view sends a custom
message, Python changes a synced trait, the view redraws on ``change:value``.
"""

import anywidget
import traitlets


class BareCounter(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.dataset.testid = "count";
      const draw = () => { button.textContent = `count is ${model.get("value")}`; };
      button.addEventListener("click", () => model.send({ type: "inc" }));
      model.on("change:value", draw);
      draw();
      el.appendChild(button);
      return () => model.off("change:value", draw);
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_view_msg)

    def _on_view_msg(self, widget, content, buffers):
        if isinstance(content, dict) and content.get("type") == "inc":
            self.value += 1
