"""rulings: game rules as answer set programs, with rulings that cite their rule IDs.

Public API::

    import pybridge
    pybridge.rule("examples/redemption/three_character_battle.yaml")
    pybridge.rule({"rulebook": "redemption", "characters": [...]}, edition="literal")
    pybridge.rulebooks()
    pybridge.check("redemption", {"values": "0..6"}, timeout=60)
    pybridge.enumerate_states("redemption", {"max_characters": 2})
    pybridge.diff("redemption", "literal", "negative_counts", {"max_characters": 3})
    pybridge.errata("redemption")
"""

from .api import check, diff, enumerate_states, errata, load, rule, rulebooks
from .errors import InputError, RulingsError

__all__ = ["check", "diff", "enumerate_states", "errata", "load", "rule", "rulebooks",
           "InputError", "RulingsError"]
