//! Up-front validation of whitespace-separated integer input.
//!
//! proconio's `input!` panics with a backtrace on malformed input. Solutions read the whole
//! input once, check it here, and only then hand the text to `input!`, so a bad input gets
//! one clear line naming the line and token that is wrong instead of a panic.

/// The body of a solution's `main`: reads all of stdin, then prints `solve(text)` or, when
/// it fails (or stdin is not UTF-8), one line `error: ...` on stderr and exits with 1.
///
/// # Complexity
/// One read of stdin and `solve`'s own cost.
///
/// # Panics
/// Never itself (a panic in `solve` is `solve`'s); it exits the process with 1 on an error.
///
/// # Example
/// ```no_run
/// use common::tokens::{check_ints, run_main};
/// // A+B with a clear error line on bad input.
/// run_main(|text| {
///     check_ints(text, 2, 2, "two integers")?;
///     let v: Vec<i64> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
///     Ok((v[0] + v[1]).to_string())
/// });
/// ```
pub fn run_main(solve: impl FnOnce(&str) -> Result<String, String>) {
    use std::io::Read;
    let mut text = String::new();
    let result = match std::io::stdin().read_to_string(&mut text) {
        Ok(_) => solve(&text),
        Err(_) => Err("standard input is not valid UTF-8 text".to_string()),
    };
    match result {
        Ok(output) => println!("{}", output),
        Err(message) => {
            eprintln!("error: {}", message);
            std::process::exit(1);
        }
    }
}

/// Checks that `text` holds between `min` and `max` whitespace-separated tokens and that
/// each one is a decimal integer that fits in `i64`. `what` names the expected input in the
/// error message (for example "the 6x6 board").
///
/// Returns the number of tokens, or a one-line message naming the first problem found with
/// its 1-based line and token position.
///
/// # Complexity
/// O(length of `text`).
///
/// # Example
/// ```
/// use common::tokens::check_ints;
/// assert_eq!(check_ints("3 4\n5", 1, 3, "the sides"), Ok(3));
/// let e = check_ints("3 x", 2, 2, "the sides").unwrap_err();
/// assert!(e.starts_with("line 1, token 2:"), "{e}");
/// ```
pub fn check_ints(text: &str, min: usize, max: usize, what: &str) -> Result<usize, String> {
    let mut count = 0;
    for (line_no, line) in text.lines().enumerate() {
        for (col, token) in line.split_whitespace().enumerate() {
            count += 1;
            if count > max {
                return Err(format!(
                    "line {}, token {}: unexpected extra input `{}`: {} takes {}",
                    line_no + 1,
                    col + 1,
                    shorten(token),
                    what,
                    expected_count(min, max)
                ));
            }
            if token.parse::<i64>().is_err() {
                let digits = token.strip_prefix('-').unwrap_or(token);
                let problem = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    "is too large an integer (beyond 64 bits)"
                } else {
                    "is not an integer"
                };
                return Err(format!(
                    "line {}, token {}: `{}` {}",
                    line_no + 1,
                    col + 1,
                    shorten(token),
                    problem
                ));
            }
        }
    }
    if count < min {
        return Err(format!(
            "input ended after {} number{}: {} takes {}",
            count,
            if count == 1 { "" } else { "s" },
            what,
            expected_count(min, max)
        ));
    }
    Ok(count)
}

fn expected_count(min: usize, max: usize) -> String {
    if min == max {
        format!("{} integers", min)
    } else {
        format!("{} to {} integers", min, max)
    }
}

/// Keeps error lines short when a token is huge.
fn shorten(token: &str) -> String {
    const LIMIT: usize = 24;
    if token.chars().count() <= LIMIT {
        token.to_string()
    } else {
        let head: String = token.chars().take(LIMIT).collect();
        format!("{}...", head)
    }
}

#[cfg(test)]
mod tests {
    use super::check_ints;

    #[test]
    fn accepts_counts_inside_the_range_and_returns_them() {
        assert_eq!(check_ints("1 2\n3\n", 1, 3, "x"), Ok(3));
        assert_eq!(check_ints("  -7 ", 1, 2, "x"), Ok(1));
    }

    #[test]
    fn names_line_and_token_of_a_non_number() {
        let err = check_ints("1 2\n3 x4 5\n", 1, 9, "x").unwrap_err();
        assert_eq!(err, "line 2, token 2: `x4` is not an integer");
    }

    #[test]
    fn reports_too_few_and_too_many_numbers() {
        let err = check_ints("1 2", 3, 3, "the triple").unwrap_err();
        assert!(
            err.contains("after 2 numbers") && err.contains("3 integers"),
            "{err}"
        );
        let err = check_ints("1 2 3\n4", 3, 3, "the triple").unwrap_err();
        assert!(
            err.starts_with("line 2, token 1: unexpected extra input `4`"),
            "{err}"
        );
    }

    #[test]
    fn rejects_numbers_outside_i64() {
        let err = check_ints("99999999999999999999", 1, 1, "x").unwrap_err();
        assert!(err.contains("too large an integer"), "{err}");
        let err = check_ints("-", 1, 1, "x").unwrap_err();
        assert!(err.contains("is not an integer"), "{err}");
    }
}
