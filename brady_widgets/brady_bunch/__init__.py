"""The Brady Bunch Party Game: engine (``rules``), bots, odds and widget."""
