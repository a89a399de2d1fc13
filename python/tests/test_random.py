"""Seeded random games of every bundled ruleset played through the Python API are the
games `tessel random` plays for the same seeds."""

import os

import pytest

import tessel
from conftest import cli_json

#: Games per ruleset (the acceptance asks for 1000; `TESSEL_PY_GAMES` makes it smaller).
GAMES = int(os.environ.get("TESSEL_PY_GAMES", "1000"))
SEED = 11


@pytest.mark.parametrize("name", tessel.bundled())
def test_random_games_match_the_cli(name):
    cli = cli_json("random", name, "--games", str(GAMES), "--seed", str(SEED))
    game = tessel.load(name)
    # The CLI starts every game of a run from the start made with the run's seed.
    start = game.initial_state(SEED)
    for want in cli["games"]:
        result, winner, plies, _ = tessel.random_game(game, want["seed"], start=start)
        got = {"seed": want["seed"], "result": result, "winner": winner, "plies": plies}
        assert got == want, name
