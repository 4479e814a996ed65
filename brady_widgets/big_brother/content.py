"""Big Brother: The Game: rooms, the default track, confrontation cards, gossip words and camera
cards (data, not logic).

Everything here is the project's own writing for a classroom of 12-year-olds: light-hearted,
no cruelty, no body or romance topics, no brand names. Every value is plain JSON (str, int,
None, lists and dicts with str keys), so a view or a lesson can ship it as is.

Gossip lookup (rulebook, "Gossip Table" and "Gossip Space"): the table has two sides of 36
words, a positive side ``"+"`` and a negative side ``"-"``; both gossipers roll one die each
and the pair of dice picks the word::

    word = GOSSIP_WORDS[side][lander_die - 1][partner_die - 1]

``side`` is ``"+"`` or ``"-"`` ("you may always choose which side of the table you use": the
player who landed on the gossip space chooses it), ``lander_die`` is the die of the player who
landed on the gossip space (the row) and ``partner_die`` the die of the housemate they chose to
gossip with (the column). Row and column are ordered, so every one of the 36 ordered pairs of
dice gives its own word, as on the printed table.

Camera cards: ``CAMERA_CARDS[card][seat - 1]`` is the line a card shows next to neck tag
``seat`` (rulebook, "Camera Space": "look at what is written next to your number"). The holder
watches the *other* housemates for that behaviour. A line is ``{"code", "text", "params"}``:
``code`` is one of the behaviour kinds in ``BEHAVIOURS``, ``params`` its parameters (their
allowed values in ``BEHAVIOUR_PARAMS``), ``text`` a verb phrase that follows a housemate's name
("Seat 3 rolls a double"; "you" in a text means the card's holder).
"""

# ---------------------------------------------------------------------------------- rooms

#: The eight rooms of the house (rulebook, "Rooms" and "Kitchen and Bedrooms"): name -> what
#: happens when a pawn lands there, in one line. The bedrooms' tags are optional seat tags
#: ("man"/"woman"); with no tagged housemate to vote for, any vote card will do.
ROOMS = {
    "Living Room": (
        "The other housemates each roll a die; you openly vote for the one who rolls highest (ties roll again)."
    ),
    "Kitchen": "Time for a drink or a snack: nothing else happens, carry on with your turn.",
    "Men's Bedroom": (
        "Openly put a vote card into the box for the housemate with the 'man' tag you choose "
        "(any card if nobody has that tag)."
    ),
    "Garden": (
        "Well done for gardening: the other housemates still in the game each roll a die, and "
        "whoever rolls lowest votes for you (ties roll again)."
    ),
    "Diary Room": (
        "Have a little grumble about one housemate; the one you name must put a vote card with "
        "your number into the box."
    ),
    "Toilet/Shower": "Nobody may vote for you for the rest of your turn.",
    "Women's Bedroom": (
        "Openly put a vote card into the box for the housemate with the 'woman' tag you choose "
        "(any card if nobody has that tag)."
    ),
    "Storeroom": ("Fetch a treat from the shelves for a housemate: openly vote for the one you choose, and say who."),
}

#: Room names in the order they sit around the default track (the Living Room first).
ROOM_ORDER = list(ROOMS)

#: Kinds of space on the track (rulebook, "Sequence of Play").
SPACE_KINDS = ["room", "confrontation", "gossip", "camera"]


def _default_track():
    # Built once at import; the module exposes only the resulting list (data).
    # Eight blocks of four spaces, each starting with a room; blocks alternate between
    # [special, confrontation, special] and [confrontation, special, confrontation], so a
    # gossip or camera space never touches another one, and the specials alternate
    # gossip, camera, gossip, ... around the loop (6 of each).
    specials = iter(["gossip", "camera"] * 6)
    track = []
    for block, room in enumerate(ROOM_ORDER):
        track.append({"kind": "room", "room": room})
        pattern = (
            ["special", "confrontation", "special"] if block % 2 == 0 else ["confrontation", "special", "confrontation"]
        )
        for kind in pattern:
            track.append({"kind": next(specials) if kind == "special" else kind, "room": None})
    return track


