//! Shrinking: a draft that compiles made smaller on the compiler's word.
//!
//! Takes a draft, the trees it was drafted from and the compiler's findings
//! (`check`), and gives a smaller draft that still compiles and runs the same: trait impls
//! the program compiles without taken out (`impls`, over `candidate`s, each error of a draft
//! without some of them matched to the impls it asks for by `asked`), bodies of functions
//! that never run stubbed (`unrun`), imports and macros no compiler uses taken out of a
//! finished bundle (`unused`), and the trees edited as findings say (`edits`). `items` reads
//! the libraries' items as these passes need them (module paths, the type an impl is for).
//! Each pass proves its cut by compiling: what it cannot prove it leaves. It reads rustc's
//! text only through `check`.

pub mod asked;
pub mod candidate;
pub mod edits;
pub mod impls;
pub mod items;
pub mod unrun;
pub mod unused;
