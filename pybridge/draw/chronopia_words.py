"""The words of chronopia's picture (chronopia.py): what is written beside each model (its
name, its flags, what the rulings give it: chronopia_read.py's shots and the other queries'
numbers), the title, and the captions below the table (each query's rulings in the rulebook's
own words, kinds.py, with the rules they cite, and its d20)."""

import textwrap

from ..books.chronopia.kinds import KINDS, REFUSALS
from .chronopia_table import inches
from .why import facts_of

WORDS = {kind.name: kind.text for kind in KINDS}
SHOOT_CAPTIONS = ("target_refused", "out_of_range", "ld_test", "shots")    # the rest: beside


def _flags(model):
    flags = [model["unit"]] if model["unit"] != model["id"] else []
    flags += [name for name in ("individual", "panicked", "hidden", "mounted", "chariot")
              if model[name]]
    if model["elevation"]:
        flags.append(f"elevation {inches(model['elevation'])} in")
    if model["altitude"]:
        flags.append(f"flies at {inches(model['altitude'])} in")
    if model["causes"]:
        flags.append(f"causes {model['causes']}")
    return flags


# the rulings of the other queries, in a few words beside their model: (field naming the
# model, words)
BESIDE = {
    "morale_test": ("unit", lambda r: f"{r['factor']} test" + (
        "" if r["treated_as"] == r["factor"] else f" as {r['treated_as']}") +
        f" ≤ {r['value']}"),
    "immune": ("unit", lambda r: f"immune to {r['factor']}"),
    "no_test": ("unit", lambda r: f"no {r['factor']} test ({r['reason'].replace('_', ' ')})"),
    "cast_number": ("caster", lambda r: f"casts ≤ {r['value']}"),
    "resist_number": ("target", lambda r: f"resists ≤ {r['value']}"),
    "spell_target": ("target", lambda r: None if r["legal"] else
                     f"{r['caster']} may not cast on it"),
    "rampages": ("unit", lambda r: "rampages"),
}


def labels(state, shots, friendly, result, widest):
    """{model: [(text, class, data attributes)]}: its name, its flags, what the rulings
    give it."""
    found = {}
    owner = {}
    for m in reversed(state["models"]):     # a unit's words go beside its first model
        owner[m["unit"]] = owner[m["id"]] = m["id"]
    for m in state["models"]:
        lines = found[m["id"]] = [(m["id"], "ch-name", {})]
        if _flags(m):
            lines.append((" · ".join(_flags(m)), "ch-note", {}))
    shooters = {}
    for shot in shots.values():
        shooters.setdefault(shot.target, set()).add(shot.shooter)
    for shot in shots.values():
        lines, indent = found[shot.target], 0
        if len(shooters[shot.target]) > 1:        # under a heading per shooter
            lines.append((f"from {shot.shooter}:", "ch-note", {}))
            indent = 10
        if shot.verdict == "refused":
            words = REFUSALS.get(shot.reason, shot.reason.replace("_", " "))
            for row, part in enumerate(textwrap.wrap(f"refused: {words}", widest)):
                lines.append((part, "ch-refused", {"indent": indent, **(
                    {"data_refused": shot.reason} if row == 0 else {})}))
        groups = {query: group for query, group in shot.numbers.items() if group}
        several = len({tuple(text for text, _, _ in group) for group in groups.values()}) > 1
        for query, group in groups.items():
            if several:                           # and one per query, when they differ
                lines.append((f"{query}:", "ch-note", {"indent": indent}))
            lines += [(text, kind, {**data, "indent": indent + 10 * several})
                      for text, kind, data in group]
    for friend, shooter, value, _ in friendly:
        found[friend].append((f"friendly fire ≤ {value} (on a miss by {shooter})",
                              "ch-friendly", {"data_friendly_fire": value}))
    others = [(owner[r[BESIDE[r["kind"]][0]]], r) for r in result.get("rulings", [])
              if r["kind"] in BESIDE and r[BESIDE[r["kind"]][0]] in owner]
    for ident, ruling in others:
        text = BESIDE[ruling["kind"]][1](ruling)
        if text and sum(i == ident and r["kind"] == ruling["kind"] for i, r in others) > 1:
            text += f" ({ruling['query']})"         # which query, when one model has several
        if text:
            found[ident].append((text, "ch-note", {}))
    return found


