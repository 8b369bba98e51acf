"""The rough edges a new user hits (issue 15, item 6), each fixed and pinned here.

Through the command line (``click.testing.CliRunner``), on documents written as raw YAML text
where the point is how YAML reads; a couple of subprocess runs check what only a fresh process
shows (what start-up imports).
"""

import json
import os
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner

from pybridge.cli.main import COMMANDS, cli
from pybridge.cli.render import counted, words

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THREE = os.path.join(ROOT, "examples", "redemption", "three_character_battle.yaml")


def run(*args, input=None):
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def rule_yaml(tmp_path, text, *options):
    path = tmp_path / f"doc{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return run("rule", "--format", "json", *options, str(path))


# --- b5: a field is its text --------------------------------------------------------------

def b5_storm(fleet_field, storm_field):
    """A fleet and an active maelstrom that destroys fleets (B.5.2.3: destroyed when in its
    field), their fields written as plain YAML scalars, unquoted."""
    return f"""\
        rulebook: b5
        beings:
          - {{id: Fleet, type: fleet, field: {fleet_field}}}
        elements:
          - {{id: Storm, type: MA, field: {storm_field}, active: true, destroys: [fleet]}}
        """


DESTROYED = [{"kind": "destroyed", "being": "Fleet", "element": "Storm", "because": ["B.5.2.3"]}]


@pytest.mark.parametrize("fleet, storm, same", [
    ("0412", "0412", True),
    ("0412", "412", False),      # the leading zero is part of the field
    ("0412", '"0412"', True),    # quoted or not, the same field
    ("012", "10", False),        # no octal reading (012 would be 10)
    ("012", "12", False),
    ("0x10", "16", False),       # no hexadecimal
    ("0x10", "0x10", True),
    ("1e3", "1000", False),      # no exponent
    ("1e3", "1e3", True),
    ("1_000", "1000", False),    # no digit separators
    ("1.50", "1.5", False),      # a decimal keeps its trailing zero
    ("yes", "yes", True),        # YAML 1.1's booleans are words
    ("no", "'no'", True),
])
def test_a_b5_field_is_the_text_written(tmp_path, fleet, storm, same):
    result = rule_yaml(tmp_path, b5_storm(fleet, storm))
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["rulings"] == (DESTROYED if same else [])


def test_a_plain_number_keeps_its_text_in_an_id(tmp_path):
    result = rule_yaml(tmp_path, """\
        rulebook: b5
        beings:
          - {id: 0412, type: fleet, field: 0412}
        elements:
          - {id: 007, type: MA, field: 0412, active: true, destroys: [fleet]}
        """)
    assert json.loads(result.stdout)["rulings"] == [
        {"kind": "destroyed", "being": "0412", "element": "007", "because": ["B.5.2.3"]}]


# --- an unknown --edition ---------------------------------------------------------------------

def test_unknown_edition_lists_the_documents_rulebook_only():
    result = run("rule", "--format", "json", "--edition", "errata", THREE)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    # redemption's editions (asp/redemption/editions.lp), not b5's errata/original or hkk's
    assert line.endswith("--edition: unknown edition 'errata' (expected one of: literal, "
                         "negative_counts)"), line


def test_unknown_edition_per_document_of_each_rulebook():
    b5 = os.path.join(ROOT, "examples", "b5", "we_bt_and_kd.yaml")
    result = run("rule", "--format", "json", "--edition", "intended", THREE, b5)
    assert result.exit_code == 2
    first, second = result.stderr.splitlines()
    assert first.endswith("(expected one of: literal, negative_counts)")
    assert second.endswith("(expected one of: errata, original)")


# --- text: plurals, words, witnesses -------------------------------------------------------

@pytest.mark.parametrize("number, expected", [(0, "0 classes"), (1, "1 class"),
                                              (2, "2 classes")])
def test_counted(number, expected):
    assert counted(number, "class", "classes") == expected


