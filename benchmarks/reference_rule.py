"""The plain-Python reference of the redemption battle rules (tests/reference/redemption.py)
as a command, for the batch benchmark: reads the same state files as `rulings rule` (YAML
through PyYAML's C loader, or JSON) and prints one JSON line per state."""

import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reference.redemption import rule_battle  # noqa: E402

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def main(paths):
    out = sys.stdout
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle) if path.endswith(".json") else yaml.load(handle, LOADER)
        result = rule_battle(document)
        out.write(json.dumps(result, default=sorted, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
