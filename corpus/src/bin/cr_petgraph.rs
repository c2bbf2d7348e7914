// petgraph: Dijkstra's shortest paths and a topological order of a weighted DAG.
use petgraph::algo::{dijkstra, toposort};
use petgraph::graph::{DiGraph, NodeIndex};
use proconio::input;

fn main() {
    input! { n: usize, m: usize, edges: [(usize, usize, u64); m] }
    let mut g = DiGraph::<(), u64>::new();
    let nodes: Vec<NodeIndex> = (0..n).map(|_| g.add_node(())).collect();
    for (a, b, w) in edges {
        g.add_edge(nodes[a - 1], nodes[b - 1], w);
    }
    let dist = dijkstra(&g, nodes[0], None, |e| *e.weight());
    let line: Vec<String> = nodes
        .iter()
        .map(|v| dist.get(v).map_or(-1, |&d| d as i64).to_string())
        .collect();
    println!("{}", line.join(" "));
    let order = toposort(&g, None).unwrap();
    let order: Vec<String> = order.iter().map(|v| (v.index() + 1).to_string()).collect();
    println!("{}", order.join(" "));
}
