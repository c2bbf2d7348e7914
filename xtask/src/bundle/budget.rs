//! The time a bundle may spend getting smaller. Correct first, then small: the first draft
//! that compiles is always made and checked; the refinements after it (the oracle's further
//! rounds, the impls pass, a second reading, the unused imports) each ask `cut` before they
//! start, and are left out once the deadline has passed. What was left out is remembered on
//! this thread, so `submit` can say what more time would have given.

use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

/// When refining stops (`None`: never): the budget's end, and the later end that holds
/// while the best draft is over the judge's source limit (`over_the_limit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deadline(pub Option<(Instant, Instant)>);

/// How many budgets a draft over the judge's source limit may be refined for: no file is
/// no submission, so it gets more time than one that fits, but not minutes (three of
/// maple8192's templates refined without an end for 13 to 20 minutes each and were still
/// over the limit); past it, the refusal says how to give it more.
pub const OVER_THE_LIMIT_BUDGETS: u32 = 3;

impl Deadline {
    /// No deadline: every refinement runs (the corpus, tests).
    pub const NONE: Deadline = Deadline(None);

    /// `budget` from now (`OVER_THE_LIMIT_BUDGETS` of it for a draft over the limit).
    pub fn after(budget: Duration) -> Deadline {
        let now = Instant::now();
        let over = budget.saturating_mul(OVER_THE_LIMIT_BUDGETS);
        Deadline(now.checked_add(budget).zip(now.checked_add(over)))
    }

    /// This deadline `by` later: the time spent readying the libraries (build scripts, a
    /// migration: once per crate set, as cargo's own build) is not the bundle's budget.
    pub fn later_by(self, by: Duration) -> Deadline {
        Deadline(
            self.0
                .and_then(|(at, over)| at.checked_add(by).zip(over.checked_add(by))),
        )
    }
}

thread_local! {
    /// The deadline of the bundle being made on this thread (`Scope::enter`).
    static CURRENT: Cell<Deadline> = const { Cell::new(Deadline(None)) };
    /// Whether the draft refined now is over the judge's source limit: no submission yet,
    /// so refining goes on to the deadline's later end (`over_the_limit`).
    static OVER: Cell<bool> = const { Cell::new(false) };
    /// Whether a bundle within the limit is known to compile (`a_fit_is_known`): then no
    /// draft over the limit extends the budget.
    static FIT: Cell<bool> = const { Cell::new(false) };
    /// What was left out for want of time, since the last `take_cuts`.
    static CUTS: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// The deadline in force on this thread while it lives; the one before it after.
pub struct Entered(Deadline);

/// Makes `deadline` the one `cut` reads on this thread until the value returned is dropped.
pub fn enter(deadline: Deadline) -> Entered {
    OVER.with(|o| o.set(false));
    FIT.with(|f| f.set(false));
    Entered(CURRENT.with(|c| c.replace(deadline)))
}

/// Says whether the best draft so far is over the judge's source limit. While it is, the
/// budget cuts nothing until the deadline's later end: a file the judge refuses is no
/// submission, and a spent budget should not turn a program the refinements would fit into
/// a refusal (a template of ten crates: a first draft of 1.9 MB, 99 KiB refined).
pub fn over_the_limit(over: bool) {
    let fit = FIT.with(|f| f.get());
    OVER.with(|o| o.set(over && !fit));
}

/// Says that a bundle within the judge's limit is known to compile (a second reading's,
/// while the first is refined): a draft over the limit no longer extends the budget, since
/// there is a submission already (maple8192's template: the first reading's 1.9 MB drafts
/// were refined for three budgets beside a second reading's 331.6 KiB that compiled).
pub fn a_fit_is_known() {
    FIT.with(|f| f.set(true));
    OVER.with(|o| o.set(false));
}

impl Drop for Entered {
    fn drop(&mut self) {
        OVER.with(|o| o.set(false));
        FIT.with(|f| f.set(false));
        CURRENT.with(|c| c.set(self.0));
    }
}

/// Whether the refinement `what` must be left out: the deadline has passed. Records it when
/// so (once per name).
pub fn cut(what: &'static str) -> bool {
    let Deadline(Some((at, over_at))) = CURRENT.with(|c| c.get()) else {
        return false;
    };
    let end = if OVER.with(|o| o.get()) { over_at } else { at };
    if Instant::now() < end {
        return false;
    }
    CUTS.with(|c| {
        let mut c = c.borrow_mut();
        if !c.contains(&what) {
            c.push(what);
        }
    });
    true
}

/// What was left out on this thread since the last `take_cuts`, left in place.
pub fn cuts() -> Vec<&'static str> {
    CUTS.with(|c| c.borrow().clone())
}

