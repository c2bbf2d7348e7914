//! Correct first, then small: the steps a bundle climbs (`Scope::LADDER`) until one is
//! accepted. The one policy `submit`, `corpus` and `corpus --real` share:
//! - a draft a compiler rejects goes on to the next step;
//! - a draft that compiles but prints other than it should is tried once more on the surest
//!   step (the whole crates): that tells a pruning mistake from a wrong solution, at the cost
//!   of one more draft for a wrong one;
//! - anything else (a refusal, a size over the judge's limit) ends the climb: no later step,
//!   which only keeps more, can change it.

use crate::bundle::Scope;

/// How one step's draft ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Passed,
    /// A compiler rejected it.
    Rejected,
    /// It compiled and failed a case (printed other than expected, or the judge's side rejected it).
    Differs,
    /// It failed in a way no later step changes.
    Final,
}

/// The climb: the step that passed, if any, with what its attempt gave; the first failed
/// attempt (what to report when none passed); every step tried and how it ended.
pub struct Climb<T> {
    pub passed: Option<(Scope, T)>,
    pub first_failure: Option<(Scope, T)>,
    /// The last failed attempt, when there was more than one.
    pub last_failure: Option<(Scope, T)>,
    pub tried: Vec<(Scope, End)>,
}

/// Climbs from `start`: `attempt(scope)` drafts and checks one step. An `Err` from it (the
/// check could not run) ends the climb with that error.
pub fn climb<T>(
    start: Scope,
    mut attempt: impl FnMut(Scope) -> anyhow::Result<(End, T)>,
) -> anyhow::Result<Climb<T>> {
    let ladder = &Scope::LADDER;
    let mut k = ladder.iter().position(|s| *s == start).unwrap_or(0);
    let mut climb = Climb {
        passed: None,
        first_failure: None,
        last_failure: None,
        tried: Vec::new(),
    };
    loop {
        let scope = ladder[k];
        let (end, value) = attempt(scope)?;
        climb.tried.push((scope, end));
        let next = match end {
            End::Passed => {
                climb.passed = Some((scope, value));
                return Ok(climb);
            }
            End::Rejected => (k + 1 < ladder.len()).then_some(k + 1),
            End::Differs => (k + 1 < ladder.len()).then_some(ladder.len() - 1),
            End::Final => None,
        };
        if climb.first_failure.is_none() {
            climb.first_failure = Some((scope, value));
        } else {
            climb.last_failure = Some((scope, value));
        }
        match next {
            Some(n) => k = n,
            None => return Ok(climb),
        }
    }
}

/// One line saying how the climb went when it took more than one step (`None` when the
/// first step passed): each failed step, and the one that passed.
pub fn story<T>(climb: &Climb<T>) -> Option<String> {
    if climb.tried.len() < 2 {
        return None;
    }
    let parts: Vec<String> = climb
        .tried
        .iter()
        .map(|(scope, end)| {
            let how = match end {
                End::Passed => "passed",
                End::Rejected => "rejected by a compiler",
                End::Differs => "failed a case",
                End::Final => "failed",
            };
            format!("{}: {how}", scope.label())
        })
        .collect();
    Some(parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the climb against a table of how each step ends; returns the steps tried and
    /// the one that passed.
    fn run(start: Scope, ends: &[(Scope, End)]) -> (Vec<Scope>, Option<Scope>) {
        let climb = climb(start, |s| {
            let end = ends.iter().find(|(x, _)| *x == s).map(|(_, e)| *e).unwrap();
            Ok((end, s))
        })
        .unwrap();
        let tried = climb.tried.iter().map(|(s, _)| *s).collect();
        (tried, climb.passed.map(|(s, _)| s))
    }

    use End::*;
    use Scope::*;

    #[test]
    fn a_pruned_draft_that_passes_is_the_only_step() {
        let (tried, passed) = run(Reached, &[(Reached, Passed)]);
        assert_eq!((tried, passed), (vec![Reached], Some(Reached)));
    }

    #[test]
    fn a_rejected_pruned_draft_goes_to_the_whole_crates_less_dead() {
        let ends = [
            (Reached, Rejected),
            (WholeLessDead, Passed),
            (Whole, Passed),
        ];
        assert_eq!(
            run(Reached, &ends),
            (vec![Reached, WholeLessDead], Some(WholeLessDead))
        );
    }

    #[test]
    fn two_rejected_drafts_end_at_the_whole_crates() {
        let ends = [
            (Reached, Rejected),
            (WholeLessDead, Rejected),
            (Whole, Passed),
        ];
        assert_eq!(
            run(Reached, &ends),
            (vec![Reached, WholeLessDead, Whole], Some(Whole))
        );
    }

    #[test]
    fn every_step_rejected_is_a_failure_reporting_the_first() {
        let ends = [
            (Reached, Rejected),
            (WholeLessDead, Rejected),
            (Whole, Rejected),
        ];
        let c = climb(Reached, |s| {
            Ok((ends.iter().find(|(x, _)| *x == s).unwrap().1, s))
        })
        .unwrap();
        assert!(c.passed.is_none());
        assert_eq!(c.first_failure.map(|(s, _)| s), Some(Reached));
        assert_eq!(c.tried.len(), 3);
    }

    /// Other output from a pruned draft is retried once, on the whole crates: if they pass,
    /// the pruner was wrong; if they print the same wrong output, the solution is.
    #[test]
    fn other_output_is_retried_once_on_the_whole_crates() {
        let ends = [(Reached, Differs), (WholeLessDead, Passed), (Whole, Passed)];
        assert_eq!(run(Reached, &ends), (vec![Reached, Whole], Some(Whole)));
        let ends = [
            (Reached, Differs),
            (WholeLessDead, Differs),
            (Whole, Differs),
        ];
        assert_eq!(run(Reached, &ends), (vec![Reached, Whole], None));
        let ends = [
            (Reached, Rejected),
            (WholeLessDead, Differs),
            (Whole, Differs),
        ];
        assert_eq!(
            run(Reached, &ends),
            (vec![Reached, WholeLessDead, Whole], None)
        );
    }

    #[test]
    fn a_refusal_or_the_size_ends_the_climb_at_once() {
        let ends = [(Reached, Final), (WholeLessDead, Passed), (Whole, Passed)];
        assert_eq!(run(Reached, &ends), (vec![Reached], None));
    }

    #[test]
    fn a_climb_can_start_at_the_whole_crates() {
        let ends = [(Whole, Passed)];
        assert_eq!(run(Whole, &ends), (vec![Whole], Some(Whole)));
    }
}
