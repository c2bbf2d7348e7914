//! Two sorted lists merged (merge, merge_by) and alternated (interleave).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i32; n],
        m: usize,
        b: [i32; m],
    }
    println!("{}", a.iter().merge(b.iter()).join(" "));
    println!("{}", a.iter().merge_by(b.iter(), |x, y| x > y).join(" "));
    println!("{}", a.iter().interleave(b.iter()).join(" "));
}
