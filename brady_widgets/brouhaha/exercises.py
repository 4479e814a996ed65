"""The Brouhaha lessons' checked exercises (``brady_widgets.check("brouhaha.<key>", ...)``).

The answers are computed here from the rules (the deck in :mod:`.content`, the exact
chances in :mod:`.odds`, the Total Black chain in :mod:`.lesson`), never typed in,
and never printed by ``check``; the teacher guide gives them. The notebooks never
show these numbers before the exercise asks for them: they work other cases."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..exercises import Exercise
from . import content
from .decisions import break_even, slap_value
from .lesson import deck_counts, expected_rounds, meet_distribution, simple_model
from .odds import birthday, share_chance, shared_animal_chance


def _pairs_found(pairs: int) -> Fraction:
    """Expected pairs found in one bump with ``pairs`` pairs searching (the exact chain)."""
    return sum((j * p for j, p in meet_distribution(pairs).items()), Fraction(0))


def _species(players: int) -> int:
    return len(deck_counts(players))


def _smallest_k(chance, at_least: Fraction, top: int) -> int:
    """The smallest k with chance(k) >= at_least."""
    return next(k for k in range(top + 1) if chance(k) >= at_least)


def _union_bound(k: int, players: int) -> Fraction:
    """The wrong "add the pairs" answer: C(k, 2) pairs, each matching with chance 1/(N - 1)."""
    cards = sum(deck_counts(players).values())
    return Fraction(comb(k, 2), cards - 1)


def _same_cry_same_animal(copies_in_group: int = 6) -> Fraction:
    """My face-down card is a cow; another face-down card cries "Moo!" and nothing else is
    known: it is one of the 5 other Moo cards (2 yaks, 2 bisons, 1 cow)."""
    return Fraction(1, copies_in_group - 1)


_MOO = len(content.CRY_GROUPS["Moo!"]) * content.COPIES["cow"]  # cards that cry "Moo!": 6

#: the tutorial's "two Moos" moment, as a seat's view: my cow is down, a bison in my hand,
#: nothing else seen (no removals, empty Reserves), seats 2 and 3 cry "Moo!"
TWO_MOOS_VIEW = {
    "viewer": 0,
    "my_down": "cow",
    "my_hand": ["bison"],
    "cries": ["Moo!", None, "Moo!", "Moo!"],
    "hunter_down": None,
    "reveal": None,
    "removed": [],
    "reserves": [[], [], [], []],
    "lost": [],
    "options": {"cries": "shared"},
}

#: the decision lesson's exercise 2: Bang, an empty Reserve; my cow down, a bison in my hand, a yak in
#: seat 1's Reserve (its Hunter took it), seat 2 cries "Moo!"
EMPTY_RESERVE_VIEW = {
    "viewer": 0,
    "my_down": "cow",
    "my_hand": ["bison"],
    "cries": ["Moo!", None, "Moo!", None],
    "hunter_down": None,
    "reveal": None,
    "removed": [],
    "reserves": [[], ["yak"], [], []],
    "lost": [],
    "options": {"cries": "shared", "bang": True},
}

EXERCISES = {
    # ---- the birthday lesson (brouhaha_birthday.ipynb)
    "two_cards_same_6p": Exercise(
        question="A 6-player game (2 pairs removed). Two face-down cards: what is the chance that they show the same animal?",
        answer=shared_animal_chance(2, deck_counts(6)),
        exact=True,
        hint="the first card is any animal; how many cards are left, and how many of them are its partner?",
        why="After the first card, 1 of the 37 cards left is its partner: drawn without replacement.",
        hints={
            Fraction(1, _species(6)): "that is with replacement (as if the first card went back into the deck, "
            "with its 2 copies): once it is drawn, how many copies of its animal are left, among how many cards?",
            Fraction(1, 38): "that counts the whole deck: the first card is not there any more.",
        },
    ),
    "six_cards_share_9p": Exercise(
        question="A 9-player game (a Hunter removed, so all 42 animal cards are in). Six of the nine players have an "
        "animal face down: what is the chance that some two of those six show the same animal?",
        answer=shared_animal_chance(6, deck_counts(9)),
        tolerance=0.0005,
        hint="work out the chance that all six are different animals (card by card: 42/42, then 40/41, ...), "
        "and take it from 1.",
        why="The complement, all different, is a product of six fractions: each card must avoid the partners of "
        "the cards before it.",
        hints={
            birthday(6, _species(9)): "that is with replacement (21 equally likely animals each time, like birthdays): "
            "a card drawn is not put back, so its partner is 1 card among those left.",
            _union_bound(6, 9): "adding the chances of the 15 pairs (15/41) counts twice the deals where two pairs "
            "match: close, but it is only a bound. Use the complement.",
        },
    ),
    "half_k_10p": Exercise(
        question="A 10-player game (3 pairs removed: 18 animals, 36 cards). What is the smallest number of face-down "
        "cards for which a shared animal is more likely than not (a chance of at least 1/2)?",
        answer=_smallest_k(lambda k: shared_animal_chance(k, deck_counts(10)), Fraction(1, 2), 10),
        exact=True,
        hint="work with the complement: k cards all different means each new card avoids the partners of the cards "
        "before it (36/36, then 34/35, then 32/34, ...). Multiply on, card by card, until the product is 1/2 or less.",
        why="With 18 animals, 7 cards are enough: the number of pairs of cards (21 for 7 cards) grows much faster than k.",
        hints={
            _smallest_k(lambda k: birthday(k, _species(10)), Fraction(1, 2), 10): "that is with replacement "
            "(the birthday problem with 18 'days'): without replacement the partners run out, so the chance grows more slowly.",
            9: "half of the 18 animals is a guess by proportion; the chance grows with the number of PAIRS of cards.",
        },
    ),
    "birthday_90": Exercise(
        question="The classic birthday problem (365 equally likely days): how many people does it take for the "
        "chance of a shared birthday to reach 90%?",
        answer=_smallest_k(lambda k: birthday(k, 365), Fraction(9, 10), 365),
        exact=True,
        hint="work with the complement: k people all on different days has chance 365/365 x 364/365 x ... x "
        "(365 - k + 1)/365. Multiply on, person by person, until it falls to 0.1 or below.",
        why="Far fewer than half of 365: with k people there are k(k-1)/2 pairs that could match.",
        hints={
            329: "0.9 x 365 is a proportion of the days; what counts is the number of pairs of people.",
            183: "half of 365 is the guess by proportion; the chance grows with the number of pairs.",
            23: "23 people give about 1/2, not 90%.",
        },
    ),
    "moo_is_cow": Exercise(
        question='Shared cries: "Moo!" is the cry of cows, yaks and bisons (2 cards each). Your face-down card is a '
        'cow; one other face-down card cries "Moo!", and you have seen no other Moo card. What is the chance that it '
        "is the other cow?",
        answer=_same_cry_same_animal(_MOO),
        exact=True,
        hint="which cards could the other Moo be? Count the Moo cards that are not yours.",
        why="It is one of the 5 Moo cards you do not hold, and 1 of them is the other cow: the odds panel computes "
        "exactly this (odds.share_chance).",
        hints={
            Fraction(1, 3): "three species share the cry, but not equally: your cow is out of the pool, so only one "
            "cow is left among the 5 cards.",
            Fraction(1, 6): "there are 6 Moo cards, but yours is one of them: the other card is one of the 5 left.",
        },
    ),
    # ---- Total Black (total_black.ipynb)
    "tb_meet_partner_10": Exercise(
        question="Total Black with 10 players: in the first bump, what is the chance that you bump into your partner?",
        answer=_pairs_found(5) / 5,  # by symmetry every pair meets with the same chance
        exact=True,
        hint="you bump into one of the other players, each equally likely. How many others are there?",
        why="You meet one of the 9 others at random, and one of them is your partner.",
        hints={
            Fraction(1, 10): "you cannot bump into yourself: there are 9 others.",
            Fraction(1, 5): "1 pair in 5 counts pairs, but you meet a person, one of 9.",
        },
    ),
    "tb_pairs_found_10": Exercise(
        question="Total Black with 10 players: on average, how many pairs find each other in the first bump?",
        answer=_pairs_found(5),
        exact=True,
        hint="each of the 5 pairs meets with the chance of the exercise before; the average of a sum is the sum of "
        "the averages, even when the pairs are not independent.",
        why="Linearity of expectation: 5 pairs x 1/9 each = 5/9, about half a pair, as with 42 players.",
        hints={
            Fraction(1, 9): "that is for one pair: there are 5 pairs.",
            Fraction(1, 2): "about half a pair, yes, but not exactly: how many pairs, and what chance for each?",
        },
    ),
    "tb_all_at_once_6": Exercise(
        question="Total Black with 6 players (3 pairs): what is the chance that all three pairs find each other in "
        "the very first bump?",
        answer=meet_distribution(3)[3],
        exact=True,
        hint="count the ways the 6 people can be split into 3 couples at a bump: how many people can the first one "
        "bump into? Then take the next person still free, and so on. How many of those splits put every pair "
        "together?",
        why="There are 5 x 3 x 1 = 15 pairings of 6 people, and exactly one is all partners.",
        hints={
            Fraction(1, 125): "(1/5)^3 treats the three pairs as independent: once two pairs meet, the third must too.",
            Fraction(1, 6): "there are more than 6 ways to pair up 6 people: count them as the hint says.",
        },
    ),
    "tb_expected_6": Exercise(
        question="Extension: Total Black with 6 players. Using meet_distribution(3) and E(2 pairs) = 3, what is the "
        "exact expected number of bumps until every pair is found?",
        answer=expected_rounds(3),
        exact=True,
        hint="E3 = 1 + P(0 meet) E3 + P(1 meets) E2 + P(3 meet) x 0; move the E3 terms to the left and solve.",
        why="33/7, about 4.71 bumps: more than the model one pair at a time says (25/6), because pairs come in lumps.",
        hints={
            simple_model(6): "that is the model one pair at a time: use the chain's real chances.",
            6: "N bumps is the rough model, not the exact answer.",
            5: "1 / (1/5) is the wait for one given pair; several pairs are searching at once.",
        },
    ),
    # ---- the tutorial (brouhaha.ipynb)
    "hand_size_6p": Exercise(
        question="How many cards does each player get in a 6-player game?",
        answer=content.HAND_SIZE[6],
        exact=True,
        hint="start from the 46 cards, take away what the rulebook's table sets aside for 6 players, and deal the rest "
        "evenly.",
        why="The table sets aside exactly what makes the rest deal evenly.",
        hints={
            Fraction(content.TOTAL_CARDS, 6): "that deals all 46 cards: the table sets some aside first.",
            Fraction(content.TOTAL_CARDS - 2, 6): "for 6 players the table sets aside two pairs of animals, not one.",
        },
    ),
    "pass_giver_10p": Exercise(
        question="A 10-player game: after a match, seat 0 receives a card in the pass. Which seat gave it?",
        answer=10 - 1,
        exact=True,
        hint="every seat s gives to its left neighbour, seat s + 1, and the table is a circle: whose left neighbour is "
        "seat 0?",
        why="The last seat's left neighbour is seat 0: the seats go round a circle.",
        hints={
            1: "seat 1 is the one seat 0 GIVES to: cards go to the left, seat s + 1.",
            10: "the seats are numbered from 0: there is no seat 10.",
        },
    ),
    "cards_out_9p": Exercise(
        question="A 9-player game. So far one pair has matched, two Hunters have cancelled each other, and one Hunter "
        "has hunted a card. How many of the 46 cards are out of the players' hands and off the table: set aside, gone "
        "with the Hunters, or in a Reserve?",
        answer=content.REMOVED[9][1] + 2 + 2 * 1 + 2,  # set aside; the match; the hunt (Hunter + card); the cancel
        exact=True,
        hint="count each event: what the table sets aside for 9 players; a match (how many cards go to Reserves?); a "
        "successful hunt (the Hunter leaves, and the target's card?); two Hunters cancelling.",
        why="1 set aside + 2 matched + 2 for the hunt (the Hunter and the hunted card) + 2 cancelled Hunters.",
        hints={
            6: "one missing: did you count the Hunter set aside before the deal, and BOTH cards of the hunt?",
            5: "a match puts both cards in Reserves, and a hunt moves two cards: the Hunter and its prey.",
        },
    ),
    "two_moos": Exercise(
        question="Your cow is face down and you hold a bison. Nothing else has been seen (no cards removed, no Reserves). "
        'Two other players cry "Moo!". What is the chance that one of them has the other cow?',
        answer=share_chance(TWO_MOOS_VIEW),
        exact=True,
        hint="list the Moo cards you have not seen (cows, yaks, bisons, minus yours); the two cards are two of them, "
        "drawn without replacement. Work out the chance that neither is the cow, and take it from 1.",
        why="4 unseen Moo cards, 1 of them the cow: the two cards are 2 of those 4, and the cow is among them half the "
        "time. The odds panel computes exactly this.",
        hints={
            Fraction(1, 4): "that is for one other Moo: there are two.",
            1 - Fraction(3, 4) ** 2: "that is with replacement (as if both could be the same card): there is only one "
            "other cow, so the two cards cannot both be it.",
        },
    ),
    # ---- the decision lesson (should_i_slap.ipynb)
    "slap_ev_bang": Exercise(
        question="A game with Bang. You have 2 cards in your Reserve, and the odds panel says 2/5 that another face-down "
        "card is your animal. In Reserve cards, what is the expected value of slapping now?",
        answer=slap_value(Fraction(2, 5), bang=True, reserve=2),
        exact=True,
        hint="two outcomes: a match (with the panel's chance) adds a card to your Reserve; a mismatch (the rest of the "
        "time) costs one with Bang. Weigh each change by its chance and add.",
        why="2/5 x (+1) + 3/5 x (-1): slapping loses a fifth of a card on average, worse than waiting (0).",
        hints={
            Fraction(2, 5): "that counts only the match: with Bang a mismatch costs a card, three times in five.",
            Fraction(-3, 5): "that counts only the loss: a match, two times in five, wins a card.",
            Fraction(-4, 5): "the Bang takes one card (your latest), not your whole Reserve.",
        },
    ),
    "slap_ev_empty_reserve": Exercise(
        question="A game with Bang, and your Reserve is empty. Your cow is face down and you hold a bison; a Hunter took a "
        'yak into another player\'s Reserve; one other face-down card cries "Moo!" and you have seen no other Moo card. What is '
        "the expected value of slapping now, in Reserve cards?",
        answer=slap_value(share_chance(EMPTY_RESERVE_VIEW), bang=True, reserve=0),
        exact=True,
        hint="first the panel's chance: which Moo cards have you not seen? Then read the Bang rule again: a wrong slap "
        "costs your latest Reserve card, if you have one. What can you lose with an empty Reserve?",
        why="The other Moo is one of 3 unseen Moo cards (a cow, a yak, a bison): 1/3. With nothing to lose a Bang costs "
        "nothing, so only the match counts.",
        hints={
            slap_value(share_chance(EMPTY_RESERVE_VIEW), bang=True, reserve=1): "that is with a card to lose: the Bang "
            "takes a card only from a Reserve that has one.",
            Fraction(1, 5): "the yak in the Reserve and the bison in your hand are seen: count only the Moo cards you "
            "have not seen.",
            Fraction(1, 4): "the yak in the Reserve is seen too: it cannot be the other card.",
        },
    ),
    "break_even_two_cards": Exercise(
        question="A house rule: a wrong slap costs TWO Reserve cards (you have plenty). A right slap still wins one. "
        "From which panel chance on is slapping worth at least as much as waiting?",
        answer=break_even(bang=True, reserve=2, cost=2),
        exact=True,
        hint="call the chance p: slapping is worth p x 1 - (1 - p) x 2, waiting 0. Find the p where they are equal.",
        why="p = 2(1 - p) gives p = 2/3: the bigger the loss, the surer you must be. 1/2 is only for a loss equal to "
        "the gain.",
        hints={
            break_even(bang=True, reserve=1): "that is the break-even for a loss of one card, the size of the gain; "
            "this house rule doubles the loss.",
            Fraction(1, 3): "that makes the win worth twice the loss; it is the other way round.",
        },
    ),
    "twelve_free_slaps": Exercise(
        question="A game without Bang. Twelve times in a game you hear your cry from another face-down card, and each "
        "time the odds panel says 1/4. You slap every time. On average, how many Reserve cards do those twelve slaps "
        "win you?",
        answer=12 * slap_value(Fraction(1, 4)),
        exact=True,
        hint="work out the expected value of one slap (what a match gives, what a mismatch costs without Bang), then "
        "add twelve of them: an average of a sum is the sum of the averages.",
        why="Each free slap is worth a quarter of a card, so twelve are worth that many quarters on average: waiting "
        "would have won none.",
        hints={
            0: "a slap at 1/4 usually misses, but without Bang a miss costs nothing, and a match wins a card.",
            12 * slap_value(Fraction(1, 4), bang=True): "that is with Bang: without it a wrong slap costs nothing.",
        },
    ),
    # notebooks/class_data.ipynb: the class's own birthdays (issue 27, item 4)
    "class_shared_pairs_30": Exercise(
        question="A class of 30 students, 365 equally likely birthdays. Give the exact average: how many PAIRS of "
        "students share a birthday?",
        answer=Fraction(comb(30, 2), 365),
        exact=True,
        hint="count the pairs of students first; each pair shares a birthday with the same small chance, and an "
        "average of a sum is the sum of the averages.",
        why="C(30, 2) = 435 pairs, each sharing with chance 1/365: 435/365 = 87/73, about 1.19 pairs.",
        hints={
            Fraction(30, 365): "that counts students, not pairs of students.",
            Fraction(30 * 29, 365): "each pair is counted twice there (Ann-Bo and Bo-Ann).",
        },
    ),
    "class_birthday_35": Exercise(
        question="A class of 35 students, 365 equally likely birthdays. What is the chance that some two of them share "
        "a birthday?",
        answer=birthday(35),
        tolerance=0.0005,
        hint="the opposite, all 35 different, is a product of 35 fractions (365/365, 364/365, ...); take it from 1.",
        why="1 - (365 x 364 x ... x 331) / 365^35: about 0.814, so more than 4 classes in 5 have a shared birthday.",
        hints={
            Fraction(comb(35, 2), 365): "that is the expected number of shared PAIRS, which is more than 1: a chance "
            "cannot be.",
        },
    ),
}
