"""The table of chronopia's picture (chronopia.py): its extent in inches and its scale, the
1-inch grid with its inch labels, circles clipped to the table (a weapon's range bands reach
far beyond the models), a placer that puts a block of text where it covers least, and the
picture's style.

The rulebook's y grows upward (a facing is counter-clockwise from +x, 90 towards +y,
chronopia/__init__.py), so the table is drawn so: a greater y is higher on the picture and a
facing turns counter-clockwise, as on the rulebook's table."""

import math
from fractions import Fraction

from .svg import number

# the picture's own style (its own <style> element: svg.py's STYLE, which every picture
# has, stays as it is)
STYLE = """
.ch-table { fill: #fbfaf5; stroke: #888; stroke-width: 1; }
.ch-grid { stroke: #e6e2d6; stroke-width: 0.6; }
.ch-grid.major { stroke: #bdb7a4; stroke-width: 1.1; }
.ch-axis { fill: #777; }
.ch-terrain { stroke-linecap: round; stroke-width: 6; }
.ch-terrain.wall { stroke: #6b5b4b; }
.ch-terrain.scrub { stroke: #6f9a4f; stroke-dasharray: 4 3; stroke-linecap: butt; }
.ch-terrain.blocking { stroke: #b03a2e; }
.ch-range { fill: none; stroke: #8a7fb0; stroke-width: 1; stroke-dasharray: 6 4; }
.ch-range.max { stroke-dasharray: 2 4; }
.ch-range-label { fill: #5f5490; }
.ch-model { stroke-width: 1.5; }
.ch-model.panicked { stroke-dasharray: 3 2; }
.ch-army0 { fill: #4e79a7; stroke: #2c4a6e; }
.ch-army1 { fill: #e15759; stroke: #8c2a2b; }
.ch-army2 { fill: #59a14f; stroke: #30652a; }
.ch-army3 { fill: #f28e2b; stroke: #9a5410; }
.ch-army4 { fill: #b07aa1; stroke: #6e4563; }
.ch-army5 { fill: #76b7b2; stroke: #3f7a75; }
.ch-arc { stroke: none; opacity: 0.2; }
.ch-facing { stroke: #111; stroke-width: 2; stroke-linecap: round; }
.ch-sight { fill: none; stroke-width: 1.6; }
.ch-sight.clear { stroke: #2a7d2a; }
.ch-sight.refused { stroke: #d68000; stroke-dasharray: 6 3; }
.ch-sight.out-of-range { stroke: #888; stroke-dasharray: 6 3; }
.ch-sight.blocked { stroke: #c0392b; stroke-dasharray: 3 3; }
.ch-sight.unruled { stroke: #888; stroke-dasharray: 1 3; }
.ch-blocker { fill: none; stroke: #c0392b; stroke-width: 2; stroke-dasharray: 3 2; }
.ch-link { stroke-width: 1.5; stroke-dasharray: 1 4; stroke-linecap: round; }
.ch-link.cast { stroke: #6a3d9a; stroke-width: 2; stroke-dasharray: 7 3; }
.ch-link.morale { stroke: #555; }
.ch-link.summon { stroke: #6a3d9a; stroke-width: 2; stroke-dasharray: none; }
.ch-halo { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
.ch-name { font-size: 12px; font-weight: bold; }
.ch-note { fill: #555; }
.ch-hit { fill: #1d6b1d; font-weight: bold; }
.ch-save { fill: #1f4e8c; font-weight: bold; }
.ch-friendly { fill: #a05a00; font-weight: bold; }
.ch-cover { fill: #6b5b4b; }
.ch-refused, .ch-why { fill: #b03a2e; }
.ch-distance { fill: #2a7d2a; }
.ch-piece { fill: #6b5b4b; }
.ch-head { stroke: none; }
.ch-head.legal { fill: #2a7d2a; }
.ch-head.refused { fill: #d68000; }
.ch-head.blocked { fill: #c0392b; }
.ch-head.range { fill: #888; }
"""

