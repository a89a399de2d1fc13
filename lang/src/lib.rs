//! The Tessel rules language: text to syntax tree to a checked, lowered program (IR).
//!
//! This crate is pure: it reads no files and prints nothing. Files come through a
//! [`Loader`]; problems come back as [`Diagnostic`] values for the caller to render.
//!
//! ```
//! use tessel_lang::{compile, MapLoader};
//! let rules = r#"
//!     game "Tiny"
//!     players white black
//!     board grid 3 x 3
//!     piece chief K k { royal  move step n e s w }
//!     start "k2/3/2K w"
//! "#;
//! let out = compile("tiny", rules, &MapLoader(Default::default()), &[]);
//! let program = out.program.expect("no errors");
//! assert_eq!(program.board.cells.len(), 9);
//! assert_eq!(program.pieces[0].symbols, ["K", "k"]);
//! ```
#![forbid(unsafe_code)]

pub mod ast;
pub mod check;
pub mod diag;
pub mod ir;
pub mod load;
pub mod syntax;
pub mod tessellation;

pub use diag::{Diagnostic, Severity, Sources, Span};
pub use load::{Loader, MapLoader};

/// The result of compiling a ruleset: the program when there is no error, every
/// diagnostic (warnings too), and the texts they point into.
pub struct Compiled {
    pub program: Option<ir::Program>,
    pub diagnostics: Vec<Diagnostic>,
    pub sources: Sources,
}

/// Compiles the rules text `text` named `name`, with `use`d and extended files from
/// `loader` and the options chosen in `overrides` (`name=value` pairs).
pub fn compile(
    name: &str,
    text: &str,
    loader: &dyn Loader,
    overrides: &[(String, String)],
) -> Compiled {
    let mut sources = Sources::new();
    match load::gather(name, text, loader, &mut sources) {
        Err(diagnostics) => Compiled {
            program: None,
            diagnostics,
            sources,
        },
        Ok(g) => {
            let (program, diagnostics) = check::lower(&g.items, overrides);
            Compiled {
                program,
                diagnostics,
                sources,
            }
        }
    }
}
