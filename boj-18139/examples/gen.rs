//! Random judge boards for BOJ 18139: `gen <seed> <size>` prints a 6 x 6 board with a red
//! car and at most `size` (2..=10) vehicles in all.

#[path = "../src/random_board.rs"]
mod random_board;
use random_board::{random_board, text_of, Rng};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let mut rng = Rng(args[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    print!("{}", text_of(&random_board(&mut rng, args[1].clamp(2, 10))));
}
