//! The lowered program: every name turned into an index, options folded in, per-player
//! directions and regions resolved. This is all the interpreter reads of a ruleset.

use serde::Serialize;

pub type CellId = u16;
pub type DirId = u8;
pub type PieceId = u8;
pub type VarId = u16;
pub type RegionId = u16;
pub type PlayerId = u8;
/// The owner of a piece that belongs to no player.
pub const NEUTRAL: PlayerId = 15;
pub type ZoneId = u8;

/// A cell number that means "no cell" (off the board, or a cell variable that is unset).
pub const NO_CELL: CellId = u16::MAX;

#[derive(Clone, Debug, Serialize)]
pub struct Program {
    pub title: String,
    /// What the game is, for players (`about`).
    pub about: About,
    pub players: Vec<String>,
    pub options: Vec<OptionInfo>,
    pub board: Board,
    pub regions: Vec<Region>,
    /// Cyclic tracks of cells (`track`), for sowing and walks along them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tracks: Vec<Track>,
    pub vars: Vec<Var>,
    pub zones: Vec<Zone>,
    pub pieces: Vec<PieceType>,
    /// The plug-ins move rules use, each once.
    pub plugins: Vec<PluginRef>,
    /// A decision is illegal if any of these holds afterwards for the player who made it.
    pub forbids: Vec<Forbid>,
    /// `prefer VALUE`: of the mover's legal decisions only those with the highest value
    /// stay legal, each rule in turn (docs/language.md 3.17a).
    pub prefers: Vec<Prefer>,
    /// Run after every move, before play passes on.
    pub after_move: Vec<Stmt>,
    /// Run as the game and each round begin, again after the chance events it started.
    pub setup: Vec<Stmt>,
    pub endings: Vec<Ending>,
    pub position: Vec<Field>,
    pub turn: TurnRules,
    /// Cells hold unordered piles: any piece of a pile may move, not only the top.
    pub piles: bool,
    /// Capturing a stack takes only its top piece (`captures take top`).
    pub capture_top: bool,
    /// How a pass is written (`pass` when `None`).
    pub pass_text: Option<String>,
    /// The game text's opening line and the condition that ends the opening (its
    /// decisions are written by the line, not one by one); its result line.
    pub opening: Option<(Vec<TextPart>, Expr)>,
    pub result_text: Option<Vec<TextPart>>,
    /// Written after each turn and each round of a game text (`after turn ","`); when
    /// set, a pass that ends a turn after other decisions is left out (implied).
    pub after_turn: Option<String>,
    pub after_round: Option<String>,
    /// How cells are drawn on a text board (`show`), first match first.
    pub marks: Vec<Mark>,
    /// Lines drawn in pictures between groups of cells (`show borders by`).
    pub borders: Vec<Borders>,
    /// Some rule asks whether a piece has moved this turn (`fresh`), so the interpreter
    /// keeps that mark on every piece.
    /// Some expression reads `steps`: `apply` records how far each move went.
    pub uses_steps: bool,
    pub tracks_turn_moves: bool,
    /// Some expression asks `repeated(…)`: the interpreter keeps the positions met.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tracks_positions: bool,
    /// Decisions that are not a piece's move.
    pub actions: Vec<Action>,
    /// How good a position is for `mover` (agents); `material` when the ruleset says nothing.
    pub score: Expr,
    /// `people by VAR score VAR`: the people (1, 2, …) who play the players (sides),
    /// when they may change sides between rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub people: Option<People>,
    /// The distributions of the `roll` statements, by number.
    pub chances: Vec<Chance>,
    /// For each chance event, statements run once it is resolved (by its roller).
    pub chance_then: Vec<Vec<Stmt>>,
    /// Start values a drawn area gives `per cell` variables: (variable, cell, value).
    pub cell_values: Vec<(VarId, CellId, i64)>,
    /// Where captured pieces go: `(zone, to_owner)`; `to_owner` false means the capturer's.
    pub captures_to: Option<(ZoneId, bool)>,
    /// The starting position string and where the ruleset wrote it.
    pub start: Option<(String, crate::diag::Span)>,
}

/// A decision that is not a piece's move (see `action` in docs/language.md).
#[derive(Clone, Debug, Serialize)]
pub struct Action {
    pub name: String,
    pub on_cells: bool,
    pub forced: bool,
    pub free: bool,
    /// Agents and random play never take it (see `action` in docs/language.md).
    pub manual: bool,
    /// `tessel play` does not show the other players what it was (concealed setups).
    pub secret: bool,
    /// Offered only in a reaction window, to the player asked (`ask others`).
    pub reaction: bool,
    /// How it is written, `{to}` standing for its cell.
    pub written: Option<String>,
    /// Other writings it is read from (not written): `{to}`, `{hit}`.
    pub also: Vec<Writing>,
    pub cond: Option<Expr>,
    pub effects: Vec<Stmt>,
}

