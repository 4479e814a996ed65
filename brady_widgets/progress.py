"""The lessons' long runs (shared by every game's lesson module): their counts, checked, and
the progress bar."""

from __future__ import annotations

import numbers
from typing import Any

from .optional import need


def checked_count(name: str, value: Any, most: int | None = None) -> int:
    """A lesson run's count (games, trials, rolls...): a whole number >= 1 (a numpy int too,
    not a bool), as an int; TypeError or ValueError naming it otherwise (a count of 0 was a
    ZeroDivisionError from inside, a negative one a frequency of -0.0). ``most``: the largest
    count a run that holds every result in memory at once takes (``roll_sums(10**12)`` asked
    numpy for 16 TB and the notebook's kernel died)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number >= 1, got {type(value).__name__} {value!r:.40}")
    if value < 1:
        raise ValueError(f"{name} must be a whole number >= 1, got {value}")
    if most is not None:
        check_in_memory(name, value, most)
    return int(value)


def check_in_memory(name: str, value: int, most: int) -> None:
    """ValueError in words if a run of ``value`` (results kept in memory at once) is past ``most``."""
    if value > most:
        raise ValueError(
            f"{name} must be at most {most:,} (a larger run would not fit in the notebook's memory), got {value:,}"
        )


#: the most results a lesson's run keeps in memory at once (numpy arrays of them): 10 million
#: two-dice sums are 160 MB, within a Binder machine's 2 GB
MOST_IN_MEMORY = 10_000_000


class _Quiet:
    """A stand-in bar that shows nothing (tests, and runs asked to be quiet)."""

    def update(self, n=1):
        pass

    def close(self):
        pass


def progress_bar(total: int, desc: str, unit: str, show: bool):
    """A tqdm bar (as ``calibration.ipynb`` shows it) when ``show``, else a silent stand-in."""
    if show:
        tqdm = need("tqdm.auto").tqdm
        return tqdm(total=total, desc=desc, unit=unit)
    return _Quiet()