#: The default board (rules decision): a loop of 32 spaces, clockwise, index 0 = the Living
#: Room where every pawn starts; a room every fourth space, 12 confrontation, 6 gossip and
#: 6 camera spaces, no two gossip or camera spaces side by side (also across the wrap).
DEFAULT_TRACK = _default_track()
del _default_track

# ------------------------------------------------------------------- confrontation cards

#: Confrontation cards (rulebook, "Confrontation Cards"): a situation, a + question (asked on a
#: confrontation space and in the final vote: many votes are good) and a - question (asked only
#: when voting someone out: many votes are bad, but every - question is mild and kind).
CONFRONTATION_CARDS = [
    {"id": i, "situation": s, "plus": p, "minus": m}
    for i, (s, p, m) in enumerate(
        [
            (
                "The house has to cook dinner for everyone tonight, and the fridge is full of odd leftovers.",
                "Who would cook the tastiest dinner from leftovers?",
                "Who would most likely burn the toast?",
            ),
            (
                "A thunderstorm knocks out the lights for the whole evening.",
                "Who would keep everyone calm with stories in the dark?",
                "Who would most likely lose the torch first?",
            ),
            (
                "Big Brother sends in a locked puzzle box with a prize inside.",
                "Who would crack the puzzle box first?",
                "Who would most likely give up and just shake the box?",
            ),
            (
                "Big Brother asks the house to put on a talent show on Saturday night.",
                "Who would be the best host of the talent show?",
                "Who would most likely forget their lines on stage?",
            ),
            (
                "The garden needs planting before the spring fair next week.",
                "Who would grow the biggest sunflower?",
                "Who would most likely forget to water the plants?",
            ),
            (
                "A new board game arrives, but nobody can find the rules.",
                "Who would explain the rules best?",
                "Who would most likely invent a rule that only helps themselves?",
            ),
            (
                "The house must choose a captain for this week's task.",
                "Who would make the fairest captain?",
                "Who would most likely turn up late to the task?",
            ),
            (
                "A parcel of craft supplies arrives: glitter, paint, glue and lots of cardboard.",
                "Who would build the most amazing model?",
                "Who would most likely leave glitter all over the sofa?",
            ),
            (
                "The house is looking after a goldfish for the week.",
                "Who would look after the goldfish best?",
                "Who would most likely forget what the goldfish is called?",
            ),
            (
                "It is a rainy afternoon and everyone in the house is bored.",
                "Who would think up the best game to play?",
                "Who would most likely fall asleep on the sofa?",
            ),
            (
                "The house wants to bake a cake to celebrate a hundred days in the house.",
                "Who would decorate the cake most beautifully?",
                "Who would most likely eat the icing before the cake is done?",
            ),
            (
                "A housemate has lost their favourite pen and is upset about it.",
                "Who would help search until the pen is found?",
                "Who would most likely have borrowed it without asking?",
            ),
            (
                "The weekly shopping list has to be written by tonight.",
                "Who would remember everything the house needs?",
                "Who would most likely add ten packets of biscuits?",
            ),
            (
                "Big Brother sets a quiz night with questions on history, science and geography.",
                "Who would win the quiz night?",
                "Who would most likely shout out a wrong answer first?",
            ),
            (
                "The housemates are planning a surprise for someone's birthday.",
                "Who would keep the surprise a secret best?",
                "Who would most likely give the surprise away by accident?",
            ),
            (
                "The washing-up has piled high after a big lunch.",
                "Who would turn the washing-up into something fun?",
                "Who would most likely hide in the garden until it is done?",
            ),
            (
                "The house is putting on a play for Big Brother.",
                "Who would make the best director?",
                "Who would most likely giggle in the middle of a serious scene?",
            ),
            (
                "Big Brother wants a house song by the end of the day.",
                "Who would write the catchiest house song?",
                "Who would most likely sing it in the wrong key?",
            ),
            (
                "A big spider has appeared in the corner of the living room.",
                "Who would gently carry the spider outside?",
                "Who would most likely jump up onto a chair?",
            ),
            (
                "The house is having a camping night in the garden.",
                "Who would put up the tent fastest?",
                "Who would most likely forget the tent pegs?",
            ),
            (
                "Big Brother challenges the house to save energy all week.",
                "Who would always remember to switch off the lights?",
                "Who would most likely leave the fridge door open?",
            ),
            (
                "A visiting cook teaches the house how to make pizza from scratch.",
                "Who would make the most creative pizza?",
                "Who would most likely drop the dough on the floor?",
            ),
            (
                "Big Brother holds a sports day in the garden with races and relays.",
                "Who would cheer everyone on the loudest?",
                "Who would most likely run the wrong way?",
            ),
            (
                "One housemate needs advice about a tricky problem.",
                "Who would give the wisest advice?",
                "Who would most likely give advice that makes it even trickier?",
            ),
            (
                "The house has been asked to paint a mural on the garden wall.",
                "Who would design the best mural?",
                "Who would most likely paint over someone else's part?",
            ),
            (
                "Big Brother has hidden a treasure chest somewhere in the house.",
                "Who would find the treasure first?",
                "Who would most likely look in the same cupboard five times?",
            ),
            (
                "The house alarm clock has broken and there is an early task tomorrow.",
                "Who would wake everyone up on time?",
                "Who would most likely sleep until lunchtime?",
            ),
            (
                "A local newspaper wants to interview one housemate.",
                "Who would give the most interesting interview?",
                "Who would most likely talk for an hour without stopping?",
            ),
            (
                "The house has been given a robot vacuum cleaner.",
                "Who would teach the robot a clever trick?",
                "Who would most likely be chased around the kitchen by the robot?",
            ),
            (
                "Big Brother announces a silent hour: nobody may say a word.",
                "Who would stay quiet the longest?",
                "Who would most likely break the silence first?",
            ),
            (
                "The housemates have to build a den out of blankets and cushions.",
                "Who would build the strongest den?",
                "Who would most likely knock the den down by accident?",
            ),
            (
                "Big Brother hands over a map and asks the house to plan a day trip.",
                "Who would plan the best day out?",
                "Who would most likely get the whole group lost?",
            ),
            (
                "A lost kitten has wandered into the garden.",
                "Who would find the kitten's owner?",
                "Who would most likely want to keep the kitten forever?",
            ),
            (
                "It is movie night and the house can only watch one film.",
                "Who would pick a film that everyone enjoys?",
                "Who would most likely chat through the whole film?",
            ),
            (
                "The housemates must agree on a timetable for the chores.",
                "Who would make the fairest chore timetable?",
                "Who would most likely try to swap every chore they get?",
            ),
            (
                "Today's task: build the tallest tower from dry spaghetti and marshmallows.",
                "Who would build the tallest tower?",
                "Who would most likely eat the marshmallows instead?",
            ),
            (
                "Big Brother sets ten tricky maths puzzles to solve before dinner.",
                "Who would solve the maths puzzles fastest?",
                "Who would most likely get distracted halfway through?",
            ),
            (
                "A gust of wind blows the washing line down in the garden.",
                "Who would fix the washing line?",
                "Who would most likely get tangled up in the washing?",
            ),
            (
                "The house holds a contest for the best joke.",
                "Who would tell the funniest joke?",
                "Who would most likely laugh before reaching the punchline?",
            ),
            (
                "Big Brother asks each housemate to teach the others a new skill.",
                "Who would be the best teacher?",
                "Who would most likely teach something nobody else can do?",
            ),
            (
                "A heatwave arrives and the house is getting very warm.",
                "Who would make the best lemonade?",
                "Who would most likely complain about the heat all day?",
            ),
            (
                "A letter written in secret code is slipped under the door.",
                "Who would decode the secret letter?",
                "Who would most likely try to read it upside down?",
            ),
            (
                "There is one slice of pizza left and everyone would like it.",
                "Who would share the last slice out fairly?",
                "Who would most likely have eaten it already?",
            ),
            (
                "A magician visits the house and shows everyone a card trick.",
                "Who would learn the magic trick fastest?",
                "Who would most likely give away how the trick works?",
            ),
            (
                "Big Brother invites the house to suggest one new house rule.",
                "Who would suggest the most sensible house rule?",
                "Who would most likely suggest a rule about extra pudding?",
            ),
            (
                "The house must look after a box of eggs for a week without breaking any.",
                "Who would keep the eggs safe all week?",
                "Who would most likely break an egg on the very first day?",
            ),
            (
                "A karaoke machine has appeared in the living room.",
                "Who would get everyone singing along?",
                "Who would most likely keep the microphone to themselves?",
            ),
            (
                "The house is writing letters to a pen-pal school in another country.",
                "Who would write the friendliest letter?",
                "Who would most likely forget to post the letter?",
            ),
            (
                "Big Brother sets a recycling challenge for the whole house.",
                "Who would sort the recycling perfectly?",
                "Who would most likely put the banana peel in the paper bin?",
            ),
            (
                "Two housemates cannot agree on which game to play next.",
                "Who would find an answer that makes everyone happy?",
                "Who would most likely suggest a third game nobody wants?",
            ),
            (
                "The house is given a telescope on a clear, starry night.",
                "Who would spot the most planets and stars?",
                "Who would most likely look through the wrong end?",
            ),
            (
                "The housemates are making a time capsule to open in ten years.",
                "Who would choose the best thing to put in the time capsule?",
                "Who would most likely forget where it was buried?",
            ),
            (
                "Big Brother tells the house that there will be a party on Friday.",
                "Who would you trust to plan the house party?",
                "Who would most likely be the last one ready?",
            ),
            (
                "One housemate is missing home and feeling a bit low today.",
                "Who would cheer them up best?",
                "Who would most likely not notice for a while?",
            ),
            (
                "The house has entered a kite-flying contest on the hill.",
                "Who would fly the kite highest?",
                "Who would most likely get the kite stuck in a tree?",
            ),
            (
                "Big Brother gives every housemate a notebook to keep as a journal.",
                "Who would write the most exciting journal?",
                "Who would most likely write only one page?",
            ),
            (
                "The house is having a dance-off in the living room.",
                "Who would invent the best new dance?",
                "Who would most likely forget the steps halfway through?",
            ),
            (
                "The storeroom door squeaks every time anyone opens it.",
                "Who would fix the squeaky door?",
                "Who would most likely make it squeak even louder?",
            ),
            (
                "It snowed overnight and the garden is covered in white.",
                "Who would build the best snowman?",
                "Who would most likely bring snow into the kitchen?",
            ),
            (
                "Big Brother needs a reporter to read the evening news to the house.",
                "Who would read the news most clearly?",
                "Who would most likely make up a news story?",
            ),
            (
                "A science kit arrives with everything needed to build a volcano.",
                "Who would do the most careful experiment?",
                "Who would most likely make the volcano overflow?",
            ),
            (
                "The housemates have been given three balls each and a week to learn to juggle.",
                "Who would learn to juggle first?",
                "Who would most likely drop every ball?",
            ),
            (
                "Guess how many sweets are in the jar, and the closest guess wins the jar.",
                "Who would make the closest guess?",
                "Who would most likely count them by eating them one by one?",
            ),
            (
                "Big Brother sends the house on a long bus trip to the seaside.",
                "Who would keep everyone entertained on the bus?",
                "Who would most likely ask 'are we there yet?' first?",
            ),
            (
                "The house gets a pet tortoise, and it still needs a name.",
                "Who would choose the best name for the tortoise?",
                "Who would most likely pick a name nobody can spell?",
            ),
            (
                "A board-game tournament goes on all evening in the living room.",
                "Who would be the most gracious winner?",
                "Who would most likely ask for a rematch every single time?",
            ),
            (
                "Big Brother asks the house to tidy the dusty storeroom shelves.",
                "Who would organise the shelves best?",
                "Who would most likely find old biscuits and stop for a snack?",
            ),
            (
                "The sun is out and the house is packing a picnic for the garden.",
                "Who would pack the best picnic?",
                "Who would most likely forget the spoons?",
            ),
            (
                "The housemates are building a birdhouse for the garden tree.",
                "Who would build the sturdiest birdhouse?",
                "Who would most likely nail the roof on upside down?",
            ),
            (
                "Big Brother announces a fire drill in five minutes.",
                "Who would lead everyone out calmly?",
                "Who would most likely stop to fetch their favourite jumper?",
            ),
        ],
        start=0,
    )
]

