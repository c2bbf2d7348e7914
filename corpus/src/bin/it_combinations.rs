//! Triples summing to a target (combinations).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        target: i64,
        a: [i64; n],
    }
    let hits: Vec<Vec<i64>> = a
        .iter()
        .copied()
        .combinations(3)
        .filter(|c| c.iter().sum::<i64>() == target)
        .collect();
    println!("{}", hits.len());
    for h in hits {
        println!("{}", h.iter().join(" "));
    }
}
