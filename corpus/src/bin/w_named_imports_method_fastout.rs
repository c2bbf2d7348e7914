// A real template's shape: markers imported by name and never used, `#[fastout]` on a
// method of a solver struct.
#![allow(unused_imports)]
use proconio::{
    fastout, input,
    marker::{Chars, Usize1},
};

#[derive(Default)]
struct Solver {}

impl Solver {
    #[fastout]
    fn solve(&mut self) {
        input! { n: usize, xs: [u64; n] }
        for (i, x) in xs.iter().enumerate() {
            println!("{i} {}", x * x);
        }
    }
}

fn main() {
    Solver::default().solve();
}
