"""The values a parsed state document holds beyond plain JSON types, shared by the JSON and
YAML readers (:mod:`pybridge.documents.loading`, :mod:`pybridge.documents.yaml_loading`) and read by the schema:
a mapping that remembers keys given twice, an integer too long to convert, a tagged scalar
that is no number, and numbers that keep the text they were written as."""

MAX_DEPTH = 64          # far deeper than any schema; guards the C parser's recursion
HUGE_DIGITS = 30        # longer integers are out of any range: not converted at all


class Mapping(dict):
    """A parsed mapping with keys given more than once: ``duplicates`` lists (key, where).
    Mappings without duplicates are plain dicts."""

    duplicates = ()


class HugeInt:
    """An integer literal too long to be worth converting."""

    def __init__(self, digits, text=None):
        self.digits = digits
        self.text = text

    def __repr__(self):
        return f"a {self.digits}-digit number"


def huge(text, keep_text=True):
    digits = len(text.lstrip("+-").replace("_", ""))
    return HugeInt(digits, text if keep_text else None) if digits > HUGE_DIGITS else None


class TaggedText:
    """A scalar tagged ``!!int`` or ``!!float`` whose text is not such a number (``!!int
    0o12``): kept for the schema, whose message names the field."""

    def __init__(self, tag, text):
        self.tag = tag
        self.text = text


class PlainInt(int):
    """An integer read from a plain YAML scalar, keeping its text: a field declared as a
    string reads ``0412`` as "0412", not as a number."""


class PlainFloat(float):
    """A number read from a plain YAML scalar, keeping its text (``1.50`` stays "1.50" in a
    field declared as a string, and is exactly 3/2 in a numeric one)."""


class WrittenFloat(float):
    """A JSON number with a fraction or an exponent, keeping its text: ``1.5e-99999999`` is
    read and shown as written, not as the float 0.0 it rounds to (nor ``1e400`` as inf).
    Unlike :class:`PlainFloat`, never read as a string: JSON says what is a number."""

    def __new__(cls, text):
        number = super().__new__(cls, text)
        number.text = text
        return number


def written(value):
    """A value as a message shows it: a number read from a document as its text (``1.50``,
    ``1.5e-99999999``), anything else as its repr."""
    text = getattr(value, "text", None)
    return text if isinstance(value, (int, float)) and isinstance(text, str) else repr(value)


def mapping(data, duplicates):
    """A plain dict, or a :class:`Mapping` that remembers its duplicate keys."""
    if not duplicates:
        return data
    marked = Mapping(data)
    marked.duplicates = tuple(duplicates)
    return marked


def plain_text(value):
    """The text of a number read from a plain YAML scalar; any other value as it is."""
    return value.text if isinstance(value, (PlainInt, PlainFloat, HugeInt)) and \
        value.text is not None else value
