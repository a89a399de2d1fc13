"""The game and state API: players, options, actions as ids and as text, apply, clone,
chance, returns, position, record, observations, and errors as exceptions."""

import pytest

import tessel


def test_bundled_names():
    names = tessel.bundled()
    assert "chess" in names and "mu" in names and "mutou" in names


def test_game_describes_itself():
    g = tessel.load("chess")
    assert g.players == ["white", "black"]
    assert g.num_players == 2
    assert g.title
    assert g.description
    assert isinstance(g.options, dict)


def test_the_game_is_described_as_the_server_describes_it():
    g = tessel.load("chess", {"fifty": "0"})
    assert "fifty-move rule" in g.about  # the rules file's opening comment
    fifty = next(o for o in g.option_info if o["name"] == "fifty")
    assert fifty["value"] == "0" and fifty["default"] != "0" and fifty["doc"]
    assert set(fifty) == {"name", "kind", "value", "default", "doc"}
    assert {o["name"] for o in g.option_info} == set(g.options)


def test_options_change_the_game():
    g = tessel.load("chess")
    name, value = next(iter(g.options.items()))
    assert tessel.load("chess", {name: value}).options[name] == value


def test_a_game_by_ids_and_by_text():
    g = tessel.load("chess")
    s = g.initial_state()
    assert s.current_player == 0
    ids, texts = s.legal_actions(), s.legal_moves()
    assert len(ids) == len(texts) == 20
    assert s.action_to_string(ids[0]) == texts[0]
    t = s.clone()
    s.apply("e2e4" if "e2e4" in texts else texts[0])
    t.apply(ids[texts.index(s.record[0])])
    assert s.position == t.position and s.record == t.record
    assert s.current_player == 1
    assert s.returns() == [0.0, 0.0]
    assert not s.is_terminal() and not s.is_chance_node()


def test_clone_goes_its_own_way():
    s = tessel.load("chess").initial_state()
    t = s.clone()
    t.apply(t.legal_actions()[0])
    assert s.ply == 0 and t.ply == 1


def test_a_played_game_ends_with_returns():
    g = tessel.load("chess")
    result, winner, plies, s = tessel.random_game(g, 3)
    if result not in ("unfinished", "no legal move"):
        assert s.is_terminal()
        assert s.current_player == tessel.TERMINAL
        assert sum(s.returns()) == pytest.approx(1.0)
        assert s.legal_actions() == []
    assert len(s.record) == plies


def test_chance_outcomes_have_probabilities():
    g = tessel.load("mutou")
    s = g.initial_state(5)
    for _ in range(400):
        if s.is_chance_node():
            break
        assert not s.is_terminal(), "no chance event met"
        s.apply(s.legal_actions()[0])
    assert s.current_player == tessel.CHANCE
    outcomes = s.chance_outcomes()
    assert outcomes and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert [a for a, _ in outcomes] == s.legal_actions()
    texts = s.legal_moves()
    s.apply(outcomes[-1][0])
    assert s.record[-1] == texts[-1]


def test_errors_are_exceptions_with_the_diagnostic():
    with pytest.raises(tessel.RulesError, match="neither a file nor a bundled game"):
        tessel.load("no-such-game")
    with pytest.raises(tessel.RulesError, match="option"):
        tessel.load("chess", {"no_such_option": "1"})
    s = tessel.load("chess").initial_state()
    with pytest.raises(tessel.IllegalActionError):
        s.apply("e2e5")
    with pytest.raises(tessel.IllegalActionError):
        s.apply(12345)
    with pytest.raises(tessel.IllegalActionError):
        s.apply(1.5)
    with pytest.raises(tessel.PositionError):
        tessel.load("chess").initial_state(position="not a position")
    assert issubclass(tessel.RulesError, tessel.TesselError)


def test_a_broken_rules_file_reports_where(tmp_path):
    f = tmp_path / "bad.tessel"
    f.write_text('game "Bad"\nplayers a b\nboard grid 3 x 3\npiece x\n  move stpe 1\n')
    with pytest.raises(tessel.RulesError) as e:
        tessel.load(str(f))
    assert "bad.tessel" in str(e.value)


def test_observation_planes_and_values():
    np = pytest.importorskip("numpy")
    g = tessel.load("chess")
    s = g.initial_state()
    planes, cells, values = g.observation_shape
    assert cells == 64 and planes == len(g.piece_kinds) * (g.num_players + 1)
    board, vals = tessel.observation(s, flat=True)
    assert board.shape == (planes, cells) and vals.shape == (values,)
    assert board.sum() == 32
    assert np.all(board.sum(axis=0) <= 1)


def test_action_ids_are_the_same_in_every_state():
    g = tessel.load("chess")
    s = g.initial_state()
    first = dict(zip(s.legal_moves(), s.legal_actions()))
    s.apply("e2e4")
    s.apply("e7e5")
    later = dict(zip(s.legal_moves(), s.legal_actions()))
    assert first["g1f3"] == later["g1f3"]
    assert g.initial_state().legal_actions() == list(first.values())
