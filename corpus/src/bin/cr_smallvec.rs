// smallvec: adjacency lists without a heap allocation per vertex, and a BFS.
use proconio::input;
use smallvec::SmallVec;
use std::collections::VecDeque;

fn main() {
    input! { n: usize, m: usize, edges: [(usize, usize); m] }
    let mut adj: Vec<SmallVec<[usize; 4]>> = vec![SmallVec::new(); n];
    for (a, b) in edges {
        adj[a - 1].push(b - 1);
        adj[b - 1].push(a - 1);
    }
    let mut dist = vec![usize::MAX; n];
    dist[0] = 0;
    let mut queue = VecDeque::from([0]);
    while let Some(v) = queue.pop_front() {
        for &w in &adj[v] {
            if dist[w] == usize::MAX {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
        }
    }
    println!("{:?} {}", dist, adj[0].spilled());
}
