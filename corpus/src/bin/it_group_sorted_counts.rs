//! Anagram classes (sorted chars as keys, counts, sorted output).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        words: [String; n],
    }
    let classes = words
        .iter()
        .map(|w| w.chars().sorted().collect::<String>())
        .counts();
    let line = classes
        .into_iter()
        .sorted_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)))
        .map(|(k, c)| format!("{k}:{c}"))
        .join(" ");
    println!("{line}");
}
