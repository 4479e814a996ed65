"""The Brady Bunch Party Game: names, card texts and the rulebook's tables (data, not logic)."""

#: The seven kid characters, oldest first within each half of the family.
KIDS = ["Greg", "Peter", "Bobby", "Marcia", "Jan", "Cindy", "Oliver"]

#: Who sits at the table when the ``kids`` option is not given (Cousin Oliver last).
DEFAULT_ORDER = ["Greg", "Marcia", "Peter", "Jan", "Bobby", "Cindy", "Oliver"]

#: Mischief card value -> name (eight cards of each value: 48 cards).
MISCHIEF = {
    1: "Toys Left Out",
    2: "Fake Ink Stain",
    3: "Skull in Fridge",
    4: "Flour Trap Over Door",
    5: "Broken Lamp",
    6: "Broken Vase",
}
COPIES = 8
VALUES = list(MISCHIEF)
ROUNDS = 4
HAND = 3

#: The goal a card's value helps (rulebook, "Mischief Cards").
HELPS = {1: "Tattletale", 2: "Tattletale", 3: "Sidekick", 4: "Sidekick", 5: "Troublemaker", 6: "Troublemaker"}

#: Snoop cards revealed each round, by number of players (rulebook table).
SNOOP_REVEALS = {
    3: [1, 1, 1, 1],
    4: [2, 1, 1, 2],
    5: [2, 2, 2, 2],
    6: [3, 2, 2, 3],
    7: [3, 3, 3, 3],
    8: [3, 3, 3, 3],
}
#: The same with the Cousin Oliver variant (6 to 8 players).
OLIVER_REVEALS = {
    6: [2, 2, 2, 2],
    7: [3, 2, 2, 3],
    8: [3, 3, 3, 3],
}

#: Help Tokens Alice starts with, by number of players; how many cards each lets her see.
HELP_TOKENS = {
    3: ["woman"],
    4: ["woman", "man"],
    5: ["woman", "man"],
    6: ["woman", "dog"],
    7: ["woman", "man", "dog"],
    8: ["woman", "man", "dog"],
}
TOKEN_PEEKS = {"woman": 1, "man": 1, "dog": 2}
TOKEN_NAMES = {"woman": "the woman's token", "man": "the man's token", "dog": "the dog's token"}

#: Number of Tattletales by number of players.
TATTLETALES = {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3}

#: Cousin Oliver may expose this many cards a game (one a round at most).
OLIVER_CARDS = 2

#: Okabe-Ito colors plus two darker tones: one per kid, never the only cue (names are printed).
KID_COLORS = {
    "Greg": "#0072B2",
    "Peter": "#D55E00",
    "Bobby": "#009E73",
    "Marcia": "#CC79A7",
    "Jan": "#E69F00",
    "Cindy": "#56B4E9",
    "Oliver": "#8C6D1F",
}

#: Alice's questions (rulebook, "Helpful Alice Questions", plus "who is the Troublemaker?"). The
#: fourth asks the kid ``kid`` whether ``about`` told the truth about the card ``kid`` played.
QUESTIONS = {
    "ask_played": "What Mischief card did you play?",
    "ask_looked": "Whose Mischief card did you look at?",
    "ask_number": "What number did they play?",
    "ask_truth": "Is {about} telling the truth about the Mischief card you played?",
    "ask_suspect": "Who do you think is the Troublemaker?",
}
