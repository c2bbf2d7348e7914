// multimap: several values per key.
use multimap::MultiMap;
use proconio::input;

fn main() {
    input! { n: usize, kv: [(u32, String); n] }
    let mut map = MultiMap::new();
    for (k, v) in kv {
        map.insert(k, v);
    }
    let mut keys: Vec<&u32> = map.keys().collect();
    keys.sort();
    for k in keys {
        println!("{k} {:?}", map.get_vec(k).unwrap());
    }
}