/// What was left out on this thread since the last call, in the order it was.
pub fn take_cuts() -> Vec<&'static str> {
    CUTS.with(|c| std::mem::take(&mut *c.borrow_mut()))
}

thread_local! {
    /// Whether steps are shown on this thread (`show_steps`), and how many are open.
    static SHOWN: Cell<bool> = const { Cell::new(false) };
    static OPEN: Cell<usize> = const { Cell::new(0) };
}

/// Steps shown on this thread while the value returned lives (`submit`; never the corpus,
/// whose programs bundle side by side).
pub struct Showing(bool);

/// Shows each outermost `step` on this thread as one line, its start and its end.
pub fn show_steps() -> Showing {
    Showing(SHOWN.with(|s| s.replace(true)))
}

impl Drop for Showing {
    fn drop(&mut self) {
        SHOWN.with(|s| s.set(self.0));
    }
}

/// One step of a bundle's making. Shown (when `show_steps` is on and no other step is open
/// on this thread) as `step    <what> ... ` when it starts, finished on the same line by
/// `end` with what it gave and its time: a long step is seen as it runs, a short one is one
/// line.
pub struct Step {
    started: Instant,
    shown: bool,
}

/// Starts step `what`.
pub fn step(what: &str) -> Step {
    let outermost = OPEN.with(|o| o.replace(o.get() + 1)) == 0;
    let shown = outermost && SHOWN.with(|s| s.get());
    if shown {
        print!("step    {what} ... ");
        let _ = std::io::Write::flush(&mut std::io::stdout());
    }
    Step {
        started: Instant::now(),
        shown,
    }
}

impl Step {
    /// Ends the step: `gave` is what it gave (`12.4 KiB`).
    pub fn end(mut self, gave: &str) {
        if std::mem::replace(&mut self.shown, false) {
            println!("{gave} ({:.1} s)", self.started.elapsed().as_secs_f64());
        }
    }
}

