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
    let mut rng = Rng::from_seed(args[0]);
    print!("{}", text_of(&random_board(&mut rng, args[1].clamp(2, 10))));
}
