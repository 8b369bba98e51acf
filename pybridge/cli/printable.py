"""Text for a terminal: user-supplied strings with every control character, line break and
invisible formatting character escaped, so that an identifier cannot move the cursor, clear
the screen or start a new line that looks like a ruling. JSON output stays exact."""

import unicodedata

# Cc: control characters (ESC, CR, LF, C1 controls); Cf: format characters (bidi overrides,
# zero-width joiners); Zl, Zp: line and paragraph separators; Cs: lone surrogates.
_ESCAPED = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}


def _escape(char):
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def printable(text, backslashes=True):
    """``text`` with every character that is not visible ink or a plain space escaped as
    ``\\uXXXX``. Backslashes are doubled, so an escape cannot be forged either, unless
    ``backslashes`` is false: for text whose backslashes are escapes already (JSON, repr)."""
    text = str(text)
    if text.isprintable() and (not backslashes or "\\" not in text):
        return text
    return "".join("\\\\" if c == "\\" and backslashes else
                   _escape(c) if unicodedata.category(c) in _ESCAPED else c for c in text)
