"""The Snap race widget: the shared GameWidget on the generic view."""

import pathlib

from brady_widgets.widget import GameWidget

from .presenter import SnapPresenter

_STATIC = pathlib.Path(__import__("brady_widgets").__file__).resolve().parent / "static"


class SnapWidget(GameWidget):
    _esm = _STATIC / "generic.js"
    _css = _STATIC / "generic.css"

    presenter_class = SnapPresenter
