"""Live lesson controls shared by the games' lessons: a slider (or several) and a chart
that redraws when it moves.

The lessons (``<game>/lesson.py``) build their explorers from these helpers, so no game
imports another's lesson module:

* :func:`show_in` sets a figure as what an ``ipywidgets.Output`` shows, :func:`say_in` a
  sentence (what a control says instead of a chart it cannot draw);
* :func:`box` is a ``VBox`` whose text form is a short, deterministic line (what a saved
  notebook keeps, not the slider's and chart's internals);
* :func:`explorer` is one slider and one chart, redrawn by ``draw(ax, value)``;
* :func:`checked_start` checks a slider's first value as a notebook gives it.

ipywidgets and matplotlib are imported when a helper is called, not when a lesson loads.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

from .frames import short
from .optional import need
from .progress import checks, function, items, kind, number, text

# the building blocks' arguments, checked once at each entry (ipywidgets is imported only by a call)
OUTPUT = kind(lambda v: hasattr(v, "outputs") and hasattr(v, "observe"), "an Output widget (ipywidgets.Output())")
FIGURE = kind(lambda v: hasattr(v, "savefig"), "a matplotlib figure (fig, ax = plt.subplots())")
WIDGET = kind(lambda v: hasattr(v, "observe") and hasattr(v, "keys"), "a widget (an ipywidgets widget)")
SLIDER = kind(
    lambda v: hasattr(v, "observe") and hasattr(v, "value"), "a slider (an ipywidgets slider, e.g. IntSlider)"
)

__all__ = ["box", "checked_start", "explorer", "say_in", "show_in"]

_BOX = None


@checks(out=OUTPUT, fig=FIGURE)
def show_in(out, fig) -> None:
    """Replace what the ``Output`` widget ``out`` shows with the figure ``fig`` (set on
    the widget from the kernel: no front end needs to route the output, so it works
    the same in JupyterLab, Voila, nbconvert and a test)."""
    import base64
    import io

    plt = need("matplotlib.pyplot")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    plt.close(fig)
    png = base64.b64encode(buf.getvalue()).decode("ascii")
    out.outputs = (
        {"output_type": "display_data", "metadata": {}, "data": {"image/png": png, "text/plain": "the chart"}},
    )


@checks(out=OUTPUT, text=text)
def say_in(out, text: str) -> None:
    """Replace what the ``Output`` widget ``out`` shows with the plain sentence ``text``."""
    out.outputs = ({"output_type": "stream", "name": "stdout", "text": text + "\n"},)


@checks(children=items("a list of widgets", WIDGET), text=text)
def box(children: list, text: str):
    """A ``VBox`` of ``children`` whose text form is ``text`` (a saved notebook shows that
    short, deterministic line, not the slider's and chart's internals). ``.result``: the
    last redraw's numbers, set by whoever redraws."""
    global _BOX
    if _BOX is None:
        import ipywidgets as W

        class LessonBox(W.VBox):
            def __repr__(self):
                return self._text

        _BOX = LessonBox
    made = _BOX(children)
    made._text = text
    made.result = None
    return made


@checks(
    slider=SLIDER,
    draw=function("a function draw(ax, value)"),
    text=text,
    figsize=items("a (width, height) in inches", number(0.5, 100), least=2),
)
def explorer(slider, draw: Callable[[Any, Any], Any], text: str, figsize: tuple = (7, 3.4)):
    """A :func:`box` of ``slider`` and an ``Output`` whose chart ``draw(ax, value)``
    redraws when the slider moves (drawn once now); its text form is ``text``.
    ``.slider``, ``.output``, ``.result`` (what the last ``draw`` returned)."""
    import ipywidgets as W

    output = W.Output()
    made = box([slider, output], text)
    made.slider, made.output = slider, output

    def redraw(*_):
        plt = need("matplotlib.pyplot")
        fig, ax = plt.subplots(figsize=figsize)
        made.result = draw(ax, slider.value)
        show_in(output, fig)

    slider.observe(redraw, names="value")
    redraw()
    return made


def checked_start(name: str, value: Any, low: float, high: float, step: float | None = 1) -> Any:
    """A slider's first value as a notebook gives it (``end_explorer(start=...)``): a number
    from ``low`` to ``high`` (with ``step``: ``low`` plus a whole number of steps), returned
    as it is; TypeError or ValueError naming the range otherwise. An ipywidgets slider
    clamps a value outside its range without a word, under a text that repeats the value
    given."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or value != value:
        raise TypeError(f"{name} must be a number from {low} to {high}, got {short(value)}")
    if not low <= value <= high or (step is not None and (value - low) % step):
        every = "" if step is None else (" (whole numbers)" if step == 1 else f" in steps of {step}")
        raise ValueError(f"{name} must be from {low} to {high}{every}, got {short(value)}")
    return value
