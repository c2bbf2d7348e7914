//! Every k-th value reversed, and the k largest (step_by, rev, k_smallest).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        k: usize,
        a: [i64; n],
    }
    println!("{}", a.iter().step_by(k).rev().join(" "));
    println!(
        "{}",
        a.iter().map(|x| -x).k_smallest(k).map(|x| -x).join(" ")
    );
}
