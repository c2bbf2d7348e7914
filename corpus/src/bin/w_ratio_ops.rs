use num_rational::Ratio;
use proconio::input;
fn main() {
    input! { n: usize, xs: [(i64, i64); n] }
    let mut s = Ratio::new(0i64, 1);
    for (a, b) in xs { s += Ratio::new(a, b); s *= Ratio::new(1, 1); }
    println!("{}", s);
}
