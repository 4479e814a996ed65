"""The helpers the Brady Bunch notebooks use, so that a cell a student reads stays short.

Two groups:

* the tutorial (``brady_bunch.ipynb``): :func:`act`, :func:`reveal_snoops`,
  :func:`show`, :func:`log`, :func:`quick_round` walk one seeded game step by step;
* the lesson (``alices_bayes.ipynb``): exact distributions of sums of cards
  (:func:`sum_distribution`, :func:`with_replacement`, :func:`after_seeing`),
  Bayes' rule with a trust (:func:`card_prior`, :func:`likelihood`,
  :func:`posterior`), the lesson's end-of-game position (:func:`end_position`)
  and the live controls (:func:`posterior_explorer`, :func:`speaker_trust_explorer`);
  learning the trust itself from Help Token checks, Bayes one level up
  (:func:`trust_prior`, :func:`trust_posterior`, :func:`next_claim_true` exact,
  :func:`simulate_trust` seeded, :func:`trust_learning_explorer` live); Alice's decision,
  whom to accuse (:func:`accusation_values` exact, :func:`compare_accusations`).

Everything is exact (``Fraction``) or seeded: a notebook cell gives the same output
on every computer.
"""

from __future__ import annotations

import numbers
from collections import Counter
from fractions import Fraction
from math import comb
from typing import Any

from .. import explorers
from ..frames import short
from ..optional import need
from ..progress import (
    MOST_IN_MEMORY,
    a_seed,
    axes,
    checked_count,
    checks,
    count,
    flag,
    game_of,
    items,
    kind,
    mapping,
    number,
    optional,
    text,
    whole,
)
from . import content, odds
from .positions import brady_position

#: the arguments this game's helpers take (checked once at each helper's entry, in the game's words)
GAME = game_of("brady_bunch", "a Brady Bunch game (BradyBunch(...) or brady_position(...))")
CARD = whole(1, 6)
DECK_ARG = mapping("a deck, Counter({value: copies})", values=whole(0), each_key=number(), least=1)
DIST = mapping("a distribution, {value: probability}", values=number(0, 1), each_key=number(), least=1)
PRIOR = mapping("a prior over the card, {value: probability}, as card_prior() gives it", values=number(0, 1), least=1)
TRUSTS = mapping(
    "a prior or posterior over the trust, {trust: chance}, as trust_prior() gives it",
    values=number(0, 1),
    each_key=number(0, 1),
    least=1,
)
CLAIMS = items(
    "a list of claims, each (value said, trust), e.g. [(6, 0.7)]",
    kind(
        lambda c: (
            isinstance(c, (tuple, list))
            and len(c) == 2
            and not isinstance(c[1], bool)
            and isinstance(c[1], numbers.Real)
            and 0 <= c[1] <= 1
        ),
        "a claim (value said, trust from 0 to 1)",
    ),
)
CHECKS = whole(0, 10_000)
ODDS = mapping("a dict {kid: chance}", values=number(0, 1), each_key=text)

#: the Mischief deck: eight cards of each value 1..6
DECK = Counter({v: content.COPIES for v in content.VALUES})


# ---------------------------------------------------------------- the tutorial
@checks(game=GAME)
def seat_of(game, who: str) -> int:
    """The seat of ``"Alice"`` (0) or a kid at this table (ValueError naming them otherwise)."""
    if who == "Alice":
        return 0
    seat = game.kid_seat.get(who) if isinstance(who, str) else None
    if seat is None:
        raise ValueError(
            f"who is 'Alice' or a kid at this table ({', '.join(sorted(game.kid_seat))}), got {short(who)}"
        )
    return seat


@checks(game=GAME, who=text, type=text)
def act(game, who: str, type: str, **fields: Any) -> None:
    """One action by Alice or a kid, e.g. ``act(game, "Greg", "play", value=2)``."""
    if type not in game.action_schema:
        raise ValueError(
            f"type must be one of the game's actions ({', '.join(sorted(game.action_schema))}), got {short(type)}"
        )
    game.act(seat_of(game, who), {"type": type, **fields})


