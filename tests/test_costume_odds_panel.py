"""Costume Party's odds panel as a room draws it (``CostumePartyPresenter.odds``, once per screen):
the same floats in the same order as the panel computed from nothing, its die part made once
per die rather than once per screen, and a screen's panel its own (changing it changes no other)."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from brady_widgets.costume_party import odds
from brady_widgets.costume_party.knowledge import candidate_sets, posterior
from brady_widgets.costume_party.presenter import CostumePartyPresenter
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.testing.conformance import random_step


def _from_nothing(view: dict) -> dict:
    """The panel as its definition says, with no memo: the reference for the bytes."""
    faces = view["faces"]
    die = {face: round(float(Fraction(faces.count(face), len(faces))), 4) for face in dict.fromkeys(faces)}
    identity = {
        str(seat): {str(fig): round(float(p), 4) for fig, p in sorted(probs.items())}
        for seat, probs in posterior(candidate_sets(view)).items()
    }
    return {"die": die, "identity": identity}


def _states(players: int, seed: int, steps: int):
    """A game played by random legal actions, yielded after each action (kills among them)."""
    g = CostumeParty(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            return
        random_step(g, rng)  # (the kit's: a random seat to act, a random legal action)
        yield g


def test_every_screens_panel_is_the_panel_from_nothing_byte_for_byte():
    presenter = CostumePartyPresenter.__new__(CostumePartyPresenter)
    odds._IDENTITY_MEMO.clear()
    kills = 0
    for g in _states(6, 4, 400):
        kills = sum(ev["type"] == "kill" for ev in g.view(None)["log"])
        for seat in [None, *range(g.players)]:
            view = g.view(seat)
            shown = presenter.odds(view)
            assert json.dumps(shown) == json.dumps(_from_nothing(view))
            assert shown == odds.panel(view)  # the lessons' checked panel: the same
    assert kills >= 2  # the identities changed along the game


def test_the_die_part_is_made_once_per_die_not_once_per_screen(monkeypatch):
    made = []

    def counted(*args):
        made.append(args)
        return Fraction(*args)

    monkeypatch.setattr(odds, "Fraction", counted)
    monkeypatch.setattr(odds, "_DIE_MEMO", {}, raising=False)  # (none before: a Fraction per face per screen)
    presenter = CostumePartyPresenter.__new__(CostumePartyPresenter)
    screens = 0
    for g in _states(4, 2, 30):
        for seat in range(g.players):
            presenter.odds(g.view(seat))
            screens += 1
    faces = g.view(0)["faces"]
    assert screens > 100
    assert len(made) == len(set(faces))  # one Fraction per face of the die, for every screen


def test_a_screens_panel_is_its_own():
    presenter = CostumePartyPresenter.__new__(CostumePartyPresenter)
    view = CostumeParty(players=4, seed=3).view(1)
    first = presenter.odds(view)
    before = json.dumps(first)
    first["die"]["black"] = 1.0
    for probs in first["identity"].values():
        probs.clear()
    assert json.dumps(presenter.odds(view)) == before
