"""Input facts declared once, for both directions.

A rulebook declares, for each input fact, where in a state document its arguments live:
``Fact("state_character", KEY, Name("alignment"), "strength", "toughness")`` in the
records of ``characters``. From the same declaration :meth:`Facts.facts` makes the facts of a
validated state, and :meth:`Facts.document` makes the document back from facts (an analysis
witness), as clorm's ``Predicate`` maps a class to atoms both ways. A test checks that the
two are inverse on every example (tests/contract/test_declared_facts.py).

An argument of a fact is one of:

- ``KEY``: the record's key (its ``id``, or its position in the list: ``Records(key=...)``;
  a key of several fields is as many arguments; records with no key, ``key=None``, are
  read back by joining their facts); ``OUTER``: the key of the record it is nested in;
- a field path (``"strength"``, ``"weapon.short"``: dots go into nested mappings), or a
  :class:`Field` with converters; a field that is absent (``None``) means no fact, unless
  the field has a ``default``;
- :class:`Every`: one fact per element of a list field, or of those a condition selects,
  with as many arguments as an element gives, perhaps its position too (:class:`Items`: per
  entry of a mapping, two arguments; :class:`Elements`: a list of fixed length, an argument
  each);
- :class:`Which`: which one of several fields the record has (a record of one of several
  kinds);
- anything else is a literal (``Const("any")``): a fact of the declaration has it there, and
  a fact read back goes to the declaration whose literals it has.

:class:`Flag` declares a fact that says a field has one value (``state_out_of_battle`` for
``in_battle: false``), :class:`Present` one that says a field is given (an empty list is
not an absent one). What no declaration can say (a value that is another fact's, a list
whose order is a fact's argument) a rulebook writes as :class:`Custom`: both directions,
side by side.

A fact may be declared ``within`` a field (facts of records of one kind, when one predicate
serves several), with a value ``otherwise`` (what a record read back without it gets), or as
a ``source``: a fact the document is read back from (an analysis witness has it) that facts()
leaves out, as the bridge gives what it derives from it instead (chronopia's positions).
"""

from bisect import insort
from copy import deepcopy
from itertools import product

from ..engine.symbols import Const, fact, unpack

KEY, OUTER = "<key>", "<outer key>"


class Field:
    """A field of the record (a dot path); ``to`` gives the fact's value from the document's
    and ``back`` the document's from the fact's (both ``(value, context)``). ``default``: the
    value an absent field stands for (the default validate leaves to the facts); read back,
    the field is written out."""

    def __init__(self, path, to=None, back=None, raw=False, default=None):
        self.path, self.to, self.back = path, to, back
        self.raw = raw          # ``back`` reads the fact's clingo symbol, not its value
        self.default = default

    def alternatives(self, record, context):
        value = _get(record, self.path)
        if value is None:
            value = self.default
        if value is None:
            return []
        return [(value if self.to is None else self.to(value, context),)]

    def put(self, record, values, context):
        (value,) = values
        _set(record, self.path, value if self.back is None else self.back(value, context))


def Name(path, names=None):
    """A field whose value is a name of the rules' vocabulary (a clingo constant); with
    ``names``, only a value among them is (any other is text, a string)."""
    return Field(path, lambda value, _: Const(value) if names is None or value in names
                 else value)


def Boolean(path):
    """A field whose value is true or false (the constants ``true`` and ``false``)."""
    return Field(path, back=lambda value, _: value in (True, "true"))


class Every(Field):
    """One fact per element of the list field ``path``, of those ``when(element)`` holds for
    (a list of several shapes, each its own fact). With ``width=n``, ``to`` gives an
    element's n arguments (a tuple) and ``back`` the element from them; with ``numbered=n``,
    the element's position (counted from n) comes first, and an element read back goes to
    its place; with ``order``, the elements read back are kept sorted by it (e.g. ``str``)."""

    def __init__(self, path, to=None, back=None, raw=False, when=None, width=1, numbered=None,
                 order=None):
        super().__init__(path, to, back, raw)
        self.when, self.arity, self.numbered, self.order = when, width, numbered, order
        self.width = width + (numbered is not None)

    def alternatives(self, record, context):
        out = []
        for position, value in enumerate(_get(record, self.path) or ()):
            if self.when is not None and not self.when(value):
                continue
            value = value if self.to is None else self.to(value, context)
            value = tuple(value) if self.arity > 1 else (value,)
            out.append(value if self.numbered is None else (position + self.numbered, *value))
        return out

    def put(self, record, values, context):
        if self.numbered is not None:
            position, *values = values
        value = values[0] if self.arity == 1 else tuple(values)
        value = value if self.back is None else self.back(value, context)
        items = _list(record, self.path)
        if self.numbered is not None:
            at = position - self.numbered
            items.extend([None] * (at + 1 - len(items)))
            items[at] = value
        elif self.order is not None:
            insort(items, value, key=self.order)
        else:
            items.append(value)