def test_words():
    assert words("being_defeated") == "being defeated"
    assert words(3) == 3


# one character of strength and toughness 0, good or evil, and nothing else
ONE_CHARACTER = ("enumerate", "redemption", "--characters", "1", "--immunities", "0",
                 "--abilities", "0", "--features", "0", "--values", "0..0", "--toughness", "0..0",
                 "--format", "text")


@pytest.mark.parametrize("count", [True, False], ids=["counted", "situations"])
def test_enumerate_text_shows_each_class_with_its_smallest_witness(count):
    # In each of the five phases: 2 x 5 = 10 states; alone it is in no battle, so no ruling:
    # one class; counted, with its 10 states.
    result = run(*ONE_CHARACTER, *(["--count"] if count else []))
    head, row, witness = result.stdout.splitlines()
    if count:
        assert head.endswith(": 10 states in 1 class, complete")
        assert row.split() == ["10", "x", "no", "rulings"]
    else:
        assert head.endswith(": 1 class, complete")
        assert row.split() == ["-", "no", "rulings"]
    assert witness.strip().startswith("e.g. {")
    document = json.loads(witness.strip()[len("e.g. "):])
    assert document["rulebook"] == "redemption" and len(document["characters"]) == 1


def test_enumerate_text_has_no_snake_case_ruling_names():
    # Two characters facing each other in battle (values 0): mutual destruction, both defeated.
    result = run("enumerate", "redemption", "--characters", "2", "--immunities", "0",
                 "--abilities", "0", "--features", "0", "--values", "0..0", "--toughness",
                 "0..0", "--format", "text")
    text = result.stdout
    # each class in rule's sentences, its objects named by role (issue 28, item 5)
    assert "The battle is in the mutual destruction state." in text
    assert "evil 1 is being defeated." in text and "hero 1 is being defeated." in text
    rows = [line for line in text.splitlines()[1:] if "e.g." not in line]
    assert rows and not any("_" in row for row in rows)


@pytest.mark.slow
def test_errata_text_says_one_contradiction():
    result = run("errata", "redemption", "--characters", "3", "--format", "text")
    assert result.stdout.splitlines()[0].endswith(": 1 contradiction")


def test_chronopia_text_words(tmp_path):
    path = os.path.join(ROOT, "examples", "chronopia", "cast_and_resist.yaml")
    text = run("rule", "--format", "text", path).stdout
    assert "  bolt:\n" in text and "    Success irresistible in 1 of 20. [C37-CAST]" in text
    assert "_" not in text.replace("crit_3_or_less", "")


# --- help and options -----------------------------------------------------------------------

def test_help_shows_every_summary_whole():
    text = run("--help").stdout
    for name, (_, summary) in COMMANDS.items():
        assert name in text
        assert " ".join(summary.split()) in " ".join(text.split()), name
    assert "..." not in text.split("Commands:")[1]


def test_every_registered_command_loads_and_its_help_starts_like_its_summary():
    for name in COMMANDS:
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert result.stdout.startswith(f"Usage: cli {name}") or \
            result.stdout.startswith(f"Usage: rulings {name}"), result.stdout[:80]


def test_short_options():
    long = run("rule", "--format", "json", THREE).stdout
    assert run("rule", "-f", "json", THREE).stdout == long


def test_short_out_option(tmp_path):
    out = tmp_path / "states.jsonl"
    result = run("enumerate", "redemption", "--characters", "1", "--immunities", "0",
                 "--values", "0..0", "--toughness", "0..0", "-f", "json", "-o", str(out))
    assert result.exit_code == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == json.loads(result.stdout)["total"]


@pytest.mark.parametrize("command", ["check", "enumerate", "diff", "errata", "coverage"])
def test_quiet_is_an_option_of_the_analysis_commands(command):
    text = run(command, "--help").stdout
    assert "-q, --quiet" in text and "-f, --format" in text


