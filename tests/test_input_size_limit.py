"""Input size is bounded (issue 12, item 13): a document over the limit (64 MiB by default,
--max-size MIB to change it) is refused with exit 2 before it is read whole."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import pybridge
from pybridge.documents.loading import MAX_BYTES, read_source
from pybridge.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "pybridge", "rule"]
EXAMPLE = ROOT / "examples" / "redemption" / "three_character_battle.yaml"


def test_the_default_limit_is_64_mib():
    assert MAX_BYTES == 64 * 2**20


@pytest.mark.parametrize("size, refused", [(1024, False), (1025, True)])
def test_a_file_of_exactly_the_limit_is_read_one_byte_more_is_refused(tmp_path, size, refused):
    path = tmp_path / "doc.yaml"
    path.write_bytes(b"#" * size)
    if refused:
        with pytest.raises(InputError, match="larger than 1024 bytes, the size limit"):
            read_source(str(path), limit=1024)
    else:
        assert len(read_source(str(path), limit=1024)) == 1024


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_device_is_refused_after_the_limit():
    result = subprocess.run(COMMAND + ["--max-size", "1", "/dev/zero"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == ("error: /dev/zero: larger than 1 MiB, the size limit for a "
                             "document (raise it with --max-size)\n")


def test_standard_input_is_bounded_too():
    result = subprocess.run(COMMAND + ["--max-size", "1", "-"], input=b" " * (2**20 + 1),
                            capture_output=True, timeout=60)
    assert result.returncode == 2
    assert b"<stdin>: larger than 1 MiB" in result.stderr


def test_max_size_raises_the_limit_and_a_small_document_is_ruled():
    result = subprocess.run(COMMAND + ["--max-size", "2", "--format", "json", str(EXAMPLE)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert '"status": "ok"' in result.stdout


def test_the_api_takes_the_limit_too(tmp_path):
    path = tmp_path / "doc.yaml"
    path.write_text(EXAMPLE.read_text())
    assert pybridge.load(path)["rulebook"] == "redemption"
    with pytest.raises(InputError, match="size limit"):
        pybridge.load(path, max_bytes=10)
