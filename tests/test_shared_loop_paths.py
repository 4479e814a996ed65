"""The shared loop's cheap paths (issue 28, fifteenth pass): the same answers as the plain
ways they replace, and the plain way's cost not paid again."""

from __future__ import annotations

import hashlib

import pytest

from brady_widgets.engine import rng


def _reference(text: str, head: str = "") -> int:
    return int.from_bytes(hashlib.blake2b((head + text).encode(), digest_size=8).digest(), "big")


@pytest.mark.parametrize("head", ["", "bb medium 12345 seat 3: ", "é∂ head: "])
def test_hash64_is_blake2b_of_head_and_text(head):
    for text in ["", "x", "('vote', 17, 'x')", "ünïcode", "y" * 300]:
        assert rng.hash64(text, head) == _reference(text, head)
        assert rng.hash64(text, head) == _reference(text, head)  # the kept hasher, copied again


def test_hash64_keeps_its_answers_when_its_heads_are_cleared():
    texts = [f"draw {i}" for i in range(3)]
    before = [rng.hash64(t, f"head {h}:") for h in range(1100) for t in texts]  # clears once
    assert before == [_reference(t, f"head {h}:") for h in range(1100) for t in texts]


def test_a_draw_without_a_head_copies_a_kept_hasher(monkeypatch):
    made = []
    real = hashlib.blake2b

    def counting(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    rng.hash64("warm", "")
    monkeypatch.setattr(hashlib, "blake2b", counting)
    values = [rng.hash64(f"no head {i}") for i in range(5)]
    assert made == []  # no new hasher: the empty head's is copied
    assert values == [_reference(f"no head {i}") for i in range(5)]
