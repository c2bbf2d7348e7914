// num-rational: an exact sum of fractions, reduced.
use num_rational::Ratio;
use proconio::input;

fn main() {
    input! { n: usize, f: [(i64, i64); n] }
    let mut sum = Ratio::new(0i64, 1);
    for (p, q) in f {
        sum += Ratio::new(p, q);
    }
    println!("{} {} {}", sum, sum.numer(), sum.denom());
    println!("{}", (sum * Ratio::new(7, 3)).floor());
}
