"""Table-top geometry for the bridge: what positions say, as integers ASP can compare.

Lengths leave here in tenths of an inch, rounded half up, so that every rule's comparison
("within 12 inches") is an integer comparison in ASP. Distances are computed exactly from
the document's decimal positions (Fractions), so 12.05 inches is 12.1, never 12.0 by a
binary float; arcs and lines use floats with a tolerance of 1e-9 at their boundaries.
"""

import math
from fractions import Fraction

# Base diameter in inches by size class (1 small .. 5 gigantic).
BASE_DIAMETER = {1: Fraction(3, 4), 2: Fraction(1), 3: Fraction(3, 2), 4: Fraction(2),
                 5: Fraction(3)}
EPSILON = 1e-9
NEAR_LINE = 10          # models more than one inch (10 tenths) off a line are not listed


def tenths(length):
    """A non-negative or negative length (a Fraction or int) in tenths, rounded half up."""
    return math.floor(Fraction(length) * 10 + Fraction(1, 2))


def distance_tenths(a, b):
    """Centre-to-centre distance of two points, in tenths, rounded half up, exactly (see
    :meth:`Board.distance_tenths`)."""
    return Board({0: a, 1: b}).distance_tenths(0, 1)


class Board:
    """Positions of one document, converted once: exact integers over a common denominator
    (for distances) and floats (for arcs and lines)."""

    def __init__(self, positions):
        denominators = [Fraction(v).denominator for xy in positions.values() for v in xy]
        self.scale = math.lcm(*denominators) if denominators else 1
        self.exact = {k: (int(Fraction(x) * self.scale), int(Fraction(y) * self.scale))
                      for k, (x, y) in positions.items()}
        self.float = {k: (float(x), float(y)) for k, (x, y) in positions.items()}

    def distance_tenths(self, a, b):
        """The distance of two models in tenths, rounded half up, exactly: the largest n with
        (n - 1/2)^2 <= (10 d)^2, from the exact squared distance in integers."""
        (ax, ay), (bx, by) = self.exact[a], self.exact[b]
        scaled = 400 * ((ax - bx) ** 2 + (ay - by) ** 2) // (self.scale * self.scale)
        return (math.isqrt(scaled) + 1) // 2


def radius(size):
    return BASE_DIAMETER[size] / 2


def in_front(a, facing, b):
    """Whether point b lies in the front 180 degrees of a model at a facing ``facing``
    (degrees counter-clockwise from +x): at most 90 degrees off, inclusive."""
    dx, dy = float(b[0] - a[0]), float(b[1] - a[1])
    if dx == 0 and dy == 0:
        return True
    angle = math.radians(float(facing))
    dot = math.cos(angle) * dx + math.sin(angle) * dy
    return dot >= -EPSILON * math.hypot(dx, dy)


def gap_to_line(a, b, c, size):
    """For a model of size class ``size`` at c: the distance from the segment a-b to its base
    edge in tenths (0 or less: its base touches the line), or None when c's centre does not
    project strictly between a and b or the base is more than an inch off the line
    (an inch exactly is listed: "within" includes its bound)."""
    point = lambda p: (float(p[0]), float(p[1]))        # noqa: E731
    found = models_on_line(point(a), point(b), [(None, point(c), size)])
    return found[0][1] if found else None


def bases_touch(a, size_a, b, size_b):
    squared = (Fraction(a[0]) - Fraction(b[0])) ** 2 + (Fraction(a[1]) - Fraction(b[1])) ** 2
    return squared <= (radius(size_a) + radius(size_b)) ** 2


def models_on_line(a, b, others):
    """For the segment a-b (float points) and ``others`` (id, (x, y) floats, size), the
    (id, gap) of each model
    standing on it, as :func:`gap_to_line` gives them; a quick distance test first leaves
    out the models that cannot be within an inch of the segment."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return []
    length = math.sqrt(length2)
    reach = length + float(max(BASE_DIAMETER.values())) + 1.0
    found = []
    for ident, (x, y), size in others:
        cx, cy = x - ax, y - ay
        if abs(cx) > reach or abs(cy) > reach:
            continue
        t = (cx * dx + cy * dy) / length2
        if t <= EPSILON or t >= 1 - EPSILON:
            continue
        off = abs(dx * cy - dy * cx) / length
        gap = math.floor((off - _RADIUS[size]) * 10 + 0.5 + EPSILON)
        if gap <= NEAR_LINE:
            found.append((ident, gap))
    return found


_RADIUS = {size: float(diameter) / 2 for size, diameter in BASE_DIAMETER.items()}
