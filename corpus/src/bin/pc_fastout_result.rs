//! `#[fastout]` on a main that returns a Result and uses `?`.
use proconio::fastout;
use proconio::input;

#[fastout]
fn main() -> Result<(), std::num::ParseIntError> {
    input! {
        words: [String; 3],
    }
    let mut total = 0i64;
    for w in &words {
        let v: i64 = w.parse()?;
        total += v;
        println!("{v} {total}");
    }
    println!("sum {}", total);
    Ok(())
}
