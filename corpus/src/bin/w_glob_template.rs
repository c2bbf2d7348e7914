#[allow(unused)]
use proconio::{marker::*, *};
#[allow(unused_imports)]
use proconio::marker::*;
#[allow(unused_imports)]
use superslice::*;
#[allow(unused_imports)]
use itertools::*;
fn main() {
    input! { a: i64, b: i64 }
    println!("{}", a + b);
}