@checks(game=GAME, kids=text)
def reveal_snoops(game, *kids: str) -> None:
    """Alice reveals the Snoop cards, and they show ``kids`` (forced; in a real game
    they are shuffled)."""
    unknown = [k for k in kids if k not in game.kids]
    if unknown:
        raise ValueError(f"kids must be kids on the board ({', '.join(game.kids)}), got {short(unknown[0])}")
    game.apply_history(
        [{"seat": 0, "action": {"type": "reveal_snoops"}}]
        + [{"seat": "chance", "kind": "snoop", "outcome": k} for k in kids]
    )


@checks(game=GAME, who=optional(text))
def show(game, who: str = "Alice", **options: Any):
    """A live widget at this position (a copy of the game), seen from ``who``'s seat
    (``who=None``: nobody's seat, for a teacher's widget with ``teacher=True``)."""
    from .widget import BradyBunchWidget

    humans = [] if who is None else [seat_of(game, who)]
    return BradyBunchWidget(game=game.clone(), humans=humans, **options)


@checks(game=GAME, who=text, last=whole(0))
def log(game, who: str, last: int = 3) -> None:
    """Print the last lines of ``who``'s log, as the widget words them."""
    for entry in show(game, who).log_lines[-last:]:
        print(f"  {who} reads: {entry['text']}")


@checks(
    game=GAME, plays=mapping("a dict of each kid's card, e.g. {'Greg': 3}", values=CARD, each_key=text), cookie=text
)
def quick_round(game, plays: dict, cookie: str) -> list[str]:
    """Play the current round quickly: the Snoop cards come from the seed, the kids
    play ``plays`` ({kid: value}), every Snoop and the Cookie kid look at the first
    card they may, nobody talks, Alice gives the Cookie to ``cookie`` and spends no
    token. Returns the round's Snoops."""
    players = sorted(game.kid_seat)
    if sorted(plays) != players:
        raise ValueError(f"plays must give a card for each kid at the table ({', '.join(players)}), got {short(plays)}")
    if cookie not in game.kid_seat:
        raise ValueError(f"cookie must be a kid at the table ({', '.join(players)}), got {short(cookie)}")
    act(game, "Alice", "reveal_snoops")
    snoops = game.view(0)["snoops"]
    act(game, "Alice", "lights_out")
    for kid, value in plays.items():
        act(game, kid, "play", value=value)
    while game.phase in ("snoop", "claims"):
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[0] if game.phase == "snoop" else {"type": "pass"})
    act(game, "Alice", "cookie", kid=cookie)
    seat = game.to_act[0]
    game.act(seat, game.legal_actions(seat)[0])  # the Cookie kid looks
    if game.phase == "help":
        act(game, "Alice", "pass")
    act(game, "Alice", "end_round")
    return snoops


@checks(kid_cards=whole(0, 2), cousin_oliver=flag)
def snoop_chance(players: int, kid_cards: int = 2, cousin_oliver: bool = False) -> Fraction:
    """P(a given kid is a Snoop in round 1): the round's Snoop cards are drawn without
    replacement from a deck of two cards per kid (none for Cousin Oliver)."""
    table = content.OLIVER_REVEALS if cousin_oliver else content.SNOOP_REVEALS
    if isinstance(players, bool) or not isinstance(players, numbers.Integral) or players not in table:
        raise ValueError(f"players is one of {sorted(table)}, got {short(players)}")
    kids = players - 1 - (1 if cousin_oliver else 0)
    reveals = table[players][0]
    cards = 2 * kids
    return 1 - Fraction(comb(cards - kid_cards, reveals), comb(cards, reveals))


@checks(players=whole(3, 8), kid=text, games=count(), seed=a_seed)
def snoop_frequency(players: int, kid: str, games: int = 2000, seed: int = 0, **options: Any) -> float:
    """How often ``kid`` is a Snoop in round 1 over ``games`` seeded games (the engine's
    own Snoop draws): the simulation beside :func:`snoop_chance`."""
    games = checked_count("games", games)
    from .rules import BradyBunch

    hits = 0
    for i in range(games):
        g = BradyBunch(players, seed + i, **options)
        g.act(0, {"type": "reveal_snoops"})
        hits += kid in g.view(0)["snoops"]
    return hits / games


