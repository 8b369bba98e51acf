"""What every rulebook module declares, and what they share."""

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

    @cached_property
    def encoding(self):
        return Encoding(self.name, self.rule_files, self.core_files)

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
        analysis witnesses."""
        return self.declared.document(facts)
