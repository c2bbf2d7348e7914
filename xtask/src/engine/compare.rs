//! Comparing a program's output with the expected one, the way the judge does, and saying
//! where they differ in a report that fits on a screen.

use super::{read_head_bytes, run_trusted, stderr_summary, End, Limits};

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How output is judged: `[package.metadata.problem]` chooses, the judge's rule by default.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// BOJ's rule: trailing spaces on each line and trailing blank lines are ignored.
    Lines,
    /// Codeforces' usual checker (testlib's `wcmp`): the same tokens in the same order, white
    /// space of any kind and amount between them.
    Tokens,
    /// `float-tolerance = e`: numeric tokens equal within absolute or relative error `e`,
    /// other tokens exactly.
    Float(f64),
    /// `checker = "<bin>"`: a special judge run as `<bin> <input> <expected> <actual>`,
    /// exit status 0 for accepted.
    Checker(PathBuf),
    /// `interactor = "<bin>"`: an interactive problem, its judge's side run against the
    /// solution as `<bin> <input> [<expected>]` (`engine::interactive`), exit status 0 for
    /// accepted.
    Interactor(PathBuf),
}

/// What a problem's checker may take on one case (it is ours, not judged).
/// What a checker may print to stdout: a checker says its word in a few lines.
const CHECKER_OUTPUT: u64 = 1 << 20;

const CHECKER_TIME: Duration = Duration::from_secs(10);
const CHECKER_MEMORY: u64 = 2 << 30;

/// How much of an output is read to compare (a larger one is wrong anyway, or is compared
/// on its first part).
const READ_AT_MOST: u64 = 64 << 20;
/// Context lines on each side of the first difference.
const CONTEXT: usize = 2;
/// Longest line shown.
const LINE_WIDTH: usize = 120;

/// `line` cut to `max` characters, with a marker saying how much was cut.
pub fn cut(line: &str, max: usize) -> String {
    let count = line.chars().count();
    if count <= max {
        return line.to_string();
    }
    let head: String = line.chars().take(max).collect();
    format!("{head}… ({} more characters)", count - max)
}

/// Lines as BOJ compares them: trailing white space dropped, trailing blank lines dropped.
pub fn normalized_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// `Ok` when `actual` (a saved output) is accepted against `expected` under `rule`,
/// otherwise the bounded report.
///
/// Outputs are bytes: where the expected output or the program's is not UTF-8 text, they
/// are compared as bytes under the same line rule (`byte_difference`), never decoded
/// lossily (bytes FF FE are not two U+FFFD).
pub fn judge(rule: &Rule, input: &Path, expected: &[u8], actual: &Path) -> Result<(), String> {
    let size = fs::metadata(actual).map(|m| m.len()).unwrap_or(0);
    let saved = format!("full output: {}", actual.display());
    match rule {
        Rule::Lines | Rule::Float(_) | Rule::Tokens => {
            let bytes = read_head_bytes(actual, READ_AT_MOST);
            let truncated = size > READ_AT_MOST;
            let (Ok(expected), Ok(text)) = (
                std::str::from_utf8(expected),
                String::from_utf8(bytes.clone()),
            ) else {
                return match byte_difference(expected, &bytes) {
                    None if !truncated => Ok(()),
                    None => Err(format!(
                        "the output goes on past its first {} MiB\n{saved}",
                        READ_AT_MOST >> 20
                    )),
                    Some(report) => Err(format!("{report}\n{saved}")),
                };
            };
            let report = match rule {
                Rule::Float(tolerance) => float_difference(expected, &text, *tolerance),
                Rule::Tokens => token_difference(expected, &text),
                _ => line_difference(expected, &text, truncated),
            };
            match (report, truncated) {
                (None, false) => Ok(()),
                (None, true) => Err(format!(
                    "the output goes on past its first {} MiB ({size} bytes) where the expected output has ended\n{saved}",
                    READ_AT_MOST >> 20
                )),
                (Some(report), _) => Err(format!("{report}\n{saved}")),
            }
        }
        Rule::Interactor(_) => Err(
            "an interactive problem's answers are judged by its interactor, during the run".into(),
        ),
        Rule::Checker(checker) => {
            // `<output>.checker.{out,stderr}`: the checker's own streams, beside the output.
            let scratch = PathBuf::from(format!("{}.checker", actual.display()));
            let expected_file = actual.with_extension("expected");
            let expected = expected.to_vec();
            fs::write(&expected_file, expected)
                .map_err(|e| format!("{}: {e}", expected_file.display()))?;
            let args = [
                input.as_os_str(),
                expected_file.as_os_str(),
                actual.as_os_str(),
            ];
            // Its own output is bounded like a program's (stderr by the drain, 1 MiB kept).
            let limits = Limits {
                output_bytes: CHECKER_OUTPUT,
                ..Limits::new(CHECKER_TIME, CHECKER_MEMORY)
            };
            let run = run_trusted(checker, &args, Path::new("/dev/null"), limits, &scratch)
                .map_err(|e| format!("{e:#}"))?;
            match run.end {
                End::Code(0) => Ok(()),
                other => {
                    let why = stderr_summary(&run.stderr, 8);
                    Err(format!(
                        "the checker {} rejects it ({}){}\n{saved}",
                        checker.display(),
                        super::describe_end(&other),
                        if why.is_empty() {
                            String::new()
                        } else {
                            format!(":\n{why}")
                        }
                    ))
                }
            }
        }
    }
}

