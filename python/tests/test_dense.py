"""The dense numbering of distinct actions: for every bundled ruleset that has one, over
seeded random games, every legal action's number is below `num_distinct_actions()`,
distinct among the legal ones, and maps back to the same move (packed id and notation);
the rulesets without one say why."""

import pytest

import tessel

GAMES, MAX_PLIES = 3, 150


def check_state(game, s, n):
    ids = s.legal_actions(manual=True)
    packed = s.legal_packed_actions(manual=True)
    texts = s.legal_moves(manual=True)
    assert len(ids) == len(packed) == len(texts)
    assert len(set(ids)) == len(ids), "two legal actions share a dense number"
    if not s.is_chance_node():
        assert all(0 <= a < n for a in ids)
    # Every legal action is in range and distinct; the way back is checked for up to 24
    # of them a state, spread over the list (each look-up scans the legal ones).
    step = max(1, len(ids) // 24)
    for a, p, t in list(zip(ids, packed, texts))[::step]:
        assert s.packed_of(a) == p
        assert s.action_of(p) == a
        assert s.action_to_string(a) == t


@pytest.mark.parametrize("name", tessel.bundled())
def test_dense_ids_are_in_range_distinct_and_map_back(name):
    game = tessel.load(name)
    if not game.has_dense_actions:
        assert game.no_dense_actions_reason
        with pytest.raises(tessel.DenseActionError, match="packed ids"):
            game.num_distinct_actions()
        return
    assert game.no_dense_actions_reason is None
    n = game.num_distinct_actions()
    for seed in range(GAMES):
        s = game.initial_state(seed)
        agent = tessel.Rng(seed)
        while not s.is_terminal() and s.ply < MAX_PLIES:
            check_state(game, s, n)
            if s.is_chance_node():
                s.apply(s.sample_chance())
                continue
            actions = s.legal_actions()
            if not actions:
                break
            s.apply(actions[agent.below(len(actions))])


def test_which_rulesets_have_no_dense_numbering():
    none = {n: tessel.load(n).no_dense_actions_reason for n in tessel.bundled()}
    none = {n: why for n, why in none.items() if why}
    assert sorted(none) == ["english-draughts", "international-draughts", "mu", "veney-fairy"]
    assert "group any" in none["mu"] and "plug-in" in none["veney-fairy"]
    assert all("chain of jumps" in none[n] for n in ["english-draughts", "international-draughts"])


def test_packed_ids_serve_a_game_without_dense_numbering():
    s = tessel.load("mu").initial_state(1)
    assert s.legal_actions() == s.legal_packed_actions()
    s.apply_packed(s.legal_packed_actions()[0])
    assert s.ply == 1


def test_chess_numbering_is_from_to_promotion_rule():
    g = tessel.load("chess")
    # 64 × 64 cells, 6 piece types + none to promote to, the most rules a piece has
    # (4: the pawn's), then the pass; no drops, no named actions.
    assert g.num_distinct_actions() == 64 * 64 * 7 * 4 + 1
    s = g.initial_state()
    ids = dict(zip(s.legal_moves(), s.legal_actions()))
    s.apply(ids["e2e4"])
    assert s.record == ["e2e4"]
