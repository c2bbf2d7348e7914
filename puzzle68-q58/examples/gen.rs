//! Random input for Q58: `gen <seed> <size>` prints a grid `N M` with sides 1..=min(size, 5)
//! (the brute force tiles up to 5 x 5), sometimes as the one-number square form `N`.

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let mut state = args[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let side = args[1].clamp(1, 5);
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (n, m) = (next() % side + 1, next() % side + 1);
    if next() % 4 == 0 {
        println!("{n}");
    } else {
        println!("{n} {m}");
    }
}
