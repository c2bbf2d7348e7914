//! Whether all row sums agree (all_equal, sum1, exactly_one).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        h: usize,
        w: usize,
        g: [[i64; w]; h],
    }
    let sums = g.iter().map(|r| r.iter().sum::<i64>()).collect_vec();
    println!("{}", sums.iter().all_equal());
    println!("{:?}", sums.iter().copied().sum1::<i64>());
    println!("{:?}", sums.iter().filter(|&&s| s > 5).exactly_one().ok());
}
