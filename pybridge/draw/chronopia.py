"""Chronopia's picture: the table to scale with a 1-inch grid (chronopia_table.py); each model
a circle of its base, in its army's colour, with its facing and its front 180 degrees; walls
and scrub as their segments; for each shot, the weapon's range bands around the shooter and
a line of sight to each model the rulings speak of (clear or blocked, and by what); beside
each model what the rulings give it (hit, save and friendly-fire numbers, its cover, why a
shot at it is refused, a morale or a spell's number); the queries' other rulings below.

Every number on it is the state's or the rulings' and their explanation's (chronopia_read.py
reads them, chronopia_words.py words them); the geometry is the table's (chronopia_table.py)
and geometry.py's."""

import textwrap

from ..books.chronopia.geometry import radius
from . import chronopia_read as read
from . import chronopia_words as say
from .chronopia_table import (
    LEFT,
    LINE,
    RIGHT,
    STYLE,
    TOP,
    Placer,
    Table,
    inches,
    text_width,
)
from .svg import Svg, number

ARMIES = 6                  # colours (ch-army0 ..), taken in the order armies first appear
ARC = 0.75                  # inches beyond a base: the front arc's wedge
TICK = 0.6                  # inches beyond a base: the facing's tick
WIDEST = 34                 # characters of a label's line beside a model
SIGHT_KEYS = (("legal", "may shoot"), ("refused", "may not shoot (clear line)"),
              ("blocked", "blocked line"), ("out_of_range", "beyond maximum range"))
LINK_KEYS = {"cast": "a spell, caster to target", "morale": "a morale test, causer to unit"}


def draw(state, result):
    """The SVG text of one checked state and its ruling (``rule`` with the explanation)."""
    shots, friendly = read.shots(state, result)
    table = Table([(*m["position"], float(radius(m["size"])) + ARC) for m in state["models"]]
                  + [(*t[end], 0) for t in state["terrain"] for end in ("from", "to")]
                  + [(*point, 0) for _, point in _placements(state)])
    width = max(LEFT + table.width + RIGHT, 720)
    armies = list(dict.fromkeys(m["army"] for m in state["models"]))
    links = _links(state)
    layout, notes = _legend_layout(armies, bool(shots), sorted({k for k, *_ in links}), width,
                                   table.bottom + 48)
    captions = say.captions(state, result, int((width - 2 * LEFT) / 5.9))
    below = notes + 18 + 30                 # the legend's two lines of notes, a gap
    title = say.title(state, int((width - 40) / 10.5))
    status = result.get("status", "ok")
    subtitle = f"edition {result.get('edition')}" + (f" · status {status}" if status != "ok"
                                                      else "")
    picture = Svg(width, below + (LINE + 2) * len(captions) + 12, f"{title}: {subtitle}",
                  "chronopia")
    picture.element("style", STYLE)
    picture.text(width / 2, 28, title, class_="title", text_anchor="middle")
    picture.text(width / 2, 48, subtitle, class_="subtitle", text_anchor="middle")
    table.draw_grid(picture)
    placer = Placer(width, table.bottom + 40)
    for box in ((0, 0, width, 56), (0, TOP - 20, LEFT, table.bottom + 34),
                (0, table.bottom, table.right + 20, table.bottom + 34)):
        placer.block(box)

    pieces = _terrain(picture, table, placer, state, shots)
    rings, off_table = _rings(picture, table, state)
    centres = _models(picture, table, placer, state, armies)
    for kind, source, target, query in links:
        start, end = _clipped(*centres[source], *centres[target])
        picture.element("line", x1=start[0], y1=start[1], x2=end[0], y2=end[1],
                        class_=f"ch-link {kind}", data_link=f"{source}|{target}",
                        data_query=query)
        placer.line(start, end)
    for query, point in _placements(state):
        px, py = table.at(*point)
        for dx, dy in ((-5, -5), (-5, 5)):
            picture.element("line", x1=px + dx, y1=py + dy, x2=px - dx, y2=py - dy,
                            class_="ch-link summon", data_placed=query)
        pieces.append(((px, py), (px, py), f"summoned here ({query})", query))
    sights = _sights(picture, placer, shots, centres)

    # the labels, most important first: what each model is and what the rulings give it
    beside = say.labels(state, shots, friendly, result, WIDEST)
    for m in state["models"]:
        lines = beside[m["id"]]
        if m["id"] in off_table:
            lines.append((f"ranges {' · '.join(off_table[m['id']])} in: beyond the table",
                          "ch-note", {}))
        _label(picture, placer, centres[m["id"]], lines, m["id"])
    for start, end, words, shot in sights:
        _sight_label(picture, placer, start, end, words, shot)
    for a, b, words, ident in pieces:
        w = text_width(words)
        (lx, ly), (rx, ry) = sorted((a, b))
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        x, y = placer.place([(mx - w / 2, my + 5), (mx - w / 2, my - LINE - 5),
                             (rx + 6, ry - LINE / 2), (lx - w - 6, ly - LINE / 2),
                             (rx - w, ry + 5), (lx, ly + 5), (rx - w, ry - LINE - 5),
                             (lx, ly - LINE - 5), (rx + 6, ry + 5), (lx - w - 6, ly + 5),
                             (rx + 6, ry - LINE - 5), (lx - w - 6, ly - LINE - 5),
                             (mx - w / 2, my + LINE + 8), (mx - w / 2, my - 2 * LINE - 8)],
                            w, LINE)
        picture.text(x, y + LINE - 3, words, class_="small ch-halo ch-piece",
                     data_piece_label=ident)
    for m, reach, words in rings:
        w = text_width(words)
        spots = [(x + dx, y - LINE / 2) for x, y in
                 table.ring_points(*m["position"], reach, m["facing"])
                 for dx in (-w / 2, 4, -w - 4)]
        if spots:
            x, y = placer.place(spots, w, LINE)
            picture.text(x, y + LINE - 3, words, class_="small ch-halo ch-range-label")

    _legend(picture, layout, notes)
    for row, (words, kind) in enumerate(captions):
        picture.text(LEFT if kind == "head" else LEFT + 12, below + row * (LINE + 2), words,
                     class_="small name" if kind == "head" else "small")
    return picture.render()


