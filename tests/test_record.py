"""hloc.record.Record: equality, hashing and repr by field, as the dataclasses it replaced."""

from hloc.errors import SourceLoc
from hloc.ir.types import ELEMENT_TYPES, Layout
from hloc.record import Record


class Point(Record):
    __slots__ = ("x", "y")

    def __init__(self, x, y=0):
        self.x = x
        self.y = y


class Other(Record):
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def test_equality_and_hash_by_fields():
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(1, 3)
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2


def test_different_classes_never_equal():
    assert Point(1, 2) != Other(1, 2)
    assert Point(1, 2) != (1, 2)


def test_repr_names_the_fields():
    assert repr(Point(1, "a")) == "Point(x=1, y='a')"


def test_no_instance_dict():
    p = Point(1)
    assert not hasattr(p, "__dict__")


def test_converted_classes_keep_value_semantics():
    assert SourceLoc("f.hlo", 1, 2) == SourceLoc("f.hlo", 1, 2, None)
    assert str(SourceLoc("f.hlo", 3, 4)) == "f.hlo:3:4"
    assert Layout((1, 0)) == Layout((1, 0), "") and Layout((1, 0)) != Layout((0, 1))
    assert hash(Layout((1, 0), "T(8,128)")) == hash(Layout((1, 0), "T(8,128)"))
    assert {ELEMENT_TYPES["f32"]: 1}[ELEMENT_TYPES["f32"]] == 1
