"""Costume Party: the checked exercises of the tutorial notebooks (see brady_widgets.exercises)."""

from __future__ import annotations

from ..exercises import Exercise  # noqa: F401  (the tables below use it)

EXERCISES: dict = {}
