"""YAML for tests that put a value of one type where another is expected: every number is
written with an explicit tag (``!!int '7'``), so that it stays a number when read back. A
plain ``7`` in a field declared as a string is the text "7" (YAML 1.2 core schema, as
``rulings`` reads documents); typed the way JSON is, it is a number, which such a field
refuses."""

import yaml

from pybridge.documents.values import PlainFloat, PlainInt


class _TypedDumper(yaml.SafeDumper):
    pass


def _number(tag, text):
    return lambda dumper, data: dumper.represent_scalar(tag, text(data), style="'")


# Numbers read from YAML (int and float subclasses that keep their text) are numbers too.
for _kind in (int, PlainInt):
    _TypedDumper.add_representer(_kind, _number("tag:yaml.org,2002:int", lambda n: str(int(n))))
for _kind in (float, PlainFloat):
    _TypedDumper.add_representer(_kind, _number("tag:yaml.org,2002:float",
                                                lambda n: repr(float(n))))


def dump(document, **options):
    return yaml.dump(document, Dumper=_TypedDumper, **options)
