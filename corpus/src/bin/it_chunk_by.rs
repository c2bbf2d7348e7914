//! Run-length encoding (chunk_by).
use itertools::Itertools;
use proconio::input;
use proconio::marker::Chars;

fn main() {
    input! {
        s: Chars,
    }
    let mut out = String::new();
    for (c, run) in &s.iter().chunk_by(|c| **c) {
        out.push_str(&format!("{}{}", c, run.count()));
    }
    println!("{out}");
}