class Elements(Field):
    """The list field ``path`` of ``count`` elements (a point ``[x, y]``): an argument each,
    ``to`` and ``back`` converting each element."""

    def __init__(self, path, count, to=None, back=None):
        super().__init__(path, to, back)
        self.width = count

    def alternatives(self, record, context):
        value = _get(record, self.path)
        if value is None:
            return []
        return [tuple(v if self.to is None else self.to(v, context) for v in value)]

    def put(self, record, values, context):
        _set(record, self.path, [v if self.back is None else self.back(v, context)
                                 for v in values])


class Which(Field):
    """Which of the fields ``names`` the record has (a record of one of several kinds, each
    a field of its own: a schema's ``exactly_one``), as a constant. Read back, that field is
    made: a mapping, which the record's other declarations fill."""

    def __init__(self, names):
        super().__init__(None)
        self.names = tuple(names)

    def alternatives(self, record, context):
        return [(Const(name),) for name in self.names if _get(record, name) is not None]

    def put(self, record, values, context):
        (name,) = values
        if _get(record, name) is None:
            _set(record, name, {})


class Items(Field):
    """One fact per entry of the mapping field ``path``: its key and its value."""
    width = 2

    def alternatives(self, record, context):
        return [(key if self.to is None else self.to(key, context), value)
                for key, value in (_get(record, self.path) or {}).items()]

    def put(self, record, values, context):
        key, value = values
        _set(record, f"{self.path}.{key}", value)


class Fact:
    """An input fact over the records of a list (or the document itself): its arguments, and
    ``when(record)``, a condition besides its fields being present. ``within``: a field
    path; only a record that has it has the fact, and a fact read back goes only to a record
    that has it (made by the declarations before: :class:`Which`). ``otherwise``: the value
    of the fact's field in a record read back without the fact (of one field only).
    ``source``: read back, never made (see the module's doc)."""

    def __init__(self, name, *args, when=None, within=None, otherwise=None, source=False):
        self.name, self.when, self.within = name, when, within
        self.otherwise, self.source = otherwise, source
        self.args = tuple(Field(a) if isinstance(a, str) and a not in (KEY, OUTER) else a
                          for a in args)

    def belongs(self, record):
        return self.within is None or _get(record, self.within) is not None

    @property
    def path(self):
        """The path of the fact's one field (for ``otherwise``)."""
        (field,) = (arg for arg in self.args if isinstance(arg, Field))
        return field.path

    def facts(self, record, key, outer, context):
        if self.when is not None and not self.when(record) or not self.belongs(record):
            return []
        columns = []
        for arg in self.args:
            if arg is KEY or arg is OUTER:
                value = key if arg is KEY else outer
                columns.append([value if isinstance(value, tuple) else (value,)])
            elif isinstance(arg, Field):
                columns.append(arg.alternatives(record, context))
            else:
                columns.append([(arg,)])
        return [(self.name, *(value for part in row for value in part))
                for row in product(*columns)]

    def split(self, values, arguments, width_of_key, width_of_outer):
        """The fact's values by argument (its symbols for a raw field), or None when its
        literals are not this one's."""
        parts, at = [], 0
        for arg in self.args:
            width = width_of_key if arg is KEY else width_of_outer if arg is OUTER else \
                getattr(arg, "width", 1)
            part = values[at:at + width]
            at += width
            if not isinstance(arg, Field) and arg not in (KEY, OUTER) and \
                    part != (_plain(arg),):
                return None
            parts.append(arguments[at - width:at] if getattr(arg, "raw", False) else part)
        return parts if at == len(values) else None

    def put(self, record, parts, context):
        for arg, part in zip(self.args, parts):
            if isinstance(arg, Field):
                arg.put(record, part, context)


class Flag(Fact):
    """A fact of the record's key alone, there when field ``path`` is ``value``; a record
    without it gets ``otherwise`` (unless that is None: the field is then left out)."""

    def __init__(self, name, path, value=True, otherwise=None, within=None):
        super().__init__(name, KEY, when=lambda record: _get(record, path) == value,
                         within=within, otherwise=otherwise)
        self._path, self.value = path, value

    @property
    def path(self):
        return self._path

    def put(self, record, parts, context):
        _set(record, self.path, self.value)


class Present(Fact):
    """A fact of the record's key alone, there when field ``path`` is given (not None): an
    optional list given empty is not one left out (b5's ``retreat_to``). Read back, the
    field is ``empty`` unless other facts fill it."""

    def __init__(self, name, path, empty=list):
        super().__init__(name, KEY, when=lambda record: _get(record, path) is not None)
        self._path, self.empty = path, empty

    @property
    def path(self):
        return self._path

    def put(self, record, parts, context):
        if _get(record, self.path) is None:
            _set(record, self.path, self.empty())


