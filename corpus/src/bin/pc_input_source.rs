//! proconio `input!` from a source (`OnceSource`, `LineSource`) and `is_stdin_empty`.
use proconio::input;
use proconio::source::line::LineSource;
use proconio::source::once::OnceSource;
use std::io::BufReader;

fn main() {
    let text = "2 3\n4 5 6\n";
    let mut once = OnceSource::from(text);
    input! {
        from &mut once,
        a: usize,
        v: [u32; a],
    }
    let mut line = LineSource::new(BufReader::new("7 8\n9\n".as_bytes()));
    input! {
        from &mut line,
        x: [u8; 3],
    }
    input! {
        from &mut once,
        w: u32,
    }
    input! {
        n: usize,
        rest: [String; n],
    }
    println!(
        "{:?} {:?} {} {:?} {}",
        v,
        x,
        w,
        rest,
        proconio::is_stdin_empty()
    );
}