@pytest.mark.slow
def test_quiet_run_writes_nothing_to_stderr():
    result = run("check", "redemption", "--invariant", "RED-INV-1", "--characters", "2",
                 "--values", "0..1", "--toughness", "0..1", "-q", "-f", "json")
    assert result.exit_code == 0 and result.stderr == ""


# --- the README's broken example ---------------------------------------------------------

def test_readme_broken_example_works_from_the_repository():
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    assert "$ rulings rule examples/broken.yaml\n" in readme
    expected = readme.split("$ rulings rule examples/broken.yaml\n")[1].splitlines()[0]
    process = subprocess.run([sys.executable, "-m", "pybridge", "rule", "examples/broken.yaml"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60,
                             env={**os.environ, "PYTHONPATH": ROOT})
    assert process.returncode == 2
    assert process.stderr == expected + "\n"


# --- start-up imports only what it uses --------------------------------------------------

def after(args, report, env=None):
    """What ``report`` (a Python expression) gives in a fresh process after the console
    script (pybridge.cli:main) ran ``rulings ARGS``."""
    code = ("import gc, sys; from pybridge.cli import main; sys.argv = ['rulings'] + "
            f"{list(args)!r}\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print({report}, file=sys.stderr)")
    process = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, timeout=60,
                             env={**os.environ, "PYTHONPATH": ROOT, **(env or {})})
    return process.stderr.split("\n")[-2]


def imported_after(args, env=None):
    """The pybridge modules, PyYAML and the slow imports start-up avoids that a fresh process
    has imported after a command."""
    return set(after(args, "' '.join(sorted(m for m in sys.modules if m.startswith(("
                           "'pybridge', 'yaml', 'dataclasses', 'fractions', 'clingo.ast'))))",
                     env).split())


def test_help_imports_no_command():
    loaded = imported_after(["--help"])
    assert not {"pybridge.cli.rule", "pybridge.cli.analysis", "pybridge.api",
                "pybridge.books.redemption"} & loaded


def test_rule_of_a_json_document_imports_its_rulebook_only_and_no_yaml(tmp_path):
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"rulebook": "hkk", "cards": [{"id": "c", "kind": "creature"}]}),
                    encoding="utf-8")
    loaded = imported_after(["rule", "--format", "json", str(path)])
    assert "pybridge.books.hkk" in loaded
    assert not {"pybridge.books.redemption", "pybridge.books.b5", "pybridge.books.chronopia",
                "pybridge.analysis.check", "pybridge.cli.analysis", "yaml"} & loaded


def test_rule_imports_no_dataclasses_fractions_or_syntax_trees(tmp_path):
    # issue 15, start-up: declarations are pybridge.documents.fields records, a Fraction is made only
    # for a decimal, and with the program cache warm the program is read as text
    state = os.path.join(ROOT, "examples", "redemption", "three_character_battle.yaml")
    cache = {"RULINGS_CACHE": str(tmp_path)}
    assert "clingo.ast" in imported_after(["rule", state], cache)      # cold: parsed
    loaded = imported_after(["rule", state], cache)
    assert "pybridge.books.redemption" in loaded
    assert not {"dataclasses", "fractions", "clingo.ast"} & loaded


def test_the_console_script_turns_the_collector_back_on_with_start_up_frozen():
    # start-up runs with the garbage collector off (pybridge/cli/__init__.py); once the
    # command is imported its objects are frozen and the collector is on for the work
    state = os.path.join(ROOT, "examples", "redemption", "three_character_battle.yaml")
    assert after(["rule", state], "gc.isenabled(), gc.get_freeze_count() > 0") == "True True"
    assert after(["rulebooks"], "gc.isenabled(), gc.get_freeze_count() > 0") == "True True"


def test_a_command_run_in_process_leaves_the_collector_alone():
    # CliRunner (tests, the API's users) calls the group, not the console script
    import gc
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    assert run("rulebooks").exit_code == 0
    assert gc.isenabled() and gc.get_freeze_count() == frozen


