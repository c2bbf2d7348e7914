//! Count of strictly increasing adjacent triples (tuple_windows).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i32; n],
    }
    let rising = a
        .iter()
        .tuple_windows()
        .filter(|(x, y, z)| x < y && y < z)
        .count();
    let gaps: Vec<i32> = a.iter().tuple_windows().map(|(x, y)| y - x).collect();
    println!("{rising}");
    println!("{:?}", gaps);
}
