//! Column-wise sums of two ragged rows (zip_longest).
use itertools::{EitherOrBoth, Itertools};
use proconio::input;

fn main() {
    input! {
        a: [i32],
        b: [i32],
    }
    let mut sums = a.iter().zip_longest(b.iter()).map(|p| match p {
        EitherOrBoth::Both(x, y) => x + y,
        EitherOrBoth::Left(x) => *x,
        EitherOrBoth::Right(y) => *y,
    });
    println!("{}", sums.join(" "));
}
