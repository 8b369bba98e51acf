"""An analysis's JSON as one HTML page: no script, no style sheet or font fetched, every
text escaped; pictures are the witnesses' SVG (pybridge/draw), inline."""

import html

import yaml

from .. import api
from ..books import get
from ..documents import yaml_loading  # noqa: F401 (numbers read from JSON written as YAML)
from ..documents.schema import join
from ..errors import InputError
from .shape import checked

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1200px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 4px 8px; }
.status { font-weight: bold; } .holds, .reached, .complete { color: #080; }
.violated, .contradiction, .unreachable, .incomplete { color: #c00; }
.unknown, .vacuous { color: #a60; }
section { border-top: 1px solid #ddd; padding-top: 1em; }
pre { background: #f6f6f6; padding: 8px; overflow-x: auto; }
.pair { display: flex; gap: 2em; flex-wrap: wrap; } .pair > div { flex: 1; min-width: 400px; }
.picture svg { max-width: 100%; height: auto; border: 1px solid #eee; }
ul.why { font-size: 0.9em; } .rule { color: #555; }
"""

KINDS = (("invariants", "check"), ("contradictions", "errata"), ("classes", "enumerate"),
         ("changed", "diff"), ("rules", "coverage"))


def kind_of(result):
    """Which analysis printed ``result``."""
    if not isinstance(result, dict) or "rulebook" not in result:
        raise InputError("expected the JSON of check, errata, enumerate, diff or coverage "
                         "(an object with 'rulebook')", "report")
    for key, kind in KINDS:
        if key in result:
            return kind
    raise InputError("expected the JSON of check, errata, enumerate, diff or coverage "
                     f"(one of: {', '.join(key for key, _ in KINDS)})", "report")


def e(text):
    return html.escape(str(text), quote=True)


def report(result, command=None, seconds=None):
    """The HTML page of one analysis ``result`` (its JSON, as a dict); InputError naming
    the path of each field it cannot read (pybridge/report/shape.py)."""
    kind = kind_of(result)
    checked(kind, result)
    rulebook = result["rulebook"]
    title = f"rulings {kind} {rulebook}"
    parts = [f"<h1>{e(title)}</h1>", _head(result, command, seconds)]
    parts += _SECTIONS[kind](result)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'; img-src data:\">"
            f"<title>{e(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(parts) + "\n</body></html>\n")


def _head(result, command, seconds):
    rows = [("rulebook", result["rulebook"])]
    for key in ("edition", "from", "to"):
        if key in result:
            rows.append((key, result[key]))
    rows += [("bounds", ", ".join(f"{k} {v}" for k, v in result.get("bounds", {}).items()))]
    if "timeout" in result:
        timeout = result["timeout"]
        rows.append(("timeout", "none" if timeout is None else f"{timeout:g} s per search"))
    if command:
        rows.append(("command", command))
    if seconds is not None:
        rows.append(("time", f"{seconds:.1f} s"))
    return "<table>" + "".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in rows) + \
        "</table>"


def _status(word):
    return f'<span class="status {e(word)}">{e(word)}</span>'


def _witness(document, edition, path, heading="witness", edition_key="edition"):
    """A witness: its picture, its document as YAML, its rulings with their why trees. A
    witness that cannot be ruled is an InputError naming its ``path`` in the JSON (and
    ``edition_key`` for an edition the rulebook does not have)."""
    if document is None:
        return ""
    try:
        ruled, picture = api.drawn(document, edition)
    except InputError as error:
        def where(inner):
            return edition_key if inner == "--edition" else join(path, inner) if inner \
                else path
        raise InputError(error.message, where(error.path),
                         more=[(message, where(inner)) for message, inner in error.more]) \
            from None
    text = yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=100)
    return "\n".join([f"<h4>{e(heading)}</h4>", f'<div class="picture">{picture}</div>',
                      f"<pre class=\"document\">{e(text)}</pre>", _rulings(ruled)])


def _rulings(ruled):
    book = get(ruled["rulebook"])
    items = []
    shared = ruled.get("shared", {})
    rulings = ruled.get("rulings", [])
    for words, ruling in zip(book.sentences(rulings), rulings):
        items.append(f"<li>{e(words)} <span class=\"rule\">[{e(', '.join(ruling['because']))}]"
                     f"</span>{_why(ruling.get('why', []), shared, set())}</li>")
    status = ruled.get("status", "ok")
    head = f"<p>status {_status(status)}</p>" if status != "ok" else ""
    return head + (f"<ul class=\"rulings\">{''.join(items)}</ul>" if items else
                   "<p>no rulings</p>")


def _why(steps, shared, seen):
    """A why tree as nested lists; a shared step once, then referred to."""
    items = []
    for step in steps:
        if "ref" in step:
            ref = step["ref"]
            if ref in seen:
                items.append(f"<li>see [{e(ref)}] above</li>")
                continue
            seen.add(ref)
            step = shared.get(ref, {})
            label = f"[{e(ref)}] "
        else:
            label = ""
        items.append(f"<li>{label}{e(step.get('says', ''))} <span class=\"rule\">"
                     f"[{e(step.get('rule', ''))}]</span>"
                     f"{_why(step.get('why', []), shared, seen)}</li>")
    return f"<ul class=\"why\">{''.join(items)}</ul>" if items else ""


def _check(result):
    sections = ["<h2>Invariants</h2>", "<table><tr><th>id</th><th>status</th>"
                "<th>description</th></tr>" + "".join(
                    f"<tr><td><a href=\"#{e(i['id'])}\">{e(i['id'])}</a></td>"
                    f"<td>{_status(i['status'])}</td><td>{e(i['description'])}</td></tr>"
                    for i in result["invariants"]) + "</table>"]
    for number, entry in enumerate(result["invariants"]):
        path = f"invariants[{number}]"
        body = [f"<section id=\"{e(entry['id'])}\"><h3>{e(entry['id'])}: "
                f"{_status(entry['status'])}</h3><p>{e(entry['description'])}</p>"]
        if entry.get("rules"):
            body.append(f"<p>rules involved: {e(', '.join(entry['rules']))}</p>")
        if entry.get("reason"):
            body.append(f"<p>{e(entry['reason'])}</p>")
        body.append(_witness(entry.get("witness"), result.get("edition"), f"{path}.witness"))
        if entry.get("witness_after"):
            body.append(_witness(entry["witness_after"], result.get("edition"),
                                 f"{path}.witness_after", "the state after"))
        premise = entry.get("premise") or {}
        if premise.get("witness"):
            body.append(_witness(premise["witness"], result.get("edition"),
                                 f"{path}.premise.witness",
                                 "the smallest state where it is tested (its premise met)"))
        sections.append("\n".join(body) + "</section>")
    return sections


def _errata(result):
    sections = [f"<h2>{e(len(result['contradictions']))} contradiction(s)</h2>"]
    for number, entry in enumerate(result["contradictions"]):
        status = entry.get("status", "contradiction")
        sections.append(f"<section><h3>{e(entry['id'])}: {_status(status)}</h3>"
                        f"<p>{e(entry['explanation'])}</p>"
                        f"<p>rules: {e(', '.join(entry['rules']))}</p>"
                        + _witness(entry.get("witness"), result.get("edition"),
                                   f"contradictions[{number}].witness") + "</section>")
    return sections


def _listing_head(result, name, noun):
    done = "complete" if result.get("complete") else "incomplete"
    return f"<h2>{e(len(result[name]))} {e(noun)}, {_status(done)}</h2>"


def _enumerate(result):
    sections = [_listing_head(result, "classes", "classes")]
    for number, entry in enumerate(result["classes"], 1):
        count = f" ({entry['count']} states)" if "count" in entry else ""
        says = " ".join(entry.get("says", [])) or "no rulings"
        sections.append(f"<section><h3>class {e(number)}{e(count)}</h3><p>{e(says)}</p>"
                        + _witness(entry["witness"], result.get("edition"),
                                   f"classes[{number - 1}].witness") + "</section>")
    return sections


def _diff(result):
    sections = [_listing_head(result, "changed", "kinds of change")]
    for number, entry in enumerate(result["changed"], 1):
        before = " ".join(entry.get("says_before", [])) or "no rulings"
        after = " ".join(entry.get("says_after", [])) or "no rulings"
        path = f"changed[{number - 1}].witness"
        sections.append(
            f"<section><h3>change {e(number)}</h3><p>by {e(', '.join(entry.get('rules', [])))}"
            f"</p><div class=\"pair\"><div><h4>{e(result['from'])}</h4><p>{e(before)}</p>"
            + _witness(entry["witness"], result["from"], path, f"in {result['from']}", "from")
            + f"</div><div><h4>{e(result['to'])}</h4><p>{e(after)}</p>"
            + _witness(entry["witness"], result["to"], path, f"in {result['to']}", "to")
            + "</div></div></section>")
    return sections


def _coverage(result):
    rows = "".join(f"<tr><td><a href=\"#{e(r['id'])}\">{e(r['id'])}</a></td>"
                   f"<td>{_status(r['status'])}</td><td>{e(r.get('how', ''))}</td></tr>"
                   for r in result["rules"])
    sections = [f"<h2>{e(result['reached'])} of {e(result['total'])} rules reached</h2>"
                f"<table><tr><th>rule</th><th>status</th><th>how</th></tr>{rows}</table>"]
    for number, rule in enumerate(result["rules"]):
        if rule.get("witness"):
            sections.append(f"<section id=\"{e(rule['id'])}\"><h3>{e(rule['id'])}: "
                            f"{_status(rule['status'])}</h3>"
                            + _witness(rule["witness"], result.get("edition"),
                                       f"rules[{number}].witness",
                                       "the smallest state it contributes to a ruling in")
                            + "</section>")
    return sections


_SECTIONS = {"check": _check, "errata": _errata, "enumerate": _enumerate, "diff": _diff,
             "coverage": _coverage}