# ---------------------------------------------------------------- the lesson
@checks(n=whole(0, 48), deck=DECK_ARG)
def sum_distribution(n: int, deck: Counter = DECK) -> dict[int, Fraction]:
    """Exact P(total = s) for the sum of ``n`` cards drawn without replacement from
    ``deck`` (``Counter({value: copies})``), sorted by total."""
    ways = {(0, 0): 1}  # (cards taken, total) -> number of ways, built one value at a time
    for value, copies in deck.items():
        new: Counter = Counter()
        for (taken, total), w in ways.items():
            for k in range(min(copies, n - taken) + 1):
                new[(taken + k, total + k * value)] += w * comb(copies, k)
        ways = new
    sets = comb(sum(deck.values()), n)
    return {total: Fraction(w, sets) for (taken, total), w in sorted(ways.items(), key=lambda x: x[0][1]) if taken == n}


@checks(n=whole(0, 100), faces=items("a list of faces, e.g. [1, 2, 3, 4, 5, 6]", number(), least=1))
def with_replacement(n: int, faces=content.VALUES) -> dict[int, Fraction]:
    """Exact P(total = s) for ``n`` independent draws, each face equally likely (a die)."""
    dist = {0: Fraction(1)}
    for _ in range(n):
        new: Counter = Counter()
        for total, p in dist.items():
            for v in faces:
                new[total + v] += p / len(faces)
        dist = dict(sorted(new.items()))
    return dist


@checks(dist=DIST)
def mean(dist: dict) -> Fraction:
    return sum(s * p for s, p in dist.items())


@checks(dist=DIST)
def variance(dist: dict) -> Fraction:
    m = mean(dist)
    return sum((s - m) ** 2 * p for s, p in dist.items())


@checks(deck=DECK_ARG, seen=CARD)
def after_seeing(deck: Counter, *seen: int) -> Counter:
    """The deck, minus the cards already seen."""
    return deck - Counter(seen)


@checks(deck=DECK_ARG)
def card_prior(deck: Counter = DECK) -> dict[int, Fraction]:
    """P(one unseen card = v) when it is drawn from ``deck``."""
    n = sum(deck.values())
    return {v: Fraction(deck[v], n) for v in content.VALUES}


@checks(said=CARD, v=CARD, t=number(0, 1))
def likelihood(said: int, v: int, t) -> Any:
    """P(a speaker with trust ``t`` says ``said`` | the card is ``v``): a liar names
    one of the five wrong values."""
    return _likelihood(said, v, t)


def _likelihood(said: int, v: int, t) -> Any:
    """:func:`likelihood` unchecked (Bayes' rule asks it for every value of every claim)."""
    return t if v == said else (1 - t) / 5


@checks(prior=PRIOR, claims=CLAIMS)
def posterior(prior: dict, claims: list) -> dict:
    """Bayes' rule: ``claims`` is a list of (value said, trust in the speaker); the
    speakers lie independently."""
    unnormalised = dict(prior)
    for said, t in claims:
        unnormalised = {v: p * _likelihood(said, v, t) for v, p in unnormalised.items()}
    total = sum(unnormalised.values())
    return {v: p / total for v, p in unnormalised.items()}


#: the lesson's four-player game, round by round: Snoop cards, plays, peeks, the kids'
#: claims, the Cookie, Alice's Help Token
ROUNDS = [
    [
        "snoops:Greg,Jan",
        "lights_out",
        "plays:Greg=2,Peter=6,Jan=4",
        "peek:Peter",
        "peek:Greg",
        "Greg:claim:Peter:6",
        "Peter:claim:Greg:5",
        "Jan:pass",
        "cookie:Greg",
        "peek:Jan",
        "pass",
        "end_round",
    ],
    [
        "snoops:Peter",
        "lights_out",
        "plays:Greg=3,Peter=5,Jan=5",
        "peek:Jan",
        "Greg:pass",
        "Peter:pass",
        "Jan:claim:Jan:2",
        "cookie:Jan",
        "peek:Peter",
        "use_token:woman",
        "peek:Greg",
        "end_round",
    ],
    [
        "snoops:Jan",
        "lights_out",
        "plays:Greg=3,Peter=4,Jan=4",
        "peek:Peter",
        "Greg:claim:Greg:1",
        "Peter:pass",
        "Jan:claim:Peter:4",
        "cookie:Greg",
        "peek:Peter",
        "use_token:man",
        "peek:Jan",
        "end_round",
    ],
    [
        "snoops:Greg,Peter",
        "lights_out",
        "plays:Greg=4,Peter=6,Jan=3",
        "peek:Jan",
        "peek:Greg",
        "Greg:claim:Jan:3",
        "Peter:claim:Peter:2",
        "Jan:pass",
        "cookie:Greg",
        "peek:Jan",
        "end_round",
    ],
]
LESSON_KIDS = ["Greg", "Peter", "Jan"]


