//! Most frequent word (counts).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        words: [String; n],
    }
    let counts = words.iter().counts();
    let (word, times) = counts
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .unwrap();
    println!("{word} {times}");
}
