// maplit: literal maps and sets.
#[macro_use]
extern crate maplit;
use proconio::input;

fn main() {
    input! { n: usize, keys: [String; n] }
    let scores = btreemap! { "a" => 1, "b" => 2, "c" => 3 };
    let vowels = hashset! { 'a', 'e', 'i', 'o', 'u' };
    for k in &keys {
        let first = k.chars().next().unwrap();
        println!("{:?} {}", scores.get(k.as_str()), vowels.contains(&first));
    }
}