# --------------------------------------------------------------------------- gossip table

#: The gossip table (rulebook, "Gossip Table"): two sides, each a 6 x 6 grid of character
#: words. ``GOSSIP_WORDS[side][lander_die - 1][partner_die - 1]``, side ``"+"`` (positive) or
#: ``"-"`` (negative, always mild); see the module docstring for who rolls which die.
GOSSIP_WORDS = {
    "+": [
        ["cheerful", "helpful", "brave", "patient", "curious", "generous"],
        ["funny", "honest", "creative", "calm", "kind", "loyal"],
        ["clever", "tidy", "energetic", "polite", "thoughtful", "organised"],
        ["musical", "artistic", "adventurous", "friendly", "confident", "careful"],
        ["hardworking", "imaginative", "fair", "gentle", "optimistic", "reliable"],
        ["witty", "modest", "easygoing", "sensible", "caring", "wise"],
    ],
    "-": [
        ["forgetful", "messy", "bossy", "stubborn", "impatient", "noisy"],
        ["nosy", "grumpy", "fussy", "sleepy", "clumsy", "a chatterbox"],
        ["a show-off", "a know-it-all", "moody", "always late", "a picky eater", "restless"],
        ["scatterbrained", "giggly", "dramatic", "overcompetitive", "cheeky", "loud"],
        ["a slowcoach", "nervous", "a worrier", "gloomy", "sulky", "sneaky"],
        ["a daydreamer", "a boaster", "fidgety", "a moaner", "a snack-snatcher", "gullible"],
    ],
}

