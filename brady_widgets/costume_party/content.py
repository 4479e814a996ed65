"""Costume Party Detective: names, rooms, colors and die faces (data, not logic)."""

#: The twenty costumed partygoers: (name, costume, emoji). Index = figure id.
CHARACTERS = [
    ("Polly", "Pirate", "\U0001f3f4\u200d\u2620\ufe0f"),
    ("Ada", "Astronaut", "\U0001f9d1\u200d\U0001f680"),
    ("Wendell", "Wizard", "\U0001f9d9"),
    ("Kit", "Knight", "\U0001f6e1\ufe0f"),
    ("Nico", "Ninja", "\U0001f977"),
    ("Robo", "Robot", "\U0001f916"),
    ("Vera", "Vampire", "\U0001f9db"),
    ("Marina", "Mermaid", "\U0001f9dc"),
    ("Cody", "Cowboy", "\U0001f920"),
    ("Charlie", "Chef", "\U0001f9d1\u200d\U0001f373"),
    ("Dot", "Dinosaur", "\U0001f996"),
    ("Gus", "Ghost", "\U0001f47b"),
    ("Fern", "Fairy", "\U0001f9da"),
    ("Sunny", "Superhero", "\U0001f9b8"),
    ("Mo", "Mummy", "\U0001f9df"),
    ("Scout", "Scarecrow", "\U0001f33e"),
    ("Pharo", "Pharaoh", "\U0001f451"),
    ("Bea", "Bumblebee", "\U0001f41d"),
    ("Clem", "Clown", "\U0001f921"),
    ("Pip", "Penguin", "\U0001f427"),
]

#: Room ids in board order; the first four are rolled on the die.
ROOMS = ["blue", "yellow", "red", "green", "hall"]

#: Display names (printed on the board, so color is never the only cue).
ROOM_NAMES = {
    "blue": "Blue Ballroom",
    "yellow": "Yellow Library",
    "red": "Red Kitchen",
    "green": "Green Garden",
    "hall": "Middle Hall",
}

#: Okabe-Ito colors: distinguishable with the common color-vision deficiencies.
ROOM_COLORS = {
    "blue": "#0072B2",
    "yellow": "#F0E442",
    "red": "#D55E00",
    "green": "#009E73",
    "hall": "#BBBBBB",
}

#: Four colored rooms in a ring, each next to its two neighbours, and the middle
#: hall next to all four (the rules decision's default).
DEFAULT_ADJACENCY = {
    "blue": ["yellow", "green", "hall"],
    "yellow": ["blue", "red", "hall"],
    "red": ["yellow", "green", "hall"],
    "green": ["red", "blue", "hall"],
    "hall": ["blue", "yellow", "red", "green"],
}

#: Named adjacency maps for the ``adjacency`` option.
ADJACENCY_PRESETS = {
    "ring_and_middle": DEFAULT_ADJACENCY,
    # every room next to every other room: more movement, faster mixing
    "open_plan": {r: [o for o in ROOMS if o != r] for r in ROOMS},
    # a ring of five rooms: the hall sits between green and blue
    "ring": {
        "blue": ["yellow", "hall"],
        "yellow": ["blue", "red"],
        "red": ["yellow", "green"],
        "green": ["red", "hall"],
        "hall": ["green", "blue"],
    },
}

#: The six faces of the standard die.
DEFAULT_FACES = ["blue", "yellow", "red", "green", "black", "black"]


def figure_label(fig: int) -> str:
    name, costume, _ = CHARACTERS[fig]
    return f"{name} the {costume}"
