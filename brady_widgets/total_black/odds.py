"""Total Black's odds, exact, from one seat's view only (pure Python: no numpy).

What everyone knows in the dark: the players, one's own card, and the pairs found (the
public ``found`` events, ``view["found_pairs"]``). The other species still in the dark
are a uniformly random set drawn from the 21 minus one's own and those found (the
deal), and each round pairs the players still in the dark uniformly at random. So with
``m`` others in the dark (``m`` = 2 ``u`` + 1, ``u`` the other pairs left):

* the chance of bumping into one's partner this round is 1/``m``;
* a look-alike species (another animal with the same cry, not found) is among the ``u``
  species left with chance ``u``/``N`` each (``N`` the species not known to be out), so
  the expected look-alike pairs are E[k] = ``u`` ``L``/``N`` (``L`` look-alikes not found)
  and, hearing one's own cry from the one bumped into, the chance it is the partner is
  P(partner) / P(same cry) = (1/``m``) / ((1 + 2 E[k])/``m``) = ``N``/(``N`` + 2 ``u`` ``L``).

The panel says what it uses: not the cries heard in earlier rounds (a let-go tells a
seat that one stranger shares its cry; the panel leaves that to the student).
"""

from __future__ import annotations

from fractions import Fraction

from ..brouhaha.content import ANIMALS
from ..progress import checks, mapping

#: what every function here takes: a seat's view
VIEW = mapping("a Total Black view (game.view(seat))")

#: the cry group of each species, by the ``cries`` option
_GROUPS = {
    "shared": {a["id"]: a["cry"] for a in ANIMALS},
    "solo": {a["id"]: a["solo_cry"] for a in ANIMALS},
}


@checks(view=VIEW)
def partner_odds(view: dict) -> dict | None:
    """``{"meet", "same_cry", "others", "lookalikes"}`` for the viewing seat (Fractions and
    counts), or ``None`` (no seat, found already, the game over)."""
    me, card = view.get("viewer"), view.get("my_card")
    found = view.get("found") or []
    if not isinstance(me, int) or card is None or view.get("over") or (me < len(found) and found[me]):
        return None
    cries = _GROUPS.get((view.get("options") or {}).get("cries", "shared"), _GROUPS["shared"])
    out_species = {p[2] for p in view.get("found_pairs") or []}
    u = view["players"] // 2 - 1 - len(out_species)  # the other pairs still in the dark
    if u < 0:
        return None
    pool = len(ANIMALS) - 1 - len(out_species)  # species that may be among them
    look = sum(1 for a, c in cries.items() if c == cries[card] and a != card and a not in out_species)
    m = 2 * u + 1
    same = Fraction(pool, pool + 2 * u * look) if pool else Fraction(1)
    return {"meet": Fraction(1, m), "same_cry": same, "others": m, "lookalikes": Fraction(u * look, pool or 1)}


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


@checks(view=VIEW)
def panel(view: dict) -> dict | None:
    """The JSON-safe panel: fractions as text and floats (rounded) for the view."""
    o = partner_odds(view)
    if o is None:
        return None
    return {
        "meet": _frac(o["meet"]),
        "p_meet": round(float(o["meet"]), 6),
        "same_cry": _frac(o["same_cry"]),
        "p_same_cry": round(float(o["same_cry"]), 6),
        "others": o["others"],
        "lookalikes": round(float(o["lookalikes"]), 4),
        "cry": view.get("my_cry"),
    }
