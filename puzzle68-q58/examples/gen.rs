//! Random input for Q58: `gen <seed> <size>` prints a grid `N M` with sides 1..=min(size, 5)
//! (the brute force tiles up to 5 x 5), sometimes as the one-number square form `N`.

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let mut rng = testkit::Rng::from_seed(args[0]);
    let side = args[1].clamp(1, 5);
    let (n, m) = (rng.below(side) + 1, rng.below(side) + 1);
    if rng.below(4) == 0 {
        println!("{n}");
    } else {
        println!("{n} {m}");
    }
}