PHRASES = {
    "shoot": lambda b: f"{b['shooter']} shoots at " + (b["target"] or "its legal targets"),
    "cast": lambda b: f"{b['caster']} casts on {b['target']}",
    "morale": lambda b: f"{b['unit']} tests {b['factor']}" + (
        f" against {b['causer']}" if b["causer"] else ""),
    "pre_battle": lambda b: f"{b['caster']} casts before the battle",
    "summon": lambda b: f"{b['summoner']} summons",
    "control": lambda b: f"{b['summoner']} keeps control",
    "rampage": lambda b: f"{b['unit']} may rampage",
}


COUNTED = {"shoot": "shot", "cast": "spell", "morale": "morale test",
           "pre_battle": "spell before the battle", "summon": "summoning",
           "control": "control", "rampage": "rampage"}


def title(state, widest):
    """The queries in a few words (at most ``widest`` characters): a shooter's named targets
    together."""
    phrases, targets = {}, {}
    for query in state["queries"]:
        body = query[query["kind"]]
        if query["kind"] == "shoot" and body["target"] is not None:
            named = targets.setdefault(body["shooter"], [])
            phrases.setdefault(("shoot", body["shooter"]), named)
            if body["target"] not in named:
                named.append(body["target"])
        else:
            phrases.setdefault(PHRASES[query["kind"]](body), None)
    words = [f"{key[1]} shoots at {', '.join(named)}" if named is not None else key
             for key, named in phrases.items()]
    if not words:
        return "The table"
    if len(words) <= 3 and len("; ".join(words)) <= widest:
        return "; ".join(words)
    kinds = {}
    for query in state["queries"]:
        kinds[query["kind"]] = kinds.get(query["kind"], 0) + 1
    counted = f"{len(state['queries'])} queries: " + ", ".join(
        f"{count} {COUNTED[kind]}{'s' if count > 1 else ''}" for kind, count in kinds.items())
    return counted if len(counted) <= widest else f"{len(state['queries'])} queries"


def captions(state, result, width):
    """[(line, "head" | "text")]: each query, and its rulings' words (a shot's in part: the
    rest is beside its models) with the rules they cite, and its d20."""
    out = []
    for query in state["queries"]:
        out.append((f"{query['id']} ({query['kind'].replace('_', ' ')}): "
                    f"{PHRASES[query['kind']](query[query['kind']])}", "head"))
        mine = [r for r in result.get("rulings", []) if r.get("query") == query["id"]]
        words = [f"{WORDS[r['kind']](r)} ({', '.join(r['because'])})" for r in mine
                 if r["kind"] in WORDS and r["kind"] != "chance" and
                 (query["kind"] != "shoot" or r["kind"] in SHOOT_CAPTIONS)]
        words += _chances([r for r in mine if r["kind"] == "chance"], result)
        for text in words or (["no ruling"] if not mine else []):
            out += [(line, "text") for line in textwrap.wrap(text, width)]
    return out


def _chances(rulings, result):
    """Each die's results: "d20: 1 excellent, 2-6 hit, ..." by the rolls the explanation
    gives (their count where it gives none)."""
    dice = {}
    for ruling in rulings:
        steps = facts_of({"rulings": [ruling], "shared": result.get("shared", {})})
        rolls = sorted({(f["low"], f["high"]) for _, f in steps if f.get("result") ==
                        ruling["result"] and f.get("die") == ruling["die"] and "low" in f})
        words = ruling["result"].replace("_", " ")
        parts = [(low, f"{low} {words}" if low == high else f"{low}-{high} {words}")
                 for low, high in rolls] or [(99, f"{ruling['in']} in {ruling['of']} {words}")]
        dice.setdefault(ruling["die"], []).extend(parts)
    return [f"d20{'' if die == 'first' else f' ({die} die)'}: "
            + ", ".join(text for _, text in sorted(parts)) + "." for die, parts in dice.items()]
