// easy-ext: a template's unnamed `#[ext]` impls on primitives, a named generic one with a
// where clause and a constant, a `pub impl` in a module, patterns and `mut self` in
// parameters, and one inside `main`.
use easy_ext::ext;
use proconio::input;

#[ext]
impl usize {
    fn is_prime(&self) -> bool {
        *self >= 2
            && (2..)
                .take_while(|&x| x * x <= *self)
                .all(|x| *self % x != 0)
    }
    fn divisors(&self) -> Vec<usize> {
        let mut div = vec![];
        for i in (1..).take_while(|&x| x * x <= *self) {
            if *self % i == 0 {
                div.push(i);
                if *self / i != i {
                    div.push(*self / i);
                }
            }
        }
        div.sort_unstable();
        div
    }
}

#[ext]
impl bool {
    fn yes_no(&self) -> &str {
        if *self {
            "Yes"
        } else {
            "No"
        }
    }
}

#[ext(SliceStats)]
impl<T> [T]
where
    T: Copy + Ord + Into<i64>,
{
    pub const LABEL: &'static str = "stats";
    pub fn spread(&self) -> i64 {
        match (self.iter().min(), self.iter().max()) {
            (Some(&lo), Some(&hi)) => hi.into() - lo.into(),
            _ => 0,
        }
    }
    pub fn weighted(&self, (num, den): (i64, i64)) -> i64 {
        self.iter().map(|&x| x.into()).sum::<i64>() * num / den
    }
}

mod geometry {
    use easy_ext::ext;

    #[ext(PointOps)]
    pub impl (i64, i64) {
        fn manhattan(self, other: (i64, i64)) -> i64 {
            (self.0 - other.0).abs() + (self.1 - other.1).abs()
        }
        fn scaled(mut self, k: i64) -> (i64, i64) {
            self.0 *= k;
            self.1 *= k;
            self
        }
    }
}

use geometry::PointOps;

fn main() {
    input! {
        n: usize,
        a: [usize; n],
        p: (i64, i64),
        q: (i64, i64),
    }
    #[ext]
    impl String {
        fn shout(&self) -> String {
            self.to_uppercase() + "!"
        }
    }
    for &x in &a {
        println!("{} {} {:?}", x, x.is_prime().yes_no(), x.divisors());
    }
    let v: Vec<u32> = a.iter().map(|&x| x as u32).collect();
    println!("{} {} {}", <[u32]>::LABEL, v.spread(), v.weighted((3, 2)));
    println!("{} {:?}", p.manhattan(q), p.scaled(3));
    println!("{}", String::from("done").shout());
}
