"""What a picture reads from a ruling's explanation: every step's rule and facts, in the
order the explanation gives them (the rulings' why trees, then the shared steps)."""


def facts_of(result):
    """(rule, facts) of every step of ``result``'s explanation (``rule --explain``)."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            if "facts" in node and "rule" in node:
                found.append((node["rule"], node["facts"]))
            for key in ("why",):
                walk(node.get(key))
        elif isinstance(node, list):
            for item in node:
                walk(item)
    for ruling in result.get("rulings", []):
        walk(ruling.get("why"))
    for key in sorted(result.get("shared", {})):
        walk(result["shared"][key])
    return found
