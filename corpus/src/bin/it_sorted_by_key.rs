//! Names sorted by length then text (sorted_by_key, sorted_by).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        words: [String; n],
    }
    for w in words.iter().sorted_by_key(|w| (w.len(), w.to_string())) {
        println!("{w}");
    }
    let desc = words.iter().sorted_by(|a, b| b.cmp(a)).join(" ");
    println!("{desc}");
}