def end_position():
    """The lesson's game at its end: four rounds played, the Cookie signs to choose."""
    return brady_position(
        4,
        kids=LESSON_KIDS,
        seed=0,
        hands={"Greg": [2, 3, 6], "Peter": [1, 5, 6], "Jan": [2, 4, 5]},
        deck=[3, 4, 4, 4, 6, 3, 1, 1, 1],
        steps=[step for steps in ROUNDS for step in steps],
    )


@checks(ax=axes, prior=PRIOR, claims=CLAIMS, title=text)
def plot_posterior(ax, prior: dict, claims: list, title: str = "") -> dict:
    """Bars of the prior (grey) and the posterior (blue) after ``claims`` on ``ax``."""
    post = posterior(prior, claims)
    xs = list(content.VALUES)
    ax.bar([x - 0.2 for x in xs], [float(prior[v]) for v in xs], width=0.4, color="#BBBBBB", label="before the claims")
    ax.bar([x + 0.2 for x in xs], [float(post[v]) for v in xs], width=0.4, color="#0072B2", label="after the claims")
    ax.set_xticks(xs)
    ax.set_ylim(0, 1)
    ax.set_xlabel("the card's value")
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend(loc="upper left")
    return post


@checks(prior=optional(PRIOR))  # said: _check_said, against the prior's values
def posterior_explorer(said: int = 6, trust: float = 0.7, prior: dict | None = None):
    """A trust slider (an ipywidgets ``FloatSlider``) and an ``Output`` that redraws the
    posterior chart of "X played ``said``" whenever the slider moves. Returns the box
    (its ``.children`` are the slider and the output)."""
    import ipywidgets as W

    plt = need("matplotlib.pyplot")
    prior = prior or card_prior(DECK)
    _check_said(prior, said)
    explorers.checked_start("trust", trust, 0, 1, step=None)
    slider = W.FloatSlider(value=trust, min=0.0, max=1.0, step=0.05, description="trust t", continuous_update=False)
    out = W.Output()

    def redraw(*_):
        fig, ax = plt.subplots(figsize=(7, 3.2))
        t = Fraction(slider.value).limit_denominator(100)
        box.result = plot_posterior(
            ax,
            prior,
            [(said, t)],
            f'"it was a {said}", trust {float(t):.2f}: P({said}) = {float(post_of(prior, said, t)):.3f}',
        )
        explorers.show_in(out, fig)

    box = explorers.box([slider, out], f'A trust slider (start {trust}) and the chart of P(value | "it was a {said}")')
    slider.observe(redraw, names="value")
    redraw()
    return box


def _check_said(prior: dict, said: Any) -> None:
    """ValueError naming the card values unless ``said`` is one of ``prior``'s."""
    try:
        known = not isinstance(said, bool) and said in prior
    except TypeError:  # a list or a dict is no card value
        known = False
    if not known:
        raise ValueError(f"said is a card value, one of {sorted(prior)}, got {short(said)}")


@checks(prior=PRIOR, t=number(0, 1))  # said: _check_said, against the prior's values
def post_of(prior: dict, said: int, t) -> Fraction:
    """P(card = said | one claim of ``said`` by a speaker with trust ``t``)."""
    _check_said(prior, said)
    return posterior(prior, [(said, t)])[said]


#: the trusts Alice considers for a speaker: 0, 1/10, ..., 1 (a grid keeps Bayes' rule exact)
TRUST_GRID = tuple(Fraction(k, 10) for k in range(11))


@checks(grid=items("a list of trusts from 0 to 1", number(0, 1), least=1))
def trust_prior(grid=TRUST_GRID) -> dict:
    """Alice's prior over a speaker's trust: every value of ``grid`` equally likely."""
    return {t: Fraction(1, len(grid)) for t in grid}


