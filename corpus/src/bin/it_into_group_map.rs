//! Students grouped by class (into_group_map, sorted keys).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        rows: [(String, u32); n],
    }
    let groups = rows
        .into_iter()
        .map(|(name, class)| (class, name))
        .into_group_map();
    for class in groups.keys().sorted() {
        println!("{class}: {}", groups[class].join(" "));
    }
}
