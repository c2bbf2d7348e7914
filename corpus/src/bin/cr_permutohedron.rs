// permutohedron: every distinct order of a multiset, lexicographically.
use permutohedron::LexicalPermutation;
use proconio::input;

fn main() {
    input! { n: usize, mut a: [u32; n] }
    a.sort();
    let mut count = 1;
    println!("{a:?}");
    while a.next_permutation() {
        count += 1;
    }
    println!("{count} {a:?}");
    let mut b = [1, 2, 3];
    let mut seen = 0;
    permutohedron::heap_recursive(&mut b, |_| seen += 1);
    println!("{seen}");
}
