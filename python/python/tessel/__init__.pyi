from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._tessel import (
    CHANCE as CHANCE,
    DenseActionError as DenseActionError,
    TERMINAL as TERMINAL,
    Game as Game,
    IllegalActionError as IllegalActionError,
    PluginError as PluginError,
    PositionError as PositionError,
    Rng as Rng,
    RulesError as RulesError,
    State as State,
    TesselError as TesselError,
    bundled as bundled,
    load as load,
)

RANDOM_AGENT: int

def run_spec(ruleset: str, games: int = ..., seed: int = ...,
             agents: Union[str, Sequence[str]] = ..., options: Optional[Dict[str, str]] = ...,
             playouts: Optional[int] = ..., think: Optional[float] = ...,
             depth: Optional[int] = ..., threads: Optional[int] = ...,
             position: Optional[str] = ..., max_plies: int = ...,
             records: Optional[str] = ...) -> str: ...
def analyze(ruleset: str, games: int = ..., seed: int = ...,
            agents: Union[str, Sequence[str]] = ..., options: Optional[Dict[str, str]] = ...,
            playouts: Optional[int] = ..., think: Optional[float] = ...,
            depth: Optional[int] = ..., threads: Optional[int] = ...,
            position: Optional[str] = ..., max_plies: int = ...,
            records: Optional[str] = ...) -> Dict[str, Any]: ...
def observation(state: State, flat: bool = ...) -> Tuple[Any, Any]: ...
def random_game(game: Game, seed: int, max_plies: int = ...,
                start: Optional[State] = ...) -> Tuple[str, Optional[str], int, State]: ...
