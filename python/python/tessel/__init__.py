"""Tessel from Python: load a ruleset (bundled name or rules file, with options), play
its states, read observations, and analyze it (on this machine, or over Ray with
``tessel.distributed``)."""

import json as _json

from ._tessel import (  # noqa: F401
    CHANCE,
    TERMINAL,
    DenseActionError,
    Game,
    IllegalActionError,
    PluginError,
    PositionError,
    Rng,
    RulesError,
    State,
    TesselError,
    bundled,
    load,
)
from . import _tessel

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "State",
    "Rng",
    "TesselError",
    "RulesError",
    "IllegalActionError",
    "PositionError",
    "PluginError",
    "DenseActionError",
    "bundled",
    "load",
    "analyze",
    "observation",
    "random_game",
]

#: The agent of game ``seed`` in ``tessel random`` is ``Rng(seed ^ RANDOM_AGENT)``.
RANDOM_AGENT = 0x9E3779B97F4A7C15


def run_spec(ruleset, games=100, seed=0, agents="random", options=None, playouts=None,
             think=None, depth=None, threads=None, position=None, max_plies=10000,
             records=None):
    """The description of an analysis run that the Rust side reads (JSON text).
    ``options``: a dict, or ``(name, value)`` pairs kept in their order (as the CLI's
    ``--option`` flags, which the records list in the order given)."""
    if isinstance(agents, (list, tuple)):
        agents = ",".join(agents)
    # A dict's options in name order; pairs (as the CLI's `--option`s) in their order.
    if isinstance(options, dict) or options is None:
        options = sorted((options or {}).items())
    return _json.dumps({
        "ruleset": ruleset,
        "options": [list(o) for o in options],
        "games": int(games),
        "seed": int(seed),
        "agents": agents,
        "playouts": playouts,
        "think": think,
        "depth": depth,
        "threads": threads,
        "position": position,
        "max_plies": max_plies,
        "records": None if records is None else str(records),
    })


def analyze(ruleset, games=100, seed=0, agents="random", options=None, playouts=None,
            think=None, depth=None, threads=None, position=None, max_plies=10000,
            records=None):
    """Seeded games between agents on every core, as ``tessel analyze --json``: returns
    the same report as a dict. Game ``i`` uses seed ``seed + i``; ``agents`` is one name
    per seat or one for all (``"random"``, ``"greedy"``, ``"easy"``, ``"normal"``,
    ``"mcts"``, ``"strong"``, comma-separated or a list); ``records`` is a folder for
    each game's record (``game-SEED.json``)."""
    spec = run_spec(ruleset, games, seed, agents, options, playouts, think, depth,
                    threads, position, max_plies, records)
    return _json.loads(_tessel.analyze_json(spec))


def observation(state, flat=False):
    """The state's observation as numpy arrays ``(planes, values)``: ``planes`` of shape
    ``state.planes_shape`` — ``(piece kinds × owners, rows, columns)`` on a grid board
    (row 0 is the grid's first row, cells 0 to width − 1: chess's rank 1; ``[:, ::-1]``
    gives the rows as the board is printed, top first), ``(piece kinds × owners, cells)``
    on other boards or with ``flat=True``; ``values`` the values the ruleset shows and the
    pieces in its zones."""
    import numpy as np

    planes, cells, values = state.observation_shape
    flat_tensor = np.asarray(state.observation_tensor(), dtype=np.float32)
    board = flat_tensor[: planes * cells].reshape(planes, cells)
    if not flat:
        board = board.reshape(state.planes_shape)
    return board, flat_tensor[planes * cells:]


def random_game(game, seed, max_plies=10000, start=None):
    """Plays game ``seed`` as ``tessel random`` does, through this API: the state's
    chance is seeded with ``seed``, the choices come from ``Rng(seed ^ RANDOM_AGENT)``.
    ``start`` is the state to start from (``game.initial_state(seed)`` if not given; the
    CLI starts every game of a run from the run's first seed). Returns
    ``(result, winner, plies, state)`` as in ``tessel random --json``."""
    state = (start if start is not None else game.initial_state(seed)).clone()
    state.reseed(seed)
    agent = Rng(seed ^ RANDOM_AGENT)
    ply0 = state.ply
    while True:
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        if state.is_terminal():
            w = state.winner()
            return (state.ending(), None if w is None else game.players[w],
                    state.ply - ply0, state)
        actions = state.legal_actions()
        if state.ply - ply0 >= max_plies:
            return ("unfinished", None, state.ply - ply0, state)
        if not actions:
            return ("no legal move", None, state.ply - ply0, state)
        state.apply(actions[agent.below(len(actions))])
