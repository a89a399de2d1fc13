"""Analysis over Ray: the seeds of a run are cut into shards, each shard's games are
played by a Ray task (retried if it fails), and the shards' games are merged by the same
Rust code that reports a single run — so the report is ``tessel analyze --json``'s for the
same arguments (only ``seconds`` and the thinking times differ).

From the shell::

    python -m tessel.distributed chess --games 2000 --shards 8 --address auto
"""

import argparse
import json
import os
import sys
import time

from . import _tessel, run_spec


def _play(spec, first, count, fail_once):
    """A shard's games as JSON (run inside a Ray task). ``fail_once`` is a test hook: a
    file path; the first attempt that finds no file there makes it and fails."""
    if fail_once:
        try:
            with open(fail_once, "x"):
                pass
        except FileExistsError:
            pass
        else:
            raise RuntimeError(f"shard at game {first} fails once (test hook)")
    return _tessel.play_shard(spec, first, count)


def cuts(games, shards):
    """``[(first, count)]``: ``games`` cut into ``shards`` runs of seeds, in order, the
    sizes differing by at most one (no empty shard)."""
    shards = max(1, min(int(shards), int(games))) if games else 1
    base, extra = divmod(int(games), shards)
    out, first = [], 0
    for i in range(shards):
        count = base + (1 if i < extra else 0)
        out.append((first, count))
        first += count
    return out


def analyze(ruleset, games=100, seed=0, agents="random", shards=None, options=None,
            playouts=None, think=None, depth=None, threads=None, position=None,
            max_plies=10000, records=None, retries=3, fail_once=None):
    """``tessel.analyze`` over Ray: the same report as a dict. Uses the Ray runtime this
    process is connected to (``ray.init(...)`` first), else starts or joins one with
    ``ray.init()`` (``RAY_ADDRESS`` names a cluster). ``shards`` defaults to the cluster's
    CPUs; a shard that fails is run again up to ``retries`` times. ``records``: a folder
    every worker can write to (shared on a cluster), each game saved as ``game-SEED.json``.
    ``fail_once``: a test hook (see ``_play``), given as a file path; it applies to the
    first shard only."""
    import ray

    if not ray.is_initialized():
        ray.init()
    if shards is None:
        shards = max(1, int(ray.cluster_resources().get("CPU", 1)))
    spec = run_spec(ruleset, games, seed, agents, options, playouts, think, depth,
                    threads, position, max_plies,
                    None if records is None else os.path.abspath(records))
    # Fail early, here, on a ruleset or agents that cannot run (no task is started).
    _tessel.merge_shards(run_spec(ruleset, 0, seed, agents, options, playouts, think,
                                  depth, threads, position, max_plies), [], 0.0)
    task = ray.remote(max_retries=retries, retry_exceptions=True)(_play)
    t = time.perf_counter()
    pending = [task.remote(spec, first, count, fail_once if i == 0 else None)
               for i, (first, count) in enumerate(cuts(games, shards))]
    results = ray.get(pending)
    seconds = time.perf_counter() - t
    return json.loads(_tessel.merge_shards(spec, results, seconds))


def main(argv=None):
    """``python -m tessel.distributed GAME [--games N] [--seed S] [--agents A] ...``:
    prints the report as ``tessel analyze --json`` does."""
    p = argparse.ArgumentParser(prog="python -m tessel.distributed",
                                description="tessel analyze over Ray")
    p.add_argument("ruleset")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default="random")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--playouts", type=int)
    p.add_argument("--think", type=float)
    p.add_argument("--depth", type=int)
    p.add_argument("--threads", type=int)
    p.add_argument("--position")
    p.add_argument("--max-plies", type=int, default=10000)
    p.add_argument("--records", metavar="DIR")
    p.add_argument("--shards", type=int, help="default: the cluster's CPUs")
    p.add_argument("--address", help="the Ray cluster (default: RAY_ADDRESS, else local)")
    a = p.parse_args(argv)
    options = {}
    for o in a.option:
        name, eq, value = o.partition("=")
        if not eq or not name.strip():
            p.error(f"--option {o} should be NAME=VALUE")
        options[name.strip()] = value.strip()
    import ray

    ray.init(address=a.address)
    try:
        report = analyze(a.ruleset, a.games, a.seed, a.agents, a.shards, options,
                         a.playouts, a.think, a.depth, a.threads, a.position,
                         a.max_plies, a.records)
    except _tessel.TesselError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
