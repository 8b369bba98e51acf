"""Table-top geometry for the bridge: what positions say, as integers ASP can compare exactly.

Lengths leave here in thousandths of an inch (UNIT). A measured length x (a distance, a gap
between a line of fire and a base) is irrational in general, so it leaves as two integers,
floor(x * UNIT) and ceil(x * UNIT), computed exactly from the document's decimals (Fractions
and integer square roots, never floats). Every bound k the rules compare it with (12 inches,
a weapon range, an elevation) is a whole number of thousandths, so the comparisons in ASP are
exact: x <= k iff ceil <= k, x > k iff ceil > k, x < k iff floor < k, x >= k iff floor >= k
(12.0 is within 12, 12.0001 is not). Comparisons of two distances from one model use an
exact order (:meth:`Board.order`). Arcs use floats with a tolerance of 1e-9 at 90 degrees.
"""

import functools
import math
from fractions import Fraction

UNIT = 1000             # lengths in ASP: thousandths of an inch
# Base diameter in inches by size class (1 small .. 5 gigantic).
BASE_DIAMETER = {1: Fraction(3, 4), 2: Fraction(1), 3: Fraction(3, 2), 4: Fraction(2),
                 5: Fraction(3)}
EPSILON = 1e-9
NEAR_LINE = UNIT        # models surely more than one inch off a line are not listed


def units(length):
    """An input length (a Fraction of its decimal text, at most three decimals: the schema
    checks it) in thousandths of an inch, exactly."""
    scaled = Fraction(length) * UNIT
    assert scaled.denominator == 1, length
    return int(scaled)


