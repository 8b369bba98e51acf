"""The derived predicates a rulebook declares public: what a draft may read (issue 53).

A rule file declares them in comments that Python reads as data (the program never runs
for it), next to the rules that derive them::

    %@ public in_battle(C): C is in the battle (every character not out of it)
    %@   C: a character (its id)
    %@ hook counts_negative(ID): rule ID carries RED-IMM-3's 'unless it is negative'
    %@   ID: a rule ID (a string)

``public`` declares a predicate a draft may read; ``hook`` one it may read and also define
(its rules then give it beside the rulebook's). Each argument has a line of its own,
``%@   Name: meaning``, in the order of the arguments; a line indented further goes on with
the text above it. Every other derived predicate is the rulebook's own, and may change.
"""

import re

from ..documents.fields import Fields

_HEAD = re.compile(r"^%@\s*(public|hook)\s+([a-z_][A-Za-z0-9_]*)(?:\(([^)]*)\))?\s*:\s*(.*)$")
_ARGUMENT = re.compile(r"^%@\s{2,3}([A-Z_][A-Za-z0-9_]*)\s*:\s*(.*)$")
_MORE = re.compile(r"^%@\s{4,}(\S.*)$")


class Argument(Fields):
    name: str
    meaning: str


class Public(Fields):
    name: str
    arguments: tuple        # Argument, in order
    description: str
    hook: bool = False      # a draft may define it too
    where: str = ""         # file:line of its declaration

    @property
    def arity(self):
        return len(self.arguments)

    @property
    def signature(self):
        return self.name, self.arity


class DeclarationError(ValueError):
    """A ``%@`` line that cannot be read, naming its file and line."""


def declared(paths):
    """The public predicates declared in files ``paths`` (Public, in file order); a
    DeclarationError for a ``%@`` line that is not a declaration, an argument without its
    meaning or a predicate declared twice."""
    found, seen = [], {}
    for path in paths:
        found += _declared_in(path, seen)
    return tuple(found)


def _declared_in(path, seen):
    found, current, names, lines = [], None, [], _lines(path)
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line.startswith("%@"):
            continue
        where = f"{path}:{number}"
        head, argument, more = _HEAD.match(line), _ARGUMENT.match(line), _MORE.match(line)
        if head:
            _complete(current, names, where)
            kind, name, arguments, text = head.groups()
            names = [a.strip() for a in arguments.split(",")] if arguments else []
            current = {"name": name, "hook": kind == "hook", "description": [text],
                       "arguments": [], "where": where}
            signature = (name, len(names))
            if signature in seen:
                raise DeclarationError(f"{where}: {name}/{len(names)} is declared already "
                                       f"at {seen[signature]}")
            seen[signature] = where
            found.append(current)
        elif current is not None and more:
            target = current["arguments"][-1] if current["arguments"] else current
            target["meaning" if current["arguments"] else "description"].append(more.group(1))
        elif current is not None and argument:
            expected = names[len(current["arguments"])] \
                if len(current["arguments"]) < len(names) else None
            if argument.group(1) != expected:
                raise DeclarationError(f"{where}: expected the meaning of "
                                       f"{expected or 'no more arguments'}, not of "
                                       f"{argument.group(1)}")
            current["arguments"].append({"name": expected, "meaning": [argument.group(2)]})
        else:
            raise DeclarationError(f"{where}: not a declaration ('%@ public name(Args): "
                                   "meaning', then '%@   Arg: meaning' for each argument)")
    _complete(current, names, f"{path}:{len(lines)}")
    return [Public(p["name"], tuple(Argument(a["name"], _joined(a["meaning"]))
                                    for a in p["arguments"]),
                   _joined(p["description"]), p["hook"], p["where"]) for p in found]


def _complete(current, names, where):
    if current is not None and len(current["arguments"]) < len(names):
        missing = names[len(current["arguments"])]
        raise DeclarationError(f"{where}: {current['name']}/{len(names)} (declared at "
                               f"{current['where']}) gives no meaning for {missing}")


def _joined(parts):
    return " ".join(" ".join(parts).split())


def _lines(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read().splitlines()
