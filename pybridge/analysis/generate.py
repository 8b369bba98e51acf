"""The state space of a rulebook, generated from its input vocabulary (:mod:`pybridge.documents.inputs`).

For every kind of object, slots ``kind(1..bound)`` (used ones numbered without gaps); for
every input predicate, the candidate facts (each argument over its domain) and a choice of
ONE, at most one (OPTIONAL) or ANY of them per key. The chosen facts are the world-less input
facts ``state_x(...)`` (what the bridge makes of a document, checked by the rulebook's
``valid.lp``), copied into every world the analysis declares. Around them, the same program
gives what the analysis needs of a space:

- symmetry: objects of a kind are interchangeable; the state as a vector (core/symmetry.lp)
  of positions ``at(P, Key, J)`` (ONE and OPTIONAL facts: each value, or ``none``) and
  ``has(P, Args)`` (ANY facts: 1 or 0), with the image of each position and value under a
  group element (references to objects move with it); sorting keys per object when the group
  is too large (the values of its ONE facts that name no object);
- the smallest witness first: objects (priority 3, what a cube counts), OPTIONAL and ANY
  facts (2), each value's rank in its domain (1);
- cubes: ``space_cube(Kind, N)``, and the constant ``cube_<kind>`` so a cube grounds only
  its own slots; the constant ``space_budget``, the objects a state may have beyond its
  cube's (a search for a witness smaller than one found), so that no kind grounds more;
- an optional bound on the OPTIONAL and ANY facts of a state (``features``).

The program is text made from the declaration alone (names of the rulebook's own code, and
values as clingo writes them): no document reaches it.
"""

import itertools

from ..documents.inputs import ANY, ONE, OPTIONAL, Ints, Joint, Obj, Ref, Tagged, Union, Values
from ..engine.symbols import to_symbol


def _tuple(items):
    items = list(items)
    return "()" if not items else f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


class _Alternative:
    """One shape of an argument: its term, the body that ranges it, its rank, and its image
    under a group element (term and body)."""

    def __init__(self, term, body, rank, image, image_body):
        self.term, self.body, self.rank = term, body, rank
        self.image, self.image_body = image, image_body