/// `show borders by (VALUE)`: in pictures, a line along each edge between two cells whose
/// values differ, and along the edge of the cells drawn.
#[derive(Clone, Debug, Serialize)]
pub struct Borders {
    /// The value on each cell (`to`).
    pub by: Expr,
    pub legend: Option<String>,
    /// The colour of the lines.
    pub colour: Option<String>,
}

/// A `show` declaration: how the cells of a region, or where a condition holds, are drawn.
#[derive(Clone, Debug, Serialize)]
pub struct Mark {
    pub place: MarkPlace,
    pub text: String,
    /// Written after the pieces of such cells (their empty cells stay as they are).
    pub after: bool,
    /// What the mark means, for a legend.
    pub legend: Option<String>,
    /// The colour of such cells in pictures.
    pub fill: Option<String>,
}

impl Mark {
    /// A colour for pictures alone (`show REGION ["legend"] fill "#rrggbb"`): no mark on
    /// the text board.
    pub fn colour_only(&self) -> bool {
        self.after && self.text.is_empty() && self.fill.is_some()
    }
}

#[derive(Clone, Debug, Serialize)]
pub enum MarkPlace {
    Region(RegionId),
    /// The cells where the condition (on `to`, with `mover` the player to move) holds.
    Cond(Expr),
}

/// Another way a decision is read (never written): the text with its named places
/// (`{to}`, `{hit}`, …), and the places that are expressions giving a cell (`{sword_at}`),
/// worked out in the position the text is read in and written as the cell's name.
#[derive(Clone, Debug, Serialize)]
pub struct Writing {
    pub text: String,
    pub cells: Vec<(String, Expr)>,
}

/// A piece of a notation template.
#[derive(Clone, Debug, Serialize)]
pub enum TextPart {
    Text(String),
    /// The symbols (as the first player writes them) of the pieces on these cells.
    Cells(Vec<CellId>),
    /// A number.
    Value(Expr),
    /// A number, in parentheses when the condition holds.
    ValueParen(Expr, Expr),
}

/// A random experiment.
#[derive(Clone, Debug, Serialize)]
pub enum Chance {
    /// Each outcome's value and probability (they add up to 1); the variable gets it.
    Roll {
        var: VarId,
        outcomes: Vec<(i64, f64)>,
    },
    /// One piece out of a zone (the roller's part), each piece as likely as another, into
    /// a zone (of the player the event names).
    Draw { from: ZoneId, to: ZoneId },
    /// One of the cells where the condition holds (on `to`, when the event is resolved),
    /// each as likely; the cell variable gets it (`none` when there is none).
    Cell { var: VarId, cond: Expr },
}

/// The shape of a turn: up to `max` decisions by the same player; a pass decision is
/// offered when `pass` holds (it ends the turn).
#[derive(Clone, Debug, Serialize)]
pub struct TurnRules {
    pub max: u32,
    pub pass: Option<Expr>,
    /// A player who has no legal decision passes (instead of being stuck).
    pub pass_when_stuck: bool,
    /// Run as each turn begins (for the player whose turn it is) and as it ends.
    pub start: Vec<Stmt>,
    pub end: Vec<Stmt>,
}

/// The ruleset's description for players (`about`), and how many players sit.
#[derive(Clone, Debug, Default, Serialize)]
pub struct About {
    /// One line: what the game is.
    pub summary: String,
    /// The longer text, in paragraphs.
    pub text: Vec<String>,
    /// The house rules: readings and choices this ruleset made, one each.
    pub house: Vec<String>,
    /// The fewest and the most players (`seated A to B`, else the players named).
    pub seats: (u32, u32),
}

#[derive(Clone, Debug, Serialize)]
pub struct OptionInfo {
    pub name: String,
    pub kind: String,
    pub value: String,
    pub default: String,
    pub doc: String,
}

