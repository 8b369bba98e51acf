"""What stands on a line of fire, found without visiting every model near it.

A line through a crowd passes many models, but the rules tell apart only a few of them
(:func:`Lines.witnesses`): between ends at one elevation, of the models at that elevation the
first in the document's order for each way a model blocks the line (its base touches it, an
enemy within an inch of it, a friend leaving no corridor), and every model at another
elevation (a dead zone may be shot over: C36-DEAD). The models are held in a tree of boxes
(a k-d tree), each box with the least document index, the armies and the elevations of the
models in it; the first model for a reason is found by visiting the boxes near the line in
the order of their least index, so the search stops at the first model that blocks, however
long the line and however many models stand behind it. Gaps are computed exactly
(geometry.Line); the boxes only choose which models to compute.
"""

import heapq
from functools import cached_property

from .geometry import _EDGE, UNIT, Line

# What a model on a line of fire can do to it (targeting.lp, shooting.lp), in thousandths:
# a base touching the line blocks it, an enemy within an inch blocks it (C36-LOS-MODELS), a
# friend less than half an inch off it leaves no corridor (C36-CORRIDOR).
ENEMY_GAP = 1000
CORRIDOR_GAP = 500
# How far (thousandths, from a base's edge) a model's centre may be from the line for each
# reason to hold, at most ("listed": any gap of an inch or less, geometry.NEAR_LINE), and a
# margin for the boxes' test in floating point (it only chooses what is computed exactly).
REACH = {"touches": 0, "enemy": ENEMY_GAP, "corridor": CORRIDOR_GAP + 1, "listed": 1001}
MARGIN = 10
LEAF = 8


class _Box:
    """A node of the tree: the bounding box of its models, their least document index, their
    armies, their elevations (least and most), their largest base edge, and either two
    halves or its models as (index, id, size, army, elevation)."""

    __slots__ = ("first", "x0", "y0", "x1", "y1", "armies", "low", "high", "edge", "halves",
                 "models")

    def __init__(self, models, exact):
        xs = [exact[m[1]][0] for m in models]
        ys = [exact[m[1]][1] for m in models]
        self.x0, self.x1, self.y0, self.y1 = min(xs), max(xs), min(ys), max(ys)
        self.first = min(m[0] for m in models)
        self.armies = frozenset(m[3] for m in models)
        self.low = min(m[4] for m in models)
        self.high = max(m[4] for m in models)
        self.edge = max(_EDGE[m[2]] for m in models)
        self.halves = self.models = None
        if len(models) <= LEAF:
            self.models = sorted(models)
            return
        axis = 0 if self.x1 - self.x0 >= self.y1 - self.y0 else 1
        models = sorted(models, key=lambda m: (exact[m[1]][axis], m[0]))
        middle = len(models) // 2
        self.halves = (_Box(models[:middle], exact), _Box(models[middle:], exact))


class Lines:
    """The models of a board (``models``: the document's, in its order) in a tree, to find
    what stands on the line between two of them."""

    def __init__(self, board, models):
        self.board = board
        self.models = models

    @cached_property
    def tree(self):
        """The tree, built on the first line asked for (none when no model looks)."""
        return _Box([(i, m["id"], m["size"], m["army"], m["elevation"] or 0)
                     for i, m in enumerate(self.models)], self.board.exact)

    def witnesses(self, a, b):
        """For the line from model a to model b (the document's models), (id, floor, ceil)
        of each model on it that the rules can tell apart, in the document's order (the
        gaps of geometry.Board.on_line). A model at the elevation of both ends stands in no
        dead zone (C36-DEAD: it is never shot over), so all it can do is block the line, for
        one of three reasons: of such models only the first for each reason is listed, and
        none that blocks for no reason (a long line through a crowd would list its crowd).
        Other models are all listed; so is every model of a flier's line (it passes over
        some models: C36-FLY, asp/chronopia/expressible.lp)."""
        line = Line(self.board, a["id"], b["id"])
        if not line.length2:
            return []
        level = a["elevation"] or 0
        flat = (b["elevation"] or 0) == level and not a["altitude"] and not b["altitude"]
        ends = (a["id"], b["id"])
        found = self._listed(line, ends, level if flat else None)
        if flat:
            found.update(self._first(line, ends, level, a["army"]))
        return [found[i] for i in sorted(found)]

    def _near(self, box, line, reach):
        """Whether the line may pass within ``reach`` thousandths of the base edge of a
        model in ``box`` (a superset: the box widened by as much, in floating point with a
        margin)."""
        scale = self.board.scale
        w = (box.edge + reach + MARGIN) * scale / UNIT
        t0, t1 = 0.0, 1.0
        for p, q in ((-line.dx, line.ax - (box.x0 - w)), (line.dx, box.x1 + w - line.ax),
                     (-line.dy, line.ay - (box.y0 - w)), (line.dy, box.y1 + w - line.ay)):
            if p == 0:
                if q < 0:
                    return False
                continue
            r = q / p
            if p < 0:
                if r > t1:
                    return False
                t0 = max(t0, r)
            else:
                if r < t0:
                    return False
                t1 = min(t1, r)
        return True

    def _listed(self, line, ends, level):
        """{index: (id, floor, ceil)} of every model on the line not at elevation ``level``
        (None: every model)."""
        found, stack = {}, [self.tree]
        while stack:
            box = stack.pop()
            if box.low == box.high == level or not self._near(box, line, REACH["listed"]):
                continue
            if box.halves:
                stack += box.halves
                continue
            for index, ident, size, _, elevation in box.models:
                if elevation != level and ident not in ends:
                    gap = line.gap(ident, size)
                    if gap is not None:
                        found[index] = (ident, *gap)
        return found

    def _first(self, line, ends, level, army):
        """{index: (id, floor, ceil)} of the first model at elevation ``level`` (the ends')
        for each reason it blocks the line (``army``: the shooter's): the boxes in the order
        of their least index, so the first model that holds for a reason is the first in
        the document's order."""
        pending = {"touches", "enemy", "corridor"}
        found = {}
        heap = [(self.tree.first, 0, self.tree)]
        tie = 1
        while heap and pending:
            _, _, box = heapq.heappop(heap)
            if isinstance(box, tuple):
                index, ident, size, other, _ = box
                gap = line.gap(ident, size)
                if gap is None:
                    continue
                low, high = gap
                reasons = {reason for reason, holds in (
                    ("touches", high <= 0),
                    ("enemy", other != army and high <= ENEMY_GAP),
                    ("corridor", other == army and low < CORRIDOR_GAP)) if holds} & pending
                if reasons:
                    pending -= reasons
                    found[index] = (ident, low, high)
                continue
            reach = self._reach(box, pending, army, level)
            if reach is None or not self._near(box, line, reach):
                continue
            if box.halves:
                for half in box.halves:
                    heapq.heappush(heap, (half.first, tie, half))
                    tie += 1
                continue
            for model in box.models:
                if model[4] == level and model[1] not in ends:
                    heapq.heappush(heap, (model[0], tie, model))
                    tie += 1
        return found

    @staticmethod
    def _reach(box, pending, army, level):
        """How far from the line a model of ``box`` may be and still block it for a reason
        still ``pending`` (None: for none; the reasons of another army's model or a friend
        need such a model in the box)."""
        if not box.low <= level <= box.high:
            return None
        reaches = [REACH["touches"]] if "touches" in pending else []
        if "enemy" in pending and (len(box.armies) > 1 or army not in box.armies):
            reaches.append(REACH["enemy"])
        if "corridor" in pending and army in box.armies:
            reaches.append(REACH["corridor"])
        return max(reaches, default=None)