def _check_trust_prior(prior: Any) -> None:
    """ValueError in words unless ``prior`` maps trusts (numbers from 0 to 1) to chances
    (numbers >= 0 that add up to 1), as :func:`trust_prior` makes it."""
    how = "prior must be as trust_prior() makes it: a prior maps each trust (a number from 0 to 1) to its chance (the chances add up to 1)"
    if not isinstance(prior, dict) or not prior:
        raise ValueError(f"{how}, got {short(prior)}")
    for t, p in prior.items():
        for x in (t, p):
            if isinstance(x, bool) or not isinstance(x, numbers.Real) or x != x:
                raise ValueError(f"{how}, got {short(x)} in it")
        if not 0 <= t <= 1:
            raise ValueError(f"{how}: {short(t)} is not a trust from 0 to 1")
        if p < 0:
            raise ValueError(f"{how}: the chance of trust {short(t)} is {short(p)}, below 0")
    total = sum(prior.values())
    if abs(total - 1) > 1e-9:
        raise ValueError(f"{how}: these add up to {float(total):.6g}")


@checks(true=CHECKS, lies=CHECKS)
def trust_posterior(prior: dict, true: int, lies: int) -> dict:
    """Bayes one level up: Alice checked ``true + lies`` of a speaker's claims with Help
    Tokens, ``true`` were true and ``lies`` lies. Each claim is true with chance ``t``
    (the trust), independently, so the likelihood of a trust ``t`` is
    ``t^true (1 - t)^lies`` (the order of the checks does not matter)."""
    _check_trust_prior(prior)
    unnormalised = {t: p * t**true * (1 - t) ** lies for t, p in prior.items()}
    total = sum(unnormalised.values())
    if total == 0:
        raise ValueError("no trust in the prior explains these checks")
    return {t: p / total for t, p in unnormalised.items()}


@checks(post=TRUSTS)
def next_claim_true(post: dict) -> Fraction:
    """P(the speaker's next claim is true | the checks): the posterior mean of the trust,
    the one number to put in :func:`posterior` for the next claim."""
    return sum((t * p for t, p in post.items()), Fraction(0))


@checks(true=CHECKS, lies=CHECKS, speakers=count(MOST_IN_MEMORY), seed=a_seed)
def simulate_trust(prior: dict, true: int, lies: int, speakers: int = 100_000, seed: int = 0) -> dict:
    """The same by a seeded simulation: ``speakers`` speakers each get a trust drawn from
    ``prior`` and ``true + lies`` checked claims; among those whose checks came out with
    exactly ``true`` true (the ones that look like Alice's speaker), the share of each trust.
    Returns ``{"share": {t: share}, "two_se": {t: 2 SE}, "kept": n, "next_true": share}``."""
    speakers = checked_count("speakers", speakers, MOST_IN_MEMORY)
    _check_trust_prior(prior)
    import numpy as np

    rng = np.random.default_rng(seed)
    grid = list(prior)
    ts = np.array([float(t) for t in grid])
    which = rng.choice(len(grid), size=speakers, p=[float(prior[t]) for t in grid])
    hits = rng.binomial(true + lies, ts[which])
    kept = which[hits == true]
    n = len(kept)
    shares = np.bincount(kept, minlength=len(grid)) / max(n, 1)
    return {
        "share": {t: float(shares[i]) for i, t in enumerate(grid)},
        "two_se": {t: 2 * float(np.sqrt(shares[i] * (1 - shares[i]) / max(n, 1))) for i, t in enumerate(grid)},
        "kept": n,
        "next_true": float(rng.random(n).__lt__(ts[kept]).mean()) if n else float("nan"),
    }


@checks(true=CHECKS, lies=CHECKS, speakers=count(MOST_IN_MEMORY), seed=a_seed)
def compare_trust(prior: dict, true: int, lies: int, speakers: int = 100_000, seed: int = 0) -> dict:
    """Print the exact posterior over the trust beside the seeded simulation (± 2 SE), and
    P(next claim true); returns the exact posterior."""
    post = trust_posterior(prior, true, lies)
    sim = simulate_trust(prior, true, lies, speakers, seed)
    print(f"after {true} true and {lies} lie(s): {sim['kept']:,} of {speakers:,} simulated speakers look like that")
    print(" trust |  prior |  exact posterior | simulated ± 2 SE | within?")
    for t, p in post.items():
        share, se = sim["share"][t], sim["two_se"][t]
        inside = "yes" if abs(share - float(p)) <= se or (p == 0 and share == 0) else "NO"
        print(f" {float(t):5.1f} | {float(prior[t]):6.3f} | {float(p):16.3f} | {share:8.3f} ± {se:5.3f} | {inside}")
    nxt = next_claim_true(post)
    print(f"P(next claim true): exact {nxt} = {float(nxt):.3f} | simulated {sim['next_true']:.3f}")
    return post


