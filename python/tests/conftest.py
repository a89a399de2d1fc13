"""Shared by the tests: the `tessel` binary the Python API is compared with."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def tessel_bin():
    """`$TESSEL_BIN`, else the workspace's release build (`cargo build --release`)."""
    path = os.environ.get("TESSEL_BIN") or str(ROOT / "target" / "release" / "tessel")
    if not pathlib.Path(path).exists():
        pytest.skip(f"no tessel binary at {path}: run `cargo build --release` first")
    return path


def cli_json(*args):
    """Runs `tessel ARGS... --json` and reads its JSON."""
    out = subprocess.run([tessel_bin(), *args, "--json"], check=True,
                         capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout)
