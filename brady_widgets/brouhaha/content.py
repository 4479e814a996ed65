"""Brouhaha's cards: 21 animal species (two copies each) and 4 Hunters, 46 cards.

A card is a string: an animal id (``"cow"``) or ``"hunter"``. Hands are sorted
by :data:`RANK` (the order of :data:`ANIMALS`, ``"hunter"`` last).

Cries are shared by look-alike sounds (the project's digital decision that makes
a slap a probability call): 7 cry words, 3 species each. With the option
``cries="solo"`` every species has its own word (``solo_cry``), so a cry names
the species. The wording is the project's own, family friendly.
"""

from __future__ import annotations

HUNTER = "hunter"

#: cry word -> the three species that share it (cries="shared"), in card order
CRY_GROUPS = {
    "Moo!": ("cow", "yak", "bison"),
    "Squeak!": ("mouse", "hamster", "guinea_pig"),
    "Hiss!": ("snake", "cat", "gecko"),
    "Woof!": ("dog", "wolf", "fox"),
    "Baa!": ("sheep", "goat", "llama"),
    "Roar!": ("lion", "tiger", "bear"),
    "Quack!": ("duck", "goose", "swan"),
}

_DETAILS = {  # id: (name, emoji, solo cry)
    "cow": ("Cow", "🐄", "Moo!"),
    "yak": ("Yak", "🐃", "Grunt!"),
    "bison": ("Bison", "🦬", "Snort!"),
    "mouse": ("Mouse", "🐭", "Squeak!"),
    "hamster": ("Hamster", "🐹", "Chitter!"),
    "guinea_pig": ("Guinea pig", "🐁", "Wheek!"),
    "snake": ("Snake", "🐍", "Hiss!"),
    "cat": ("Cat", "🐈", "Meow!"),
    "gecko": ("Gecko", "🦎", "Chirp!"),
    "dog": ("Dog", "🐕", "Woof!"),
    "wolf": ("Wolf", "🐺", "Howl!"),
    "fox": ("Fox", "🦊", "Yip!"),
    "sheep": ("Sheep", "🐑", "Baa!"),
    "goat": ("Goat", "🐐", "Maa!"),
    "llama": ("Llama", "🦙", "Hum!"),
    "lion": ("Lion", "🦁", "Roar!"),
    "tiger": ("Tiger", "🐅", "Chuff!"),
    "bear": ("Bear", "🐻", "Growl!"),
    "duck": ("Duck", "🦆", "Quack!"),
    "goose": ("Goose", "🪿", "Honk!"),
    "swan": ("Swan", "🦢", "Whoop!"),
}

#: the 21 species, in card order: {"id", "name", "emoji", "cry", "solo_cry"}
ANIMALS = [
    {"id": a, "name": _DETAILS[a][0], "emoji": _DETAILS[a][1], "cry": cry, "solo_cry": _DETAILS[a][2]}
    for cry, group in CRY_GROUPS.items()
    for a in group
]
#: the 21 animal ids, in card order
ANIMAL_IDS = tuple(a["id"] for a in ANIMALS)
#: the Hunter card's look (for views; its cry is the one it imitates)
HUNTER_CARD = {"id": HUNTER, "name": "Hunter", "emoji": "🏹"}
#: sort key of a card: its index in card order, the Hunter last
RANK = {a: i for i, a in enumerate(ANIMAL_IDS)}
RANK[HUNTER] = len(ANIMAL_IDS)
#: copies of each card in the box
COPIES = {**{a: 2 for a in ANIMAL_IDS}, HUNTER: 4}
#: the 46 cards, sorted
ALL_CARDS = tuple(sorted((c for c, n in COPIES.items() for _ in range(n)), key=RANK.__getitem__))
TOTAL_CARDS = len(ALL_CARDS)  # 46

#: cry word of each animal, by the ``cries`` option
CRIES = {
    "shared": {a["id"]: a["cry"] for a in ANIMALS},
    "solo": {a["id"]: a["solo_cry"] for a in ANIMALS},
}

#: The rulebook's card distribution: players -> (animal pairs removed, Hunters removed)
REMOVED = {3: (2, 0), 4: (1, 0), 5: (0, 1), 6: (2, 0), 7: (2, 0), 8: (3, 0), 9: (0, 1), 10: (3, 0)}


def hand_size(players: int) -> int:
    """Cards dealt to each player: what is left after the removals, dealt evenly."""
    pairs, hunters = REMOVED[players]
    left = TOTAL_CARDS - 2 * pairs - hunters
    assert left % players == 0, (players, left)
    return left // players


#: players -> cards in each hand (3: 14, 4: 11, 5: 9, 6: 7, 7: 6, 8: 5, 9: 5, 10: 4)
HAND_SIZE = {p: hand_size(p) for p in REMOVED}


def sort_cards(cards) -> list:
    """``cards`` in card order (animals by :data:`ANIMAL_IDS`, Hunters last)."""
    return sorted(cards, key=RANK.__getitem__)


def cry_of(card: str, cries: str = "shared") -> str:
    """The cry word of an animal card under the ``cries`` option."""
    return CRIES[cries][card]


def species_sharing(cry: str, cries: str = "shared") -> list[str]:
    """The animal ids whose cry is ``cry`` (3 with shared cries, 1 with solo ones)."""
    table = CRIES[cries]
    return [a for a in ANIMAL_IDS if table[a] == cry]


def animal(card_id: str) -> dict:
    """The content dict of a card id (the Hunter's too)."""
    if card_id == HUNTER:
        return dict(HUNTER_CARD)
    return dict(ANIMALS[RANK[card_id]])