/// Lines of bytes as the line rule reads them: trailing spaces, tabs and CRs of each line
/// and trailing blank lines ignored.
fn byte_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = bytes
        .split(|&b| b == b'\n')
        .map(|l| {
            let end = l
                .iter()
                .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
                .map_or(0, |p| p + 1);
            &l[..end]
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Where two outputs that are not both text differ, the lines shown with bytes escaped.
fn byte_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    let (want, got) = (byte_lines(expected), byte_lines(actual));
    let at = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i))?;
    let show = |l: Option<&&[u8]>| match l {
        Some(l) => cut(&l.escape_ascii().to_string(), LINE_WIDTH),
        None => "(no such line)".to_string(),
    };
    Some(format!(
        "line {} differs (compared as bytes: the outputs are not both UTF-8 text):\n expected: {}\n actual:   {}",
        at + 1,
        show(want.get(at)),
        show(got.get(at))
    ))
}

/// The first differing line, with a few lines of context from both sides.
/// `partial`: `actual` is the first part of a larger output.
fn line_difference(expected: &str, actual: &str, partial: bool) -> Option<String> {
    let want = normalized_lines(expected);
    let got = normalized_lines(actual);
    let at = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i))?;
    let window = |lines: &[&str]| {
        let from = at.saturating_sub(CONTEXT);
        let mut out = Vec::new();
        for (i, line) in lines.iter().enumerate().skip(from).take(2 * CONTEXT + 1) {
            let mark = if i == at { '>' } else { ' ' };
            out.push(format!("  {mark} {:>6} | {}", i + 1, cut(line, LINE_WIDTH)));
        }
        if at >= lines.len() {
            out.push(format!(
                "  > {:>6} | (no such line: {} in all)",
                at + 1,
                lines.len()
            ));
        }
        out.join("\n")
    };
    Some(format!(
        "line {} differs (expected {} lines, got {}{}):\n expected:\n{}\n actual:\n{}",
        at + 1,
        want.len(),
        if partial { "more than " } else { "" },
        got.len(),
        window(&want),
        window(&got)
    ))
}

/// Tokens with their line numbers.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .flat_map(|(i, l)| l.split_whitespace().map(move |t| (i + 1, t)))
        .collect()
}

/// The first token that differs, or the first one either side has more of.
fn token_difference(expected: &str, actual: &str) -> Option<String> {
    let want = tokens(expected);
    let got = tokens(actual);
    let k = (0..want.len().max(got.len()))
        .find(|&k| want.get(k).map(|&(_, w)| w) != got.get(k).map(|&(_, g)| g))?;
    let show = |t: Option<&(usize, &str)>| match t {
        Some(&(line, t)) => format!("{} (line {line})", cut(t, 60)),
        None => "nothing".to_string(),
    };
    Some(format!(
        "token {} differs (expected {} tokens, got {}): expected {}, got {}",
        k + 1,
        want.len(),
        got.len(),
        show(want.get(k)),
        show(got.get(k))
    ))
}

