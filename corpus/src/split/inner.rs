pub fn twice(n: usize) -> usize {
    2 * n
}
