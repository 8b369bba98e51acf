"""The lines of a rulebook's encoding that belong to one rule ID (``rulings explain``).

A line of ``asp/<rulebook>/*.lp`` belongs to rule ID X when it is
- in a block of X: a ``% [X] ...`` comment line and the lines after it up to the next blank
  line or the next ``% [...]`` comment (a statement begun in the block is taken whole); the
  ``% source:`` and ``% gloss:`` lines are left out, as they are shown apart; or
- in a statement (a rule, fact or constraint, all its lines) whose text names ``"X"`` with
  its quotes: the ``in_force("X")`` guard, the citations ``ruled_by(..., "X")`` and
  ``also_cites(..., "X")``, the edition lists, invariants and state spaces.
Files come in the rulebook's source order (its rule files), then the others by name.
"""

import re
from functools import lru_cache

from clingo import ast

from ..engine.encoding import ANNOTATION, CONTINUED, RULE_COMMENT, asp_root, silent


@lru_cache(maxsize=None)
def _statements(path):
    """(first line, last line) of every statement of a file, comments left out."""
    found = []
    ast.parse_string(path.read_text(encoding="utf-8"), found.append, logger=silent)
    return tuple((s.location.begin.line, s.location.end.line) for s in found
                 if s.ast_type not in (ast.ASTType.Comment, ast.ASTType.Program))


def _block_lines(lines, rule_id):
    """Line numbers (1-based) of the blocks of ``rule_id``, without its annotations."""
    numbers, inside, notes = set(), False, None
    for number, line in enumerate(lines, 1):
        text = line.strip()
        match = RULE_COMMENT.match(text)
        if match:
            inside, notes = match.group(1) == rule_id, "may start"
        elif not text:
            inside = False
        if not inside:
            continue
        if not match and notes:     # the ID's source and gloss, shown apart
            if ANNOTATION.match(text) or (notes == "started" and CONTINUED.match(text)):
                notes = "started"
                continue
            notes = None
        numbers.add(number)
    return numbers


def _lines_of(path, rule_id):
    lines = path.read_text(encoding="utf-8").splitlines()
    numbers = _block_lines(lines, rule_id)
    mention = re.compile(re.escape(f'"{rule_id}"'))
    for first, last in _statements(path):
        span = range(first, last + 1)
        if numbers.intersection(span) or mention.search("\n".join(lines[first - 1:last])):
            numbers.update(span)
    return [(n, lines[n - 1]) for n in sorted(numbers)]


def files(book):
    """Every ``.lp`` file of the rulebook: its rule files in source order, then the rest."""
    folder = asp_root() / book.name
    ordered = [folder / name for name in book.rule_files]
    return ordered + sorted(p for p in folder.glob("*.lp") if p not in ordered)


def rule_lines(book, rule_id):
    """``[{"file", "line", "text"}]``: the encoding's lines for ``rule_id``, file names
    relative to ``asp/``."""
    return [{"file": f"{book.name}/{path.name}", "line": number, "text": text.rstrip()}
            for path in files(book) for number, text in _lines_of(path, rule_id)]
