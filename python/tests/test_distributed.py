"""`tessel.distributed.analyze` over a local Ray (2 CPUs, started here) reports what
`tessel analyze --json` reports for the same arguments, shard failures and all."""

import json
import os
import re
import subprocess
import sys

import pytest

import tessel
from conftest import ROOT, cli_json, tessel_bin

ray = pytest.importorskip("ray")
from tessel import distributed  # noqa: E402

GAMES = int(os.environ.get("TESSEL_PY_ANALYZE_GAMES", "60"))
SEED = 5


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def timeless(report):
    """The report without what depends on the clock."""
    r = json.loads(json.dumps(report))
    for k in ("seconds", "games_per_second"):
        r.pop(k)
    for seat in r["seats"]:
        seat.pop("seconds_per_decision")
    return r


def cli_analyze(name, games, *extra):
    return cli_json("analyze", name, "--games", str(games), "--seed", str(SEED), *extra)


@pytest.mark.parametrize("name", ["chess", "mu", "mutou"])
def test_three_shards_report_as_the_cli(name):
    got = distributed.analyze(name, games=GAMES, seed=SEED, shards=3)
    assert timeless(got) == timeless(cli_analyze(name, GAMES))


def test_a_failed_shard_is_retried_without_changing_the_report(tmp_path):
    marker = tmp_path / "failed-once"
    got = distributed.analyze("chess", games=GAMES, seed=SEED, shards=3,
                              fail_once=str(marker))
    assert marker.exists(), "the test hook did not fail a shard"
    assert timeless(got) == timeless(cli_analyze("chess", GAMES))


def test_records_land_in_one_folder_with_the_cli_names(tmp_path):
    ours, theirs = tmp_path / "ray", tmp_path / "cli"
    distributed.analyze("veney", games=12, seed=SEED, shards=3, records=str(ours))
    cli_analyze("veney", 12, "--records", str(theirs))
    names = sorted(os.listdir(theirs))
    assert names and sorted(os.listdir(ours)) == names
    for n in names:
        assert json.loads((ours / n).read_text()) == json.loads((theirs / n).read_text())


def test_single_machine_analyze_is_the_cli():
    got = tessel.analyze("chess", games=20, seed=SEED, agents=["random", "greedy"])
    assert timeless(got) == timeless(cli_analyze("chess", 20, "--agents", "random,greedy"))


def test_bad_agents_fail_before_any_task():
    with pytest.raises(tessel.TesselError, match="agents"):
        distributed.analyze("chess", games=4, agents="random,random,random")


def test_cuts_cover_every_seed_once():
    assert distributed.cuts(10, 3) == [(0, 4), (4, 3), (7, 3)]
    assert distributed.cuts(2, 5) == [(0, 1), (1, 1)]


def without_timing(text):
    """A report's JSON text with the clock's fields blanked, the rest as written."""
    text = re.sub(r'"seconds_per_decision":\{[^}]*\}', '"seconds_per_decision":_', text)
    return re.sub(r'"(seconds|games_per_second)":[-0-9.e+]+', r'"\1":_', text)


def cli_text(*args):
    out = subprocess.run([tessel_bin(), *args], check=True, capture_output=True,
                         text=True, cwd=ROOT)
    return out.stdout


def test_the_entry_point_prints_what_the_cli_prints(tmp_path):
    args = ["analyze", "chess", "--games", "30", "--seed", str(SEED), "--agents",
            "random,greedy", "-o", "fifty=0", "--max-plies", "300", "--json"]
    want = cli_text(*args, "--records", str(tmp_path / "cli"))
    address = ray.get_runtime_context().gcs_address
    got = subprocess.run(
        [sys.executable, "-m", "tessel.distributed", *args[1:], "--records",
         str(tmp_path / "ray"), "--ray", address, "--shards", "3"],
        check=True, capture_output=True, text=True, cwd=ROOT).stdout
    assert without_timing(got) == without_timing(want)
    assert got.endswith("\n") and got.count("\n") == want.count("\n") == 1
    names = sorted(os.listdir(tmp_path / "cli"))
    assert names and sorted(os.listdir(tmp_path / "ray")) == names
    for n in names:
        assert (tmp_path / "ray" / n).read_text() == (tmp_path / "cli" / n).read_text()


def test_the_entry_point_refuses_as_the_cli_does():
    address = ray.get_runtime_context().gcs_address
    out = subprocess.run(
        [sys.executable, "-m", "tessel.distributed", "chess", "--agents",
         "random,random,random", "--ray", address],
        capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1 and out.stdout == ""
    assert "error: 3 agents for 2 players" in out.stderr
