"""The progress bar of the lessons' long runs (shared by every game's lesson module)."""

from __future__ import annotations

from .optional import need


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