@checks(ax=axes, prior=TRUSTS, post=TRUSTS, title=text)
def plot_trust(ax, prior: dict, post: dict, title: str = ""):
    """Bars of the prior (grey) and the posterior (blue) over the trust on ``ax``."""
    xs = [float(t) for t in post]
    ax.bar(
        [x - 0.02 for x in xs], [float(prior[t]) for t in post], width=0.04, color="#BBBBBB", label="before the checks"
    )
    ax.bar(
        [x + 0.02 for x in xs], [float(p) for p in post.values()], width=0.04, color="#0072B2", label="after the checks"
    )
    ax.set_xticks(xs)
    ax.set_xlabel("the speaker's trust t (the chance a claim is true)")
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend(loc="upper left")
    return ax


@checks(prior=optional(TRUSTS))
def trust_learning_explorer(true: int = 2, lies: int = 1, prior: dict | None = None):
    """Two sliders (claims that checked out true, lies caught) and the chart of Alice's
    posterior over the speaker's trust, redrawn exactly whenever a slider moves; the
    title gives P(next claim true). ``.result``: the last posterior."""
    import ipywidgets as W

    plt = need("matplotlib.pyplot")
    prior = prior or trust_prior()
    explorers.checked_start("true", true, 0, 10)
    explorers.checked_start("lies", lies, 0, 10)
    sliders = [
        W.IntSlider(value=true, min=0, max=10, description="true", continuous_update=False),
        W.IntSlider(value=lies, min=0, max=10, description="lies", continuous_update=False),
    ]
    out = W.Output()

    def redraw(*_):
        k, m = sliders[0].value, sliders[1].value
        post = box.result = trust_posterior(prior, k, m)
        fig, ax = plt.subplots(figsize=(7, 3.2))
        plot_trust(ax, prior, post, f"{k} true, {m} lie(s): P(next claim true) = {float(next_claim_true(post)):.3f}")
        explorers.show_in(out, fig)

    box = explorers.box(
        [*sliders, out],
        f"Sliders for checked claims (start {true} true, {lies} lies) and the chart of Alice's belief about the trust",
    )
    for sl in sliders:
        sl.observe(redraw, names="value")
    redraw()
    return box


@checks(view=odds.VIEW, trust=odds.TRUST)
def accusation_values(view: dict, trust: Any = 1) -> dict:
    """Alice's decision, exactly: for each kid she could accuse, ``{"win": P(win), "risk":
    P(lose)}`` from :func:`.odds.exact_highest_odds` (she wins when the accused is among
    the highest, ties counting for every tied kid; a win is worth 1 and a loss 0, so the
    expected value of an accusation is its chance to win). Exact only where few cards are
    unseen: ``trust=1`` (every claim counts as seen) is instant."""
    p = odds.exact_highest_odds(view, trust=trust)
    return {kid: {"win": q, "risk": 1 - q} for kid, q in p.items()}


@checks(view=odds.VIEW, trust=odds.TRUST, samples=count(MOST_IN_MEMORY), seed=a_seed)
def compare_accusations(view: dict, trust: Any = 1, samples: int = 40_000, seed: int = 2) -> dict:
    """Print each accusation's exact expected value (its chance to win) beside ``samples``
    seeded hidden worlds played out to the reveal (:func:`.odds.highest_odds_with_error`,
    ± 2 SE), its risk, and the best choice; returns :func:`accusation_values`."""
    exact = accusation_values(view, trust)
    sim = odds.highest_odds_with_error(view, trust=trust, samples=samples, seed=seed)
    print(f"accuse | exact EV (chance to win) | {samples:,} seeded worlds | within? | risk (lose)")
    for kid, v in exact.items():
        share, two_se = sim["odds"][kid], 2 * sim["se"][kid]
        inside = "yes" if abs(share - float(v["win"])) <= two_se else "NO"
        print(
            f"{kid:>6} | {str(v['win']):>14} = {float(v['win']):.4f} | {share:.4f} ± {two_se:.4f} (2 SE)"
            f" | {inside:>7} | {float(v['risk']):.4f}"
        )
    best = max(exact, key=lambda k: exact[k]["win"])
    print(f"best accusation: {best} (the largest expected value, the smallest risk)")
    return exact


