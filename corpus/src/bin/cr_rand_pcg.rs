// rand + rand_pcg: a seeded shuffle and random draws, the same on every run.
use proconio::input;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn main() {
    input! { seed: u64, n: usize }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut v: Vec<usize> = (1..=n).collect();
    v.shuffle(&mut rng);
    let draws: Vec<u32> = (0..n).map(|_| rng.random_range(0..1000)).collect();
    println!("{v:?}\n{draws:?}\n{}", rng.random::<u64>());
}
