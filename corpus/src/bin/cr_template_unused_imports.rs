// A contest template that imports crates whether or not the solution needs them: the
// bundle carries none of them and none of their imports.
#[allow(unused_imports)]
use itertools::Itertools;
#[allow(unused_imports)]
use num_integer::*;
use proconio::input;
#[allow(unused_imports)]
use superslice::*;

fn main() {
    input! { a: i64, b: i64 }
    println!("{}", a + b);
}