# --- chronopia: each ruling names the query it answers ---------------------------------------

CHRONOPIA = os.path.join(ROOT, "examples", "chronopia")


def chronopia(name):
    result = run("rule", "--format", "json", os.path.join(CHRONOPIA, name))
    assert result.exit_code == 0
    return json.loads(result.stdout)["rulings"]


@pytest.mark.parametrize("name", sorted(os.listdir(CHRONOPIA)))
def test_every_chronopia_ruling_names_its_query(name):
    text = open(os.path.join(CHRONOPIA, name), encoding="utf-8").read()
    rulings = chronopia(name)
    for ruling in rulings:
        assert list(ruling)[:2] == ["kind", "query"], ruling      # the query next to the kind
        assert isinstance(ruling["query"], str) and ruling["query"] in text, ruling


def test_flier_targeting_answers_both_shots_and_the_numbers_the_shot_at_the_bat():
    # flier.yaml: the Archer is asked to shoot at the Rider and at the Bat. The Bat, an enemy
    # within 12 inches, must be shot at first (C36-PRI-D). Each query is ruled on its own
    # (issue 24: every ruling belongs to its query): both say whom the Archer may shoot (the
    # Bat); only the shot at the Rider is refused, so its refusal answers that query alone. The
    # hit, crit and save numbers are of the shot at the Bat only (the other is not taken).
    by_kind = {}
    for ruling in chronopia("flier.yaml"):
        by_kind.setdefault(ruling["kind"], set()).add(ruling["query"])
    assert by_kind["legal_target"] == {"at the bat", "at the rider"}
    assert by_kind["target_refused"] == {"at the rider"}
    for kind in ("hit_number", "excellent_possible", "save_number"):
        assert by_kind[kind] == {"at the bat"}, kind


def test_morale_rulings_answer_the_query_of_their_factor():
    # terror_facing_horror.yaml: the Wraith's immunity to the Hound's fear answers the fear
    # query "hound nears the wraith"; each horror test (as terror) answers the query of the
    # model that sees the Lich.
    found = {(r["kind"], r["unit"]): r["query"] for r in chronopia("terror_facing_horror.yaml")
             if r["kind"] in ("immune", "morale_test")}
    assert found == {("immune", "Wraith"): "hound nears the wraith",
                     ("morale_test", "Wraith"): "wraith sees the lich",
                     ("morale_test", "Ghoul"): "ghoul sees the lich"}


def test_chronopia_text_groups_rulings_by_query():
    text = run("rule", "--format", "text", os.path.join(CHRONOPIA, "cover_and_range.yaml")).stdout
    lines = text.splitlines()
    # the two shots of cover_and_range.yaml, each a line of its own, its rulings under it
    heads = [line for line in lines if line.startswith("  ") and not line.startswith("    ")]
    assert sorted(heads) == ["  long shot:", "  volley:"]
    volley = lines[lines.index("  volley:") + 1:]
    volley = volley[:next((i for i, line in enumerate(volley) if not line.startswith("    ")),
                          len(volley))]
    assert "    Archer 1 may shoot at Knight. [C36-PRI-A]" in volley
    assert all("Archer 2" not in line for line in volley)


def test_analysis_help_groups_the_bounds_by_rulebook():
    # issue 28, item 5: `check --help` listed all 22 bound options of the four rulebooks in
    # one list, with every rulebook's default in each line
    from pybridge.books import RULEBOOKS
    for command in ("check", "enumerate", "diff", "errata", "coverage"):
        text = run(command, "--help").output
        sections = text.split("\n\n")
        for name, book in RULEBOOKS.items():
            (section,) = [s for s in sections if s.startswith(f"Bounds of {name} ")]
            options = {line.split()[0] for line in section.splitlines()[1:]
                       if line.strip().startswith("--")}
            assert options == {bound.option for bound in book.bounds}, (command, name)
        assert "redemption: " not in text      # no line carries several rulebooks' defaults
