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
    pybridge.check_document("state.yaml")     # validation without solving
    pybridge.json_schema("chronopia")         # JSON Schema of its documents (a dict)
    pybridge.documents.document_template("b5")          # `rulings new b5`'s text

The API (and clingo with it) is imported on first use, so that the command line can take
signals before anything heavy is loaded.
"""

from .errors import InputError, RulingsError

_API = ("check", "diff", "enumerate_states", "errata", "load", "rule", "rulebooks",
        "check_document", "json_schema", "document_template")

__all__ = [*_API, "InputError", "RulingsError"]


def __getattr__(name):
    if name in _API:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module 'pybridge' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_API))