/// The board as lists: cells and directed links. The interpreter builds its graph and
/// tables from this.
#[derive(Clone, Debug, Serialize, Default)]
pub struct Board {
    pub cells: Vec<String>,
    pub dirs: Vec<String>,
    /// `(from, dir, to)`.
    pub links: Vec<(CellId, DirId, CellId)>,
    /// The opposite of each direction, where one is known.
    pub opposite: Vec<Option<DirId>>,
    /// How the board looks to each player: `cell_mirror[p][c]`, `dir_mirror[p][d]`.
    pub cell_mirror: Vec<Vec<CellId>>,
    pub dir_mirror: Vec<Vec<DirId>>,
    /// Set for boards made by the grid generator: (width, height); cell `x + y * width`.
    pub grid: Option<(u32, u32)>,
    /// For boards drawn in rows that are not a full grid (hexagons): each row from the top,
    /// with its indent in half cells, and its cells from left to right.
    pub rows: Option<Vec<(u32, Vec<CellId>)>>,
    /// Each cell's column and row, from 1 (grids and hexagons; empty for other boards).
    pub coords: Vec<(u16, u16)>,
    /// Boards drawn as polygons (`board tessels`): each cell's outline, counter-clockwise,
    /// in the drawing's units (empty for other boards).
    pub outlines: Vec<Vec<(f64, f64)>>,
    /// What each link costs in move units (`steps`), beside `links`; empty when every
    /// link costs one.
    pub link_costs: Vec<u32>,
    /// A drawn area that may change in play (it has `spare` tessels).
    pub drawing: Option<Drawing>,
}

/// A point of a drawing, in millionths of a unit.
pub type DrawnPoint = (i64, i64);

/// A playing area drawn as polygons that may change in play: split, merged, spliced.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Drawing {
    /// Each cell's polygon as drawn, in millionths of a unit; empty for a spare cell.
    pub tessels: Vec<Vec<DrawnPoint>>,
    /// Splices: pairs of points made one vertex.
    pub splices: Vec<Vec<(DrawnPoint, DrawnPoint)>>,
    /// The direction slots of `edge`, `vertex` and `trace`, in that order.
    pub slots: [Vec<DirId>; 3],
}

/// A set of cells for each player (the same set for every player unless mirrored).
#[derive(Clone, Debug, Serialize)]
pub struct Region {
    pub name: String,
    pub cells: Vec<Vec<CellId>>,
}

pub type TrackId = u16;

/// A cyclic track of cells (`track NAME = [CELLS]`): after the last comes the first.
#[derive(Clone, Debug, Serialize)]
pub struct Track {
    pub name: String,
    /// The cells in order, each once (at least two).
    pub cells: Vec<CellId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Type {
    Int,
    Bool,
    Cell,
    Dir,
    Piece,
    Region,
    Player,
}

impl Type {
    pub fn word(self) -> &'static str {
        match self {
            Type::Int => "a number",
            Type::Bool => "a truth value",
            Type::Cell => "a cell",
            Type::Dir => "a direction",
            Type::Piece => "a piece type",
            Type::Region => "a region",
            Type::Player => "a player",
        }
    }
}