MARGIN = 2                  # inches of table around the outermost base or piece of terrain
MOST_WIDTH, MOST_HEIGHT = 720, 600      # px the table takes at most ...
FEWEST, MOST = 8, 40        # ... at a scale of so many px per inch
LEFT, TOP = 56, 80          # px: the table's top left corner
RIGHT = 230                 # px right of the table, for the labels of the models there
MAJOR = 6                   # a heavier grid line every so many inches
LINE = 13                   # px between the lines of a label
CHAR = 5.7                  # px: the width of a character of the small font, about


def inches(value):
    """A length or coordinate as the document or the explanation gives it: whole numbers
    without a point, others with their decimals (at most three: chronopia's lengths)."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(value)
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.3f}".rstrip("0")


class Table:
    """The table: whole inches from (x0, y0) to (x1, y1), at ``inch`` px per inch."""

    def __init__(self, extent):
        """``extent``: (x, y, reach) of every point drawn, reach in inches around it."""
        extent = list(extent) or [(0, 0, 0)]
        self.x0 = math.floor(min(float(x) - r for x, _, r in extent) - MARGIN)
        self.x1 = math.ceil(max(float(x) + r for x, _, r in extent) + MARGIN)
        self.y0 = math.floor(min(float(y) - r for _, y, r in extent) - MARGIN)
        self.y1 = math.ceil(max(float(y) + r for _, y, r in extent) + MARGIN)
        wide, high = self.x1 - self.x0, self.y1 - self.y0
        self.inch = max(FEWEST, min(MOST, int(min(MOST_WIDTH / wide, MOST_HEIGHT / high))))
        self.width, self.height = wide * self.inch, high * self.inch
        self.right, self.bottom = LEFT + self.width, TOP + self.height

    def at(self, x, y):
        """The px of a point of the table (inches)."""
        return (LEFT + (float(x) - self.x0) * self.inch, TOP + (self.y1 - float(y)) * self.inch)

    def toward(self, x, y, degrees, length):
        """The px of the point ``length`` inches from (x, y) at ``degrees`` counter-clockwise
        from +x."""
        angle = math.radians(float(degrees))
        return self.at(float(x) + length * math.cos(angle), float(y) + length * math.sin(angle))

    def draw_grid(self, picture):
        picture.rect(LEFT, TOP, self.width, self.height, class_="ch-table",
                     data_px_per_inch=self.inch)
        for x in range(self.x0, self.x1 + 1):
            px = self.at(x, 0)[0]
            picture.element("line", x1=px, y1=TOP, x2=px, y2=self.bottom,
                            class_="ch-grid major" if x % MAJOR == 0 else "ch-grid",
                            data_x=x)
        for y in range(self.y0, self.y1 + 1):
            py = self.at(0, y)[1]
            picture.element("line", x1=LEFT, y1=py, x2=self.right, y2=py,
                            class_="ch-grid major" if y % MAJOR == 0 else "ch-grid",
                            data_y=y)
        step = next(s for s in (1, 2, 3, 6, 12, 24, 48, 96) if s * self.inch >= 22 or s == 96)
        for x in range(self.x0, self.x1 + 1):
            if x % step == 0:
                picture.text(self.at(x, 0)[0], self.bottom + 14, str(x),
                             class_="small ch-axis", text_anchor="middle")
        for y in range(self.y0, self.y1 + 1):
            if y % step == 0:
                picture.text(LEFT - 6, self.at(0, y)[1] + 4, str(y), class_="small ch-axis",
                             text_anchor="end")
        picture.text(self.right, self.bottom + 28, "x, inches →", class_="small ch-axis",
                     text_anchor="end")
        picture.text(LEFT - 6, TOP - 8, "y ↑", class_="small ch-axis", text_anchor="end")

    def ring(self, picture, x, y, reach, **attributes):
        """The circle of ``reach`` inches around (x, y) as far as it lies on the table:
        whether any of it does."""
        arcs = _arcs(float(x), float(y), float(reach),
                     (self.x0, self.y0, self.x1, self.y1))
        if arcs is None:
            centre = self.at(x, y)
            picture.element("circle", cx=centre[0], cy=centre[1], r=reach * self.inch,
                            **attributes)
            return True
        if not arcs:
            return False
        parts = []
        for start, end in arcs:
            a = self.toward(x, y, math.degrees(start), float(reach))
            b = self.toward(x, y, math.degrees(end), float(reach))
            radius = number(float(reach) * self.inch)
            # counter-clockwise on the table is counter-clockwise on the picture: sweep 0
            parts.append(f"M {number(a[0])} {number(a[1])} A {radius} {radius} 0 "
                         f"{int(end - start > math.pi)} 0 {number(b[0])} {number(b[1])}")
        picture.element("path", d=" ".join(parts), **attributes)
        return True

    def ring_points(self, x, y, reach, facing):
        """Points of the circle on the table, for its label: every 7.5 degrees, beginning
        a little counter-clockwise of ``facing``."""
        found = []
        for step in range(48):
            degrees = float(facing) + 20 + 7.5 * step
            angle = math.radians(degrees)
            px, py = float(x) + float(reach) * math.cos(angle), \
                float(y) + float(reach) * math.sin(angle)
            if self.x0 + 0.25 <= px <= self.x1 - 0.25 and \
                    self.y0 + 0.25 <= py <= self.y1 - 0.25:
                found.append(self.at(px, py))
        return found


def _arcs(cx, cy, r, box):
    """The arcs (start, end angles in radians, counter-clockwise) of the circle inside the
    box (x0, y0, x1, y1); None: all of it."""
    x0, y0, x1, y1 = box
    angles = []
    for edge, across in ((x0, True), (x1, True), (y0, False), (y1, False)):
        offset = edge - (cx if across else cy)
        if abs(offset) >= r:
            continue
        rest = math.sqrt(r * r - offset * offset)
        for other in (rest, -rest):
            dx, dy = (offset, other) if across else (other, offset)
            angles.append(math.atan2(dy, dx) % (2 * math.pi))
    if not angles:
        inside = x0 <= cx + r <= x1 and x0 <= cx - r <= x1 and y0 <= cy - r <= y1 \
            and y0 <= cy + r <= y1
        return None if inside else []
    angles = sorted(set(angles))
    arcs = []
    for start, end in zip(angles, angles[1:] + [angles[0] + 2 * math.pi]):
        middle = (start + end) / 2
        mx, my = cx + r * math.cos(middle), cy + r * math.sin(middle)
        if x0 <= mx <= x1 and y0 <= my <= y1 and end - start > 1e-6:
            arcs.append((start, end))
    return arcs


class Placer:
    """Where blocks of text go: each candidate box is scored by what it covers (a label or
    a model: much; a line: a little; leaving the picture: most) and the least is taken,
    the first of equals."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.hard, self.soft = [], []

    def block(self, box, hard=True):
        (self.hard if hard else self.soft).append(box)

    def line(self, a, b):
        """A line drawn from a to b (px): a few points along it, to keep off if one can."""
        steps = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1]) / 12))
        for i in range(1, steps):
            x, y = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
            self.soft.append((x - 2, y - 2, x + 2, y + 2))

    def place(self, candidates, width, height):
        """The best of the candidate top left corners (px) of a box of this size; it is
        taken."""
        def score(corner):
            box = (corner[0], corner[1], corner[0] + width, corner[1] + height)
            out = box[0] < 2 or box[1] < 2 or box[2] > self.width - 2 or \
                box[3] > self.height - 2
            return 10_000 * out + 100 * sum(_meet(box, b) for b in self.hard) + \
                sum(_meet(box, b) for b in self.soft)
        best = min(enumerate(candidates), key=lambda pair: (score(pair[1]), pair[0]))[1]
        self.hard.append((best[0], best[1], best[0] + width, best[1] + height))
        return best


def _meet(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def text_width(text, bold=False):
    return len(text) * CHAR * (1.12 if bold else 1)
