"""Costume Party Detective."""

from .rules import CostumeParty

__all__ = ["CostumeParty"]
