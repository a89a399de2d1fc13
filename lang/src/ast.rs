//! The syntax tree of one rules file: declarations with the spans of their words.

use crate::diag::Span;

/// A word of the source with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// One parsed rules file.
#[derive(Clone, Debug, Default)]
pub struct File {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub enum Item {
    Game {
        title: Name,
    },
    Variant {
        title: Name,
        base: Name,
    },
    Use {
        target: Name,
    },
    /// The players in seat order; `seated A to B`: the option `players` (A by default)
    /// says how many of them play, the first ones; `seated N` is N to N, with no option.
    Players {
        seats: Option<((u32, Span), (u32, Span))>,
        names: Vec<Name>,
    },
    Option(OptionDecl),
    Board(BoardDecl),
    Dirs {
        name: Name,
        spec: DirSpec,
    },
    Region {
        name: Name,
        expr: RegionExpr,
    },
    /// A cyclic track of cells, in sowing order (`track lap = [b1 c1 …]`).
    Track {
        name: Name,
        cells: Vec<Name>,
        span: Span,
    },
    Var(VarDecl),
    Zone {
        name: Name,
        per_player: bool,
    },
    Pattern {
        name: Name,
        rules: Vec<MoveRule>,
    },
    Piece(PieceDecl),
    Forbid {
        cond: Expr,
        reason: Option<Name>,
        at_turn_end: bool,
        span: Span,
    },
    /// `prefer VALUE "reason"`: among the mover's decisions, only those for which the
    /// value is highest are legal.
    Prefer {
        value: Expr,
        reason: Option<Name>,
        span: Span,
    },
    After {
        body: Vec<Stmt>,
        span: Span,
    },
    /// Run as the game (and each round after `restart`) begins, and again whenever the
    /// chance events it started have been resolved, until it starts none.
    Setup {
        body: Vec<Stmt>,
        span: Span,
    },
    Ending {
        name: Name,
        cond: Expr,
        outcome: Outcome,
    },
    Position {
        fields: Vec<Field>,
        span: Span,
    },
    Start {
        text: Name,
    },
    /// `about { summary "…" text "…" house "…" }`: the ruleset's description for players.
    About {
        fields: Vec<AboutField>,
        span: Span,
    },
    /// How many decisions a turn holds and when a player may pass.
    Turn {
        max: Option<(u32, Span)>,
        pass: Option<Option<Expr>>,
        /// A player with no legal decision passes.
        pass_when_stuck: bool,
        /// Statements run as each turn begins, and as it ends.
        start: Vec<Stmt>,
        end: Vec<Stmt>,
        span: Span,
    },
    /// A decision that is not a piece's move: once, or once per cell (`to`).
    Action(ActionDecl),
    /// Cells hold unordered piles: any piece of a pile may move.
    Piles(Span),
    /// `label NAME "text"`: how screens name a variable (`""` hides it).
    Label {
        name: Name,
        text: Name,
    },
    /// How good a position is for `mover`, for agents that look one decision ahead.
    Score {
        expr: Expr,
        span: Span,
    },
    /// `people by VAR [score VAR]`: the people behind the players (sides), who may change
    /// sides between rounds; the match score kept per person.
    People {
        by: Name,
        score: Option<Name>,
    },
    /// Where captured pieces go: a zone of their owner or of the capturer.
    Captures {
        zone: Name,
        to_owner: bool,
    },
    /// Capturing a stack takes only its top piece; the mover lands on what is left.
    CapturesTop(Span),
    /// How decisions and game texts are written: the word for a pass; the opening line
    /// (a template, and the condition that ends the opening); the result line.
    Notation {
        pass: Option<Name>,
        opening: Option<(Name, Expr)>,
        result: Option<Name>,
        /// Written after each player's turn in a game text (`after turn ","`), and after
        /// each round (`after round ";"`).
        after_turn: Option<Name>,
        after_round: Option<Name>,
    },
    /// A named expression, with parameters (`define room(c) = layer(c) == 0`): each use is
    /// the body with the arguments in place of the parameters.
    Define {
        name: Name,
        params: Vec<Name>,
        body: Expr,
    },
    /// A named run of statements (`define reach { … }`): `do NAME` runs them where it is
    /// written, as if they were written there.
    DefineBlock {
        name: Name,
        body: Vec<Stmt>,
    },
    /// How cells are drawn on a text board: the empty cells of a region, or of the cells
    /// where a condition holds (`show water as "~"`); `after`: a mark written after the
    /// pieces of such cells. An optional legend explains the mark.
    Show {
        place: ShowWhere,
        mark: Name,
        after: bool,
        legend: Option<Name>,
        /// The colour of such cells in pictures (`fill "#b7d9a8"`).
        fill: Option<Name>,
    },
}

impl Item {
    /// The kind of declaration and its name, for duplicate detection and variant overrides.
    pub fn key(&self) -> Option<(&'static str, &Name)> {
        match self {
            Item::Option(o) => Some(("option", &o.name)),
            Item::Dirs { name, .. } => Some(("dirs", name)),
            Item::Region { name, .. } => Some(("region", name)),
            Item::Track { name, .. } => Some(("track", name)),
            Item::Var(v) => Some(("var", &v.name)),
            Item::Zone { name, .. } => Some(("zone", name)),
            Item::Pattern { name, .. } => Some(("pattern", name)),
            Item::Piece(p) => Some(("piece", &p.name)),
            Item::Ending { name, .. } => Some(("ending", name)),
            Item::Action(a) => Some(("action", &a.name)),
            Item::Define { name, .. } | Item::DefineBlock { name, .. } => Some(("define", name)),
            Item::Label { name, .. } => Some(("label", name)),
            _ => None,
        }
    }
}

/// The numbers of a family of actions: `(N) from A to B`.
#[derive(Clone, Debug)]
pub struct Numbered {
    /// The name that stands for the number in the condition and the effects.
    pub number: Name,
    pub first: (u32, Span),
    pub last: (u32, Span),
}

#[derive(Clone, Debug)]
pub struct ActionDecl {
    pub name: Name,
    /// `action NAME(N) from A to B`: one action for each number, `NAME_A` … `NAME_B`, with
    /// `N` standing for its number.
    pub numbered: Option<Numbered>,
    /// One decision per cell where the condition holds, the cell being `to`.
    pub on_cells: bool,
    /// While a forced action is offered, nothing else is.
    pub forced: bool,
    /// It does not count towards the turn's `max` decisions.
    pub free: bool,
    /// Only people take it (resigning, offering a draw): agents and random play never do.
    pub manual: bool,
    /// Its text is kept from the other players in play (concealed choices).
    pub secret: bool,
    /// Offered only to a player asked in a reaction window (`ask others`).
    pub reaction: bool,
    /// How it is written: a template with `{to}` (`"{to}=U"`).
    pub written: Option<Name>,
    /// Other writings read back (`written "A" or "B"`), never written.
    pub also: Vec<Name>,
    pub cond: Option<Expr>,
    pub effects: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub struct OptionDecl {
    pub name: Name,
    pub ty: OptionType,
    pub default: Literal,
    pub doc: Option<Name>,
}

#[derive(Clone, Debug)]
pub enum OptionType {
    Int,
    Bool,
    Choice(Vec<Name>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiteralKind {
    Int(i64),
    Bool(bool),
    None,
    Word(String),
}

#[derive(Clone, Debug)]
pub struct Literal {
    pub kind: LiteralKind,
    pub span: Span,
}

/// The links of a grid: the eight neighbours, the four across the sides (`orthogonal`), or
/// six, as hexagons in a rhombus (`rhombus`: n e s w ne sw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridLinks {
    Eight,
    Orthogonal,
    Rhombus,
}

#[derive(Clone, Debug)]
pub enum BoardDecl {
    Grid {
        width: (u32, Span),
        height: (u32, Span),
        /// A side worked out when the rules are loaded (an `int` option, `( … )`), as for
        /// a hexagon's radius.
        width_expr: Option<Expr>,
        height_expr: Option<Expr>,
        /// Which of the eight neighbours a cell is joined to.
        links: GridLinks,
        files: Option<Name>,
        span: Span,
    },
    /// A hexagon of hexagonal cells, `radius` cells from the centre to each side.
    Hex {
        radius: (u32, Span),
        /// The radius is worked out when the rules are loaded: an `int` option's value
        /// (`board hex table`) or an expression of numbers, options and `players`
        /// (`board hex (either(table > 0, table, 4 + players))`).
        radius_expr: Option<Expr>,
        files: Option<Name>,
        span: Span,
    },
    Explicit {
        items: Vec<BoardItem>,
        span: Span,
    },
    /// A playing area drawn as polygons (`board tessels { … }`), or read from the area
    /// file `file` (`board tessels "FILE"`; its items are filled in when it is gathered).
    Tessels {
        items: Vec<TesselItem>,
        file: Option<Name>,
        span: Span,
    },
}

/// How a statement changes a drawn area in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum AreaChange {
    /// `split A by N`: along its N-th way (two ways a diagonal: which part keeps A).
    Split,
    /// `merge A with B`: B, empty, becomes part of A.
    Merge,
    /// `splice A with B`: an open edge of each joined.
    Splice,
    /// `unsplice A with B`: the splices between them taken away.
    Unsplice,
}

/// A point of a drawn area: its two numbers as written.
#[derive(Clone, Debug)]
pub struct PointAst {
    pub x: String,
    pub y: String,
    pub span: Span,
}

/// One line of a drawn area.
#[derive(Clone, Debug)]
pub enum TesselItem {
    /// `tessel NAME (x, y) (x, y) (x, y) …`
    Tessel { name: Name, points: Vec<PointAst> },
    /// `squares W x H [at (x, y)] [prefix "P"]`: unit squares named like a chessboard.
    /// A size is a number or the name of an `int` option (`squares side x side`).
    Squares {
        width: (u32, Span, Option<Name>),
        height: (u32, Span, Option<Name>),
        at: Option<PointAst>,
        prefix: Option<Name>,
        span: Span,
    },
    /// `hexes R [at (x, y)] [prefix "P"]`: a hexagon of hexagons, by columns.
    Hexes {
        radius: (u32, Span, Option<Name>),
        at: Option<PointAst>,
        prefix: Option<Name>,
        span: Span,
    },
    /// `splice (x, y) = (x, y), …`: the points become one vertex each.
    Splice {
        pairs: Vec<(PointAst, PointAst)>,
        span: Span,
    },
    /// `spare N [prefix "P"]`: room for N tessels made in play, named P1 … PN.
    Spare {
        count: (u32, Span),
        prefix: Option<Name>,
        span: Span,
    },
    /// `set NAME = VALUE at CELL … [joined]`: a `per cell` variable's start value on those
    /// tessels (a player's stand); `joined`: they must be joined by edges.
    Set {
        var: Name,
        value: (i64, Span),
        cells: Vec<Name>,
        joined: bool,
        span: Span,
    },
}

#[derive(Clone, Debug)]
pub enum BoardItem {
    Cells(Vec<Name>),
    Link {
        from: Name,
        dir: Name,
        to: Name,
        back: Option<Name>,
    },
    Opposite(Name, Name),
    Mirror(Name, Name),
}

#[derive(Clone, Debug)]
pub enum DirSpec {
    List(Vec<Name>),
    Mirrored(Vec<Name>),
    PerPlayer(Vec<(Name, Vec<Name>)>),
}

#[derive(Clone, Debug)]
pub struct RegionExpr {
    pub first: RegionTerm,
    pub rest: Vec<(bool, RegionTerm)>, // (true = add, false = subtract)
}

#[derive(Clone, Debug)]
pub enum RegionTerm {
    Rank(u32, Span),
    File(Name),
    Cells(Vec<Name>, Span),
    Named(Name),
    Mirrored(Box<RegionTerm>, Span),
    PerPlayer(Vec<(Name, RegionExpr)>, Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarType {
    Int,
    Bool,
    Cell,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: Name,
    pub ty: Option<(VarType, Span)>,
    pub is_counter: bool,
    pub init: Literal,
    pub per_player: bool,
    /// One value for each cell: a property of cells that changes in play.
    pub per_cell: bool,
    /// One value for each piece on the board (`per piece`): kept per cell, and carried
    /// along when the piece moves. `per_cell` is set too.
    pub per_piece: bool,
    pub reset_each_turn: bool,
    /// Keeps its value through `restart`.
    pub kept: bool,
}

#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub name: Name,
    pub symbols: Vec<Name>,
    pub royal: bool,
    pub inert: bool,
    /// Belongs to no player: no one moves it; it is nobody's friend or enemy.
    pub neutral: bool,
    /// How the piece is named in move texts (`{piece}`), whoever owns it: `written "$"`.
    pub letter: Option<Name>,
    /// Belongs to no player, and any player may move it by its rules (`shared`).
    pub shared: bool,
    pub value: Option<i64>,
    pub movers: Vec<Name>,
    pub rules: Vec<MoveRule>,
    pub promotions: Vec<Promotion>,
    /// The type it becomes when it goes into a zone (`captured as PIECE`).
    pub held_as: Option<Name>,
}

#[derive(Clone, Debug)]
pub struct Promotion {
    pub to: Vec<Name>,
    pub cond: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct MoveRule {
    /// How many pieces move together (`move group 3 …`); 1 by default.
    pub group: u32,
    /// Any number of them, each number a move of its own (`move group any …`).
    pub group_any: bool,
    /// The piece carries the whole stack beneath it (`move carry …`).
    pub carry: bool,
    /// The move goes on from where it lands, jump after jump (`move chain jump …`).
    pub chain: bool,
    pub atom: Atom,
    pub target: Vec<(TargetKind, Span)>,
    /// The piece lands on top of what stands on the target instead of capturing it.
    pub stacking: bool,
    /// It lands on top of its owner's pieces and captures others (`merging`).
    pub merging: bool,
    /// On an opposing piece it changes that piece's allegiance instead of capturing it,
    /// and leaves play itself (`converting`).
    pub converting: bool,
    /// Where what it captures goes (`into discard`), instead of `captures go to`.
    pub into: Option<Name>,
    /// How its moves are written: a template with `{from}`, `{to}`, `{piece}`.
    pub written: Option<Name>,
    /// Other writings read back (`written "A" or "B"`), never written.
    pub also: Vec<Name>,
    pub cond: Option<Expr>,
    pub effects: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    Empty,
    Enemy,
    Friend,
    Neutral,
    Any,
}

#[derive(Clone, Debug)]
pub enum Atom {
    Step(Vec<Name>),
    /// Over the piece next along each direction to the cell beyond (`far`: over empty
    /// cells to the piece and on to any empty cell beyond).
    Jump {
        dirs: Vec<Name>,
        far: bool,
    },
    Leap(Vec<(Vec<Name>, Span)>),
    Ride {
        dirs: Vec<Name>,
        min: Option<(u32, Span)>,
        max: Option<(u32, Span)>,
        /// The distance is the number of pieces that move (`exactly group`).
        by_group: bool,
        /// Pieces on the way do not stop the ride (`over pieces`).
        over: bool,
        /// The ride may end on a cell of this region (or where this condition holds) but
        /// not go on past it.
        not_through: Option<Barrier>,
    },
    /// Place a piece of this type from a zone.
    Drop(Name),
    /// To any cell of the board, without a path (`move anywhere …`).
    Anywhere,
    /// Where a WebAssembly module says (`move plugin "plugins/slider.wat" …`), with the
    /// per-cell variables that are the piece's attributes (`with facing`).
    Plugin(Name, Vec<Name>),
}

/// What a ride may not pass: a region, or the cells where a condition (on `to`) holds.
#[derive(Clone, Debug)]
pub enum Barrier {
    Region(Name),
    Cond(Expr),
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Set {
        name: Name,
        /// The cell, for a `per cell` variable: `set layer(to) = 2`.
        cell: Option<Expr>,
        op: AssignOp,
        value: Expr,
        span: Span,
    },
    Capture(Expr, Span),
    /// Move the top piece of a cell to another; `merging`: onto a piece of its own owner
    /// it stacks instead of capturing.
    Shift(Expr, Expr, bool, Span),
    /// Remove up to N pieces of a player from a cell, into a zone of their owner.
    Remove {
        count: Expr,
        player: Expr,
        cell: Expr,
        zone: Option<Name>,
        span: Span,
    },
    /// Run statements for every cell (as `to`) where the condition holds.
    Each {
        cond: Option<Expr>,
        body: Vec<Stmt>,
        span: Span,
    },
    /// Run statements for the cells met walking from a cell along each direction of a set
    /// while a condition holds (each as `to`); with `up to`, only along the directions where
    /// the cell that stops the walk meets that condition.
    EachAlong {
        dirs: Expr,
        from: Expr,
        /// `max N`: at most N cells along each direction (the number and where it is written).
        max: Option<(u32, Span)>,
        cond: Expr,
        closed: Option<Expr>,
        body: Vec<Stmt>,
        span: Span,
    },
    /// Run statements for every cell of the group of a cell (the cells where the
    /// condition holds joined to it through such cells, found before the block runs).
    EachInGroup {
        cell: Expr,
        cond: Expr,
        body: Vec<Stmt>,
        span: Span,
    },
    /// The top piece of a cell becomes a player's (`convert CELL to PLAYER`).
    Convert(Expr, Expr),
    /// The top piece of a cell becomes a piece of another type (`change CELL to PIECE`).
    Change(Expr, Name),
    /// Run statements for every seated player (as `mover`) for whom the condition holds.
    EachPlayer {
        cond: Option<Expr>,
        body: Vec<Stmt>,
        span: Span,
    },
    /// Back to the start position; variables not marked `kept` to their start values.
    Restart(Span),
    /// The statements of a named block (`define NAME { … }`), run here.
    Do(Name),
    /// The count of turns played (move numbers) starts again from 0.
    ResetTurns(Span),
    /// The position now (pieces, zones, variables) is kept as `mover`'s.
    KeepPosition(Span),
    /// The position kept by a player (`mover` without `of`) comes back at once.
    RestorePosition(Option<Expr>, Span),
    /// The turn ends after this decision.
    EndTurn(Span),
    /// Opens a reaction window: each other player (for whom the condition holds, with
    /// `mover` that player) in turn order may answer with a `reaction` action.
    AskOthers(Option<Expr>),
    /// Asks one player in a reaction window (`ask PLAYER`).
    Ask(Expr),
    /// Changes a drawn area: `split A by N`, `merge A with B`, `splice A with B`,
    /// `unsplice A with B`.
    ChangeArea(AreaChange, Expr, Expr, Span),
    /// The next turn is this player's, not the next seat's (`next turn to red`).
    NextTurn(Expr),
    /// Two cells exchange what stands on them (`swap from with to`).
    Swap(Expr, Expr),
    /// Everything on a cell dropped one piece a cell along a track (`sow CELL along
    /// TRACK [skip CONDITION] [last VARIABLE]`).
    Sow {
        cell: Expr,
        track: Name,
        skip: Option<Expr>,
        last: Option<Name>,
        span: Span,
    },
    /// Everything on a cell put on top of another's stack (`pour A onto B`).
    Pour(Expr, Expr),
    /// A walk along a track (`each cell along track T [backwards] from|starting at CELL
    /// while CONDITION { … }`).
    EachTrack {
        track: Name,
        backwards: bool,
        inclusive: bool,
        from: Expr,
        cond: Expr,
        body: Vec<Stmt>,
        span: Span,
    },
    /// A chance event: the variable gets a random value before the next decision.
    Roll {
        name: Name,
        spec: ChanceSpec,
        /// `die OPTION`: the faces are this `int` option's value.
        faces: Option<Name>,
        /// Statements run once the throw is made (`roll n from die 6 { … }`).
        then: Vec<Stmt>,
        span: Span,
    },
    /// Take up to N pieces of a type out of a zone (the mover's part, or a player's): they
    /// leave the game.
    Take {
        count: Expr,
        piece: Name,
        zone: Name,
        owner: Option<Expr>,
        /// Into this zone (the same player's part) rather than out of the game.
        into: Option<Name>,
        /// `into ZONE of PLAYER`: into that player's part instead (the pieces change hands).
        into_owner: Option<Expr>,
        span: Span,
    },
    /// Put a new piece of a type on a cell (on top of what is there), for a player.
    Place {
        piece: Name,
        cell: Expr,
        owner: Option<Expr>,
        span: Span,
    },
    /// A chance event: the cell variable gets one of the cells where the condition holds
    /// (on `to`, as the event is resolved), each as likely.
    RollCell {
        name: Name,
        cond: Expr,
        then: Vec<Stmt>,
        span: Span,
    },
    /// Chance events: pieces drawn one at a time, at random, from a zone into a zone (of
    /// a player, or the mover's).
    Draw {
        count: Expr,
        from: Name,
        to: Name,
        owner: Option<Expr>,
        span: Span,
    },
    /// Take the piece(s) on a cell into a zone of their owner (or of the mover).
    Send {
        cell: Expr,
        zone: Name,
        to_owner: bool,
        span: Span,
    },
    If {
        cond: Expr,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
        span: Span,
    },
}

/// The random experiment of a `roll`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceSpec {
    /// One die with N faces: 1..=N.
    Die(u32),
    /// The sum of K dice with N faces each.
    Dice(u32, u32),
    /// How many of K fair two-sided sticks or coins fall marked side up: 0..=K.
    Coins(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    Div,
    Mod,
    In,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    None,
    To,
    Name(String),
    Call(Name, Vec<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug)]
pub enum Outcome {
    Draw(Span),
    Player {
        who: Name,
        wins: bool,
    },
    /// The player with the highest value wins (evaluated for each player as `mover`);
    /// players level at the top share the result.
    Highest(Expr),
}

#[derive(Clone, Debug)]
pub enum ShowWhere {
    Region(Name),
    Cond(Expr),
    /// `show borders by (VALUE)`: in pictures, a line between two cells whose values (on
    /// `to`) differ, and around the cells drawn.
    Borders(Expr),
}

#[derive(Clone, Debug)]
pub enum Field {
    /// A per-cell number for every cell, one character per value (`cells layer ".vcw"`).
    CellMap(Name, Name),
    /// The board; stacks written joined by the text given (`board stacks "-"`: `i-P`).
    Board(Span, Option<Name>),
    /// Turns played, from 0.
    Turns(Span),
    Turn(Vec<Name>, Span),
    Rights(Vec<(Name, Vec<Name>)>, Span),
    Cell(Name),
    Counter(Name),
    /// A per-player variable (one value per player) or a per-cell one at the cells given,
    /// `/` between the values.
    Counters(Name, Vec<Name>),
    Number(Span),
    /// A zone; an `optional` one is left out of a written position when it is empty
    /// (and so is every field after it).
    Zone(Name, bool),
}

/// One field of `about`: its word (`summary`, `text`, `house`) and its strings, in order.
#[derive(Clone, Debug)]
pub struct AboutField {
    pub key: Name,
    pub lines: Vec<Name>,
}
