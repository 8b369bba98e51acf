"""b5's picture: the map's fields (laid out by their column and row numbers, in order), the
beings and elements in each with what the rulings say of them (destroyed, immune,
protected, retreat); orders as arrows to their target field; below, the turn's phases as a
timeline with each protection's span (arrives, leaves) and each protected ruling's."""

from .svg import Svg

FIELD_WIDTH = 340
COLUMN_GAP, ROW_GAP = 180, 40       # between fields: the column gap holds the orders' arrows
LINE = 15
LEFT, TOP = 30, 80
PHASE_WIDTH = 150
LABELS = 280       # the timeline's labels, left of its phases


# what a ruling says of its being, in a few words, and its class, by ruling kind
WORDS = {
    "destroyed": ("destroyed by {element}", "falls"),
    "immune": ("immune to {element}", "label-immunity"),
    "protected": ("protected from {element} from {from_phase}", "stands"),
    "protected_from_effect": ("protected from the {effect} of {element} from {from_phase}",
                              "stands"),
    "subject_to_effect": ("subject to the {effect} of {element}", "falls"),
    "must_retreat": ("must retreat from {element}", "falls"),
    "only_retreat_from": ("can only retreat from {phase}", "falls"),
    "entry_forbidden": ("may not enter {field}", "falls"),
}


def _words(ruling):
    """What a ruling says of its being (WORDS), and its class; None for another kind."""
    if ruling["kind"] not in WORDS:
        return None
    words, kind = WORDS[ruling["kind"]]
    return words.format(**ruling), kind


def _grid(fields):
    """(column, row) ranks of each field: by its number's two halves (``0412``: column 04,
    row 12) when every field is so written, else one row in order."""
    if all(len(f) == 4 and f.isdigit() for f in fields):
        columns = sorted({f[:2] for f in fields})
        rows = sorted({f[2:] for f in fields})
        return {f: (columns.index(f[:2]), rows.index(f[2:])) for f in fields}
    return {f: (index, 0) for index, f in enumerate(sorted(fields))}


def draw(state, result):
    rulings = result.get("rulings", [])
    about = {}
    for ruling in rulings:
        if "being" in ruling and _words(ruling):
            about.setdefault(ruling["being"], []).append(_words(ruling))
    orders = {r["order"]: r["kind"] for r in rulings if "order" in r}
    fields = {b["field"] for b in state["beings"]} | {e["field"] for e in state["elements"]} \
        | {p["field"] for p in state["protections"]} | {o["to"] for o in state["orders"]}
    grid = _grid(fields)
    contents = {field: [] for field in fields}      # (kind, id, lines, marks)
    for element in state["elements"]:
        lines = [f"{element['type']} " + ("inactive" if not element["active"] else
                                          f"active from {element['active_from']}"
                                          if element.get("active_from") else "active")]
        if element["destroys"]:
            lines.append("destroys " + ", ".join(element["destroys"]))
        if element["effects"]:
            lines.append("effects " + ", ".join(
                effect["name"] + (f" (destroys {', '.join(effect['destroys'])})"
                                  if effect.get("destroys") else "")
                for effect in element["effects"]))
        if element["effect_phase"]:
            lines.append(f"acts in {element['effect_phase']}")
        contents[element["field"]].append(("element", element["id"], lines, []))
    for being in state["beings"]:
        lines = [f"type {being['type']}"]
        contents[being["field"]].append(("being", being["id"], lines,
                                         about.get(being["id"], [])))
    height_of = {field: 30 + sum(24 + LINE * (len(lines) + len(marks))
                                 for _, _, lines, marks in items)
                 for field, items in contents.items()}
    rows = max((row for _, row in grid.values()), default=-1) + 1     # (no field: none)
    row_height = [max([height_of[f] for f, (_, r) in grid.items() if r == row] + [60])
                  for row in range(rows)]
    columns = max((column for column, _ in grid.values()), default=-1) + 1
    width = LEFT * 2 + columns * FIELD_WIDTH + columns * COLUMN_GAP
    width = max(width, LEFT * 2 + LABELS + PHASE_WIDTH * len(state["phases"]))
    items, place = [], {}
    for field in sorted(fields):
        column, row = grid[field]
        x = LEFT + column * (FIELD_WIDTH + COLUMN_GAP)
        y = TOP + sum(row_height[:row]) + row * ROW_GAP
        place[("field", field)] = (x, y, FIELD_WIDTH, row_height[row])
        items.append(("rect", (x, y, FIELD_WIDTH, row_height[row]),
                      {"class_": "box neutral", "data_field": field}))
        # (a field named "field A", as a witness names them, is not called "field field A")
        heading = field if field.startswith("field ") else f"field {field}"
        items.append(("text", (x + 10, y + 18, heading), {"class_": "heading"}))
        top = y + 28
        for kind, ident, lines, marks in contents[field]:
            height = 20 + LINE * (len(lines) + len(marks))
            classes = "box evil" if kind == "element" else "box good"
            if any(cls == "falls" and words.startswith("destroyed") for words, cls in marks):
                classes += " defeated"
            place[(kind, ident)] = (x + 10, top, FIELD_WIDTH - 20, height)
            items.append(("rect", (x + 10, top, FIELD_WIDTH - 20, height),
                          {"class_": classes, f"data_{kind}": ident}))
            items.append(("text", (x + 18, top + 15, ident), {"class_": "name small"}))
            for number, line in enumerate(lines + [words for words, _ in marks]):
                cls = "small" if number < len(lines) else f"small {marks[number - len(lines)][1]}"
                items.append(("text", (x + 18, top + 15 + LINE * (number + 1), line),
                              {"class_": cls}))
            top += height + 4
    map_bottom = TOP + sum(row_height) + (rows - 1) * ROW_GAP
    picture_items, bottom = _timeline(state, rulings, map_bottom + 40, width)
    counts = {}
    for ruling in rulings:
        counts[ruling["kind"]] = counts.get(ruling["kind"], 0) + 1
    title = "; ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in sorted(counts.items())) \
        or "No ruling"
    picture = Svg(width, bottom + 20, title, "b5")
    picture.text(width / 2, 32, title, class_="title", text_anchor="middle")
    picture.text(width / 2, 52, f"edition {result.get('edition')}", class_="subtitle",
                 text_anchor="middle")
    for kind, args, attributes in items + picture_items:
        getattr(picture, kind)(*args, **attributes)
    lane = 0
    for order in state["orders"]:
        source, target = place.get(("being", order["being"])), place[("field", order["to"])]
        if source is None:
            continue
        outcome = orders.get(order["id"])
        marker = "illegal" if outcome else "legal"
        words = {"order_refused": "refused", "main_conflict_lost": "loses the main conflict"}
        label = f"{order['id']}: {order['kind']} to {order['to']}" + \
            (f", {words[outcome]}" if outcome else "")
        points = _route(source, target, lane)
        lane += 1
        picture.arrow(points, marker, class_=f"arrow {marker}", data_arrow="order",
                      data_id=order["id"])
        (x, y) = points[0]
        picture.text(x + 14, y - 4, label, class_=f"small label-{marker}")
    return picture.render()


