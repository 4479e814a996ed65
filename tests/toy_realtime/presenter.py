"""How the Snap race is shown: its log texts and its keyboard shortcut."""

from brady_widgets.presenter import Presenter

from .rules import SnapGame


def _secs(ms):
    return f"{ms / 1000:g} s"


class SnapPresenter(Presenter):
    game_class = SnapGame
    default_bot = "reflex"
    #: a KeyboardEvent key -> the action type it sends (real-time widgets)
    action_keys = {" ": "slap"}

    def _who(self, seats):
        names = [self.names[s] for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def describe(self, event):
        kind = event["type"]
        if kind == "deal":
            hand = event["hand"]
            return f"You hold {', '.join(map(str, hand))}" if hand else "You hold no cards"
        if kind == "start":
            return (
                f"A card is flipped every {_secs(event['flip_ms'])}; slap within {_secs(event['window_ms'])} of a match"
            )
        if kind == "flip":
            return f"Card {event['card']} flipped"
        if kind == "play":
            return f"{self.names[event['seat']]} played a {event['card']}"
        if kind == "window_opened":
            return f"Snap! Two {event['card']}s: slap before {_secs(event['closes_at'])}"
        if kind == "slap":
            n = event["cards"]
            return f"{self.names[event['seat']]} slapped first and wins {n} card{'s' if n != 1 else ''}"
        if kind == "window_closed":
            return "The window closed: nobody slapped"
        if kind == "game_over":
            top = max(event["scores"])
            if len(event["winners"]) == 1:
                return f"Game over: {self._who(event['winners'])} wins with {top} points"
            return f"Game over: {self._who(event['winners'])} tie with {top} points"
        return kind
