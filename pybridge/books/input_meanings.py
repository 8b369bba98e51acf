"""What each argument of an input fact means, in words, from the declarations that exist
already (nothing here is a second list of the input facts):

- the domain the analysis generates it from (``inputs.Input``: "one of good, evil", "a card
  or character");
- the document field the bridge makes it from (``declared.Fact``: ``characters[].strength``);
- the argument names and the line of the input comment of the rule files
  (``%   state_character(C, Align, S, T)     a character: ...`` in ``asp/<book>/*.lp``).
"""

import json
import re

from ..documents.inputs import Joint, Names, Numbers, Obj, Ref, Tagged, Union, Values
from .declared import KEY, OUTER, Every, Field, Items, Which

_SIGNATURE = re.compile(r"\b(state_[a-z_0-9]+)\(([^()]*)\)")


def domain_words(domain):
    """A domain of inputs.py in words."""
    if isinstance(domain, (Obj, Ref)):
        kinds = " or ".join(k.replace("_", " ") for k in domain.kinds)
        return f"{'an' if kinds[0] in 'aeiou' else 'a'} {kinds} (its id)"
    if isinstance(domain, Names):
        return f"a string (e.g. {', '.join(map(_shown, domain.values))})"
    if isinstance(domain, Numbers) or isinstance(domain, Values) and _integers(domain):
        # the numbers the state space tries: a document may give others
        return f"an integer (e.g. {', '.join(map(str, domain.values))})"
    if isinstance(domain, Values):
        shown = [_shown(v) for v in domain.values]
        return f"the value {shown[0]}" if len(shown) == 1 else f"one of {', '.join(shown)}"
    if isinstance(domain, Tagged):
        return f"{domain.name}(X), X {domain_words(domain.inner)}"
    if isinstance(domain, Union):
        return " or ".join(domain_words(option) for option in domain.options)
    if isinstance(domain, tuple):
        return ", ".join(domain_words(d) for d in domain)
    return "an integer"                                     # Ints


def _integers(domain):
    return all(isinstance(v, int) and not isinstance(v, bool) for v in domain.values)


def _shown(value):
    """A value as a rule writes it: a string in quotes, a constant or a number bare."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(getattr(value, "name", value))


def argument_domains(declared_input):
    """The words for each argument of an ``inputs.Input`` (a Joint spans several)."""
    words = []
    for domain in declared_input.args:
        if isinstance(domain, Joint):
            for position in range(domain.width):
                words.append(domain_words(_merged([o[position] for o in domain.options])))
        else:
            words.append(domain_words(domain))
    return words


def _merged(domains):
    """The domains of one argument of a Joint's options as one: values of one class (plain
    values, names, numbers) together."""
    merged, rest = {}, []
    for domain in domains:
        if type(domain) in (Values, Names, Numbers):
            merged.setdefault(type(domain), []).extend(domain.values)
        elif domain not in rest:
            rest.append(domain)
    parts = [kind(*dict.fromkeys(values)) for kind, values in merged.items()] + rest
    return parts[0] if len(parts) == 1 else Union(*parts)


def document_fields(facts):
    """(name, arity) -> for each argument, the document fields it is made from (a list of
    texts per argument), from a rulebook's ``declared.Facts``."""
    found = {}

    def add(fact, prefix, key, outer):
        texts = []
        for arg in fact.args:
            texts += _arg_texts(arg, prefix, key, outer)
        slots = found.setdefault((fact.name, len(texts)), [[] for _ in texts])
        for slot, text in zip(slots, texts):
            if text not in slot:
                slot.append(text)

    for fact in facts.top:
        add(fact, "", None, None)

    def walk(collection, prefix, outer):
        path = f"{prefix}{collection.path}[]"
        key = collection.key
        keys = [f"{path}.{k}" for k in key] if isinstance(key, tuple) else \
            [f"the position in {path}"] if isinstance(key, str) and key.startswith("#") else \
            [f"{path}.{key}"] if key else []
        for fact in collection.facts_:
            add(fact, f"{path}.", keys, outer)
        for child in collection.nested:
            walk(child, f"{path}.", keys)
    for collection in facts.collections:
        walk(collection, "", None)
    return found


def _arg_texts(arg, prefix, key, outer):
    if arg is KEY:
        return list(key or ())
    if arg is OUTER:
        return list(outer or ())
    if isinstance(arg, Which):
        return [f"which of {', '.join(prefix + n for n in arg.names)} is given"]
    if isinstance(arg, Items):
        return [f"a key of {prefix}{arg.path}", f"its value in {prefix}{arg.path}"]
    if isinstance(arg, Every):
        texts = [f"an element of {prefix}{arg.path}[]"] * arg.arity
        return ([f"the position in {prefix}{arg.path}[]"] if arg.numbered is not None
                else []) + texts
    if isinstance(arg, Field):
        path = f"{prefix}{arg.path}" if arg.path else prefix.rstrip(".")
        return [path] * getattr(arg, "width", 1)
    if isinstance(arg, str):
        return [f"{prefix}{arg}"]
    return [f"the value {_shown(arg)}"]


def _clause(text):
    """The text after a signature on its line, without the punctuation of the sentence it
    stands in (``(state_x(Q, R), in inches)``: ``in inches``)."""
    text = text.lstrip(" ,;:.").rstrip(" ,;.")
    if text.count(")") > text.count("("):
        text = text.replace(")", "")
    return text.strip(" ,;")


def commented(paths):
    """(name, arity) -> (argument names, description) from the input comments heading the
    rule files: every ``state_name(A, B)`` that begins a comment line or a column of one,
    described by the text after it (to the next one on the line, and on the lines below it
    that name none)."""
    found, last = {}, None
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        for line in lines:
            if not line.startswith("%"):
                break                           # the input comment heads the file
            matches = [m for m in _SIGNATURE.finditer(line)     # in columns, not prose
                       if line[:m.start()].strip() == "%" or line[:m.start()].endswith("  ")]
            if not matches:
                rest = line[1:].strip()
                if last is not None and line[1:].startswith("   ") and rest:
                    found[last][1].append(rest)
                else:
                    last = None
                continue
            for number, match in enumerate(matches):
                end = matches[number + 1].start() if number + 1 < len(matches) else len(line)
                names = [a.strip() for a in match.group(2).split(",") if a.strip()]
                signature = (match.group(1), len(names))
                text = _clause(line[match.end():end])
                if signature not in found:
                    found[signature] = (names, [text] if text else [])
                    last = signature
    return {s: (names, " ".join(" ".join(text).split())) for s, (names, text) in found.items()}