def _terrain(picture, table, placer, state, shots):
    """Each piece of terrain as its segment (marked when it blocks a line drawn or gives
    cover); [(end, end, words, id)] for their labels."""
    blocking = {p for shot in shots.values() for p in shot.pieces}
    covering = {p for shot in shots.values() for p in shot.cover_pieces}
    found = []
    for piece in state["terrain"]:
        a, b = table.at(*piece["from"]), table.at(*piece["to"])
        classes = f"ch-terrain {piece['kind']}" + \
            (" blocking" if piece["id"] in blocking else "") + \
            (" cover" if piece["id"] in covering else "")
        picture.element("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], class_=classes,
                        data_terrain=piece["id"])
        placer.line(a, b)
        found.append((a, b, f"{piece['id']} ({piece['kind']}, {inches(piece['height'])} in "
                            "high)", piece["id"]))
    return found


def _rings(picture, table, state):
    """The range bands as far as they lie on the table; [(model, reach, words)] for their
    labels, and {model: [words]} of those off it (or all but a corner)."""
    models = {m["id"]: m for m in state["models"]}
    labels, off_table = [], {}
    for ident, bands in _range_bands(state):
        m = models[ident]
        for name, reach in bands:
            if table.ring(picture, *m["position"], reach, class_=f"ch-range {name}",
                          data_range=f"{ident}|{name}|{inches(reach)}") and \
                    table.ring_points(*m["position"], reach, m["facing"]):
                labels.append((m, reach, f"{name} {inches(reach)} in"))
            else:
                off_table.setdefault(ident, []).append(f"{name} {inches(reach)}")
    return labels, off_table


