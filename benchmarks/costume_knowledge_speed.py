"""Costume Party's knowledge: the pure-Python counts (``costume_party/knowledge.py``) against the
numpy version they replaced (kept in ``tests/test_costume_knowledge_python.py`` as the reference).

The views of seeded detective-bot games at 2..8 players; for each, ``posterior`` (the odds
panel) and ``weighted_posterior`` (the bot), timed in CPU (``process_time``) per call.

    python benchmarks/costume_knowledge_speed.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    import test_costume_knowledge_python as ref
    from brady_widgets.costume_party import knowledge

    cands = [knowledge.candidate_sets(v) for v in ref.real_views()]
    cands = [c for c in cands if c]
    largest = max(cands, key=lambda c: (len(c), sum(map(len, c.values()))))
    rows = [
        ("posterior, pure Python", lambda c: knowledge.posterior(c)),
        ("posterior, numpy", lambda c: ref.np_posterior(c)),
        ("weighted_posterior, pure Python", lambda c: knowledge.weighted_posterior(c)),
        ("weighted_posterior, numpy", lambda c: ref.np_weighted_posterior(c)),
    ]
    print(
        f"{len(cands)} views of real games; the largest: {len(largest)} opponents, "
        f"{len(set().union(*largest.values()))} figures"
    )
    for name, fn in rows:
        best = best_big = float("inf")
        for _ in range(args.repeats):
            c0 = time.process_time()
            for c in cands:
                fn(c)
            best = min(best, (time.process_time() - c0) / len(cands) * 1e3)
            c0 = time.process_time()
            for _ in range(20):
                fn(largest)
            best_big = min(best_big, (time.process_time() - c0) / 20 * 1e3)
        print(f"{name:>34}: {best:6.3f} ms a view on average, {best_big:6.3f} ms the largest (CPU)")


if __name__ == "__main__":
    sys.exit(main())
