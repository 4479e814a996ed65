"""Big Brother content: the confrontation cards, gossip table, camera cards and default track are
complete, well-formed, classroom-friendly and JSON-safe (data only: no engine here)."""

import json
import re
from itertools import product

import pytest

from brady_widgets.big_brother import content as C

# Words that have no place on a classroom card: romance, bodies, cruelty, alcohol.
BANNED = [
    "love",
    "lover",
    "kiss",
    "kissing",
    "date",
    "dating",
    "crush",
    "boyfriend",
    "girlfriend",
    "flirt",
    "romance",
    "romantic",
    "sexy",
    "marry",
    "wedding",
    "cuddle",
    "fat",
    "skinny",
    "ugly",
    "naked",
    "body",
    "weight",
    "smelly",
    "stinky",
    "sweaty",
    "pimple",
    "underwear",
    "burp",
    "fart",
    "stupid",
    "idiot",
    "dumb",
    "hate",
    "loser",
    "kill",
    "hurt",
    "punch",
    "cruel",
    "fool",
    "useless",
    "worthless",
    "beer",
    "wine",
    "drunk",
]
BANNED_RE = re.compile(r"\b(" + "|".join(BANNED) + r")s?\b", re.IGNORECASE)


def all_texts():
    for card in C.CONFRONTATION_CARDS:
        yield f"card {card['id']}", card["situation"]
        yield f"card {card['id']} +", card["plus"]
        yield f"card {card['id']} -", card["minus"]
    for side, grid in C.GOSSIP_WORDS.items():
        for row in grid:
            for word in row:
                yield f"gossip {side}", word
    for i, card in enumerate(C.CAMERA_CARDS):
        for line in card:
            yield f"camera {i}", line["text"]
    for room, effect in C.ROOMS.items():
        yield f"room {room}", effect
    for code, text in C.BEHAVIOURS.items():
        yield f"behaviour {code}", text


# --------------------------------------------------------------------- confrontation cards
def test_at_least_sixty_confrontation_cards_with_exactly_the_three_fields():
    assert len(C.CONFRONTATION_CARDS) >= 60
    for card in C.CONFRONTATION_CARDS:
        assert set(card) == {"id", "situation", "plus", "minus"}
        assert type(card["id"]) is int
        for key in ("situation", "plus", "minus"):
            assert isinstance(card[key], str) and card[key] == card[key].strip() and card[key]


def test_card_ids_are_their_indices():
    assert [c["id"] for c in C.CONFRONTATION_CARDS] == list(range(len(C.CONFRONTATION_CARDS)))


@pytest.mark.parametrize("key,limit", [("situation", 140), ("plus", 90), ("minus", 90)])
def test_card_texts_are_short(key, limit):
    too_long = [(c["id"], len(c[key])) for c in C.CONFRONTATION_CARDS if len(c[key]) > limit]
    assert too_long == []


@pytest.mark.parametrize("key", ["situation", "plus", "minus"])
def test_no_two_cards_share_a_text(key):
    seen = {}
    for card in C.CONFRONTATION_CARDS:
        norm = re.sub(r"\W+", " ", card[key].lower()).strip()
        assert norm not in seen, (card["id"], seen.get(norm))
        seen[norm] = card["id"]


def test_questions_ask_who_and_situations_are_sentences():
    for card in C.CONFRONTATION_CARDS:
        assert card["plus"].startswith("Who ") and card["plus"].endswith("?"), card
        assert card["minus"].startswith("Who ") and card["minus"].endswith("?"), card
        assert card["situation"][0].isupper() and card["situation"][-1] in ".!", card


# ----------------------------------------------------------------------------- gossip table
def test_gossip_table_has_two_sides_of_six_by_six_words():
    assert set(C.GOSSIP_WORDS) == {"+", "-"} == set(C.GOSSIP_SIDES)
    for side, grid in C.GOSSIP_WORDS.items():
        assert isinstance(grid, list) and len(grid) == 6, side
        for row in grid:
            assert isinstance(row, list) and len(row) == 6, side
            for word in row:
                assert isinstance(word, str) and word == word.strip() and 0 < len(word) <= 20
                assert word == word.lower(), word


def test_gossip_words_are_all_different_across_both_sides():
    words = [w for grid in C.GOSSIP_WORDS.values() for row in grid for w in row]
    assert len(words) == 72
    assert len(set(words)) == 72, sorted(w for w in set(words) if words.count(w) > 1)


def test_every_ordered_pair_of_dice_reads_its_own_word_on_each_side():
    # the documented lookup: GOSSIP_WORDS[side][lander_die - 1][partner_die - 1]
    for side in ("+", "-"):
        picked = {C.GOSSIP_WORDS[side][a - 1][b - 1] for a, b in product(range(1, 7), repeat=2)}
        assert len(picked) == 36
    assert C.GOSSIP_WORDS["+"][0][0] != C.GOSSIP_WORDS["+"][0][1]
    assert C.GOSSIP_WORDS["-"][5][0] != C.GOSSIP_WORDS["-"][0][5]


# ----------------------------------------------------------------------------- camera cards
def test_six_camera_cards_of_six_lines():
    assert len(C.CAMERA_CARDS) == 6
    for card in C.CAMERA_CARDS:
        assert len(card) == 6
        for line in card:
            assert set(line) == {"code", "text", "params"}
            assert isinstance(line["text"], str) and 0 < len(line["text"]) <= 70


