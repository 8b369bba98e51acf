"""Text for looking up rules: ``rulings explain RULE-ID``."""

import textwrap

WIDTH = 100


def _wrapped(label, text, indent="  "):
    return textwrap.wrap(f"{label}: {text}", WIDTH, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


def rule_info_text(info):
    """A rule looked up: its ID and rulebook, summary, editions, source passage and gloss,
    then the encoding's lines for it by file (paths relative to asp/), with line numbers."""
    editions = ", ".join(f"{name} (default)" if name == info["default_edition"] else name
                         for name in info["editions"]) or "none"
    lines = [f"{info['id']} (rulebook {info['rulebook']})"]
    lines += _wrapped("Summary", info["summary"])
    lines.append(f"Editions: {editions}")
    if info["source"] is not None:
        lines += _wrapped("Source", f"«{info['source']}»")
    else:
        lines += _wrapped("Source", info.get("no_source") or "none")
    lines += _wrapped("Gloss", info["gloss"] or "none")
    lines.append("Encoding (asp/):")
    width = len(str(max((entry["line"] for entry in info["lines"]), default=0)))
    current, previous = None, None
    for entry in info["lines"]:
        if entry["file"] != current:
            current, previous = entry["file"], None
            lines.append(f"  {current}")
        if previous is not None and entry["line"] != previous + 1:
            lines.append(f"    {'…':>{width}}")
        lines.append(f"    {entry['line']:>{width}}  {entry['text']}".rstrip())
        previous = entry["line"]
    if not info["lines"]:
        lines.append("  no lines")
    return "\n".join(lines)
