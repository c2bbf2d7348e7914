//! ACL Practice D: most dominoes on a grid, by max flow (`MfGraph`).
use ac_library::MfGraph;
use proconio::input;
use proconio::marker::Chars;

fn main() {
    input! {
        n: usize,
        m: usize,
        mut g: [Chars; n],
    }
    let id = |i: usize, j: usize| i * m + j;
    let (s, t) = (n * m, n * m + 1);
    let mut mf = MfGraph::new(n * m + 2);
    for i in 0..n {
        for j in 0..m {
            if g[i][j] == '#' {
                continue;
            }
            if (i + j) % 2 == 0 {
                mf.add_edge(s, id(i, j), 1);
                let mut try_edge = |a: usize, b: usize| {
                    if g[a][b] == '.' {
                        mf.add_edge(id(i, j), id(a, b), 1);
                    }
                };
                if i > 0 {
                    try_edge(i - 1, j);
                }
                if i + 1 < n {
                    try_edge(i + 1, j);
                }
                if j > 0 {
                    try_edge(i, j - 1);
                }
                if j + 1 < m {
                    try_edge(i, j + 1);
                }
            } else {
                mf.add_edge(id(i, j), t, 1);
            }
        }
    }
    println!("{}", mf.flow(s, t));
    for e in mf.edges() {
        if e.from == s || e.to == t || e.flow == 0 {
            continue;
        }
        let (i0, j0, i1, j1) = (e.from / m, e.from % m, e.to / m, e.to % m);
        if i0 == i1 + 1 {
            g[i1][j1] = 'v';
            g[i0][j0] = '^';
        } else if i1 == i0 + 1 {
            g[i0][j0] = 'v';
            g[i1][j1] = '^';
        } else if j0 == j1 + 1 {
            g[i1][j1] = '>';
            g[i0][j0] = '<';
        } else {
            g[i0][j0] = '>';
            g[i1][j1] = '<';
        }
    }
    for row in g {
        println!("{}", row.into_iter().collect::<String>());
    }
}