/// The people behind the players: `by(p)` is the number (1, 2, …) of the person who
/// plays player `p` now; `score`, when given, holds each person's match score, person
/// `i` in player `i - 1`'s slot.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct People {
    pub by: VarId,
    pub score: Option<VarId>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Var {
    pub name: String,
    pub ty: Type,
    pub init: i64,
    pub per_player: bool,
    /// One value for each cell (read `NAME(CELL)`, set `set NAME(CELL) = …`).
    pub per_cell: bool,
    /// `per piece`: a per-cell value that goes with the piece on the cell when it moves
    /// (and is the start value where a piece comes into play); `taken(NAME)` is the value
    /// of the piece captured last.
    pub per_piece: bool,
    pub reset_each_turn: bool,
    /// Keeps its value through `restart`.
    pub kept: bool,
    /// How screens name it (`label NAME "text"`); `Some("")` hides it.
    pub label: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Zone {
    pub name: String,
    pub per_player: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct PieceType {
    pub name: String,
    /// One symbol per player, in seat order.
    pub symbols: Vec<String>,
    /// How move texts name the piece (`{piece}`), when not by the first player's symbol.
    pub letter: Option<String>,
    pub royal: bool,
    /// Belongs to no player (its pieces have the owner [`NEUTRAL`]).
    pub neutral: bool,
    /// A neutral piece that the player to move may move by its rules (`shared`).
    pub shared: bool,
    pub value: i64,
    pub rules: Vec<MoveRule>,
    pub promotions: Vec<Promotion>,
    /// The type its pieces become when they go from the board into a zone (a capture,
    /// `send`, `remove … to`): a promoted piece captured back into a hand.
    pub held_as: Option<PieceId>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Promotion {
    pub to: Vec<PieceId>,
    pub cond: Expr,
}

/// What the target cell of a move may hold: bit flags.
pub mod target {
    pub const EMPTY: u8 = 1;
    pub const ENEMY: u8 = 2;
    pub const FRIEND: u8 = 4;
    pub const NEUTRAL: u8 = 8;
}

#[derive(Clone, Debug, Serialize)]
pub struct MoveRule {
    /// How many pieces move together.
    pub group: u32,
    /// Any number from 1 to those there, each number a move of its own (`group any`).
    pub group_any: bool,
    /// The piece takes the whole stack beneath it along.
    pub carry: bool,
    /// A `jump` that goes on from where it lands while it can (`move chain jump …`).
    pub chain: bool,
    /// The atom's geometry for each player (directions already turned for that player).
    pub atom: Vec<Atom>,
    /// Allowed contents of the target cell (see [`target`]).
    pub target: u8,
    /// Land on top of the target's stack instead of capturing it.
    pub stacking: bool,
    /// Land on top of the mover's own pieces; capture others.
    pub merging: bool,
    /// On an opposing piece: that piece becomes the mover's, and the moving piece leaves
    /// play (a trade; `taken` reads the moving piece's values).
    pub converting: bool,
    /// Where what it captures goes (each piece's owner's part of a per-player zone),
    /// instead of the ruleset's `captures go to`.
    pub captures_into: Option<ZoneId>,
    /// How its moves are written: `{from}`, `{to}` and `{piece}` (the mover's symbol).
    pub written: Option<String>,
    /// Other writings its moves are read from (not written): the places of `written`,
    /// `{hit}` (the letter of the piece on `to`) and `{column}` (the letters of `from`).
    pub also: Vec<Writing>,
    pub cond: Option<Expr>,
    pub effects: Vec<Stmt>,
    /// Where the rule is written, for diagnostics found after lowering (`tessel check`).
    pub span: crate::diag::Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Atom {
    /// One link along each direction.
    Step(Vec<DirId>),
    /// Over the piece on the next cell along each direction to the cell beyond; `far`:
    /// over any empty cells to the first piece and on to any empty cell beyond it.
    Jump { dirs: Vec<DirId>, far: bool },
    /// Follow each path; the cells on the way do not matter.
    Leap(Vec<Vec<DirId>>),
    /// Repeat each path while the cells are empty, stopping at `max`; targets from `min`.
    Ride {
        paths: Vec<Vec<DirId>>,
        min: u32,
        max: u32,
        /// The distance is the number of pieces moving (`exactly group`); `min`/`max` unused.
        by_group: bool,
        /// Pieces on the way do not stop it.
        over: bool,
        /// The ride may end on a cell of this region but not go past one.
        not_through: Option<RegionId>,
        /// The same for the cells where this condition (on `to`) holds as the move is made.
        not_past: Option<Expr>,
    },
    /// Place a piece of the rule's type from the mover's part of a zone onto any cell.
    Drop(ZoneId),
    /// From its cell to any other cell of the board, without a path.
    Anywhere,
    /// To the cells a plug-in proposes (its number in `Program::plugins`); the per-cell
    /// variables that are the moving piece's attributes (`with facing`).
    Plugin { plugin: u16, attrs: Vec<VarId> },
}

/// A WebAssembly module a move rule takes its destinations from (docs/plugins.md).
#[derive(Clone, Debug, Serialize)]
pub struct PluginRef {
    /// As written in the rules, relative to the file it is written in.
    pub path: String,
    pub span: crate::diag::Span,
    /// The module's bytes, read by whoever loads the rules (the language reads no files).
    #[serde(skip)]
    pub bytes: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Le,
    Ge,
    Lt,
    Gt,
    Add,
    Sub,
    Mul,
    /// Whole-number division and remainder; by zero gives 0.
    Div,
    Mod,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Expr {
    Int(i64),
    Bool(bool),
    /// A cell constant (or [`NO_CELL`]).
    Cell(CellId),
    Piece(PieceId),
    Player(PlayerId),
    /// The cell the moving piece starts from.
    From,
    /// The target cell of the move.
    To,
    /// The cell a jump passes over (`none` outside a jump).
    Jumped,
    /// How many pieces a move jumps: in a rule's condition those jumped so far, this
    /// jump included; of a decision (`prefer`, effects, `after move`), all of them.
    Jumps,
    /// The candidate cell of the rule or action, which `around`, `any_cell` and the like
    /// do not rebind.
    Target,
    /// A cell's column and row, from 1 (0 for `none` or a board without them).
    Column(Box<Expr>),
    Row(Box<Expr>),
    /// A number without its sign.
    Abs(Box<Expr>),
    /// The second value when the condition holds, else the third.
    Either(Box<Expr>, Box<Expr>, Box<Expr>),
    /// The second cell lies on a straight line from the first (along one direction) and
    /// the condition holds (on `to`) for every cell between them.
    InLine(Box<Expr>, Box<Expr>, Box<Expr>),
    /// How many cells strictly between two cells on a straight line (along one direction)
    /// the condition holds for (on `to`); -1 when the second is not on a line from the first.
    CountBetween(Box<Expr>, Box<Expr>, Box<Expr>),
    /// How many cells a walk meets (`count_along`): see [`Along`].
    Along(Along),
    /// The longest line through a cell of cells where the condition holds (on `to`), along
    /// a direction of the set (per player) and its opposite: 0 when it fails at the cell.
    Line(Box<Expr>, Vec<Vec<DirId>>, Box<Expr>),
    /// The cell at a column and a row (from 1), or `none`.
    CellAt(Box<Expr>, Box<Expr>),
    /// The cell of a player's piece of a type (the first in board order, on top or beneath),
    /// or `none`.
    Where(PieceId, Box<Expr>),
    /// The player whose decision it is.
    Mover,
    /// The player after the mover in turn order.
    Opponent,
    /// Current ply number (decisions made since the start).
    Ply,
    Var(VarId),
    /// A `per cell` variable at a cell, or a `per player` one of a given player.
    VarAt(VarId, Box<Expr>),
    /// A cell reached from a cell by following a direction path, per player.
    Walk(Box<Expr>, Vec<Vec<DirId>>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    In(Box<Expr>, RegionId),
    Empty(Box<Expr>),
    Friend(Box<Expr>, Option<PieceId>),
    Enemy(Box<Expr>, Option<PieceId>),
    Unmoved(Box<Expr>),
    Attacked(Box<Expr>),
    /// Some royal piece of the mover is attacked.
    Checked,
    /// The player to move has no legal decision.
    NoMoves,
    /// Some royal piece of the player is attacked (`checked(PLAYER)`).
    CheckedOf(Box<Expr>),
    /// A look-ahead, in `forbid`: after the decision, the player to decide next has no
    /// legal decision (`no_reply`; false when asked inside another look-ahead).
    NoReply,
    /// The last move captured.
    Captured,
    /// The last move was made by a piece of this type.
    Moved(PieceId),
    /// Decisions made so far in this turn.
    Decisions,
    /// Links travelled by the move being generated (a ride's distance; a leap's path length).
    Steps,
    /// The last decision was a pass.
    Passed,
    /// Pieces of a type in the mover's (or a player's) part of a zone.
    Held(ZoneId, PieceId, Option<Box<Expr>>),
    /// The values of the mover's pieces on the board less those of everyone else's.
    Material,
    /// The smaller / larger of two numbers.
    Min(Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
    /// The player whose turn it is (in a reaction window, not the one answering).
    TurnPlayer,
    /// The moving piece has not moved yet this turn.
    Fresh,
    /// Pieces on a cell (of a player, or all).
    PiecesAt(Box<Expr>, Option<Box<Expr>>),
    /// Whether the condition holds for some cell / how many cells (as `to`).
    AnyCell(Box<Expr>),
    CountCells(Box<Expr>),
    /// The largest value of the number over the cells where the condition holds (both
    /// with `to` as each cell); -1 when it holds nowhere.
    MaxCells(Box<Expr>, Box<Expr>),
    /// The sum of the number over the cells where the condition holds (`to` as each).
    SumCells(Box<Expr>, Box<Expr>),
    /// Whether the drawn area may be changed so (`can_split(A, N)`, `can_merge(A, B)`,
    /// `can_splice(A, B)`, `can_unsplice(A, B)`).
    AreaCan(crate::ast::AreaChange, Box<Expr>, Box<Expr>),
    /// How many ways a tessel may be split (`splits(A)`): two a diagonal.
    Splits(Box<Expr>),
    /// Links on the shortest way from one cell to another along the directions (each
    /// player's set); -1 when there is none.
    Distance(Box<Expr>, Box<Expr>, Vec<Vec<DirId>>),
    /// Number of pieces in the stack on a cell.
    Height(Box<Expr>),
    /// The top piece on a cell belongs to no player (and is of this type).
    Neutral(Box<Expr>, Option<PieceId>),
    /// The player of the top piece on a cell ([`NEUTRAL`] for a neutral one, -1 when empty).
    OwnerOf(Box<Expr>),
    /// How many pieces of a type are on a cell, anywhere in its stack or pile.
    Holds(Box<Expr>, PieceId),
    /// Graph queries on the cells where a condition (on `to`) holds: how many neighbours
    /// of a cell are such cells; how many separate groups of them touch a cell; how many
    /// cells the group of a cell holds.
    Around(Box<Expr>, Box<Expr>),
    /// The second cell is one link from the first.
    Adjacent(Box<Expr>, Box<Expr>),
    /// Cell B is one link from cell A along the directions (each player's set).
    AdjacentVia(Box<Expr>, Box<Expr>, Vec<Vec<DirId>>),
    /// The cell is a tessel of the drawn area as it stands (not a spare, not merged away).
    Drawn(Box<Expr>),
    Sections(Box<Expr>, Box<Expr>),
    /// How many separate groups of cells where the second (a condition on `to`) holds touch
    /// the group of the first cell under the third: `sections(CELL, CONDITION, GROUP)`.
    SectionsOf(Box<Expr>, Box<Expr>, Box<Expr>),
    SectionSize(Box<Expr>, Box<Expr>),
    /// The first cell, in board order, of the group of a cell (as for `SectionSize`) where
    /// the third expression (a condition on `to`) holds; [`NO_CELL`] if there is none.
    SectionCell(Box<Expr>, Box<Expr>, Box<Expr>),
    /// The sum of a number over the group of a cell (the group as for `SectionSize`).
    SectionTotal(Box<Expr>, Box<Expr>, Box<Expr>),
    /// How many distinct cells next to the group of a cell (as for `SectionSize`), outside
    /// it, the third expression (a condition on `to`) holds at: `section_border`.
    SectionBorder(Box<Expr>, Box<Expr>, Box<Expr>),
    /// How many times the position now was met earlier in the game, as a player was to
    /// decide (`repeated(board)`, `repeated(position)`).
    Repeated(Repetition),
    /// Number of pieces of a type (and player, or any) on the board.
    Count(Option<PieceId>, Option<Box<Expr>>),
    /// The inner expression, whose value the interpreter may keep in a slot while one state
    /// is examined: it reads no candidate cell. The checker never writes it; the
    /// interpreter wraps such parts when it prepares a game (`interpreter/src/memo.rs`).
    Memo(u32, Box<Expr>),
    /// The inner expression; every `Same` with one number holds an equal expression, so the
    /// interpreter may key work it keeps by the number (written only by the interpreter).
    Same(u32, Box<Expr>),
    /// The inner expression, compiled by the interpreter into its code numbered so (its
    /// evaluator runs that code; anything else reads the inner expression). Written only
    /// by the interpreter, around whole conditions and values (`interpreter/src/compile/`).
    Code(u32, Box<Expr>),
}

/// What makes two positions the same for `repeated`: the pieces on the cells (type, owner
/// and stacks, bottom first), and for `Position` also the zones' contents and the player to
/// decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Repetition {
    Board,
    Position,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
}

#[derive(Clone, Debug, Serialize)]
pub enum Stmt {
    Set(VarId, AssignOp, Expr),
    /// Set a `per cell` variable at a cell, or a `per player` one of a given player.
    SetAt(VarId, Expr, AssignOp, Expr),
    Capture(Expr),
    /// The top piece of A to B; `true`: stacking on a piece of the same owner.
    Shift(Expr, Expr, bool),
    /// Remove up to N pieces of a player from a cell (into a zone of theirs, if given).
    Remove(Expr, Expr, Expr, Option<ZoneId>),
    /// For every cell (as `to`) where the condition holds.
    Each(Option<Expr>, Vec<Stmt>),
    /// For every cell (as `to`) of the group of a cell under a condition, the group found
    /// before the statements run (`each cell in group of CELL where CONDITION`).
    EachInGroup(Expr, Expr, Vec<Stmt>),
    /// For each seated player in seat order for whom the condition holds, the statements
    /// with `mover` as that player (`each player { … }`).
    EachPlayer(Option<Expr>, Vec<Stmt>),
    /// Back to the start position, with variables not `kept` at their start values.
    Restart,
    /// The count of turns played starts again from 0.
    ResetTurns,
    /// `keep position`: the pieces, zones and variables now are kept as `mover`'s.
    KeepPosition,
    /// `restore position [of PLAYER]`: that player's kept position comes back at once
    /// (variables marked `kept` excepted); nothing happens if they kept none.
    RestorePosition(Option<Expr>),
    /// The turn ends when this decision is done.
    EndTurn,
    /// Opens a reaction window (`ask others [if COND]`).
    AskOthers(Option<Expr>),
    /// Asks one player in a reaction window (`ask PLAYER`).
    Ask(Expr),
    /// Changes the drawn area (`split`, `merge`, `splice`, `unsplice`).
    ChangeArea(crate::ast::AreaChange, Expr, Expr),
    /// The next turn (or, in `setup`, the first) is this player's.
    NextTurn(Expr),
    /// Two cells exchange their stacks.
    Swap(Expr, Expr),
    /// `sow CELL along TRACK [skip CONDITION] [last VARIABLE]`: everything on the cell
    /// dropped one piece a cell along the track, leaving out the cells where the condition
    /// holds (`from` the cell sown, `to` the cell next); the last cell reached is stored
    /// in the cell variable.
    Sow {
        cell: Expr,
        track: TrackId,
        skip: Option<Expr>,
        last: Option<VarId>,
    },
    /// `pour A onto B`: everything on A put on top of B's stack, in its order.
    Pour(Expr, Expr),
    /// `each cell along track T [backwards] from|starting at CELL while COND { … }`: the
    /// cells met (at most one lap) while the condition holds on `to`, then the statements
    /// for each, as `to`.
    TrackWalk {
        track: TrackId,
        backwards: bool,
        inclusive: bool,
        from: Expr,
        cond: Expr,
        body: Vec<Stmt>,
    },
    /// A chance node comes next; its outcome is the variable's new value.
    Roll(VarId, u16),
    /// Up to N pieces of a type out of a zone part (the mover's when `None`), out of the
    /// game or into another zone: the same player's part, or the part of the player the
    /// expression names (`into hand of white`).
    Take(
        Expr,
        PieceId,
        ZoneId,
        Option<Expr>,
        Option<(ZoneId, Option<Expr>)>,
    ),
    /// A new piece of a type on a cell, for a player (the mover's when `None`).
    Place(PieceId, Expr, Option<Expr>),
    /// N chance nodes, each drawing a piece: the chance number and whose zone receives.
    Draw(Expr, u16, Option<Expr>),
    /// Move everything on a cell into a zone, of each piece's owner (`true`) or of the mover.
    Send(Expr, ZoneId, bool),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// The top piece of a cell becomes the player's.
    Convert(Expr, Expr),
    /// The top piece of a cell becomes a piece of this type.
    Change(Expr, PieceId),
    /// From a cell along each direction (per player) while the condition holds on `to`:
    /// the statements for each cell met, as `to`; with a closing condition, only along the
    /// directions where the cell that stops the walk meets it (`each cell along`).
    Along(Along, Vec<Stmt>),
}

/// A walk from a cell along directions, over the cells where a condition holds (`to`),
/// closed (or not) by a cell where another holds: `count_along` and `each cell along`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Along {
    pub from: Box<Expr>,
    pub dirs: Vec<Vec<DirId>>,
    pub cond: Box<Expr>,
    pub closed: Option<Box<Expr>>,
    /// At most this many cells along each direction (`max N`); `None`: no bound.
    pub max: Option<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Prefer {
    /// A number or truth value (true counts 1), read on the position before the decision
    /// with `from`, `to` and `jumps` those of the decision.
    pub value: Expr,
    pub reason: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Forbid {
    /// Checked only on a decision that ends the turn, after the turn's `end` block.
    pub at_turn_end: bool,
    pub cond: Expr,
    pub reason: String,
}

#[derive(Clone, Debug, Serialize)]
pub enum Outcome {
    Draw,
    /// A player (given by the expression) wins or loses; the others the opposite.
    Player {
        who: Expr,
        wins: bool,
    },
    /// Evaluated for each player as `mover`: the highest wins; players level share.
    Highest(Expr),
}

#[derive(Clone, Debug, Serialize)]
pub struct Ending {
    pub name: String,
    /// The name with `{EXPR}` places, worked out as the game ends (empty: the name as
    /// written).
    pub text: Vec<TextPart>,
    pub cond: Expr,
    pub outcome: Outcome,
    /// The condition asks whether the player to move has a legal decision.
    pub needs_moves: bool,
}

#[derive(Clone, Debug, Serialize)]
pub enum Field {
    /// A per-cell number at every cell, one character per value (the value is the
    /// character's place in the string); rows `/` apart on boards drawn in rows.
    CellMap(VarId, Vec<char>),
    /// The cells, row by row from the top for grids, `/` between rows; stacks in
    /// brackets (`[iP]`), or joined by the text given (`i-P`).
    Board(Option<String>),
    /// Turns played, from 0.
    Turns,
    /// Whose turn: one symbol per player.
    Turn(Vec<String>),
    /// Letters for unmoved pieces: a letter stands when every listed cell holds an unmoved piece.
    Rights(Vec<(String, Vec<CellId>)>),
    /// A cell variable, `-` when unset.
    Cell(VarId),
    /// A number variable.
    Counter(VarId),
    /// Several values of a number variable, `/` between: a per-player one for each player,
    /// a per-cell one at the cells given (offsets from the variable's first value).
    Counters(VarId, Vec<u32>),
    /// The move number: 1 + full rounds played.
    Number,
    /// The pieces in a zone: symbols, each after its count when more than one (`2Pb`).
    /// `true`: optional, left out when empty and last.
    Zone(ZoneId, bool),
}

impl Expr {
    /// The value of a constant (a number, a truth value as 0 or 1, a cell, a piece type or
    /// a player, by number); `None` for anything else.
    pub fn constant(&self) -> Option<i64> {
        match self {
            Expr::Int(i) => Some(*i),
            Expr::Bool(b) => Some(i64::from(*b)),
            Expr::Cell(c) => Some(*c as i64),
            Expr::Piece(p) => Some(*p as i64),
            Expr::Player(p) => Some(*p as i64),
            _ => None,
        }
    }

    /// The expression with constant parts computed: options are constants once chosen,
    /// so `fifty > 0 and halfmove >= fifty` becomes `halfmove >= 100`.
    pub fn folded(self) -> Expr {
        match self {
            Expr::Not(x) => match x.folded() {
                Expr::Bool(b) => Expr::Bool(!b),
                x => Expr::Not(Box::new(x)),
            },
            Expr::Neg(x) => match x.folded() {
                Expr::Int(i) => Expr::Int(i.wrapping_neg()),
                x => Expr::Neg(Box::new(x)),
            },
            Expr::Abs(x) => match x.folded() {
                Expr::Int(i) => Expr::Int(i.wrapping_abs()),
                x => Expr::Abs(Box::new(x)),
            },
            Expr::Min(a, b) => match (a.folded(), b.folded()) {
                (Expr::Int(x), Expr::Int(y)) => Expr::Int(x.min(y)),
                (a, b) => Expr::Min(Box::new(a), Box::new(b)),
            },
            Expr::Max(a, b) => match (a.folded(), b.folded()) {
                (Expr::Int(x), Expr::Int(y)) => Expr::Int(x.max(y)),
                (a, b) => Expr::Max(Box::new(a), Box::new(b)),
            },
            Expr::Either(c, a, b) => match c.folded() {
                Expr::Bool(true) => a.folded(),
                Expr::Bool(false) => b.folded(),
                c => Expr::Either(Box::new(c), Box::new(a.folded()), Box::new(b.folded())),
            },
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.folded(), b.folded());
                match (op, &a, &b) {
                    (BinOp::And, Expr::Bool(false), _) | (BinOp::And, _, Expr::Bool(false)) => {
                        Expr::Bool(false)
                    }
                    (BinOp::And, Expr::Bool(true), _) => b,
                    (BinOp::And, _, Expr::Bool(true)) => a,
                    (BinOp::Or, Expr::Bool(true), _) | (BinOp::Or, _, Expr::Bool(true)) => {
                        Expr::Bool(true)
                    }
                    (BinOp::Or, Expr::Bool(false), _) => b,
                    (BinOp::Or, _, Expr::Bool(false)) => a,
                    (_, Expr::Int(x), Expr::Int(y)) => {
                        let (x, y) = (*x, *y);
                        match op {
                            BinOp::Add => Expr::Int(x.wrapping_add(y)),
                            BinOp::Sub => Expr::Int(x.wrapping_sub(y)),
                            BinOp::Mul => Expr::Int(x.wrapping_mul(y)),
                            BinOp::Div => Expr::Int(x.checked_div(y).unwrap_or(0)),
                            BinOp::Mod => Expr::Int(x.checked_rem(y).unwrap_or(0)),
                            BinOp::Eq => Expr::Bool(x == y),
                            BinOp::Ne => Expr::Bool(x != y),
                            BinOp::Lt => Expr::Bool(x < y),
                            BinOp::Le => Expr::Bool(x <= y),
                            BinOp::Gt => Expr::Bool(x > y),
                            BinOp::Ge => Expr::Bool(x >= y),
                            BinOp::And | BinOp::Or => Expr::Bin(op, Box::new(a), Box::new(b)),
                        }
                    }
                    _ => Expr::Bin(op, Box::new(a), Box::new(b)),
                }
            }
            other => other,
        }
    }
}
