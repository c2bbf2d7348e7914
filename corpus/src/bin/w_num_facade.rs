use num::complex::Complex64;
use num::integer::Roots;
use proconio::input;
fn main() {
    input! { n: u64 }
    let z = Complex64::new(n as f64, 1.0);
    println!("{} {:.3}", n.sqrt(), (z * z).re);
}
