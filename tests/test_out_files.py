"""Output that cannot be written, and --out files that must not be lost (issue 12, items 2
and 9). Run as real processes: closed descriptors, /dev/full and pipes are the point."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "pybridge"]
EXAMPLE = str(ROOT / "examples" / "redemption" / "three_character_battle.yaml")
# two characters and one immunity, nothing else (no ability, no optional fact), every state
SMALL = ["enumerate", "redemption", "--characters", "2", "--abilities", "0", "--features",
         "0", "--immunities", "1", "--values", "0..1", "--toughness", "0..1", "--format",
         "json"]
# the same without immunities: 220 states in a second, not 48,220 in six, for the tests
# whose point is where and how the file is written, not how long the listing runs
TINY = SMALL[:8] + ["--immunities", "0"] + SMALL[10:]
# two runs racing on one path: 13,270 states in about three seconds each, so that their
# writes overlap
RACE = SMALL[:-4] + ["--toughness", "0..0", "--format", "json"]


def run(arguments, **kwargs):
    return subprocess.run(COMMAND + arguments, capture_output=True, text=True, cwd=ROOT,
                          timeout=120, **kwargs)


def test_bad_arguments_leave_an_existing_out_file_as_it_was(tmp_path):
    out = tmp_path / "p.jsonl"
    out.write_text("precious\n")
    for arguments in (["enumerate", "chess"], ["enumerate", "redemption", "--edition", "x"],
                      ["enumerate", "redemption", "--characters", "0"]):
        result = run(arguments + ["--out", str(out)])
        assert result.returncode == 2, result.stderr
        assert out.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.jsonl"]


@pytest.mark.slow
def test_out_is_moved_into_place_whole_and_leaves_no_temporary_file(tmp_path):
    out = tmp_path / "p.jsonl"
    out.write_text("old\n")
    result = run(TINY + ["--out", str(out)])
    assert result.returncode == 0, result.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == json.loads(result.stdout)["total"] > 0
    assert all(json.loads(line)["state"] for line in lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.jsonl"]


@pytest.mark.slow
def test_two_runs_on_one_path_never_interleave(tmp_path):
    out = tmp_path / "p.jsonl"
    processes = [subprocess.Popen(COMMAND + RACE + ["--out", str(out)], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for _ in range(2)]
    totals = {json.loads(p.communicate(timeout=120)[0])["total"] for p in processes}
    assert all(p.returncode == 0 for p in processes)
    lines = out.read_text().splitlines()
    assert {len(lines)} == totals
    assert len(set(lines)) == len(lines)          # one run's lines, each once, none torn
    for line in lines:
        json.loads(line)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_out_device_is_exit_2_naming_it():
    result = run(SMALL + ["--out", "/dev/full"])
    assert result.returncode == 2
    assert result.stderr == "error: --out /dev/full: cannot write (No space left on device)\n"
    assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full")


def test_an_out_file_in_a_missing_folder_is_exit_2(tmp_path):
    result = run(SMALL + ["--out", str(tmp_path / "no" / "such" / "p.jsonl")])
    assert result.returncode == 2
    assert result.stderr.startswith("error: --out ") and result.stderr.count("\n") == 1


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("arguments", [["rule", EXAMPLE], ["rule", EXAMPLE] * 200,
                                       ["rulebooks"], TINY])
def test_a_full_standard_output_is_exit_2_in_one_line(arguments):
    with open("/dev/full", "w") as full:
        result = subprocess.run(COMMAND + arguments, stdout=full, stderr=subprocess.PIPE,
                                text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 2
    assert result.stderr == "error: cannot write the output (No space left on device)\n"


def test_a_closed_standard_output_is_exit_2_in_one_line():
    result = subprocess.run(COMMAND + ["rule", EXAMPLE], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120,
                            preexec_fn=lambda: os.close(1))
    assert result.returncode == 2
    assert result.stderr == "error: cannot write the output (standard output is closed)\n"


def test_a_closed_pipe_ends_quietly():
    # The reader takes one line and goes away, as `| head -1` does.
    process = subprocess.Popen(COMMAND + ["rule", "--format", "json"] + [EXAMPLE] * 400,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read().decode()
    process.wait(timeout=120)
    assert process.returncode == 141
    assert err == ""


# --- issue 25, items 8 and 14: a run that writes nothing, modes, links, leftovers ----------

def test_a_timed_out_run_that_wrote_nothing_keeps_the_old_file(tmp_path):
    # enumerate b5 at its defaults does not list its first state within 0.1 s (the program
    # alone takes longer to ground): nothing written, so the old file stays, and says so
    out = tmp_path / "k.jsonl"
    out.write_text("precious\n")
    result = run(["enumerate", "b5", "--timeout", "0.1", "--out", str(out), "-q"])
    assert result.returncode == 3, result
    assert json.loads(result.stdout)["complete"] is False
    assert out.read_text() == "precious\n"
    assert result.stderr == f"note: --out {out} kept as it was (the run wrote no state)\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.jsonl"]


def _mode(path):
    return os.stat(path).st_mode & 0o777


@pytest.mark.slow
@pytest.mark.parametrize("umask, expected", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_out_file_follows_the_umask(tmp_path, umask, expected):
    for command, name in ((TINY, "listing.jsonl"), (["schema", "hkk"], "schema.json"),
                          (["new", "b5"], "new.yaml")):
        out = tmp_path / name
        result = run(command + (["--out", str(out)] if command is TINY else ["-o", str(out)]),
                     preexec_fn=lambda: os.umask(umask))
        assert result.returncode == 0, result
        assert _mode(out) == expected, (name, oct(_mode(out)))


@pytest.mark.slow
def test_an_existing_out_file_keeps_its_mode(tmp_path):
    for command, name in ((TINY, "listing.jsonl"), (["schema", "hkk"], "schema.json")):
        out = tmp_path / name
        out.write_text("old\n")
        os.chmod(out, 0o640)
        result = run(command + (["--out", str(out)] if command is TINY else ["-o", str(out)]),
                     preexec_fn=lambda: os.umask(0o077))
        assert result.returncode == 0, result
        assert _mode(out) == 0o640 and out.read_text() != "old\n"


@pytest.mark.slow
def test_a_symlinked_out_is_written_through_to_its_target(tmp_path):
    target = tmp_path / "real" / "k.jsonl"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    result = run(TINY + ["--out", str(link)])
    assert result.returncode == 0, result
    assert link.is_symlink() and os.readlink(link) == str(target)
    lines = target.read_text().splitlines()
    assert len(lines) == json.loads(result.stdout)["total"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["k.jsonl"]


def test_a_dangling_symlinked_out_creates_its_target(tmp_path):
    target = tmp_path / "k.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    result = run(["schema", "b5", "-o", str(link)])
    assert result.returncode == 0, result
    assert link.is_symlink() and json.loads(target.read_text())


@pytest.mark.slow
def test_a_killed_runs_part_file_is_removed_by_the_next_run(tmp_path):
    # a listing killed with SIGKILL cannot clean up: its .part file names its process, and
    # the next run on the same FILE removes it once that process is gone
    out = tmp_path / "k.jsonl"
    process = subprocess.Popen(COMMAND + ["enumerate", "b5", "--out", str(out), "-q"],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import time
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".k.jsonl.*.part")) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.kill()
    process.wait()
    (left,) = tmp_path.glob(".k.jsonl.*.part")
    assert left.name.startswith(f".k.jsonl.{process.pid}.")
    other = tmp_path / ".other.jsonl.1.abcd.part"      # another FILE's: not touched
    other.write_text("")
    result = run(TINY + ["--out", str(out)])
    assert result.returncode == 0, result
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.jsonl.1.abcd.part", "k.jsonl"]
