"""The Swap widget: the shared GameWidget on the generic view."""

import pathlib

from brady_widgets.widget import GameWidget

from .presenter import SwapPresenter

_STATIC = pathlib.Path(__import__("brady_widgets").__file__).resolve().parent / "static"


class SwapWidget(GameWidget):
    _esm = _STATIC / "generic.js"
    _css = _STATIC / "generic.css"

    presenter_class = SwapPresenter
