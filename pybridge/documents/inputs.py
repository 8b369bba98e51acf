"""A rulebook's input vocabulary: the ``state_*`` facts its rules read, declared once.

The declaration says, for every input predicate, what each argument ranges over and how many
facts an object may have; the state space of the analysis is generated from it
(:mod:`pybridge.analysis.generate`), and the facts the bridge makes of a document are
checked against it (:func:`pybridge.engine.conformance.conforms`, in the tests), so the
space and the documents cannot drift apart. A rulebook adds only its bounds and, in ``asp/<rulebook>/valid.lp``, the
constraints a valid document obeys beyond these (read by the space and checked on documents).

Argument domains:
  Obj(kind, ...)     the object the fact is about (the leading Obj arguments are its key),
                     of one of these kinds
  Ref(kind, ...)     any object in the state of one of these kinds
  Values(v, ...)     one of these values (strings, ints, booleans, Const names)
  Names(n, ...)      any name (a string) a document may give; the space tries these (the
                     names the rules compare against, and one they do not)
  Numbers(n, ...)    any integer a document may give; the space tries these
  Ints(lo, hi)       an integer between two clingo constants (the bounds); open=True: in a
                     search with a theory solver (open values) the value is an integer
                     variable instead of a choice (a ONE fact keyed by one object)
  Tagged(name, d)    the term name(X), X from domain d
  Union(d, ...)      any of these domains
  Joint(o, ...)      several arguments together, from one option (a tuple of domains)
"""

from .fields import Fields

ONE, OPTIONAL, ANY = "one", "optional", "any"


class Kind(Fields):
    """Objects a document lists: ``name(1)``, ``name(2)``... up to the constant ``bound``;
    at least ``least`` of them in every state."""

    name: str
    bound: str
    least: int = 0
    numbered: bool = False   # objects are the numbers 1, 2, ... in an order that matters
                             # (events): not interchangeable
    cube: bool = True        # the analysis splits the space by how many there are (a cube
                             # per count); False: each cube holds every count of them


class Obj(Fields):
    """The object a fact is about, of one kind, or of one of several kinds (a fact keyed by
    a card or a character): ``kinds``; ``kind`` is the first."""

    kinds: tuple

    def __init__(self, *kinds):
        object.__setattr__(self, "kinds", tuple(kinds))

    @property
    def kind(self):
        return self.kinds[0]


class Ref(Fields):
    kinds: tuple

    def __init__(self, *kinds):
        object.__setattr__(self, "kinds", kinds)


class Values(Fields):
    values: tuple

    def __init__(self, *values):
        object.__setattr__(self, "values", tuple(values))


class Names(Values):
    pass


class Numbers(Values):
    """Any integer a document may give (a length, a stat); the space tries these (the bounds
    the rules compare against, from either side)."""


class Ints(Fields):
    lo: str
    hi: str
    open: bool = False


class Tagged(Fields):
    name: str
    inner: object


class Union(Fields):
    options: tuple

    def __init__(self, *options):
        object.__setattr__(self, "options", tuple(options))


class Joint(Fields):
    """Several arguments taken together, from one of the options (tuples of domains of the
    same length), e.g. a selector ``(any, any)`` or ``(faction, Name)``."""

    options: tuple

    def __init__(self, *options):
        object.__setattr__(self, "options", tuple(options))

    @property
    def width(self):
        return len(self.options[0])


class Input(Fields):
    """``name(args...)``: ONE fact per key (the leading Obj arguments), at most one
    (OPTIONAL) or ANY number (each a feature of the state, counted by ``features``)."""

    name: str
    args: tuple
    many: str = ONE
    usual: bool = False      # OPTIONAL: present unless a document says otherwise (a flag
                             # whose default is true): its absence is the feature, counted
                             # by ``features`` and by the witness cost
    source: bool = False     # a document's value the rules do not read (a position), from
                             # which the bridge derives facts they read (``derived``): in
                             # the space and its witnesses, never among a document's facts

    @property
    def arity(self):
        return sum(d.width if isinstance(d, Joint) else 1 for d in self.args)

    def split(self, arguments):
        """The arguments of a fact by declared domain: one, or a tuple for a Joint."""
        parts, position = [], 0
        for domain in self.args:
            width = domain.width if isinstance(domain, Joint) else 1
            parts.append(tuple(arguments[position:position + width]) if width > 1 or
                         isinstance(domain, Joint) else arguments[position])
            position += width
        return parts

    @property
    def key_length(self):
        length = 0
        for domain in self.args:
            if not isinstance(domain, Obj):
                break
            length += 1
        return length


class Vocabulary(Fields):
    """Kinds of objects, input predicates, facts fixed in every state of the space (e.g. the
    default phases of a turn), the constant bounding how many OPTIONAL and ANY facts a
    state has at once ("" for no such bound), and the input facts the bridge derives from
    others (``derived``: (predicate, arity) pairs, e.g. distances from positions; the space
    derives them without a world in ``asp/<rulebook>/derived.lp``, by the same tables)."""

    kinds: tuple
    inputs: tuple
    fixed: tuple = ()            # (predicate, row) pairs
    features: str = ""
    derived: tuple = ()          # (predicate, arity) pairs

    def input(self, name):
        return next(i for i in self.inputs if i.name == name)

