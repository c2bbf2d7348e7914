//! Numbers and words split apart (partition_map with Either).
use itertools::{Either, Itertools};
use proconio::input;

fn main() {
    input! {
        n: usize,
        tokens: [String; n],
    }
    let (numbers, words): (Vec<i64>, Vec<String>) =
        tokens
            .into_iter()
            .partition_map(|t| match t.parse::<i64>() {
                Ok(v) => Either::Left(v),
                Err(_) => Either::Right(t),
            });
    println!("{}", numbers.iter().sum::<i64>());
    println!("{}", words.join("-"));
}
