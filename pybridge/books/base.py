"""What every rulebook module declares, and what they share."""

import copy
import re
from functools import cached_property
from typing import Callable

from ..documents.fields import Fields
from ..documents.schema import Enum, Opt, Record, Str
from ..engine.encoding import Encoding


class RulingKind(Fields):
    """One kind of ruling: the ruling term's arguments, in order, as named JSON fields, and
    how a judge would say it (``text`` gets the ruling as a dict)."""

    name: str
    fields: tuple
    text: Callable


def state_document(rulebook, default_edition, fields, about, **options):
    """The schema of a rulebook's state document: its own ``fields`` after the two every
    document has, ``rulebook`` (its name) and ``edition`` (optional: the rulebook's
    ``default_edition`` unless given)."""
    return Record({"rulebook": Enum((rulebook,)), "edition": Opt(Str()), **fields}, about={
        "rulebook": f"the rulebook: {rulebook}",
        "edition": f"the edition to rule by (default {default_edition}; --edition overrides "
                   "it)", **about}, **options)


_GENERATED = re.compile(r"([a-z_]+?)(\d+)")


def _records(value, section=None):
    """(section, record) of every record with an id in a document, nested ones too."""
    if isinstance(value, dict):
        if "id" in value:
            yield section, value
        for key, inner in value.items():
            yield from _records(inner, key)
    elif isinstance(value, list):
        for item in value:
            yield from _records(item, section)


def renamed(value, names):
    """``value`` (a document, rulings) with every string that is a key of ``names`` replaced
    by its new name."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: renamed(inner, names) for key, inner in value.items()}
    return value


class Rulebook:
    name = ""
    description = ""
    rule_files = ()          # files of asp/<name>/, in the order of the source
    core_files = ()          # shared mechanics of asp/core/ the rules use (e.g. dice.lp)
    default_edition = ""
    kinds = ()               # RulingKind, in output order
    bounds = ()              # books.bound.Bound: the state space's bounds
    listing_bounds = {}      # smaller defaults for enumerate and diff, by bound name
    diff_bounds = {}         # diff's own, over those (it lists only the states that change)
    answers_queries = False  # its rulings name the query they answer (answers/2 atoms)
    vocabulary = None        # inputs.Vocabulary: the input facts, from which the analysis
                             # generates the state space (analysis/generate.py)
    open_values = False      # its space's integer fields are variables of a theory solver in
                             # searches (check, errata): analysis/theory.py
    chosen_values = ()       # invariants whose arithmetic sums input values (#sum): searched
                             # with the values chosen, not open
    spec = None              # schema.Record: the state document (validation, JSON Schema)
    declared = None          # books.declared.Facts: the input facts of a document, from
                             # which facts() and document() follow
    sample = None            # a valid document using every field: `rulings new`'s example
                             # values (pybridge/documents/document_template.py)
    property_files = ()      # a committee's own invariants, checked beside the rulebook's
                             # (with_properties; engine/properties.py reads them)

    @cached_property
    def encoding(self):
        return Encoding(self.name, self.rule_files, self.core_files)

    def drafted(self, paths):
        """This rulebook with the drafts in files ``paths`` (pybridge/engine/drafts.py): a
        copy whose encoding holds their rules and editions too (InputError for a draft
        that is refused)."""
        from ..engine.drafts import DraftedEncoding, read_all
        from .draft_vocabulary import readable
        drafts = read_all(paths, self.encoding, readable(self))
        book = self._copy()
        vars(book)["encoding"] = DraftedEncoding(self.encoding, drafts)
        return book

    def with_properties(self, paths):
        """This rulebook with the property files ``paths``: a copy whose analysis reads
        them and checks their parts beside its invariants (analysis/program.py)."""
        book = self._copy(keep=("encoding",))
        book.property_files = tuple(paths)
        return book

    def _copy(self, keep=()):
        """A copy of this rulebook without what it worked out (its cached properties), but
        those named in ``keep``."""
        book = copy.copy(self)
        for name in list(vars(book)):
            if name not in keep and isinstance(getattr(type(book), name, None),
                                               cached_property):
                del vars(book)[name]
        return book

    @cached_property
    def kind_by_name(self):
        return {kind.name: kind for kind in self.kinds}

    @cached_property
    def kind_order(self):
        return {kind.name: index for index, kind in enumerate(self.kinds)}

    @property
    def witness_inputs(self):
        """(predicate, arity) of input facts no rule reads that witnesses need to become
        documents (the declared facts' sources: chronopia's positions, from which the
        bridge computes the geometry the rules read)."""
        return self.declared.witness_inputs

    def space_facts(self, bounds):
        """Facts the state space needs from the bridge (e.g. the geometry of its grid)."""
        return []

    def validate(self, document):
        """The document checked and normalised (raises InputError naming the path)."""
        raise NotImplementedError

    def facts(self, state):
        """The validated state as clingo symbols (facts)."""
        return self.declared.facts(state)

    def document(self, facts):
        """A state document from input facts (without a world): the inverse of facts(), for
        analysis witnesses; objects named by their role (:meth:`named`)."""
        return self.named(facts)[0]

    def named(self, facts):
        """The witness document of ``facts`` and the names it gives its objects: the space
        names an object by its kind and slot (``character2``); a witness names it by its
        role, numbered in document order (``hero 1``, ``evil 1``: :meth:`role_of`, else its
        kind: ``immunity 1``)."""
        document = self.declared.document(facts)
        kinds = {kind.name for kind in self.vocabulary.kinds} if self.vocabulary else set()
        names, counts = {}, {}
        for section, record in _records(document):
            ident = record.get("id")
            generated = isinstance(ident, str) and _GENERATED.fullmatch(ident)
            if not generated or generated.group(1) not in kinds or ident in names:
                continue
            role = self.role_of(section, record) or generated.group(1)
            counts[role] = counts.get(role, 0) + 1
            names[ident] = f"{role} {counts[role]}"
        return renamed(document, names), names

    def role_of(self, section, record):
        """The role an object of a witness is named by (its record, under ``section``), or
        None: its kind."""
        return None

    def sentences(self, rulings):
        """Each ruling as a judge says it (its kind's text), without its citations."""
        return [self.kind_by_name[ruling["kind"]].text(ruling) for ruling in rulings]
