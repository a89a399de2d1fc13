//! The observation of a state as numbers: one plane per piece kind and owner over the
//! cells (how many such pieces stand there, stacks included), then the values the ruleset
//! shows (its variables not hidden by `label NAME ""`, per player where they are) and
//! the pieces in its zones. On a grid board the planes are rows × columns (row 0 holds
//! cells 0 to width − 1, the grid's first row: chess's rank 1; the flat order is the
//! same); other boards keep one axis of cells.

use crate::game::Game;
use crate::state::State;
use pyo3::prelude::*;
use tessel_interpreter::{Game as Engine, Piece, State as Inner};
use tessel_lang::ir::NEUTRAL;

/// Owners a plane can be of: each player, then the neutral pieces.
fn owners(g: &Engine) -> usize {
    g.players() + 1
}

fn plane(g: &Engine, p: Piece) -> usize {
    let owner = if p.owner() == NEUTRAL {
        g.players()
    } else {
        (p.owner() as usize).min(g.players())
    };
    p.kind() as usize * owners(g) + owner
}

/// The variables shown, with how many values each gives (one per player or one).
fn shown(g: &Engine) -> impl Iterator<Item = (&str, usize)> {
    g.program
        .vars
        .iter()
        .filter(|v| v.label.as_deref() != Some("") && !v.per_cell && !v.per_piece)
        .map(|v| (v.name.as_str(), if v.per_player { g.players() } else { 1 }))
}

/// (planes, cells, values) of a game's observations.
pub fn shape(g: &Engine, s: &Inner) -> (usize, usize, usize) {
    let values: usize = shown(g).map(|(_, n)| n).sum::<usize>() + s.zones.len();
    (g.program.pieces.len() * owners(g), s.cells.len(), values)
}

/// `(rows, columns)` of a state on a grid board (a drawn grid with tessels made in play
/// is not one: its cells are more than rows × columns).
pub fn grid(g: &Engine, s: &Inner) -> Option<(usize, usize)> {
    let (w, h) = g.board.grid?;
    let (w, h) = (w as usize, h as usize);
    (w * h == s.cells.len()).then_some((h, w))
}

/// The planes' shape: `[planes, rows, columns]` on a grid, else `[planes, cells]`.
pub fn planes_shape(g: &Engine, s: &Inner) -> Vec<usize> {
    let (planes, cells, _) = shape(g, s);
    match grid(g, s) {
        Some((rows, cols)) => vec![planes, rows, cols],
        None => vec![planes, cells],
    }
}

/// The planes (plane-major, then cell) and the values of `s`.
pub fn observe(g: &Engine, s: &Inner) -> (Vec<f32>, Vec<f32>) {
    let (planes, cells, _) = shape(g, s);
    let mut out = vec![0f32; planes * cells];
    let on = s
        .cells
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.is_none())
        .map(|(c, p)| (c, *p))
        .chain(s.buried.iter().map(|(c, p)| (*c as usize, *p)));
    for (c, p) in on {
        if let Some(x) = out.get_mut(plane(g, p) * cells + c) {
            *x += 1.0;
        }
    }
    let mut values = Vec::new();
    for (name, n) in shown(g) {
        for i in 0..n {
            values.push(g.var(s, name, i).unwrap_or(0) as f32);
        }
    }
    values.extend(s.zones.iter().map(|&z| z as f32));
    (out, values)
}

impl Game {
    /// The start the shapes are measured at.
    fn start(&self) -> PyResult<Inner> {
        self.engine
            .start_state(0)
            .map_err(|e| crate::PositionError::new_err(e.message))
    }
}

#[pymethods]
impl Game {
    /// `(planes, cells, values)`: the observation holds planes × cells numbers (a plane
    /// for each piece kind and owner, owners being the players then `neutral`), then the
    /// values. Measured at the start; a drawn area that grows in play changes `cells`.
    #[getter]
    fn observation_shape(&self) -> PyResult<(usize, usize, usize)> {
        let s = self.start()?;
        Ok(shape(&self.engine, &s))
    }

    /// `(rows, columns)` when the board is a grid (row 0 holds cells 0 to width − 1, the
    /// grid's first row: chess's rank 1), else `None`. Measured at the start.
    #[getter]
    fn grid_shape(&self) -> PyResult<Option<(usize, usize)>> {
        let s = self.start()?;
        Ok(grid(&self.engine, &s))
    }

    /// The planes' shape: `[planes, rows, columns]` on a grid board, else `[planes,
    /// cells]`. Measured at the start.
    #[getter]
    fn planes_shape(&self) -> PyResult<Vec<usize>> {
        let s = self.start()?;
        Ok(planes_shape(&self.engine, &s))
    }
}

#[pymethods]
impl State {
    /// The observation as a flat list: the planes (plane-major, `piece_kind * owners +
    /// owner`, then cell), then the values; `tessel.observation(state)` gives numpy arrays.
    fn observation_tensor(&self) -> Vec<f32> {
        let (mut planes, values) = observe(&self.engine, &self.inner);
        planes.extend(values);
        planes
    }

    /// `(planes, cells, values)` of this state's observation.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        shape(&self.engine, &self.inner)
    }

    /// `(rows, columns)` when the board is a grid, else `None`.
    #[getter]
    fn grid_shape(&self) -> Option<(usize, usize)> {
        grid(&self.engine, &self.inner)
    }

    /// The planes' shape: `[planes, rows, columns]` on a grid board, else `[planes,
    /// cells]`; the flat planes of `observation_tensor` read in this shape.
    #[getter]
    fn planes_shape(&self) -> Vec<usize> {
        planes_shape(&self.engine, &self.inner)
    }
}