class Custom:
    """Facts no declaration above can say: ``facts(state, context)`` gives them (as
    ``(name, value, ...)`` tuples) and ``put(document, rows, context)`` puts them back
    (``rows``: by name, the ``(values, symbols)`` of each fact, sorted)."""

    def __init__(self, names, facts, put):
        self.names, self.make, self.put = tuple(names), facts, put


class Records:
    """The records of the list field ``path`` (of the document, or of the record a
    collection is nested in), each identified by ``key``: a field path, a tuple of them (a
    record identified by a pair of fields), or ``"#0"`` / ``"#1"`` for its position counted
    from 0 or 1. The first fact declared makes the records
    read back; the others add to them (a fact of a record of another list is left to that
    list: redemption's characters and cards share ``state_brigade``). ``order`` sorts the
    records read back (by default by key); ``always`` keeps an empty list in the document;
    ``any_makes``: a fact of any of its declarations makes a record (a record of optional
    fields only, no fact of its own).

    With ``key=None`` the records have no key of their own (their facts no ``KEY``, and
    nothing nests in them): the first declaration's facts make them, and a later one's fact
    extends each record it agrees with on the fields both have, a record it extends twice
    being copied (a left join: hkk's immunities, each perhaps granted by a card)."""

    def __init__(self, path, *facts, key="id", order=None, always=False, nested=(),
                 any_makes=False):
        self.path, self.facts_, self.key, self.order = path, facts, key, order
        self.always, self.nested, self.any_makes = always, nested, any_makes

    def records(self, container):
        for position, record in enumerate(_get(container, self.path) or ()):
            if self.key is None:
                yield None, record
            elif isinstance(self.key, tuple):
                yield tuple(_get(record, k) for k in self.key), record
            elif self.key.startswith("#"):
                yield position + int(self.key[1:]), record
            else:
                yield _get(record, self.key), record


