"""What the bridge lists on a line of fire (pybridge/books/chronopia/lines.py): the same
models as computing every model's gap and keeping, between ends at one elevation, the first
in the document's order for each reason it blocks (a base touching the line, an enemy within
an inch, a friend leaving no corridor) and every model at another elevation; and found
without computing the gap of every model along a line through a crowd."""

import random
from fractions import Fraction

import pytest

from pybridge.books.chronopia import geometry
from pybridge.books.chronopia.geometry import Board
from pybridge.books.chronopia.lines import Lines


def _reference(board, models, a, b):
    """Every model's gap (Board.on_line), then the first for each reason (the bridge's
    selection before lines.py)."""
    others = [(m["id"], m["size"]) for m in models if m["id"] not in (a["id"], b["id"])]
    found = board.on_line(a["id"], b["id"], others)
    by_id = {m["id"]: m for m in models}
    level = a["elevation"] or 0
    if (b["elevation"] or 0) != level or a["altitude"] or b["altitude"]:
        return found
    kept, seen = [], set()
    for c, low, high in found:
        model = by_id[c]
        if (model["elevation"] or 0) != level:
            kept.append((c, low, high))
            continue
        reasons = {reason for reason, holds in (
            ("touches", high <= 0),
            ("enemy", model["army"] != a["army"] and high <= 1000),
            ("corridor", model["army"] == a["army"] and low < 500)) if holds}
        if reasons - seen:
            kept.append((c, low, high))
            seen |= reasons
    return kept


def _battle(seed, count, spread):
    """``count`` models at distinct random points (thousandths of an inch) within
    ``spread`` inches of the origin: random sizes, three armies, some on a hill, some fliers."""
    rng = random.Random(seed)
    spots, models = set(), []
    while len(models) < count:
        spot = tuple(Fraction(rng.randint(-spread * 1000, spread * 1000), 1000) for _ in "xy")
        if spot in spots:
            continue
        spots.add(spot)
        models.append({"id": f"M{len(models)}", "size": rng.randint(1, 5),
                       "army": rng.choice("ABC"), "position": spot,
                       "elevation": rng.choice((None, None, None, Fraction(0), Fraction(2))),
                       "altitude": rng.choice((None,) * 9 + (Fraction(4),))})
    return models


@pytest.mark.parametrize("seed", range(12))
def test_the_lines_list_what_every_gap_and_the_first_for_each_reason_list(seed):
    models = _battle(seed, 80, 12)
    board = Board({m["id"]: m["position"] for m in models})
    lines = Lines(board, models)
    rng = random.Random(seed)
    for _ in range(150):
        a, b = rng.sample(models, 2)
        assert lines.witnesses(a, b) == _reference(board, models, a, b), (a["id"], b["id"])


def test_a_line_between_close_ranks_lists_the_same():
    # ranks 1.5 inches apart: many bases touch a line, many friends leave no corridor
    models = [{"id": f"R{i}", "size": 2, "army": "AB"[i % 7 == 0], "elevation": None,
               "altitude": None, "position": (Fraction(3 * (i % 20), 2), Fraction(3 * (i // 20), 2))}
              for i in range(400)]
    board = Board({m["id"]: m["position"] for m in models})
    lines = Lines(board, models)
    for a, b in ((0, 399), (19, 380), (5, 394), (210, 9), (399, 1)):
        assert lines.witnesses(models[a], models[b]) == \
            _reference(board, models, models[a], models[b])


def test_a_line_through_a_crowd_computes_the_gaps_of_few_models(monkeypatch):
    # a shooter before a crowd 20 deep and 200 wide: its line to the far end passes 300
    # models, but only the first that touches it and the first enemy within an inch of it
    # are listed (here one: M10, the first of the nearest rank, does both), and few gaps are
    # computed to find them
    shooter = {"id": "S", "size": 2, "army": "A", "elevation": None, "altitude": None,
               "position": (0, 0)}
    crowd = [{"id": f"M{i}", "size": 2, "army": "B", "elevation": None, "altitude": None,
              "position": (5 + 2 * (i // 20), -20 + 2 * (i % 20))} for i in range(4000)]
    models = [shooter, *crowd]
    board = Board({m["id"]: m["position"] for m in models})
    computed = []
    gap = geometry.Line.gap
    monkeypatch.setattr(geometry.Line, "gap", lambda line, *a: computed.append(a) or gap(line, *a))
    found = Lines(board, models).witnesses(shooter, crowd[-1])
    assert [c for c, _, _ in found] == ["M10"]
    assert len(computed) < 100
    monkeypatch.undo()
    assert found == _reference(board, models, shooter, crowd[-1])