#: Labels for the two sides of the gossip table.
GOSSIP_SIDES = {"+": "positive", "-": "negative"}

# ----------------------------------------------------------------------------- camera cards

#: The closed set of behaviours a camera line can ask for. Each is checked by the engine on
#: the events of one watched housemate (any housemate but the card's holder), during a round
#: only. The events named here are the facts the engine must know; their suggested shapes:
#: ``{"type": "roll", "seat", "dice": [a, b]}`` (a movement roll of the two dice; one-die rolls
#: in roll-offs and gossip do not count), ``{"type": "move", "seat", "from", "to"}`` (track
#: indices), ``{"type": "land", "seat", "space"}``, ``{"type": "gossip", "seat", "partner"}``,
#: ``{"type": "gossip_reveal", "seat", "partner", "match": bool}`` and
#: ``{"type": "vote", "seat", "target", "question"}`` with ``question`` ``"+"``/``"-"`` for a
#: secret vote on a confrontation question and ``None`` for an open vote.
BEHAVIOURS = {
    "roll_double": "A movement roll by the housemate where both dice show the same number.",
    "roll_total": "A movement roll by the housemate whose two dice add up to params['total'].",
    "roll_face": "A movement roll by the housemate where at least one die shows params['face'].",
    "land_room": "The housemate's pawn lands (ends a move) on the room space params['room'].",
    "pass_room": (
        "A move of the housemate's pawn goes over the room space params['room'] without "
        "stopping on it (a space strictly between where the move starts and where it ends)."
    ),
    "land_kind": "The housemate's pawn lands on a space of kind params['kind'].",
    "share_space": ("The housemate's pawn lands on a space where at least one other pawn already stands."),
    "long_turn": (
        "The housemate makes their params['rolls']-th movement roll within one turn (a turn "
        "lasts until a confrontation space, so this is a long turn)."
    ),
    "open_vote": (
        "The housemate puts a vote card into the box in the open (any vote that is not a secret "
        "vote on a + or - question: room, gossip and camera votes); params['for'] is 'holder' "
        "(the card must be for the card's holder) or 'anyone'."
    ),
    "gossips": (
        "The housemate is one of the two gossipers: they landed on a gossip space, or were chosen to gossip with."
    ),
    "gossip_match": "The housemate is one of the two gossipers and both showed the same player.",
}

