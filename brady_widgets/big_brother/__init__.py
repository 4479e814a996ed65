"""Big Brother: The Game: engine (``rules``), content, odds and invariants.

Docstring only for now: the game is declared to the registry (a ``GAME = GameEntry(...)``
here and one line in ``engine/registry.py``) once its widget exists.
"""