/// Numbers within `tolerance` (absolute or relative), other tokens equal: the first
/// token that is not, if any.
fn float_difference(expected: &str, actual: &str, tolerance: f64) -> Option<String> {
    let want = tokens(expected);
    let got = tokens(actual);
    for k in 0..want.len().max(got.len()) {
        match (want.get(k), got.get(k)) {
            (Some(&(line, w)), Some(&(_, g))) => {
                let close = match (w.parse::<f64>(), g.parse::<f64>()) {
                    (Ok(a), Ok(b)) if a.is_finite() && b.is_finite() => {
                        let diff = (a - b).abs();
                        diff <= tolerance || diff <= tolerance * a.abs()
                    }
                    _ => w == g,
                };
                if !close {
                    return Some(format!(
                        "token {} (line {line}) differs: expected {}, got {} (tolerance {tolerance:e})",
                        k + 1,
                        cut(w, 60),
                        cut(g, 60)
                    ));
                }
            }
            (Some(&(line, w)), None) => {
                return Some(format!(
                    "the output ends after {} tokens; expected token {} (line {line}) is {}",
                    got.len(),
                    k + 1,
                    cut(w, 60)
                ))
            }
            (None, Some(&(line, g))) => {
                return Some(format!(
                    "the output has more than the {} expected tokens: token {} (line {line}) is {}",
                    want.len(),
                    k + 1,
                    cut(g, 60)
                ))
            }
            (None, None) => unreachable!(),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boj_rule_ignores_trailing_spaces_and_blank_lines_only() {
        assert_eq!(normalized_lines("1 2  \n3\n\n\n"), ["1 2", "3"]);
        assert_eq!(normalized_lines("1\n\n2\n"), ["1", "", "2"]);
        assert!(line_difference(" 1\n", "1\n", false).is_some());
        assert!(line_difference("1 2\n3\n", "1 2   \n3\n\n\n", false).is_none());
    }

    #[test]
    fn the_report_names_the_first_differing_line_with_context() {
        let expected: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let actual = expected.replace("\n50\n", "\n5O\n");
        let report = line_difference(&expected, &actual, false).unwrap();
        assert!(report.starts_with("line 50 differs"), "{report}");
        assert!(report.contains(">     50 | 5O") && report.contains("      48 | 48"));
        assert!(
            !report.contains("| 45") && !report.contains("| 53"),
            "{report}"
        );
    }

    #[test]
    fn long_lines_are_cut_with_a_marker() {
        let long = "x".repeat(10_000);
        let report = line_difference("short\n", &format!("{long}\n"), false).unwrap();
        assert!(report.contains("(9880 more characters)"), "{report}");
        assert!(report.len() < 1000);
    }

    /// Codeforces' rule against a plain reading of testlib's `wcmp`: split both on white
    /// space, compare the lists.
    #[test]
    fn the_token_rule_is_blind_to_white_space_and_nothing_else() {
        let cases = [
            ("1 2\n3\n", "1\n2 3"),
            ("1 2\n3\n", "  1\t2\r\n\n3  \n\n"),
            ("1 2\n", "1 2 2\n"),
            ("1 2 2\n", "1 2\n"),
            ("1.0\n", "1\n"),
            ("YES\n", "yes\n"),
            ("", "\n\n"),
            ("", "0"),
        ];
        for (expected, actual) in cases {
            let plain = expected.split_whitespace().eq(actual.split_whitespace());
            let report = token_difference(expected, actual);
            assert_eq!(
                report.is_none(),
                plain,
                "{expected:?} vs {actual:?}: {report:?}"
            );
        }
        let r = token_difference("1 2\n3 4\n", "1 2\n3 5\n").unwrap();
        assert!(
            r.starts_with("token 4 differs") && r.contains("4 (line 2)"),
            "{r}"
        );
        let r = token_difference("1 2\n", "1\n").unwrap();
        assert!(r.contains("got nothing"), "{r}");
    }

    #[test]
    fn floats_within_tolerance_pass_and_others_name_the_token() {
        assert!(float_difference("0.333333333 2\n", "0.3333333331 2\n", 1e-6).is_none());
        assert!(float_difference("1000000.0\n", "1000000.5\n", 1e-6).is_none()); // relative
        let r = float_difference("1.0 abc\n2.5\n", "1.0 abc\n2.501\n", 1e-6).unwrap();
        assert!(r.starts_with("token 3 (line 2)"), "{r}");
        assert!(float_difference("1.0 abc\n", "1.0 abd\n", 1e-6).is_some());
        assert!(float_difference("1 2\n", "1\n", 1e-6)
            .unwrap()
            .contains("ends after 1"));
    }
}
