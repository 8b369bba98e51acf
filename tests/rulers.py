"""The explorer's ruling processes as a test sees them from outside (/proc): which are left
and whether they use CPU; and a document whose ruling takes long."""

import json
import os
import time


def busy_rulers():
    """The ruling processes of this test process, with their CPU time so far (ticks)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                command = handle.read()
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if b"pybridge.serve.ruling" in command and int(fields[1]) == os.getpid():
            found[int(entry)] = int(fields[11]) + int(fields[12])     # utime + stime
    return found


def big_battle(n):
    """A redemption battle of n heroes and n evil characters (a long ruling and picture)."""
    characters = [{"id": f"{side}{i}", "alignment": side, "strength": 1, "toughness": 1}
                  for side in ("good", "evil") for i in range(n)]
    return json.dumps({"rulebook": "redemption", "characters": characters}).encode()


def settled(seconds=15.0):
    """Whether, within ``seconds``, every ruling process left is idle (uses no CPU for half a
    second): the spares, started ahead, wait for a document once imported; the process
    that took the document (20,000 characters: over a minute of work) is gone."""
    due = time.monotonic() + seconds
    while time.monotonic() < due:
        first = busy_rulers()
        time.sleep(0.5)
        second = busy_rulers()
        if all(second.get(pid) == ticks for pid, ticks in first.items() if pid in second):
            return True
    return False
