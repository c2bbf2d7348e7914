// A solution over several files: a module from another file (`#[path]` here, since every
// file under src/bin is a program of its own; `mod x;` beside main.rs works the same), its
// own child module, and a table read with `include_str!`. The bundle is one file.
#[path = "../split/helper.rs"]
mod helper;
use proconio::input;

const WORDS: &str = include_str!("../split/words.txt");

fn main() {
    input! { n: usize }
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    println!("{} {}", helper::triangle(n), words[n % words.len()]);
    println!("{}", helper::inner::twice(n));
}
