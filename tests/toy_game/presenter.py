"""How Swap is shown: the generic presenter's defaults and the default bot."""

from brady_widgets.presenter import Presenter

from .rules import SwapGame


class SwapPresenter(Presenter):
    game_class = SwapGame
    default_bot = "random"
