//! Items spread over a few threads, where a panic while handling one item is that item's
//! failure (with the panic's message), and an item no worker reached is a failure too: the
//! caller gets exactly one result per item, so a tally can never lose a line.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The threads to spread work over: one per core (1 where the machine does not say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The text of a panic's payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".to_string())
}

/// `f` on every item with at most `workers` threads; result `i` is item `i`'s, in order.
pub fn map<T: Sync, R: Send>(
    items: &[T],
    workers: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<anyhow::Result<R>> {
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<anyhow::Result<R>>>> =
        Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..workers.clamp(1, items.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                let result = catch_unwind(AssertUnwindSafe(|| f(item)))
                    .map_err(|p| anyhow::anyhow!("the tool panicked here: {}", panic_message(&*p)));
                // A poisoned lock only means another worker panicked while holding it,
                // which the slots' own writes never do; the slots are still whole.
                let mut slots = slots.lock().unwrap_or_else(|e| e.into_inner());
                slots[i] = Some(result);
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(anyhow::anyhow!("never ran: its worker stopped"))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_item_is_its_own_failure_and_every_other_item_still_gets_its_result() {
        let items: Vec<u32> = (0..40).collect();
        let results = map(&items, 3, |&x| {
            if x % 7 == 3 {
                panic!("item {x} is bad");
            }
            x * 2
        });
        assert_eq!(results.len(), items.len());
        let mut failed = 0;
        for (x, r) in items.iter().zip(&results) {
            if x % 7 == 3 {
                failed += 1;
                let e = r.as_ref().unwrap_err().to_string();
                assert!(e.contains(&format!("item {x} is bad")), "{e}");
            } else {
                assert_eq!(r.as_ref().unwrap(), &(x * 2));
            }
        }
        // 3, 10, 17, 24, 31, 38.
        assert_eq!(failed, 6);
    }

    #[test]
    fn no_items_and_more_workers_than_items_are_fine() {
        assert!(map(&[] as &[u8], 4, |&x| x).is_empty());
        let r = map(&[5u8], 8, |&x| x + 1);
        assert_eq!(r.len(), 1);
        assert_eq!(*r[0].as_ref().unwrap(), 6);
    }
}
