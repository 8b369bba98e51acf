"""Fields: classes of named values, given at creation and compared by value.

What ``@dataclass`` gave the declarations of this package (schema specs, rule catalogue,
bounds, outcomes), without generating and compiling code for every class at import: a
dataclass costs about 0.3 ms to create, and a ``rulings rule`` call imports some thirty of
them (issue 15, start-up; benchmarks/startup.py). Fields are the class's annotations, in
order, after those of its bases; a class attribute of the same name is the default, a
:class:`Factory` makes a fresh default for each instance::

    class Int(Fields):
        lo: int = -10
        hi: int = 10
        tags: list = Factory(list)

A subclass may define ``__post_init__`` (called after the fields are set). They are not
frozen: none of this package's is changed after creation, and they hash by value.
"""


class Factory:
    """A default made afresh for each instance (``Factory(dict)``)."""

    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make


_REQUIRED = object()


class Fields:
    _fields = ()          # (name, default or _REQUIRED or Factory), in order

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        known = dict(cls._fields)
        for name in cls.__dict__.get("__annotations__", {}):
            known[name] = cls.__dict__.get(name, known.get(name, _REQUIRED))
        cls._fields = tuple(known.items())

    def __init__(self, *args, **kwargs):
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields, "
                            f"got {len(args)}")
        for (name, _), value in zip(fields, args):
            if name in kwargs:
                raise TypeError(f"{type(self).__name__}: {name} given twice")
            kwargs[name] = value
        for name, default in fields:
            if name in kwargs:
                value = kwargs.pop(name)
            elif default is _REQUIRED:
                raise TypeError(f"{type(self).__name__}: missing field {name}")
            else:
                value = default.make() if isinstance(default, Factory) else default
            object.__setattr__(self, name, value)
        if kwargs:
            raise TypeError(f"{type(self).__name__}: unknown fields {sorted(kwargs)}")
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def _values(self):
        return tuple(getattr(self, name) for name, _ in self._fields)

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self):
        return hash((type(self), self._values()))

    def __repr__(self):
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name, _ in self._fields)
        return f"{type(self).__name__}({shown})"
