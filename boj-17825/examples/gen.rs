//! Random input for BOJ 17825: `gen <seed> <size>` prints ten dice rolls (1..5); a size
//! below 5 limits the rolls to 1..size, so small sizes give short, crowded games.

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (mut state, size) = (
        args[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        args[1].clamp(1, 5),
    );
    let mut rolls = Vec::new();
    for _ in 0..10 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        rolls.push((state % size + 1).to_string());
    }
    println!("{}", rolls.join(" "));
}