def _models(picture, table, placer, state, armies):
    """Each model: its front arc, its base, its facing; {model: (centre, radius)} in px."""
    centres = {}
    for m in state["models"]:
        x, y = m["position"]
        size = float(radius(m["size"]))
        centre, base = table.at(x, y), size * table.inch
        centres[m["id"]] = (centre, base)
        army = f"ch-army{armies.index(m['army']) % ARMIES}"
        if m["mounted"] or m["chariot"]:        # they shoot all round
            picture.element("circle", cx=centre[0], cy=centre[1],
                            r=(size + ARC) * table.inch, class_=f"ch-arc {army}")
        else:
            a = table.toward(x, y, float(m["facing"]) - 90, size + ARC)
            b = table.toward(x, y, float(m["facing"]) + 90, size + ARC)
            r = number((size + ARC) * table.inch)
            picture.element("path", d=f"M {_xy(a)} A {r} {r} 0 0 0 {_xy(b)} Z",
                            class_=f"ch-arc {army}")
        picture.element("circle", cx=centre[0], cy=centre[1], r=base,
                        class_=f"ch-model {army}" + (" panicked" if m["panicked"] else ""),
                        data_model=m["id"], data_army=m["army"])
        tip = table.toward(x, y, m["facing"], size + TICK)
        picture.element("line", x1=centre[0], y1=centre[1], x2=tip[0], y2=tip[1],
                        class_="ch-facing", data_facing=m["id"])
        placer.block((centre[0] - base, centre[1] - base, centre[0] + base, centre[1] + base))
    return centres


def _style(blocked, verdict):
    """The classes and the head of a line of sight (verdict None: a named target no
    ruling speaks of, as in a state read two ways)."""
    if blocked:
        return "ch-sight blocked", "blocked"
    if verdict == "legal":
        return "ch-sight clear", "legal"
    if verdict is None:
        return "ch-sight unruled", "range"
    return f"ch-sight clear {verdict.replace('_', '-')}", \
        "refused" if verdict == "refused" else "range"


def _arrow(picture, start, end, head, **attributes):
    """A line from start to end (px) and its arrowhead, of the head's colour."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    back = (end[0] - ux * 9, end[1] - uy * 9)
    picture.element("path", d=f"M {_xy(start)} L {_xy(back)}", **attributes)
    left, right = (back[0] - uy * 4, back[1] + ux * 4), (back[0] + uy * 4, back[1] - ux * 4)
    picture.element("path", d=f"M {_xy(end)} L {_xy(left)} L {_xy(right)} Z",
                    class_=f"ch-head {head}")


def _sights(picture, placer, shots, centres):
    """Each shot's line of sight, the models blocking it ringed; [(start, end, words,
    shot)] for their labels (what blocks it, or how long it is)."""
    found = []
    for (shooter, target), shot in shots.items():
        (a, ra), (b, rb) = centres[shooter], centres[target]
        start, end = _clipped(a, ra, b, rb + 2)
        classes, head = _style(shot.blocked, shot.verdict)
        _arrow(picture, start, end, head, class_=classes, data_sight=f"{shooter}|{target}",
               data_verdict=shot.verdict or "none", data_reason=shot.reason)
        placer.line(start, end)
        words = shot.blocker if shot.blocked else \
            (f"{shot.distance} in" if shot.distance is not None else None)
        if words:
            found.append((start, end, words, shot))
        for model in shot.blocking:
            centre, base = centres[model]
            picture.element("circle", cx=centre[0], cy=centre[1], r=base + 4,
                            class_="ch-blocker", data_blocks=f"{shooter}|{target}",
                            data_model_blocking=model)
    return found


def _sight_label(picture, placer, start, end, words, shot):
    rows = textwrap.wrap(words, WIDEST)
    w, h = max(map(text_width, rows)), LINE * len(rows)
    spots = []
    for t in (0.5, 0.4, 0.6, 0.3, 0.7):
        x, y = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
        spots += [(x + 4, y - h / 2), (x - w - 4, y - h / 2), (x - w / 2, y - h - 4),
                  (x - w / 2, y + 4)]
    x, y = placer.place(spots, w, h)
    kind = "ch-why" if shot.blocked else \
        "ch-distance" if shot.verdict == "legal" else "ch-note"
    for row, text in enumerate(rows):
        picture.text(x, y + LINE * (row + 1) - 3, text, class_=f"small ch-halo {kind}",
                     data_sight_label=f"{shot.shooter}|{shot.target}")


def _range_bands(state):
    """[(model, [(band, inches)])]: each shooter's weapon ranges, once per weapon, and a
    caster's spell range."""
    found = {}
    for query in state["queries"]:
        body = query[query["kind"]]
        if query["kind"] == "shoot":
            bands = tuple((band, body["weapon"][band]) for band in ("short", "medium", "max"))
            found.setdefault((body["shooter"], bands), None)
        elif query["kind"] == "cast" and body["spell"]["range"] is not None:
            found.setdefault((body["caster"], (("spell", body["spell"]["range"]),)), None)
    return [(model, list(bands)) for model, bands in found]


