"""Costume Party's checked exercises (``brady_widgets.check("costume_party.<key>", ...)``):
the tutorial's and the lessons', each kept beside the notebook it belongs to."""

from .exercises_lessons import EXERCISES as _LESSONS
from .exercises_tutorial import EXERCISES as _TUTORIAL

EXERCISES = {**_TUTORIAL, **_LESSONS}
if len(EXERCISES) != len(_TUTORIAL) + len(_LESSONS):
    raise ValueError(f"an exercise key is used twice: {sorted(set(_TUTORIAL) & set(_LESSONS))}")
