// fixedbitset: the primes below n by a sieve on bits.
use fixedbitset::FixedBitSet;
use proconio::input;

fn main() {
    input! { n: usize }
    let mut composite = FixedBitSet::with_capacity(n + 1);
    composite.insert(0);
    composite.insert(1);
    for i in 2..=n {
        if !composite.contains(i) {
            for j in (i * i..=n).step_by(i) {
                composite.insert(j);
            }
        }
    }
    let primes: Vec<usize> = (0..=n).filter(|&i| !composite.contains(i)).collect();
    println!("{} {:?}", composite.count_ones(..), primes);
}
