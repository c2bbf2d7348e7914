// indexmap: word counts in order of first appearance.
use indexmap::IndexMap;
use proconio::input;

fn main() {
    input! { n: usize, words: [String; n] }
    let mut counts: IndexMap<String, usize> = IndexMap::new();
    for w in words {
        *counts.entry(w).or_insert(0) += 1;
    }
    for (w, c) in &counts {
        println!("{w} {c}");
    }
    println!("{:?}", counts.get_index_of("c"));
}
