"""Seeded random games of every bundled ruleset played through the Python API are the
games `tessel random` plays for the same seeds and ply limit."""

import os

import pytest

import tessel
from conftest import cli_json

#: Games per ruleset cut at `TESSEL_PY_MAX_PLIES` decisions (1000 at 100 by default),
#: and whole games (`TESSEL_PY_WHOLE_GAMES`, 20 by default, to the CLI's 10000).
GAMES = int(os.environ.get("TESSEL_PY_GAMES", "1000"))
MAX_PLIES = int(os.environ.get("TESSEL_PY_MAX_PLIES", "100"))
WHOLE_GAMES = int(os.environ.get("TESSEL_PY_WHOLE_GAMES", "20"))
SEED = 11


def same_games(name, games, max_plies):
    cli = cli_json("random", name, "--games", str(games), "--seed", str(SEED),
                   "--max-plies", str(max_plies))
    assert len(cli["games"]) == games
    game = tessel.load(name)
    # The CLI starts every game of a run from the start made with the run's seed.
    start = game.initial_state(SEED)
    for want in cli["games"]:
        result, winner, plies, _ = tessel.random_game(game, want["seed"], max_plies, start)
        got = {"seed": want["seed"], "result": result, "winner": winner, "plies": plies}
        assert got == want, name


@pytest.mark.parametrize("name", tessel.bundled())
def test_random_games_match_the_cli(name):
    same_games(name, GAMES, MAX_PLIES)


@pytest.mark.parametrize("name", tessel.bundled())
def test_whole_random_games_match_the_cli(name):
    same_games(name, WHOLE_GAMES, 10000)
