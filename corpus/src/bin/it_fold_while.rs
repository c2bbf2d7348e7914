//! Prefix sum until it passes a limit (fold_while).
use itertools::FoldWhile::{Continue, Done};
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        limit: i64,
        a: [i64; n],
    }
    let r = a.iter().fold_while(0i64, |acc, x| {
        if acc + x > limit {
            Done(acc)
        } else {
            Continue(acc + x)
        }
    });
    println!("{} {}", r.is_done(), r.into_inner());
}