impl Drop for Step {
    fn drop(&mut self) {
        OPEN.with(|o| o.set(o.get() - 1));
        // Left by an error (`?`) before `end`: the line is finished, so the next one
        // starts on its own.
        if self.shown {
            println!("stopped ({:.1} s)", self.started.elapsed().as_secs_f64());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_cut_without_a_deadline_or_before_it() {
        let _ = take_cuts();
        assert!(!cut("a"));
        {
            let _in = enter(Deadline::after(Duration::from_secs(3600)));
            assert!(!cut("b"));
        }
        assert!(take_cuts().is_empty());
    }

    /// The time spent readying the libraries moves the deadline (a first submit of a
    /// twenty-crate template spent 13.9 s running build scripts and had its budget spent
    /// before a draft was read); no deadline stays none.
    #[test]
    fn a_deadline_moved_later_by_the_readying_cuts_nothing_before_its_new_end() {
        let _ = take_cuts();
        {
            let _in = enter(Deadline::after(Duration::ZERO).later_by(Duration::from_secs(3600)));
            assert!(!cut("a"));
        }
        {
            let _in = enter(Deadline::after(Duration::ZERO).later_by(Duration::ZERO));
            assert!(cut("b"));
        }
        assert_eq!(take_cuts(), ["b"]);
        assert_eq!(
            Deadline::NONE.later_by(Duration::from_secs(1)),
            Deadline::NONE
        );
    }

    #[test]
    fn a_passed_deadline_cuts_each_refinement_once_and_ends_with_its_scope() {
        let _ = take_cuts();
        {
            let _in = enter(Deadline::after(Duration::ZERO));
            assert!(cut("the impls pass"));
            assert!(cut("the impls pass"));
            assert!(cut("more oracle rounds"));
        }
        // Out of the scope: no deadline again.
        assert!(!cut("the impls pass"));
        assert_eq!(take_cuts(), ["the impls pass", "more oracle rounds"]);
        assert!(take_cuts().is_empty());
    }

    /// Once a bundle within the limit is known to compile, a draft over the limit no
    /// longer holds the budget open (the other reading's), until the scope ends.
    #[test]
    fn a_draft_over_the_limit_holds_the_budget_open_only_while_nothing_fits() {
        let _ = take_cuts();
        {
            let now = Instant::now();
            let _scope = enter(Deadline(Some((now, now + Duration::from_secs(3600)))));
            over_the_limit(true);
            assert!(!cut("the impls pass"));
            a_fit_is_known();
            assert!(cut("the impls pass"));
            over_the_limit(true);
            assert!(cut("the impls pass"), "a fit is known: over the limit cuts");
        }
        let now = Instant::now();
        let _scope = enter(Deadline(Some((now, now + Duration::from_secs(3600)))));
        over_the_limit(true);
        assert!(!cut("the impls pass"), "a new scope knows no fit");
        let _ = take_cuts();
    }

    /// Steps are shown only under `show_steps`, and only the outermost open one: a second
    /// reading's own rounds are inside its line. An error before `end` still closes it.
    /// A draft over the judge's source limit is no submission: a spent budget cuts nothing
    /// until the best draft fits, then cuts as before; a new scope starts clear.
    #[test]
    fn a_spent_budget_cuts_nothing_while_the_draft_is_over_the_limit() {
        let _ = take_cuts();
        {
            let now = Instant::now();
            let _scope = enter(Deadline(Some((now, now + Duration::from_secs(3600)))));
            over_the_limit(true);
            assert!(!cut("the impls pass"));
            over_the_limit(false);
            assert!(cut("the impls pass"));
            over_the_limit(true);
        }
        let _scope = enter(Deadline::after(Duration::ZERO));
        assert!(
            cut("the unused imports"),
            "a new scope starts with nothing over"
        );
        assert_eq!(take_cuts(), ["the impls pass", "the unused imports"]);
    }

    #[test]
    fn only_the_outermost_step_under_show_steps_is_shown() {
        assert!(!step("alone").shown);
        let showing = show_steps();
        let outer = step("outer");
        assert!(outer.shown);
        let inner = step("inner");
        assert!(!inner.shown);
        inner.end("x");
        outer.end("y");
        let failed = || -> Result<(), ()> {
            let _s = step("fails");
            Err(())
        };
        assert!(failed().is_err());
        assert_eq!(OPEN.with(|o| o.get()), 0);
        assert!(step("again").shown);
        drop(showing);
        assert!(!step("after").shown);
    }

    /// Over the limit, refining ends too: at `OVER_THE_LIMIT_BUDGETS` budgets, never after
    /// minutes.
    #[test]
    fn a_draft_over_the_limit_is_refined_for_three_budgets_then_cut() {
        let _ = take_cuts();
        let budget = Duration::from_millis(40);
        let started = Instant::now();
        let _scope = enter(Deadline::after(budget));
        over_the_limit(true);
        let mut rounds = 0;
        while !cut("more rounds of the oracle") {
            rounds += 1;
            std::thread::sleep(Duration::from_millis(5));
        }
        let spent = started.elapsed();
        assert!(
            spent >= budget * OVER_THE_LIMIT_BUDGETS,
            "{spent:?} after {rounds} rounds"
        );
        assert!(
            spent < budget * OVER_THE_LIMIT_BUDGETS + Duration::from_secs(2),
            "{spent:?}"
        );
        assert_eq!(cuts(), ["more rounds of the oracle"]);
        assert_eq!(take_cuts(), ["more rounds of the oracle"]);
    }
}