def _links(state):
    """[(kind, from, to, query)]: a spell from its caster to its target, a morale test's
    causer to each model of the unit tested."""
    found = []
    for query in state["queries"]:
        body = query[query["kind"]]
        if query["kind"] == "cast" and body["caster"] != body["target"]:
            found.append(("cast", body["caster"], body["target"], query["id"]))
        elif query["kind"] == "morale" and body["causer"] is not None:
            found += [("morale", body["causer"], m["id"], query["id"]) for m in state["models"]
                      if body["unit"] in (m["id"], m["unit"])]
    return list(dict.fromkeys(found))


def _placements(state):
    return [(q["id"], q["summon"]["placed_at"]) for q in state["queries"]
            if q["kind"] == "summon" and q["summon"]["placed_at"] is not None]


def _xy(point):
    return f"{number(point[0])} {number(point[1])}"


def _clipped(a, ra, b, rb):
    """The segment between two circles' edges (px)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    return (a[0] + ux * ra, a[1] + uy * ra), (b[0] - ux * rb, b[1] - uy * rb)


def _label(picture, placer, where, lines, model):
    """A model's label: its lines beside its base, where they cover least."""
    (cx, cy), base = where
    w = max(data.get("indent", 0) + text_width(text, kind == "ch-name")
            for text, kind, data in lines)
    h = LINE * len(lines)
    x, y = placer.place([(cx + base + 6, cy - 8), (cx - base - 6 - w, cy - 8),
                         (cx - w / 2, cy + base + 4), (cx - w / 2, cy - base - 4 - h),
                         (cx + base + 6, cy - h + 6), (cx - base - 6 - w, cy - h + 6),
                         (cx + base + 6, cy + base), (cx - base - 6 - w, cy + base)], w, h)
    for row, (text, kind, data) in enumerate(lines):
        data = dict(data)
        picture.text(x + data.pop("indent", 0), y + LINE * (row + 1) - 3, text,
                     class_=f"small ch-halo {kind}", data_model=model, **data)


def _legend_layout(armies, shooting, links, width, top):
    """Where the legend's keys go, in rows: [(x, y, kind, what, words)] (kind: army, sight
    or link), and the y below the legend."""
    keys = [("army", index, army) for index, army in enumerate(armies)]
    keys += [("sight", kind, words) for kind, words in SIGHT_KEYS if shooting]
    keys += [("link", kind, LINK_KEYS[kind]) for kind in links]
    found, x = [], LEFT
    for kind, what, words in keys:
        wide = (30 if kind == "army" else 50) + text_width(words)
        if x > LEFT and (x + wide > width - 20 or kind != "army" and found and
                         found[-1][2] == "army"):
            x, top = LEFT, top + 18
        found.append((x, top, kind, what, words))
        x += wide
    return found, top + 18


def _legend(picture, layout, top):
    for x, y, kind, what, words in layout:
        if kind == "army":
            picture.element("circle", cx=x + 6, cy=y - 4, r=6,
                            class_=f"ch-model ch-army{what % ARMIES}", data_legend=words)
        elif kind == "sight":
            classes, head = _style(what == "blocked", what)
            _arrow(picture, (x, y - 4), (x + 28, y - 4), head, class_=classes)
        else:
            picture.element("line", x1=x, y1=y - 4, x2=x + 28, y2=y - 4,
                            class_=f"ch-link {what}")
        picture.text(x + (16 if kind == "army" else 34), y, words, class_="small")
    picture.text(LEFT, top, "1 square = 1 inch, a heavier line every 6 · y grows upward, as "
                 "in the rulebook · facing counter-clockwise from +x", class_="small ch-note")
    picture.text(LEFT, top + 18, "tick: the facing · shaded: the front 180 degrees · dashed "
                 "rings: range bands · ringed red: a model blocking a line",
                 class_="small ch-note")
