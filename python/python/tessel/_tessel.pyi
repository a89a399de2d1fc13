"""Type stubs of the native module (see the Rust source in python/src/ for the docs)."""

from typing import Dict, List, Optional, Tuple, Union

CHANCE: int
TERMINAL: int

class TesselError(Exception): ...
class RulesError(TesselError): ...
class IllegalActionError(TesselError): ...
class PositionError(TesselError): ...
class PluginError(TesselError): ...
class DenseActionError(TesselError):
    """The game's actions have no dense numbering (the message says which construct)."""

class Rng:
    """A seeded PCG 64 MCG generator, the one `tessel random` draws its choices from."""
    def __init__(self, seed: int) -> None: ...
    def below(self, n: int) -> int:
        """A number drawn uniformly from 0..n (n > 0)."""

class Game:
    """A compiled ruleset, ready to start games. Made by `load`."""
    @property
    def ruleset(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> List[str]: ...
    @property
    def num_players(self) -> int: ...
    @property
    def description(self) -> str: ...
    @property
    def about(self) -> str:
        """The rules file's opening comment (as the server's GET /games gives it)."""
    @property
    def option_info(self) -> List[Dict[str, str]]:
        """Each option: name, kind, value (this game's), default, doc."""
    @property
    def house_rules(self) -> List[str]: ...
    @property
    def options(self) -> Dict[str, str]:
        """Every option of the ruleset with its value in this game."""
    @property
    def piece_kinds(self) -> List[str]: ...
    @property
    def num_cells(self) -> int: ...
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """(planes, cells, values) of an observation."""
    @property
    def grid_shape(self) -> Optional[Tuple[int, int]]:
        """(rows, columns) on a grid board (row 0: cells 0 .. width-1), else None."""
    @property
    def planes_shape(self) -> List[int]:
        """[planes, rows, columns] on a grid board, else [planes, cells]."""
    @property
    def has_dense_actions(self) -> bool:
        """Whether `State.legal_actions` gives dense numbers (else packed ids)."""
    @property
    def no_dense_actions_reason(self) -> Optional[str]:
        """Why the game has no dense numbering (`group any`, moves by a plug-in), or None."""
    def num_distinct_actions(self) -> int:
        """Every dense action number is below it; DenseActionError without a numbering.
        Moves: (((from × cells + to) × promotions + promo) × rules + rule) × piles + sub;
        then drops (kind × players + owner) × cells + to; then named actions
        action × (cells + 1) + cell; then the pass. Chance outcomes: their index."""
    def initial_state(self, seed: int = 0, position: Optional[str] = None) -> State:
        """The start (or `position`), its chance seeded with `seed`."""

class State:
    """A game's state."""
    @property
    def current_player(self) -> int:
        """The seat to decide, CHANCE (-1) or TERMINAL (-4)."""
    @property
    def ply(self) -> int: ...
    @property
    def position(self) -> str:
        """The position string in the ruleset's format."""
    @property
    def record(self) -> List[str]:
        """Every decision so far in notation, chance outcomes included."""
    @property
    def observation_shape(self) -> Tuple[int, int, int]: ...
    @property
    def grid_shape(self) -> Optional[Tuple[int, int]]:
        """(rows, columns) on a grid board, else None."""
    @property
    def planes_shape(self) -> List[int]:
        """[planes, rows, columns] on a grid board, else [planes, cells]."""
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def is_simultaneous_node(self) -> bool: ...
    def legal_actions(self, manual: bool = False) -> List[int]:
        """Legal actions as ids, the same in every state and run: dense numbers below
        `Game.num_distinct_actions()` where the game has them, else packed ids."""
    def legal_packed_actions(self, manual: bool = False) -> List[int]:
        """Legal actions as packed ids (every field of the decision; any game)."""
    def packed_of(self, action: int) -> int:
        """The packed id of a legal action id."""
    def action_of(self, packed: int) -> int:
        """The action id of a legal packed id."""
    def apply_packed(self, packed: int) -> None:
        """Plays an action given by its packed id."""
    def legal_moves(self, manual: bool = False) -> List[str]:
        """Legal actions in notation, in the order of `legal_actions`."""
    def action_to_string(self, action: int) -> str: ...
    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """(action id, probability) of the waiting chance event's outcomes."""
    def sample_chance(self) -> Optional[int]:
        """An outcome drawn from the state's seeded generator."""
    def apply(self, action: Union[int, str]) -> None:
        """Plays an action id or a move text; IllegalActionError if not legal."""
    def apply_text(self, text: str) -> None: ...
    def returns(self) -> List[float]: ...
    def ending(self) -> Optional[str]: ...
    def winner(self) -> Optional[int]: ...
    def reseed(self, seed: int) -> None: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def observation_tensor(self) -> List[float]:
        """Planes (piece kind × owner, then cell; on a grid the cells are rows × columns
        in the same order), then the values, flat."""

def bundled() -> List[str]: ...
def load(ruleset: str, options: Optional[Dict[str, str]] = None) -> Game:
    """A bundled game's name or a rules file, with options; RulesError if it does not compile."""
def analyze_json(run: str) -> str: ...
def play_shard(run: str, first: int, count: int) -> str: ...
def merge_shards(run: str, shards: List[str], seconds: float) -> str: ...
