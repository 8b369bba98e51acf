"""docs/cli-reference.md is what docs/gen_cli_reference.py writes (every command's --help, at a
fixed width), and it has a section for every command `rulings --help` lists."""

import importlib.util
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "cli-reference.md"


def _generator():
    spec = importlib.util.spec_from_file_location(
        "gen_cli_reference", DOCS / "gen_cli_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen = _generator()


def listed_commands(top_help):
    """The command names in the Commands section of ``rulings --help``, in order: the rows
    indented by two spaces (a summary's continuation lines are indented further)."""
    section = top_help.split("\nCommands:\n", 1)[1]
    names = []
    for line in section.splitlines():
        if not line.strip():
            break
        match = re.match(r"  (\S+)", line)
        if match and not line.startswith("   "):
            names.append(match.group(1))
    return names


def test_page_is_current():
    assert PAGE.read_text(encoding="utf-8") == gen.reference_text(), (
        "docs/cli-reference.md is out of date with the commands' --help: "
        "run python3 docs/gen_cli_reference.py")


def test_every_command_has_a_section():
    names = listed_commands(gen.help_text())
    assert "rule" in names and "check" in names     # the parse found the section
    headings = re.findall(r"^## rulings (\S+)$", PAGE.read_text(encoding="utf-8"), re.M)
    assert headings == names, (
        "docs/cli-reference.md should have a '## rulings COMMAND' section for each command "
        "`rulings --help` lists, in that order: run python3 docs/gen_cli_reference.py")
