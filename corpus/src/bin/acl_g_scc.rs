//! ACL Practice G: strongly connected components in topological order (`SccGraph`).
use ac_library::scc::SccGraph;
use proconio::input;

fn main() {
    input! {
        n: usize,
        m: usize,
        edges: [(usize, usize); m],
    }
    let mut g = SccGraph::new(n);
    for (a, b) in edges {
        g.add_edge(a, b);
    }
    let groups = g.scc();
    println!("{}", groups.len());
    for group in groups {
        let line: Vec<String> = group.iter().map(|v| v.to_string()).collect();
        println!("{} {}", group.len(), line.join(" "));
    }
}