@checks(
    view=odds.VIEW,
    trust=optional(mapping("a dict {speaker: trust}", values=number(0, 1))),
    samples=count(MOST_IN_MEMORY),
    seed=a_seed,
)
def speaker_trust_explorer(view: dict, trust: dict | None = None, samples: int = 20_000, seed: int = 1):
    """One trust slider per speaker and an ``Output`` with the odds panel's question
    (who ends highest?) as a bar chart, redrawn from ``odds.highest_odds(view,
    trust={speaker: t})`` whenever a slider moves."""
    import ipywidgets as W

    plt = need("matplotlib.pyplot")
    kids = [k["kid"] for k in view["kids"]]
    speakers = sorted({st["speaker"] for st in view["talk"]}, key=kids.index)
    trust = dict(trust or {s: 0.7 for s in speakers})
    for s in speakers:
        explorers.checked_start(f"the trust of {s}", trust.get(s, 0.7), 0, 1, step=None)
    sliders = {
        s: W.FloatSlider(value=trust.get(s, 0.7), min=0.0, max=1.0, step=0.05, description=s, continuous_update=False)
        for s in speakers
    }
    out = W.Output()

    def redraw(*_):
        t = {s: round(sl.value, 2) for s, sl in sliders.items()}
        try:
            p = odds.highest_odds(view, trust=t, samples=samples, seed=seed)
        except ValueError:  # speakers trusted fully who contradict each other: no hidden world fits
            box.result = None
            explorers.say_in(
                out,
                "At these trusts the claims cannot all be true together: two speakers you trust fully "
                "say different things about the same card. Lower the trust in one of them.",
            )
            return
        box.result = p
        fig, ax = plt.subplots(figsize=(7, 3))
        ax.bar(kids, [p[k] for k in kids], color=[content.KID_COLORS[k] for k in kids])
        for x, k in enumerate(kids):
            ax.text(x, p[k] + 0.02, f"{p[k]:.2f}", ha="center")
        ax.set_ylim(0, 1)
        ax.set_ylabel("P(highest total)")
        ax.set_title("trust " + ", ".join(f"{s} {v:.2f}" for s, v in t.items()))
        explorers.show_in(out, fig)

    box = explorers.box(
        [*sliders.values(), out], "Trust sliders for " + ", ".join(speakers) + " and the chart of who ends highest"
    )
    for sl in sliders.values():
        sl.observe(redraw, names="value")
    redraw()
    return box


@checks(
    table=mapping("a dict {trust: {kid: chance}}", values=ODDS, each_key=number(0, 1), least=1),
    ignore=ODDS,
    kids=items("a list of kids, e.g. ['Greg', 'Peter', 'Jan']", text, least=1),
)
def plot_odds_by_trust(table: dict, ignore: dict, kids: list[str] = LESSON_KIDS):
    """The lesson's chart: each kid's P(highest) against one trust for every kid
    (``table``: {trust: {kid: p}}), dotted at the odds that ignore the talk."""
    for label, row in [("ignore", ignore)] + [("table", r) for r in table.values()]:
        missing = [k for k in kids if k not in row]
        if missing:
            raise ValueError(f"{label} must give a chance for every kid in kids; it has none for {', '.join(missing)}")
    plt = need("matplotlib.pyplot")
    trusts = list(table)
    fig, ax = plt.subplots(figsize=(8, 4))
    for kid in kids:
        color = content.KID_COLORS[kid]
        ax.plot(trusts, [table[t][kid] for t in trusts], "o-", color=color, label=kid)
        ax.axhline(ignore[kid], color=color, ls=":", lw=1)
    ax.axvline(1 / 6, color="gray", lw=0.8)
    ax.text(1 / 6 + 0.01, 0.02, "t = 1/6: claims carry no information", color="gray")
    ax.set_xlim(0.1, 1.02)
    ax.set_ylim(0, 1)
    ax.set_xlabel("trust t in every kid's claims")
    ax.set_ylabel("P(kid ends with the highest total)")
    ax.set_title("Alice's odds at the end of the game (dotted: ignoring the talk)")
    ax.legend()
    return fig
