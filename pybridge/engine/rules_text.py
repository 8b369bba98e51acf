"""Reading a rules file given on the command line (a draft, a property file) as data: its
size bounded, UTF-8, no ``#include`` (refused before the text reaches clingo's parser, which
would read the file it names), parsed with every error naming the file, line and column."""

import re

from ..documents.loading import read_source
from ..errors import InputError, RulesFileError
from .encoding import RULE_COMMENT, annotated_rule

MAX_BYTES = 1 << 20
# the statements no rules file may hold, by AST type, with the directive's name
DIRECTIVES = {
    "Script": "#script", "External": "#external", "ShowSignature": "#show",
    "ShowTerm": "#show", "Program": "#program", "Definition": "#const",
    "Defined": "#defined", "Minimize": "#minimize (a weak constraint)",
    "ProjectAtom": "#project", "ProjectSignature": "#project", "Edge": "#edge",
    "Heuristic": "#heuristic", "TheoryDefinition": "#theory",
}


def read_statements(path):
    """The lines of the file ``path`` and its statements (clingo AST, comments and the
    ``#program base.`` the parser puts first left out), else RulesFileError."""
    try:
        data = read_source(path, MAX_BYTES)
    except InputError as error:
        raise RulesFileError(error.message, source=error.source or path) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RulesFileError(f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset "
                             f"{error.start})", source=path) from None
    where = _directive_outside_comments(text, "#include")
    if where:
        refuse(path, *where, "#include is not allowed: a rules file never reads another file")
    lines = text.splitlines()
    return lines, [s for s in _parse(path, text) if not _implicit(s, lines)]


def where(path, line, column):
    return f"{path}:{line}:{column}"


def refuse(path, line, column, message):
    raise RulesFileError(message, source=where(path, line, column))


# one left-to-right pass over what can hide a '#': a block comment, a line comment, a string
_HIDING = re.compile(r'%\*.*?\*%|%[^\n]*|"(?:[^"\\\n]|\\.)*"', re.S)


def _directive_outside_comments(text, word):
    """(line, column) of the first ``word`` (``#include``) outside comments and strings."""
    position = 0
    for match in _HIDING.finditer(text + "\n"):
        found = text.find(word, position, match.start())
        if found >= 0:
            return _line_column(text, found)
        position = match.end()
    found = text.find(word, position)
    return _line_column(text, found) if found >= 0 else None


def _line_column(text, offset):
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _parse(path, text):
    from clingo import ast
    messages, statements = [], []

    def logger(_code, message):
        messages.append(message)
    try:
        ast.parse_string(text, statements.append, logger=logger)
    except RuntimeError:
        for message in messages:
            match = re.match(r"<string>:(\d+):(\d+)(?:-[\d:]+)?: (?:error: )?(.*)", message)
            if match:
                refuse(path, int(match.group(1)), int(match.group(2)),
                       " ".join(match.group(3).split()))
        raise RulesFileError("cannot be parsed as a rules file", source=path) from None
    return [s for s in statements if s.ast_type != ast.ASTType.Comment]


def _implicit(statement, lines):
    """Whether a statement is the ``#program base.`` the parser puts first, not the file's."""
    if statement.ast_type.name != "Program":
        return False
    begin = statement.location.begin
    line = lines[begin.line - 1] if 0 < begin.line <= len(lines) else ""
    return not line[begin.column - 1:].lstrip().startswith("#program")


def ids_by_line(lines):
    """For each line number (1-based), the ID of the last ``% [ID]`` line at or above it."""
    current, by_line, catalogue = None, [None], {}
    for number, line in enumerate(lines, 1):
        match = RULE_COMMENT.match(line.strip())
        if match:
            current = match.group(1)
            if current not in catalogue:
                catalogue[current] = annotated_rule(current, match.group(2),
                                                    lines[number:number + 80])
        by_line.append(current)
    return by_line, catalogue