#: Each behaviour's parameters and their allowed values.
BEHAVIOUR_PARAMS = {
    "roll_double": {},
    "roll_total": {"total": list(range(2, 13))},
    "roll_face": {"face": [1, 2, 3, 4, 5, 6]},
    "land_room": {"room": list(ROOMS)},
    "pass_room": {"room": list(ROOMS)},
    "land_kind": {"kind": ["gossip", "camera"]},
    "share_space": {},
    "long_turn": {"rolls": [3, 4, 5]},
    "open_vote": {"for": ["holder", "anyone"]},
    "gossips": {},
    "gossip_match": {},
}


def _line(code, text, **params):
    return {"code": code, "text": text, "params": params}


#: Six camera cards of six lines: ``CAMERA_CARDS[card][seat - 1]`` is the line next to neck tag
#: ``seat``. All 36 lines are different behaviours, and each is likely to happen in a game.
CAMERA_CARDS = [
    [
        _line("roll_double", "rolls a double"),
        _line("land_room", "lands on the Kitchen", room="Kitchen"),
        _line("pass_room", "moves past the Living Room without stopping", room="Living Room"),
        _line("land_kind", "lands on a gossip space", kind="gossip"),
        _line("roll_total", "rolls a total of 7", total=7),
        _line("open_vote", "gives you a vote in front of everyone", **{"for": "holder"}),
    ],
    [
        _line("roll_face", "rolls a 6 on either die", face=6),
        _line("land_room", "lands in the Garden", room="Garden"),
        _line("pass_room", "moves past the Diary Room without stopping", room="Diary Room"),
        _line("long_turn", "rolls the dice 3 times in one turn", rolls=3),
        _line("share_space", "lands on a space where another pawn is standing"),
        _line("roll_total", "rolls a total of 5", total=5),
    ],
    [
        _line("roll_face", "rolls a 1 on either die", face=1),
        _line("land_room", "lands in the Storeroom", room="Storeroom"),
        _line("pass_room", "moves past the Kitchen without stopping", room="Kitchen"),
        _line("land_kind", "lands on a camera space", kind="camera"),
        _line("gossips", "gossips with someone (or is chosen to gossip)"),
        _line("roll_total", "rolls a total of 9", total=9),
    ],
    [
        _line("roll_face", "rolls a 3 on either die", face=3),
        _line("land_room", "lands in the Diary Room", room="Diary Room"),
        _line("pass_room", "moves past the Garden without stopping", room="Garden"),
        _line("gossip_match", "picks the same housemate as their gossip partner"),
        _line("roll_total", "rolls a total of 6", total=6),
        _line("long_turn", "rolls the dice 4 times in one turn", rolls=4),
    ],
    [
        _line("roll_face", "rolls a 4 on either die", face=4),
        _line("land_room", "lands in the Living Room", room="Living Room"),
        _line("pass_room", "moves past the Storeroom without stopping", room="Storeroom"),
        _line("roll_total", "rolls a total of 8", total=8),
        _line("open_vote", "puts a vote card in the box in front of everyone", **{"for": "anyone"}),
        _line("pass_room", "moves past the Toilet/Shower without stopping", room="Toilet/Shower"),
    ],
    [
        _line("roll_face", "rolls a 2 on either die", face=2),
        _line("land_room", "lands on the Toilet/Shower", room="Toilet/Shower"),
        _line("pass_room", "moves past the Men's Bedroom without stopping", room="Men's Bedroom"),
        _line("roll_total", "rolls a total of 4", total=4),
        _line("roll_face", "rolls a 5 on either die", face=5),
        _line("land_room", "lands in the Women's Bedroom", room="Women's Bedroom"),
    ],
]
del _line