def _root_bounds(numerator, denominator=1):
    """(floor, ceil) of the square root of a non-negative fraction numerator/denominator."""
    low = math.isqrt(numerator // denominator)
    return low, low + (low * low * denominator != numerator)


def distance_units(a, b):
    """(floor, ceil) of the centre-to-centre distance of two points, in thousandths."""
    return Board({0: a, 1: b}).distance_units(0, 1)


def radius(size):
    return BASE_DIAMETER[size] / 2


@functools.cache
def _reach_eighths(size_a, size_b):
    """The sum of two base radii in eighths of an inch (an integer: Board.touch), once per
    pair of sizes."""
    return int((radius(size_a) + radius(size_b)) * 8)


class Board:
    """Positions of one document, converted once to exact integers over a common denominator
    (distances, orders, lines of fire, base contact)."""

    def __init__(self, positions):
        denominators = [Fraction(v).denominator for xy in positions.values() for v in xy]
        self.scale = math.lcm(*denominators) if denominators else 1
        self.exact = {k: (int(Fraction(x) * self.scale), int(Fraction(y) * self.scale))
                      for k, (x, y) in positions.items()}

    def _scaled_square(self, a, b):
        (ax, ay), (bx, by) = self.exact[a], self.exact[b]
        return (ax - bx) ** 2 + (ay - by) ** 2

    def squared(self, a, b):
        """The exact squared distance of two models, in square inches."""
        return Fraction(self._scaled_square(a, b), self.scale * self.scale)

    def distance_units(self, a, b):
        return _root_bounds(self._scaled_square(a, b) * UNIT * UNIT, self.scale * self.scale)

    def touch(self, a, size_a, b, size_b):
        """Whether the bases of two models touch: the centre distance is at most the sum of
        the radii (in eighths of an inch, an integer)."""
        return 64 * self._scaled_square(a, b) <= _reach_eighths(size_a, size_b) ** 2 \
            * self.scale * self.scale

    def order(self, a, others, lift=None):
        """{b: rank} of ``others`` by distance from a plus ``lift[b]`` (a Fraction, inches;
        none: 0), exactly: rank 0 is the nearest, equal measures share a rank."""
        if not lift:
            # with no lift, sqrt(p) - sqrt(q) has the sign of p - q: the squared distances
            # (exact integers over one denominator) are the order
            squares = {b: self._scaled_square(a, b) for b in others}
            ranks, last, rank = {}, None, -1
            for b in sorted(others, key=squares.get):
                if squares[b] != last:
                    rank += 1
                ranks[b], last = rank, squares[b]
            return ranks

        def compare(b, c):
            return _sign_root_difference(self.squared(a, b), self.squared(a, c),
                                         lift.get(c, 0) - lift.get(b, 0))
        ranks, last, rank = {}, None, -1
        for b in sorted(others, key=functools.cmp_to_key(compare)):
            if last is None or compare(last, b) != 0:
                rank += 1
            ranks[b], last = rank, b
        return ranks

    def on_line(self, a, b, others):
        """For the segment from model a to model b and ``others`` ((id, size) pairs), the
        (id, floor, ceil) of each model whose centre projects strictly between a and b and
        whose base edge may be within an inch of the line: the gap from the line to its
        base edge in thousandths (0 or less: the base touches the line)."""
        line = Line(self, a, b)
        if not line.length2:
            return []
        found = []
        for ident, size in others:
            gap = line.gap(ident, size)
            if gap is not None:
                found.append((ident, *gap))
        return found


class Line:
    """The segment from model a to model b of a board, in its exact integers: the gap from
    it to a model's base (:meth:`gap`)."""

    def __init__(self, board, a, b):
        self.board = board
        (self.ax, self.ay), (bx, by) = board.exact[a], board.exact[b]
        self.dx, self.dy = bx - self.ax, by - self.ay
        self.length2 = self.dx * self.dx + self.dy * self.dy
        self.divisor = self.length2 * board.scale * board.scale

    def gap(self, ident, size):
        """(floor, ceil) of the gap from the line to the base edge of a model of size class
        ``size`` (in thousandths; 0 or less: the base touches the line) when its centre
        projects strictly between the ends and the gap may be an inch or less; else None."""
        x, y = self.board.exact[ident]
        cx, cy = x - self.ax, y - self.ay
        if not 0 < cx * self.dx + cy * self.dy < self.length2:
            return None
        cross = self.dx * cy - self.dy * cx
        low, high = _root_bounds(cross * cross * UNIT * UNIT, self.divisor)
        edge = _EDGE[size]
        return (low - edge, high - edge) if low - edge <= NEAR_LINE else None


class Cells:
    """The models of a board in square cells of ``side`` inches, to find the models near a
    model without visiting every model (a battle's pairs grow with the square of its
    models; the models near one of them do not)."""

    def __init__(self, board, side):
        self.board = board
        self.side = side * board.scale
        self.cells = {}
        for ident, (x, y) in board.exact.items():
            self.cells.setdefault((x // self.side, y // self.side), []).append(ident)

    def around(self, a, reach):
        """The models (a itself included) whose centre may be within ``reach`` inches of a's
        centre: a superset, to be checked exactly."""
        r = reach * self.board.scale
        x, y = self.board.exact[a]
        found = []
        for i in range((x - r) // self.side, (x + r) // self.side + 1):
            for j in range((y - r) // self.side, (y + r) // self.side + 1):
                found += self.cells.get((i, j), ())
        return found


def _sign_root_difference(p, q, c):
    """The sign of sqrt(p) - sqrt(q) - c, exactly, for Fractions p, q >= 0 and c."""
    # r = sqrt(q) + c; sqrt(p) > r always when r < 0
    r_sign = (1 if c > 0 or q > 0 else 0) if c >= 0 else _sign(q - c * c)
    if r_sign < 0:
        return 1
    if r_sign == 0:
        return 1 if p > 0 else 0
    # sign(p - r^2) = sign(e - f) with e = p - q - c^2, f = 2 c sqrt(q)
    e = p - q - c * c
    f_sign = _sign(c) if q > 0 else 0
    e_sign = _sign(e)
    if e_sign != f_sign or e_sign == 0:
        return _sign(e_sign - f_sign)
    return e_sign * _sign(e * e - 4 * c * c * q)


def _sign(x):
    return (x > 0) - (x < 0)


_EDGE = {size: units(radius(size)) for size in BASE_DIAMETER}


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
    """For a model of size class ``size`` at c: (floor, ceil) of the gap from the segment
    a-b to its base edge in thousandths, or None when it is not listed (see
    :meth:`Board.on_line`)."""
    found = Board({0: a, 1: b, 2: c}).on_line(0, 1, [(2, size)])
    return found[0][1:] if found else None



# Terrain pieces are segments (chronopia's terrain[]): whether one crosses a line of fire,
# how far a model's centre is from it, whether a base touches it; exactly, from Fractions.

def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _sign_of(x):
    return (x > 0) - (x < 0)


def _within_box(p, q, r):
    """r, collinear with p and q, lies on the closed segment p-q."""
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and \
        min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def segments_meet(a, b, p, q):
    """Whether the closed segments a-b and p-q have a point in common (touching counts)."""
    a, b, p, q = (tuple(map(Fraction, v)) for v in (a, b, p, q))
    d1, d2 = _sign_of(_cross(p, q, a)), _sign_of(_cross(p, q, b))
    d3, d4 = _sign_of(_cross(a, b, p)), _sign_of(_cross(a, b, q))
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (d1 == 0 and _within_box(p, q, a)) or (d2 == 0 and _within_box(p, q, b)) or \
        (d3 == 0 and _within_box(a, b, p)) or (d4 == 0 and _within_box(a, b, q))


def _squared_to_segment(c, p, q):
    """The exact squared distance (a Fraction, square inches) from point c to segment p-q."""
    c, p, q = (tuple(map(Fraction, v)) for v in (c, p, q))
    dx, dy = q[0] - p[0], q[1] - p[1]
    length2 = dx * dx + dy * dy
    t = ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / length2 if length2 else Fraction(0)
    t = min(max(t, Fraction(0)), Fraction(1))
    ex, ey = p[0] + t * dx - c[0], p[1] + t * dy - c[1]
    return ex * ex + ey * ey


def segment_distance_units(c, p, q):
    """(floor, ceil) of the distance from point c to segment p-q, in thousandths."""
    square = _squared_to_segment(c, p, q) * UNIT * UNIT
    return _root_bounds(square.numerator, square.denominator)


def base_touches_segment(c, size, p, q):
    """Whether the base of a model of size class ``size`` at c touches segment p-q: its
    centre is at most the base's radius from it."""
    return _squared_to_segment(c, p, q) <= radius(size) ** 2
