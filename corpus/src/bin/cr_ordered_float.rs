// ordered-float: floats in a max-heap and sorted.
use ordered_float::OrderedFloat;
use proconio::input;
use std::collections::BinaryHeap;

fn main() {
    input! { n: usize, xs: [f64; n] }
    let mut heap: BinaryHeap<OrderedFloat<f64>> = xs.iter().map(|&x| OrderedFloat(x)).collect();
    let top = heap.pop().unwrap();
    let mut v: Vec<OrderedFloat<f64>> = xs.into_iter().map(OrderedFloat).collect();
    v.sort();
    println!("{} {:?}", top.0, v.iter().map(|x| x.0).collect::<Vec<_>>());
}
