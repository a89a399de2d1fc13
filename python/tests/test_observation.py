"""Observations on grid boards are planes × rows × columns (row 0: cells 0 to width − 1,
the grid's first row), the same numbers as the flat form; other boards keep one axis
of cells."""

import pytest

import tessel

np = pytest.importorskip("numpy")


def plane(game, kind, owner):
    return game.piece_kinds.index(kind) * (game.num_players + 1) + owner


def test_chess_planes_are_ranks_by_files():
    g = tessel.load("chess")
    s = g.initial_state()
    assert g.grid_shape == (8, 8) and s.grid_shape == (8, 8)
    planes = len(g.piece_kinds) * (g.num_players + 1)
    assert g.planes_shape == [planes, 8, 8] == s.planes_shape
    board, values = tessel.observation(s)
    assert board.shape == (planes, 8, 8)
    flat, same = tessel.observation(s, flat=True)
    assert np.array_equal(board.reshape(planes, 64), flat) and np.array_equal(values, same)
    kinds = [k.lower() for k in g.piece_kinds]
    rook = g.piece_kinds[kinds.index("rook")]
    king = g.piece_kinds[kinds.index("king")]
    # White's rooks on a1 and h1 (rank 1 is row 0), black's king on e8 (row 7, file e).
    assert board[plane(g, rook, 0), 0, 0] == 1 and board[plane(g, rook, 0), 0, 7] == 1
    assert board[plane(g, king, 1), 7, 4] == 1
    assert board[:, 2:6].sum() == 0


def test_a_grid_that_is_not_square():
    g = tessel.load("connect-four")
    s = g.initial_state()
    assert s.grid_shape == (6, 7)
    s.apply(s.legal_actions()[0])
    board, _ = tessel.observation(s)
    assert board.shape[1:] == (6, 7)
    assert board.sum() == 1 and board[:, 0, :].sum() == 1


@pytest.mark.parametrize("name", ["mu", "mutou"])
def test_boards_that_are_not_grids_stay_flat(name):
    g = tessel.load(name)
    s = g.initial_state(1)
    planes, cells, _ = s.observation_shape
    assert s.grid_shape is None and s.planes_shape == [planes, cells]
    board, _ = tessel.observation(s)
    assert board.shape == (planes, cells)


@pytest.mark.parametrize("name", tessel.bundled())
def test_every_bundled_game_reads_in_its_shape(name):
    s = tessel.load(name).initial_state(3)
    board, values = tessel.observation(s)
    assert list(board.shape) == s.planes_shape
    assert board.size + values.size == len(s.observation_tensor())
