"""The bounds of a rulebook's state space for one run: declared by the rulebook
(:class:`pybridge.books.bound.Bound`), given on the command line, passed to clingo as
constants (numbers only: no user text reaches the program)."""

from ..errors import InputError


class Bounds:
    """Values for every bound of a rulebook (defaults where not given)."""

    def __init__(self, specs, given=None, defaults=None):
        """``defaults`` overrides the specs' defaults (enumeration uses smaller ones)."""
        given = {k: v for k, v in (given or {}).items() if v is not None}
        unknown = set(given) - {spec.name for spec in specs}
        if unknown:
            raise InputError(f"unknown bound(s): {', '.join(sorted(unknown))}", "bounds")
        defaults = defaults or {}
        self.specs = specs
        self.values = {spec.name: spec.parse(given.get(spec.name,
                                                       defaults.get(spec.name, spec.default)))
                       for spec in specs}

    def __getitem__(self, name):
        return self.values[name]

    def numbers(self):
        """The clingo constants and their numbers: ``{const: number}``."""
        found = {}
        for spec in self.specs:
            value = self.values[spec.name]
            for const, number in zip(spec.consts, value if spec.is_range else (value,)):
                found[const] = int(number)
        return found

    def constants(self):
        """clingo ``-c`` arguments."""
        return [argument for const, number in self.numbers().items()
                for argument in ("-c", f"{const}={number}")]

    def describe(self):
        return {spec.name: spec.show(self.values[spec.name]) for spec in self.specs}
