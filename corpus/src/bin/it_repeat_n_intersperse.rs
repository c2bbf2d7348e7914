//! A staircase drawn with repeat_n and intersperse.
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        h: usize,
    }
    for i in 1..=h {
        let row: String = Itertools::intersperse(itertools::repeat_n('#', i), ' ').collect();
        println!("{row}");
    }
}
