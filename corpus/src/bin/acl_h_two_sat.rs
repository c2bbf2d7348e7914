//! ACL Practice H: flags at least D apart (`TwoSat`).
use ac_library::TwoSat;
use proconio::input;

fn main() {
    input! {
        n: usize,
        d: i64,
        xy: [(i64, i64); n],
    }
    let mut ts = TwoSat::new(n);
    for i in 0..n {
        for j in i + 1..n {
            let pos = |k: usize, second: bool| if second { xy[k].1 } else { xy[k].0 };
            for fi in [false, true] {
                for fj in [false, true] {
                    if (pos(i, fi) - pos(j, fj)).abs() < d {
                        ts.add_clause(i, !fi, j, !fj);
                    }
                }
            }
        }
    }
    if !ts.satisfiable() {
        println!("No");
        return;
    }
    println!("Yes");
    for (i, &second) in ts.answer().iter().enumerate() {
        println!("{}", if second { xy[i].1 } else { xy[i].0 });
    }
}
