//! Random input for BOJ 17825: `gen <seed> <size>` prints ten dice rolls (1..5); a size
//! below 5 limits the rolls to 1..size, so small sizes give short, crowded games.

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (mut rng, size) = (testkit::Rng::from_seed(args[0]), args[1].clamp(1, 5));
    let mut rolls = Vec::new();
    for _ in 0..10 {
        rolls.push((rng.below(size) + 1).to_string());
    }
    println!("{}", rolls.join(" "));
}