class Facts:
    """A rulebook's input facts: declarations over the document's own fields (``top``) and
    over its lists (``Records``), and ``context(state)`` / ``context_of(rows)``: what
    converters need to know of the whole document (b5's phases)."""

    def __init__(self, rulebook, *top, records=(), custom=(), context=None, context_of=None,
                 spec=None):
        self.rulebook, self.top, self.collections, self.custom = rulebook, top, records, custom
        self.spec = spec                    # the document's schema: the order of its keys
        self.context = context or (lambda state: None)
        self.context_of = context_of or (lambda rows: None)

    def facts(self, state):
        """The validated ``state``'s input facts (clingo symbols)."""
        context, out = self.context(state), []
        for declared in self.top:
            if not declared.source:
                out += declared.facts(state, None, None, context)
        for collection in self.collections:
            out += self._collection_facts(collection, state, None, context)
        for custom in self.custom:
            out += custom.make(state, context)
        return [fact(*row) for row in out]

    def _collection_facts(self, collection, container, outer, context):
        out = []
        for key, record in collection.records(container):
            for declared in collection.facts_:
                if not declared.source:
                    out += declared.facts(record, key, outer, context)
            for child in collection.nested:
                out += self._collection_facts(child, record, key, context)
        return out

    @property
    def witness_inputs(self):
        """(name, arity) of the source facts (a rulebook's ``witness_inputs``)."""
        found = [(d.name, sum(getattr(a, "width", 1) for a in d.args))
                 for d in self.top if d.source]

        def walk(collection, outer):
            for d in collection.facts_:
                if d.source:
                    found.append((d.name, sum(_width(collection.key) if a is KEY else outer
                                              if a is OUTER else getattr(a, "width", 1)
                                              for a in d.args)))
            for child in collection.nested:
                walk(child, _width(collection.key))
        for collection in self.collections:
            walk(collection, 0)
        return tuple(dict.fromkeys(found))

    def document(self, facts):
        """A state document from input facts (clingo symbols, without a world)."""
        rows = {}
        for symbol in facts:
            name, values, arguments = unpack(symbol)
            rows.setdefault(name, []).append((values, arguments))
        for found in rows.values():
            found.sort(key=lambda row: repr(row[0]))
        context = self.context_of(rows)
        doc = {"rulebook": self.rulebook}
        for declared in self.top:
            for values, arguments in rows.get(declared.name, ()):
                parts = declared.split(values, arguments, 0, 0)
                if parts is not None and declared.belongs(doc):
                    declared.put(doc, parts, context)
        for collection in self.collections:
            self._collection_document(collection, doc, rows, context, None, 0)
        for custom in self.custom:
            custom.put(doc, rows, context)
        return doc if self.spec is None else in_order(doc, self.spec)

    def _collection_document(self, collection, doc, rows, context, parents, outer_width):
        """Records of ``collection`` read back into ``doc``, or into ``parents`` (records
        by key, ``outer_width`` arguments) when it is nested in another collection."""
        if collection.key is None:
            return self._joined(collection, doc, rows, context, parents)
        nested, found, composite = parents is not None, {}, isinstance(collection.key, tuple)
        for number, declared in enumerate(collection.facts_):
            for values, arguments in rows.get(declared.name, ()):
                parts = declared.split(values, arguments, _width(collection.key), outer_width)
                if parts is None:
                    continue
                by = dict(zip(declared.args, parts))
                outer = (by[OUTER] if outer_width > 1 else by[OUTER][0]) if OUTER in by \
                    else None
                if nested and outer not in parents:
                    continue
                key = tuple(by[KEY]) if composite else by[KEY][0]
                record = found.get((outer, key))
                if record is None and number and not collection.any_makes:
                    continue            # of a record of another list (the first makes them)
                if record is None:
                    record = found[(outer, key)] = \
                        dict(zip(collection.key, key)) if composite else \
                        {} if collection.key.startswith("#") else {collection.key: key}
                elif not declared.belongs(record):
                    continue
                declared.put(record, parts, context)
        for declared in collection.facts_:
            if declared.otherwise is not None:
                for record in found.values():
                    if declared.belongs(record) and _get(record, declared.path) is None:
                        _set(record, declared.path, deepcopy(declared.otherwise))
        for child in collection.nested:
            self._collection_document(child, doc, rows, context,
                                      {key: record for (_, key), record in found.items()},
                                      _width(collection.key))
        _place(collection, doc, parents,
               [(outer, record) for (outer, _), record in
                sorted(found.items(), key=lambda item: (repr(item[0][0]), item[0][1]))])

    def _joined(self, collection, doc, rows, context, parents):
        """Records of a collection without keys (``Records(key=None)``) read back: the
        first declaration's, each joined with the later ones' that agree with it."""
        nested = parents is not None

        def read(declared):
            seen = set()                # a fact given twice is one fact (not two records)
            for values, arguments in rows.get(declared.name, ()):
                parts = declared.split(values, arguments, 0, 1 if nested else 0)
                if parts is None or values in seen:
                    continue
                seen.add(values)
                outer = dict(zip(declared.args, parts)).get(OUTER, (None,))[0]
                if not nested or outer in parents:
                    record = {}
                    declared.put(record, parts, context)
                    yield outer, record

        first, *later = collection.facts_
        found = list(read(first))
        for declared in later:
            extensions, joined = list(read(declared)), []
            for outer, record in found:
                agreeing = [extension for other, extension in extensions
                            if other == outer and _agree(record, extension)]
                joined += [(outer, {**record, **extension}) for extension in agreeing] \
                    or [(outer, record)]
            found = joined
        _place(collection, doc, parents, found)


def _place(collection, doc, parents, found):
    """The records read back (``(outer key, record)``, in order) put into their lists: of
    the document, or of the records they are nested in (``parents``, by key)."""
    by_parent = {}
    for outer, record in found:
        by_parent.setdefault(outer, []).append(record)
    for outer, records in by_parent.items():
        if collection.order is not None:
            records.sort(key=collection.order)
        _set(doc if parents is None else parents[outer], collection.path, records)
    if collection.always and parents is None:
        doc.setdefault(collection.path, [])


def in_order(value, spec):
    """``value`` with each record's keys in the order ``spec`` (a schema spec) lists them."""
    from ..documents.schema import ListOf, Opt, Record
    if isinstance(spec, Opt):
        spec = spec.spec
    if isinstance(spec, Record) and isinstance(value, dict):
        known = [k for k in spec.fields if k in value]
        return {**{k: in_order(value[k], spec.fields[k]) for k in known},
                **{k: v for k, v in value.items() if k not in spec.fields}}
    if isinstance(spec, ListOf) and isinstance(value, list):
        return [in_order(v, spec.item) for v in value]
    return value


def _plain(value):
    """A literal as a fact read back gives it (unpack: names and booleans as text)."""
    if isinstance(value, Const):
        return value.name
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def _agree(record, other):
    """Whether two records have the same value for every field they both have."""
    return all(record[field] == other[field] for field in record.keys() & other.keys())


def _width(key):
    """How many arguments a record's key is."""
    return len(key) if isinstance(key, tuple) else 1


def _get(record, path):
    for part in path.split("."):
        if not isinstance(record, dict):
            return None
        record = record.get(part)
    return record


def _set(record, path, value):
    *parts, last = path.split(".")
    for part in parts:
        record = record.setdefault(part, {})
    record[last] = value


def _list(record, path):
    *parts, last = path.split(".")
    for part in parts:
        record = record.setdefault(part, {})
    return record.setdefault(last, [])
