//! Distinct values in first-seen order (unique), runs collapsed (dedup).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [u32; n],
    }
    println!("{}", a.iter().unique().join(" "));
    println!("{}", a.iter().dedup().join(" "));
    println!(
        "{}",
        a.iter()
            .dedup_with_count()
            .map(|(c, v)| format!("{v}x{c}"))
            .join(" ")
    );
}
