//! ACL Practice E: at most K marks per row and column, largest sum (`MinCostFlowGraph`).
use ac_library::mincostflow::MinCostFlowGraph;
use proconio::input;

fn main() {
    input! {
        n: usize,
        k: i64,
        a: [[i64; n]; n],
    }
    const BIG: i64 = 1_000_000_000;
    let (s, t) = (2 * n, 2 * n + 1);
    let mut g = MinCostFlowGraph::new(2 * n + 2);
    g.add_edge(s, t, n as i64 * k, BIG);
    for i in 0..n {
        g.add_edge(s, i, k, 0);
        g.add_edge(n + i, t, k, 0);
    }
    for (i, row) in a.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            g.add_edge(i, n + j, 1, BIG - v);
        }
    }
    let (_, cost) = g.flow(s, t, n as i64 * k);
    println!("{}", n as i64 * k * BIG - cost);
    let mut grid = vec![vec!['.'; n]; n];
    for e in g.edges() {
        if e.from < n && e.to >= n && e.to < 2 * n && e.flow == 1 {
            grid[e.from][e.to - n] = 'X';
        }
    }
    for row in grid {
        println!("{}", row.into_iter().collect::<String>());
    }
}
