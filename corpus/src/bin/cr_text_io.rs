// text_io: reading with read!().
use text_io::read;

fn main() {
    let n: usize = read!();
    let mut sum: i64 = 0;
    for _ in 0..n {
        let x: i64 = read!();
        sum += x;
    }
    let word: String = read!();
    println!("{sum} {}", word.to_uppercase());
}
