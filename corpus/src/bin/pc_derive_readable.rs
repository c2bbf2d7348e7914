//! `#[derive_readable]` (proconio's `derive` feature): structs read by `input!`, of every
//! field shape it takes (primitives, `String`, `Usize1`, `Isize1` by its full path, `Chars`,
//! `Bytes`, another readable struct), named, tuple and unit, one declared inside `main`;
//! read alone, in `[T; n]`, in tuples and as a field.
use proconio::derive_readable;
use proconio::input;
use proconio::marker::{Bytes, Chars, Usize1};

#[derive_readable]
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    from: Usize1,
    to: Usize1,
    weight: i64,
}

#[derive_readable]
#[derive(Debug)]
struct Label(String, proconio::marker::Isize1);

#[derive_readable]
#[derive(Debug, PartialEq)]
struct Nothing;

#[derive_readable]
#[derive(Debug)]
struct Query {
    edge: Edge,
    word: Chars,
    raw: Bytes,
    tag: Label,
}

fn main() {
    #[derive_readable]
    #[derive(Debug)]
    struct Point(i32, i32);

    input! {
        n: usize,
        m: usize,
        edges: [Edge; m],
        marked: [(Edge, Usize1); 2],
        nothing: Nothing,
        q: usize,
        queries: [Query; q],
        p: Point,
        label: Label,
    }
    let total: i64 = edges.iter().map(|e| e.weight).sum();
    println!("{n} {m} {total}");
    for e in &edges {
        println!("{} -> {} ({})", e.from, e.to, e.weight);
    }
    for (e, k) in &marked {
        println!("{e:?} {k} {}", edges.contains(e));
    }
    println!("{nothing:?} {}", nothing == Nothing);
    for query in &queries {
        let word: String = query.word.iter().rev().collect();
        println!(
            "{:?} {word} {:?} {} {}",
            query.edge, query.raw, query.tag.0, query.tag.1
        );
    }
    println!("{p:?} {} {label:?}", p.0 * p.1);
}
