"""JSON reading (issue 12, items 11 and 14): NaN and Infinity are refused with their line and
column; the depth check reads each character once (80 KB of escaped quotes took 19 s when a
regular expression rescanned every unterminated string)."""

import subprocess
import sys
import textwrap

import pytest

from pybridge.documents.loading import parse_document
from pybridge.documents.values import MAX_DEPTH
from pybridge.errors import InputError


@pytest.mark.parametrize("text, where", [
    ('{"rulebook": "redemption",\n "characters": [{"strength": NaN}]}', "line 2, column 30"),
    ('[1,\n  -Infinity]', "line 2, column 3"),
    ('{"NaN": Infinity}', "line 1, column 9"),
])
def test_json_constants_are_refused_with_line_and_column(text, where):
    with pytest.raises(InputError) as caught:
        parse_document(text.encode(), "state.json")
    assert f"invalid JSON at {where}:" in str(caught.value)
    assert "is not a number" in str(caught.value)


@pytest.mark.parametrize("depth, refused", [(MAX_DEPTH, False), (MAX_DEPTH + 1, True)])
def test_json_depth_limit_counts_brackets_outside_strings(depth, refused):
    text = "[" * depth + '"[[[{{{\\"]]"' + "]" * depth
    if refused:
        with pytest.raises(InputError, match="nested too deeply"):
            parse_document(text.encode(), "state.json")
    else:
        parse_document(text.encode(), "state.json")


def test_unterminated_strings_of_escaped_quotes_are_read_in_one_pass():
    # 800 KB: ten times the size that took 19 s; in one pass it takes milliseconds. Run in a
    # child with a generous deadline, so a regression fails instead of hanging the suite.
    code = textwrap.dedent("""
        from pybridge.errors import InputError
        from pybridge.documents.loading import parse_document
        text = '{"a": "' + '\\\\"' * 400_000
        try:
            parse_document(text.encode(), "state.json")
        except InputError as error:
            print(error)
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "invalid JSON" in result.stdout
