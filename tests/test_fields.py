"""pybridge.documents.fields: the records that replaced dataclasses (issue 15, start-up) keep what the
package relied on: fields from annotations in order, defaults, fresh defaults per instance,
equality and hashing by value, a readable repr, __post_init__ and inheritance."""

import pickle

import pytest

from pybridge.documents.fields import Factory, Fields


class Point(Fields):
    x: int
    y: int = 0
    tags: list = Factory(list)


class Labelled(Point):
    label: str = "p"

    def __post_init__(self):
        self.seen = (self.x, self.label)


def test_fields_by_position_and_by_name_with_defaults():
    assert (Point(1).x, Point(1).y, Point(1).tags) == (1, 0, [])
    point = Point(1, y=2, tags=["a"])
    assert (point.x, point.y, point.tags) == (1, 2, ["a"])


def test_a_factory_default_is_made_afresh_for_each_instance():
    first, second = Point(1), Point(1)
    first.tags.append("a")
    assert second.tags == []


@pytest.mark.parametrize("make, message", [
    (lambda: Point(), "missing field x"),
    (lambda: Point(1, 2, [], 4), "takes 3 fields, got 4"),
    (lambda: Point(1, x=2), "x given twice"),
    (lambda: Point(1, z=2), "unknown fields ['z']"),
])
def test_wrong_fields_are_refused(make, message):
    with pytest.raises(TypeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        make()


def test_equal_and_hashed_by_value_and_type():
    assert Point(1, 2) == Point(1, 2) and Point(1, 2) != Point(1, 3)
    assert Labelled(1, 2) != Point(1, 2)                       # another type
    assert len({Point(1, 2, ()), Point(1, 2, ())}) == 1
    with pytest.raises(TypeError):
        hash(Point(1, 2, []))                                    # a list inside: unhashable


def test_repr_names_each_field():
    assert repr(Point(1, 2)) == "Point(x=1, y=2, tags=[])"


def test_a_subclass_adds_its_fields_after_its_bases_and_runs_post_init():
    labelled = Labelled(1, 2, [], "q")
    assert repr(labelled) == "Labelled(x=1, y=2, tags=[], label='q')"
    assert labelled.seen == (1, "q")


def test_records_cross_process_boundaries():
    # analysis children and Dask workers receive them pickled
    assert pickle.loads(pickle.dumps(Labelled(1, label="r"))) == Labelled(1, label="r")
