"""``rulings vocabulary RULEBOOK``: what a draft may read (pybridge/books/draft_vocabulary.py)."""

import textwrap

import click

from .output import format_option, resolve


@click.command("vocabulary")
@click.argument("rulebook")
@format_option
def vocabulary_command(rulebook, fmt):
    """List what a draft (--rules FILE) may use: the input predicates, the public derived
    predicates and the ruling terms, each with its arity and the meaning of its arguments.

    Every other predicate the rule files derive is the rulebook's own, and may change: a
    draft that reads one is refused (docs/authoring.md).

    \b
    Example:
      rulings vocabulary redemption
      rulings vocabulary hkk --format json
    """
    from .. import api
    from .render import to_json

    listing = api.vocabulary(rulebook)
    click.echo(to_json(listing) if resolve(fmt) == "json" else vocabulary_text(listing))


SECTIONS = (
    ("inputs", "Input predicates (the facts of a state document, as the bridge gives them)"),
    ("public", "Public derived predicates (the rulebook derives them; a draft may read them)"),
    ("rulings", "Rulings (the first argument of ruled_by/2 and also_cites/2)"),
)


def vocabulary_text(listing):
    """The listing as text: a section each, an entry each, its arguments indented."""
    lines = [f"Vocabulary of {listing['rulebook']}: what a draft may read."]
    for key, title in SECTIONS:
        lines += ["", f"{title}:"]
        for entry in listing[key]:
            lines += _entry_lines(entry)
    return "\n".join(lines)


def _entry_lines(entry):
    names = [argument["name"] for argument in entry["arguments"]]
    term = f"{entry['name']}({', '.join(names)})" if names else entry["name"]
    notes = [text for flag, text in ((entry.get("may_define"), "a draft may define it too"),
                                     (entry.get("read_by_rules") is False,
                                      "no rule reads it yet")) if flag]
    head = f"  {entry['name']}/{entry['arity']}  {term}"
    description = entry["description"] + (f" ({'; '.join(notes)})" if notes else "")
    lines = [head] + _wrapped(description, "      ")
    for argument in entry["arguments"]:
        lines += _wrapped(f"{argument['name']}: {argument['meaning']}", "      - ", "        ")
    return lines


def _wrapped(text, first, rest=None):
    if not text:
        return []
    return textwrap.wrap(text, 92, initial_indent=first, break_on_hyphens=False,
                         break_long_words=False,
                         subsequent_indent=rest if rest is not None else first)
