// A contest template's glob imports of modules and crates the program uses nothing of:
// each `use` must still resolve in the bundle (proconio's `marker` kept as a module shell,
// superslice and itertools not inlined, their lines gone).
#[allow(unused_imports)]
use itertools::*;
#[allow(unused_imports)]
use proconio::marker::*;
#[allow(unused)]
use proconio::{marker::*, *};
#[allow(unused_imports)]
use superslice::*;

fn main() {
    input! { a: i64, b: i64 }
    println!("{}", a + b);
}