class _Generator:
    def __init__(self, vocabulary, open_values):
        self.vocabulary = vocabulary
        self.open = open_values     # the space for a theory solver: open integers are variables
        self.lines = []
        self.enums = {}
        # kinds whose objects are the numbers 1, 2, ... in order (events): not interchangeable
        self.numbered = {kind.name for kind in vocabulary.kinds if kind.numbered}

    def emit(self, line):
        self.lines.append(line)

    def enum(self, values):
        if values not in self.enums:
            number = self.enums[values] = len(self.enums) + 1
            for rank, value in enumerate(values):
                self.emit(f"space_enum({number}, {to_symbol(value)}, {rank}).")
        return self.enums[values]

    def alternatives(self, domain, var, owner=None):
        if isinstance(domain, (Obj, Ref)):
            kinds = domain.kinds
            return [_Alternative(var, [f"space_object({kind}, {var})"], "0", var, [])
                    if kind in self.numbered else
                    _Alternative(var, [f"space_object({kind}, {var})"], "0", f"I{var}",
                                 [f"space_image(E, {var}, I{var})"]) for kind in kinds]
        if isinstance(domain, Values):
            number = self.enum(domain.values)
            return [_Alternative(var, [f"space_enum({number}, {var}, R{var})"], f"R{var}", var,
                                 [])]
        if isinstance(domain, Ints) and domain.open and owner is not None and self.open:
            # open values: the variable the owner's fact names
            return [_Alternative(var, [f"{var} = {_open_variable(*owner)}"], "0", var, [])]
        if isinstance(domain, Ints):
            return [_Alternative(var, [f"{var} = {domain.lo}..{domain.hi}"], f"|{var}|", var,
                                 [])]
        if isinstance(domain, Tagged):
            return [_Alternative(f"{domain.name}({a.term})", a.body, a.rank,
                                 f"{domain.name}({a.image})", a.image_body)
                    for a in self.alternatives(domain.inner, var)]
        if isinstance(domain, Union):
            return [_Alternative(a.term, a.body, f"{a.rank} + {index}", a.image, a.image_body)
                    for index, option in enumerate(domain.options)
                    for a in self.alternatives(option, var)]
        raise TypeError(f"not a domain: {domain!r}")

    def kind(self, kind):
        name, bound = kind.name, kind.bound
        term = "I" if kind.numbered else f"{name}(I)"
        previous = "I - 1" if kind.numbered else f"{name}(I - 1)"
        self.emit(f"#const cube_{name} = 0.")
        self.emit(f"space_slot_of({name}, I) :- cube_{name} = 0, I = 1..{bound}, "
                  f"I <= space_budget.")
        if kind.least:
            self.emit(f":- cube_{name} = 0, space_budget < {kind.least}.")
        self.emit(f"space_slot_of({name}, I) :- I = 1..cube_{name}.")
        self.emit(f"space_object({name}, {term}) :- space_slot_of({name}, I), I <= {kind.least}.")
        self.emit(f"{{ space_object({name}, {term}) }} :- space_slot_of({name}, I), "
                  f"I > {kind.least}.")
        self.emit(f":- space_object({name}, {term}), I > 1, "
                  f"not space_object({name}, {previous}).")
        if not kind.numbered:
            self.emit(f"space_slot({term}, {name}, I) :- space_object({name}, {term}).")
        if kind.cube:
            self.emit(f"space_cube({name}, N) :- N = #count {{ X : space_object({name}, X) }}.")
        self.emit(f"witness_cost(3, 1, X) :- space_object({name}, X).")

    def combinations(self, declared, variables):
        """Every shape of the arguments: one alternative per argument, a Joint's arguments
        taken together from one of its options."""
        groups, position = [], 0
        for domain in declared.args:
            if isinstance(domain, Joint):
                names = variables[position:position + domain.width]
                groups.append([shape for option in domain.options for shape in itertools.product(
                    *(self.alternatives(d, v) for d, v in zip(option, names)))])
                position += domain.width
            else:
                owner = (declared.name, variables[0], position)
                groups.append([(a,) for a in self.alternatives(domain, variables[position],
                                                                owner)])
                position += 1
        return [tuple(a for part in parts for a in part) for parts in itertools.product(*groups)]

    @staticmethod
    def key_shapes(combinations, length):
        """The distinct shapes of a key (one per kind of each of its Obj arguments), in
        order: one for an Obj of one kind."""
        shapes = []
        for combination in combinations:
            shape = combination[:length]
            if [tuple(a.body) for a in shape] not in [[tuple(a.body) for a in s] for s in shapes]:
                shapes.append(shape)
        return shapes

    def input(self, declared):
        name, arity, length = declared.name, declared.arity, declared.key_length
        variables = [f"X{j}" for j in range(arity)]
        atom = f"{name}({', '.join(variables)})"
        whole = _tuple(variables)
        key = _tuple(variables[:length])
        combinations = self.combinations(declared, variables)
        for shape in self.key_shapes(combinations, length):
            key_body = [literal for a in shape for literal in a.body]
            self.emit(f"space_keyed({name}, {key}) :- {', '.join(key_body) or '#true'}.")
        for combination in combinations:
            terms = _tuple(a.term for a in combination)
            body = [literal for a in combination for literal in a.body]
            rank = " + ".join(a.rank for a in combination)
            self.emit(f"space_candidate({name}, {terms}, {rank}) :- {', '.join(body) or '#true'}.")
        low, high = {ONE: ("1 ", " 1"), OPTIONAL: ("", " 1"), ANY: ("", "")}[declared.many]
        self.emit(f"{low}{{ {atom} : space_candidate({name}, {whole}, _) }}{high} :- "
                  f"space_keyed({name}, {key}).")
        self.emit(f"{name}(W, {', '.join(variables)}) :- world(W), {atom}.")
        self.emit(f"witness_cost(1, R, v({name}, {whole})) :- {atom}, "
                  f"space_candidate({name}, {whole}, R), R > 0.")
        if declared.usual:
            self.emit(f"space_has({name}, {key}) :- {atom}.")
            self.emit(f"witness_cost(2, 1, f({name}, {key})) :- space_keyed({name}, {key}), "
                      f"not space_has({name}, {key}).")
        elif declared.many != ONE:
            self.emit(f"witness_cost(2, 1, f({name}, {whole})) :- {atom}.")
        self.symmetry(declared, variables, combinations)
        self.open_values(declared)

    def open_values(self, declared):
        """With a theory solver (``open``): each open integer of a fact keyed by one
        object is a variable named by the fact, for every slot of the object's kind (0
        when the slot is not in the state). Its bounds hold when the object is in the
        state; its magnitude is the witness cost of its value (the chosen one's is its
        rank, ``|V|``)."""
        name = declared.name
        for position, domain in enumerate(declared.args):
            if not (self.open and isinstance(domain, Ints) and domain.open):
                continue
            if declared.many != ONE or declared.key_length != 1 or \
                    any(isinstance(d, Joint) for d in declared.args):
                raise TypeError(f"{name}: an open integer needs a ONE fact keyed by one object")
            variable = _open_variable(name, "X", position)
            lo, hi = domain.lo, domain.hi
            for kind in declared.args[0].kinds:
                term = "I" if kind in self.numbered else f"{kind}(I)"
                slot = f"space_slot_of({kind}, I), X = {term}"
                used = f"space_object({kind}, X)"
                self.emit(f"&dom {{ L..H }} = {variable} :- {slot}, L = ({lo} - |{lo}|) / 2, "
                          f"H = ({hi} + |{hi}|) / 2.")
                self.emit(f"&sum {{ {variable} }} >= {lo} :- {used}.")
                self.emit(f"&sum {{ {variable} }} <= {hi} :- {used}.")
                self.emit(f"&sum {{ {variable} }} = 0 :- {slot}, not space_object({kind}, X).")
                self.emit(f"witness_cost(1, 1, at_least({variable}, K)) :- {used}, "
                          f"K = 1..|{hi}|, &sum {{ {variable} }} >= K.")
                self.emit(f"witness_cost(1, 1, at_most({variable}, K)) :- {used}, "
                          f"K = 1..|{lo}|, &sum {{ {variable} }} <= -K.")

    def symmetry(self, declared, variables, combinations):
        """The state vector's positions of one input and their images. A ONE or OPTIONAL
        fact gives a position per value argument (so that a comparison of two values ranges
        over one argument's domain, not over the product of them all): ``at(P, Key, J)``
        with the J-th value, or ``none`` (1 or 0 for a fact with no values); an ANY fact its
        presence, ``has(P, Args)``."""
        name, length = declared.name, declared.key_length
        atom = f"{name}({', '.join(variables)})"
        key = _tuple(variables[:length])
        slots = range(length, len(variables)) if variables[length:] else (None,)

        def value(j, terms):
            return "1" if j is None else terms[j]

        def number(j):
            return 0 if j is None else j - length + 1
        if declared.many == ANY:
            self.emit(f"space_value(has({name}, {_tuple(variables)}), 1) :- {atom}.")
            self.emit(f"space_value(has({name}, {_tuple(variables)}), 0) :- "
                      f"space_candidate({name}, {_tuple(variables)}, _), not {atom}.")
        else:
            for j in slots:
                self.emit(f"space_value(at({name}, {key}, {number(j)}), {value(j, variables)}) "
                          f":- {atom}.")
        if declared.many == OPTIONAL:
            none = "0" if slots == (None,) else "none"
            if not declared.usual:
                self.emit(f"space_has({name}, {key}) :- {atom}.")
            shapes = self.key_shapes(combinations, length)
            for j in slots:
                self.emit(f"space_value(at({name}, {key}, {number(j)}), {none}) :- "
                          f"space_keyed({name}, {key}), not space_has({name}, {key}).")
                for shape in shapes:
                    key_images = "".join(f", {b}" for a in shape for b in a.image_body)
                    image_key = _tuple(a.image for a in shape)
                    # the key's kind, when it may be of several (its image ranges that kind)
                    kind_body = "".join(f", {b}" for a in shape for b in a.body) \
                        if len(shapes) > 1 else ""
                    self.emit(f"space_image_value(E, at({name}, {image_key}, {number(j)}), "
                              f"{none}) :- space_group_element(E), space_keyed({name}, {key}), "
                              f"not space_has({name}, {key}){kind_body}{key_images}.")
        for combination in combinations:
            terms = [a.term for a in combination]
            fact = f"{name}({', '.join(terms)})"
            images = [a.image for a in combination]
            if declared.many == ANY:
                image_body = "".join(f", {b}" for a in combination for b in a.image_body)
                candidate = f"space_candidate({name}, {_tuple(terms)}, _)"
                position = f"has({name}, {_tuple(images)})"
                self.emit(f"space_image_value(E, {position}, 1) :- space_group_element(E), "
                          f"{fact}{image_body}.")
                self.emit(f"space_image_value(E, {position}, 0) :- space_group_element(E), "
                          f"{candidate}, not {fact}{image_body}.")
                continue
            for j in slots:
                parts = combination[:length] + ((combination[j],) if j is not None else ())
                image_body = "".join(f", {b}" for a in parts for b in a.image_body)
                self.emit(f"space_image_value(E, at({name}, {_tuple(images[:length])}, "
                          f"{number(j)}), {value(j, images)}) :- space_group_element(E), "
                          f"{fact}{image_body}.")
        plain = all(isinstance(d, (Values, Ints)) for d in declared.args[length:])
        if declared.many == ONE and length == 1 and plain and variables[length:]:
            self.emit(f"space_key(X0, {self.sort_key(declared)}, {_tuple(variables[length:])}) "
                      f":- {atom}.")

    def sort_key(self, declared):
        kind = declared.args[0].kind
        same = [i for i in self.vocabulary.inputs
                if i.many == ONE and i.key_length == 1 and i.args[0].kind == kind]
        return same.index(declared) + 1

    def program(self):
        vocabulary = self.vocabulary
        # the objects a state may have beyond its cube's (a search below a witness already
        # found: cubes.search_cube's at_most), so that a kind no cube counts grounds no more
        # slots than that
        self.emit(f"#const space_budget = {UNLIMITED}.")
        for kind in vocabulary.kinds:
            self.kind(kind)
        for declared in vocabulary.inputs:
            self.input(declared)
        for name, arity in vocabulary.derived:
            variables = ", ".join(f"X{j}" for j in range(arity))
            self.emit(f"{name}(W, {variables}) :- world(W), {name}({variables}).")
        for name, row in vocabulary.fixed:
            arguments = ", ".join(str(to_symbol(value)) for value in row)
            self.emit(f"{name}({arguments}).")
            self.emit(f"{name}(W, {arguments}) :- world(W).")
        if vocabulary.features:
            def element(i):
                variables = [f"X{j}" for j in range(i.arity)]
                if i.usual:
                    key = _tuple(variables[:i.key_length])
                    return f"f({i.name}, {key}) : space_keyed({i.name}, {key}), " \
                           f"not space_has({i.name}, {key})"
                return f"f({i.name}, {_tuple(variables)}) : {i.name}({', '.join(variables)})"
            elements = "; ".join(element(i) for i in vocabulary.inputs if i.many != ONE)
            self.emit(f":- #count {{ {elements} }} > {vocabulary.features}.")
        return "\n".join(self.lines) + "\n"


def _open_variable(name, key, position):
    """The integer variable of an open value: argument ``position`` of ``name``'s fact
    about ``key``."""
    return f"open({name}, {key}, {position})"


UNLIMITED = 1000000


def program(vocabulary, open_values=False):
    """The space of ``vocabulary`` as program text (see the module's description); with
    ``open_values``, for a theory solver: its open integers are variables."""
    return _Generator(vocabulary, open_values).program()
