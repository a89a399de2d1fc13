"""Analysis over Ray: the seeds of a run are cut into shards, each shard's games are
played by a Ray task (retried if it fails), and the shards' games are merged by the same
Rust code that reports a single run — so the report is ``tessel analyze --json``'s for the
same arguments (only ``seconds`` and the thinking times differ).

From the shell, with the arguments of ``tessel analyze`` (it prints exactly what
``tessel analyze --json`` prints, the timing fields aside)::

    python -m tessel.distributed chess --games 2000 --agents random,greedy --json --ray auto
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
    return json.loads(analyze_json(ruleset, games, seed, agents, shards, options,
                                   playouts, think, depth, threads, position, max_plies,
                                   records, retries, fail_once))


def analyze_json(ruleset, games=100, seed=0, agents="random", shards=None, options=None,
                 playouts=None, think=None, depth=None, threads=None, position=None,
                 max_plies=10000, records=None, retries=3, fail_once=None):
    """``analyze`` as JSON text, written as ``tessel analyze --json`` writes it."""
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
    return _tessel.merge_shards(spec, results, seconds)


def arguments():
    """The arguments of ``tessel analyze`` (``--json`` is taken and always on), with
    ``--ray`` and ``--shards``."""
    p = argparse.ArgumentParser(
        prog="python -m tessel.distributed",
        description="tessel analyze over Ray: prints what `tessel analyze --json` prints")
    p.add_argument("file", metavar="FILE",
                   help="a rules file, or the name of a bundled game")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default="random")
    p.add_argument("--playouts", type=int)
    p.add_argument("--think", type=float, metavar="SECONDS")
    p.add_argument("--depth", type=int)
    p.add_argument("--threads", type=int)
    p.add_argument("--position", help="a position string, or @FILE")
    p.add_argument("--max-plies", type=int, default=10000)
    p.add_argument("--records", metavar="DIR")
    p.add_argument("--json", action="store_true", help="taken for the CLI's sake: always on")
    p.add_argument("--ray", "--address", dest="address", metavar="ADDRESS",
                   help="the Ray cluster (`auto`, HOST:PORT; default: RAY_ADDRESS, else "
                        "a local one)")
    p.add_argument("--shards", type=int, help="default: the cluster's CPUs")
    return p


def main(argv=None):
    """``python -m tessel.distributed FILE [the arguments of tessel analyze] [--ray
    ADDRESS] [--shards N]``: prints the report as ``tessel analyze --json`` does (exit
    code 1 and ``error: ...`` on stderr for what it refuses)."""
    p = arguments()
    a = p.parse_args(argv)
    options = []
    for o in a.option:
        name, eq, value = o.partition("=")
        if not eq or not name.strip():
            p.error(f"`--option {o}` should be NAME=VALUE, e.g. --option fifty=0")
        options.append((name.strip(), value.strip()))
    position = a.position
    if position is not None and position.startswith("@"):
        try:
            with open(position[1:], encoding="utf-8") as f:
                position = f.read().strip()
        except OSError as e:
            print(f"error: cannot read the position file {position[1:]}: {e}",
                  file=sys.stderr)
            return 1
    import ray

    ray.init(address=a.address, log_to_driver=False)
    try:
        text = analyze_json(a.file, a.games, a.seed, a.agents, a.shards, options,
                            a.playouts, a.think, a.depth, a.threads, position,
                            a.max_plies, a.records)
    except _tessel.TesselError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
