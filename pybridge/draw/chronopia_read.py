"""What chronopia's picture (chronopia.py) reads from a checked state and its rulings: for
each shooter and each model it shoots at or is named at, the rulings' verdict and numbers
with the explanation's facts behind them (what blocks the line, the cover). Nothing here is
computed that the rulings or the state do not give, but which wall crosses a line
(geometry.py's segments_meet)."""

from fractions import Fraction

from ..books.chronopia.geometry import segments_meet
from ..books.chronopia.kinds import REFUSALS
from .chronopia_table import inches
from .why import facts_of

# refusals for which the shooter cannot see the target (targeting.lp's order); the others
# (priority, not an enemy) leave the line clear
BLOCKING = frozenset(("out_of_arc", "no_line_of_sight", "model_in_the_way", "no_corridor",
                      "behind_wall", "behind_wood", "dead_zone", "hidden"))
PAIR_KINDS = ("legal_target", "target_refused", "out_of_range", "hit_number", "save_number",
              "ld_test")
VERDICTS = {"legal": 0, "out_of_range": 1, "refused": 2}    # the stronger wins


class Shot:
    """What the rulings say of one shooter and one model it shoots or is named at."""

    def __init__(self, shooter, target):
        self.shooter, self.target = shooter, target
        self.verdict = self.reason = self.distance = self.blocker = None
        self.blocking, self.pieces, self.cover_pieces = [], [], []
        self.numbers = {}           # query -> [(text, class, data attributes)]

    @property
    def blocked(self):
        return self.reason in BLOCKING


def shots(state, result):
    """{(shooter, target): Shot} in the order the queries and rulings name them, and the
    friendly-fire numbers: [(friend, shooter, value, query)]."""
    found, friendly = {}, []
    shared = result.get("shared", {})
    for query in state["queries"]:
        if query["kind"] != "shoot":
            continue
        body = query["shoot"]
        if body["target"] is not None:
            found.setdefault((body["shooter"], body["target"]),
                             Shot(body["shooter"], body["target"]))
        for ruling in result.get("rulings", []):
            if ruling.get("query") != query["id"]:
                continue
            if ruling["kind"] == "friendly_fire_number":
                friendly.append((ruling["friend"], ruling["shooter"], ruling["value"],
                                 query["id"]))
            elif ruling["kind"] in PAIR_KINDS:
                pair = (ruling["shooter"], ruling["target"])
                shot = found.setdefault(pair, Shot(*pair))
                steps = facts_of({"rulings": [ruling], "shared": shared})
                _take(shot, ruling, _of_pair(steps, *pair), query["id"], state)
    return found, friendly


def _of_pair(steps, shooter, target):
    """The steps whose facts are of this shooter (or name none) and this target."""
    return [(rule, facts) for rule, facts in steps if facts.get("target") == target
            and facts.get("shooter", facts.get("from", shooter)) == shooter]


def _step(steps, rule, *keys):
    return next((facts for name, facts in steps if name == rule and
                 all(key in facts for key in keys)), None)


def _take(shot, ruling, steps, query, state):
    if shot.distance is None:
        shot.distance = next((inches(f["distance"]) for _, f in steps if "distance" in f),
                             None)
    kind, lines = ruling["kind"], shot.numbers.setdefault(query, [])
    if kind in ("legal_target", "target_refused", "out_of_range"):
        verdict = {"legal_target": "legal", "target_refused": "refused"}.get(kind, kind)
        if shot.verdict is None or VERDICTS[verdict] > VERDICTS[shot.verdict]:
            shot.verdict = verdict
    if kind == "legal_target" and ruling["needs_ld_test"]:
        lines.append(("a target of opportunity: LD test first", "ch-note", {}))
    elif kind == "target_refused":
        shot.reason = ruling["reason"]
        shot.blocker = _blocker(shot, steps, state) or \
            REFUSALS.get(shot.reason, shot.reason.replace("_", " "))
    elif kind == "out_of_range":
        facts = _step(steps, "C36-RANGE", "distance", "max")
        lines.append((f"beyond maximum range: {inches(facts['distance'])} in > "
                      f"{inches(facts['max'])} in" if facts else "beyond maximum range",
                      "ch-refused", {"data_out_of_range": "true"}))
    elif kind == "hit_number":
        lines.append((f"to hit ≤ {ruling['value']}", "ch-hit", {"data_hit": ruling["value"]}))
        lines += _cover(shot, steps, state)
    elif kind == "save_number":       # on the hit number's line, if there is one
        words, data = f"save ≤ {ruling['value']}", {"data_save": ruling["value"]}
        hit = next((i for i, (_, _, d) in enumerate(lines) if "data_hit" in d), None)
        if hit is None:
            lines.append((words, "ch-save", data))
        else:
            text, kind, known = lines[hit]
            lines[hit] = (f"{text} · {words}", kind, {**known, **data})
    elif kind == "ld_test":
        lines.append((f"LD test (LD {ruling['ld']}): "
                      + ("passed" if ruling["passed"] else "failed"), "ch-note", {}))