def test_behaviour_kinds_are_few_and_each_has_a_description_and_a_parameter_schema():
    assert 8 <= len(C.BEHAVIOURS) <= 12
    assert set(C.BEHAVIOUR_PARAMS) == set(C.BEHAVIOURS)
    for code, text in C.BEHAVIOURS.items():
        assert re.fullmatch(r"[a-z_]+", code) and isinstance(text, str) and text


def test_every_camera_line_is_a_known_kind_with_valid_params():
    for i, card in enumerate(C.CAMERA_CARDS):
        for seat, line in enumerate(card, start=1):
            schema = C.BEHAVIOUR_PARAMS.get(line["code"])
            assert schema is not None, (i, seat, line)
            assert set(line["params"]) == set(schema), (i, seat, line)
            for name, value in line["params"].items():
                assert value in schema[name], (i, seat, line)


def test_camera_lines_are_distinct_on_each_card_and_across_cards():
    keys = [(line["code"], json.dumps(line["params"], sort_keys=True)) for card in C.CAMERA_CARDS for line in card]
    assert len(set(keys)) == 36
    for card in C.CAMERA_CARDS:
        assert len({line["text"] for line in card}) == 6
    assert len({line["text"] for card in C.CAMERA_CARDS for line in card}) == 36


def test_camera_lines_name_the_room_or_number_they_check():
    for card in C.CAMERA_CARDS:
        for line in card:
            p = line["params"]
            if "room" in p:
                assert p["room"] in line["text"], line
            for key in ("total", "face", "rolls"):
                if key in p:
                    assert str(p[key]) in line["text"], line


def test_camera_behaviours_are_not_rare():
    # a total of 2, 3, 11 or 12 comes up on at most 1 roll in 18: too rare to catch in a game
    for card in C.CAMERA_CARDS:
        for line in card:
            if line["code"] == "roll_total":
                assert 4 <= line["params"]["total"] <= 10, line
            if line["code"] == "long_turn":
                assert line["params"]["rolls"] <= 4, line
    kinds = {line["code"] for card in C.CAMERA_CARDS for line in card}
    assert kinds == set(C.BEHAVIOURS), set(C.BEHAVIOURS) - kinds


# ------------------------------------------------------------------------- rooms and track
def test_the_eight_rooms_of_the_rulebook():
    assert set(C.ROOMS) == {
        "Toilet/Shower",
        "Garden",
        "Living Room",
        "Storeroom",
        "Diary Room",
        "Kitchen",
        "Men's Bedroom",
        "Women's Bedroom",
    }
    assert C.ROOM_ORDER == list(C.ROOMS) and C.ROOM_ORDER[0] == "Living Room"
    for room, effect in C.ROOMS.items():
        assert isinstance(effect, str) and 0 < len(effect) <= 160, room


def test_default_track_composition():
    track = C.DEFAULT_TRACK
    assert len(track) == 32
    assert track[0] == {"kind": "room", "room": "Living Room"}
    kinds = [s["kind"] for s in track]
    assert {k: kinds.count(k) for k in C.SPACE_KINDS} == {
        "room": 8,
        "confrontation": 12,
        "gossip": 6,
        "camera": 6,
    }
    for space in track:
        assert set(space) == {"kind", "room"}
        assert (space["room"] in C.ROOMS) if space["kind"] == "room" else space["room"] is None
    assert sorted(s["room"] for s in track if s["kind"] == "room") == sorted(C.ROOMS)


def test_no_two_gossip_or_camera_spaces_touch_around_the_loop():
    track = C.DEFAULT_TRACK
    n = len(track)
    for i in range(n):
        pair = {track[i]["kind"], track[(i + 1) % n]["kind"]}
        assert not pair <= {"gossip", "camera"}, (i, pair)


def test_rooms_are_spread_around_the_loop():
    n = len(C.DEFAULT_TRACK)
    at = [i for i, s in enumerate(C.DEFAULT_TRACK) if s["kind"] == "room"]
    gaps = [(at[(k + 1) % len(at)] - at[k]) % n for k in range(len(at))]
    assert max(gaps) <= 5 and min(gaps) >= 3, gaps


def test_every_room_a_camera_line_names_is_on_the_default_track():
    on_track = {s["room"] for s in C.DEFAULT_TRACK}
    for card in C.CAMERA_CARDS:
        for line in card:
            if "room" in line["params"]:
                assert line["params"]["room"] in on_track


# ------------------------------------------------------------------------ classroom & JSON
def test_banned_word_check_catches_what_it_should():
    assert BANNED_RE.search("Who would most likely kiss the frog?")
    assert BANNED_RE.search("Who is the biggest LOSER?")
    assert not BANNED_RE.search("Nobody may vote for you; somebody lands on the Kitchen.")


def test_no_banned_words_anywhere():
    hits = [(where, text) for where, text in all_texts() if BANNED_RE.search(text)]
    assert hits == []


@pytest.mark.parametrize(
    "name",
    [
        "CONFRONTATION_CARDS",
        "GOSSIP_WORDS",
        "GOSSIP_SIDES",
        "CAMERA_CARDS",
        "BEHAVIOURS",
        "BEHAVIOUR_PARAMS",
        "ROOMS",
        "ROOM_ORDER",
        "SPACE_KINDS",
        "DEFAULT_TRACK",
    ],
)
def test_everything_is_json_safe(name):
    value = getattr(C, name)
    assert json.loads(json.dumps(value)) == value


def test_the_module_exposes_data_only():
    public = {k: v for k, v in vars(C).items() if not k.startswith("__")}
    assert not [k for k, v in public.items() if callable(v)]
