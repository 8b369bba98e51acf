"""What ``rulings rule --format json`` prints for several documents, from what it prints for
each alone (issue 51): every line names its document first, ``{"source": ..., ...}``; an
error or unknown line names it already."""

import json

PREFIX = '{"source": '


def sourced(text, source):
    """``text`` (the JSON lines of one document ruled alone) as they read among several."""
    return "".join(line if line.startswith(PREFIX) else
                   f"{PREFIX}{json.dumps(source, ensure_ascii=False)}, {line[1:]}"
                   for line in text.splitlines(keepends=True))
