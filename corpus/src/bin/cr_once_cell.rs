// once_cell: a lazily built table and a value set once.
use once_cell::sync::Lazy;
use once_cell::unsync::OnceCell;
use proconio::input;

static SQUARES: Lazy<Vec<u64>> = Lazy::new(|| (0..100).map(|x| x * x).collect());

fn main() {
    input! { n: usize, xs: [usize; n] }
    let first = OnceCell::new();
    for x in xs {
        first.get_or_init(|| x);
        println!("{}", SQUARES[x]);
    }
    println!("{}", first.get().unwrap());
}
