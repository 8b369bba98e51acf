"""The set-up a fresh machine gets (issue 51, section 0): CI runs exactly the README's test
command; that command installs the newest versions the pins allow (so CI never tests what an
older install left behind); every package our output or tests depend on is pinned, and the
suite runs on the pinned versions."""

import re
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _readme_test_command():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("Install and run the tests:", 1)[1]
    return next(line.strip() for line in section.splitlines() if line.startswith("    "))


def test_ci_runs_exactly_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert script[-1] == _readme_test_command()


def test_the_test_command_installs_the_newest_versions_the_pins_allow():
    assert "pip install --upgrade --upgrade-strategy eager -e '.[test]'" in \
        _readme_test_command()


def _pins():
    listed = list(PROJECT["dependencies"])
    for extra in PROJECT["optional-dependencies"].values():
        listed += extra
    pins = {}
    for requirement in listed:
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)(\[[a-z,]+\])?==([0-9A-Za-z.]+)", requirement)
        assert match, f"{requirement}: not pinned to one version (name==version)"
        pins[match.group(1)] = match.group(3)
    return pins


def test_every_dependency_is_pinned_and_installed_at_its_pin():
    pins = _pins()
    assert {"clingo", "clingcon", "click", "PyYAML", "pytest", "hypothesis",
            "jsonschema", "dask"} <= set(pins)
    for name, version in pins.items():
        assert metadata.version(name) == version, \
            f"{name} {metadata.version(name)} is installed, {version} is pinned: run the " \
            f"README's test command"