def _route(source, target, lane):
    """An order's arrow from its being (``source`` box) to its target field: straight to
    the near side of a field in another column; within one column, out through the gap on
    the right (a lane per order) and in at the field's right side."""
    sx, sy, sw, _ = source
    tx, ty, tw, th = target
    start = (sx + sw + 10, sy + 12)      # from its field's edge
    if tx > sx + sw:
        return [start, (tx, ty + th / 2)]
    if tx + tw < sx:
        return [(sx, sy + 12), (tx + tw, ty + th / 2)]
    out = tx + tw + 40 + 10 * lane
    return [start, (out, sy + 12), (out, ty + th / 2), (tx + tw, ty + th / 2)]


def _timeline(state, rulings, top, width):
    """The phases as columns; a bar per protection (by whom, from what, its span) and per
    protected ruling (from its phase on); a mark where an element acts."""
    phases = state["phases"]
    items = [("text", (LEFT, top, "The turn"), {"class_": "heading"})]
    x0 = LEFT + LABELS
    for index, phase in enumerate(phases):
        items.append(("text", (x0 + index * PHASE_WIDTH + PHASE_WIDTH / 2, top, phase),
                      {"class_": "small", "text_anchor": "middle", "data_phase": phase}))
        items.append(("element", ("line",), {"x1": x0 + index * PHASE_WIDTH, "y1": top + 6,
                                             "x2": x0 + index * PHASE_WIDTH, "y2": top + 10,
                                             "stroke": "#999"}))
    bars = []
    for protection in state["protections"]:
        bars.append((f"{protection['by']} protects from {protection['from']} in "
                     f"{protection['field']}", protection["arrives"], protection["leaves"],
                     "protection"))
    for ruling in rulings:
        if ruling["kind"] in ("protected", "protected_from_effect"):
            bars.append((f"{ruling['being']} protected from {ruling['element']}",
                         ruling["from_phase"], None, "protected"))
    for element in state["elements"]:
        if element["effect_phase"]:
            bars.append((f"{element['id']} acts", element["effect_phase"],
                         element["effect_phase"], "acts"))
    y = top + 16
    for label, start, end, kind in bars:
        first = phases.index(start) if start in phases else 0
        last = phases.index(end) if end in phases else len(phases) - 1
        fill = {"protection": "#cfe0ff", "protected": "#cfe8cf", "acts": "#ffd0c8"}[kind]
        items.append(("text", (LEFT, y + 13, label), {"class_": "small"}))
        items.append(("rect", (x0 + first * PHASE_WIDTH + 4, y + 2,
                               (last - first + 1) * PHASE_WIDTH - 8, 14),
                      {"class_": "box", "style": f"fill: {fill}", "data_span": kind}))
        y += 22
    return items, y
