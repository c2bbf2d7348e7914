use itertools::Itertools;

pub mod inner;

pub fn triangle(n: usize) -> String {
    (1..=n).map(|k| k * (k + 1) / 2).join(" ")
}