def _sight_entry(state, shooter, target):
    return next((s for s in state["sight"] if s["from"] == shooter and s["to"] == target), {})


def _cover(shot, steps, state):
    """The cover line (the hit number's cover modifier, with what gives it) and the friends
    in melee."""
    hit = _step(steps, "C36-HIT", "sum") or {"sum": []}
    added = {part["name"]: part["value"] for part in hit["sum"]}
    details = []
    cover = _sight_entry(state, shot.shooter, shot.target).get("cover")
    if cover not in (None, "none"):
        details.append(f"{cover} (sight entry)")
    for rule, facts in steps:
        if rule == "C36-COVER":
            shot.cover_pieces += facts.get("touching", []) + \
                [p["name"] for p in facts.get("pieces", [])]
            details += [f"touching {name}" for name in facts.get("touching", [])]
            details += [f"{p['name']} {inches(p['value'])} in away"
                        for p in facts.get("pieces", [])]
        elif rule == "C36-LOS-WALL" and "wall" in facts:
            details.append(f"a wall {inches(facts['wall'])} in high (sight entry)")
        elif rule == "C36-LOS-WOOD" and "wood" in facts:
            details.append(f"{inches(facts['wood'])} in of wood")
    lines = []
    if added.get("cover") or details:
        lines.append((f"cover {added.get('cover', 0):+d}"
                      + (": " + ", ".join(dict.fromkeys(details)) if details else ""),
                      "ch-cover", {"data_cover": added.get("cover", 0)}))
    melee = _step(steps, "C36-MELEE", "friends")
    if added.get("friends in melee"):
        lines.append((f"friends in melee {added['friends in melee']:+d}"
                      + (f": {', '.join(melee['friends'])}" if melee else ""), "ch-note", {}))
    return lines


def _blocker(shot, steps, state):
    """What blocks the line of a refused shot, in a few words (None: nothing the
    explanation names); the models and pieces of terrain that block it."""
    reason, target = shot.reason, shot.target
    if reason == "model_in_the_way":
        facts = _step(steps, "C36-LOS-MODELS") or {}
        near = facts.get("near", [])
        shot.blocking = list(facts.get("touching", [])) + [p["name"] for p in near]
        parts = [f"{name} on the line" for name in facts.get("touching", [])] + \
            [f"{p['name']} {inches(p['value'])} in off it" for p in near]
        return "blocked: " + ", ".join(parts) if parts else None
    if reason == "no_corridor":
        gaps = (_step(steps, "C36-CORRIDOR", "gaps") or {}).get("gaps", [])
        shot.blocking = [p["name"] for p in gaps]
        return "no 1-inch corridor: " + ", ".join(
            f"{p['name']} {inches(p['value'])} in off the line" for p in gaps) if gaps else None
    if reason == "behind_wall":
        facts = _step(steps, "C36-LOS-WALL", "wall", "height")
        if facts is None:
            return None
        models = {m["id"]: m["position"] for m in state["models"]}
        wall = Fraction(str(facts["wall"]))
        shot.pieces = [t["id"] for t in state["terrain"] if t["kind"] == "wall" and
                       t["height"] == wall and segments_meet(models[shot.shooter],
                                                             models[target], t["from"], t["to"])]
        entry = _sight_entry(state, shot.shooter, target).get("wall_height")
        by = shot.pieces + (["the sight entry's wall"] if entry == wall else [])
        return f"blocked by {', '.join(by) or 'a wall'}: {inches(facts['wall'])} in high, " \
               f"{target} {inches(facts['height'])} in"
    if reason == "behind_wood":
        facts = _step(steps, "C36-LOS-WOOD", "wood")
        return f"blocked: {inches(facts['wood'])} in of wood" if facts else None
    if reason == "dead_zone":
        facts = _step(steps, "C36-DEAD", "ground", "drop")
        return f"dead zone: {inches(facts['ground'])} in away, {inches(facts['drop'])} in " \
               "lower" if facts else None
    return {"hidden": f"{target} is hidden", "out_of_arc": "outside the front 180 degrees",
            "no_line_of_sight": "no line of sight (sight entry)"}.get(reason)
