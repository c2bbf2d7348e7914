//! A BOJ problem page: fetched (`http`) and read (`html`).
//!
//! What is read, as BOJ lays its pages out: the title (`#problem_title`), the time and
//! memory limits (the first two cells of `#problem-info`'s body row, `1 초` and `128 MB`),
//! whether it is a special-judge problem (`.problem-label-spj`) or an interactive one
//! (`.problem-label-interactive`), and the samples
//! (`pre.sampledata` with ids `sample-input-N` and `sample-output-N`).

mod html;
mod http;

use html::Document;
use std::time::Duration;

/// What a problem page told, each part only when it could be read.
#[derive(Debug, Default, PartialEq)]
pub struct Page {
    pub title: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    pub special_judge: bool,
    /// The judge's program talks with the solution (its samples are an exchange, not an
    /// input and its answer).
    pub interactive: bool,
    /// (input, output) of sample N at index N - 1, exactly as the page holds them.
    pub samples: Vec<(String, String)>,
}

/// The address of BOJ problem `id`.
pub fn boj_url(id: &str) -> String {
    format!("https://www.acmicpc.net/problem/{id}")
}

/// The two ways to a problem's page that need no fetch by this tool, for every message of a
/// fetch that failed.
pub const WITHOUT_FETCH: &str = "open the problem in a browser with Competitive Companion and run `make listen` (docs/problems.md), or save the page and pass it with `--url file:///path/to/page.html`";

/// How long a fetch may take in all.
pub const TIMEOUT: Duration = Duration::from_secs(5);

/// Fetches `url`, giving up after `TIMEOUT` whatever hangs (the name lookup included).
pub fn get(url: &str) -> anyhow::Result<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let owned = url.to_string();
    std::thread::spawn(move || {
        let _ = tx.send(get_now(&owned));
    });
    rx.recv_timeout(TIMEOUT + Duration::from_secs(1))
        .unwrap_or_else(|_| {
            Err(anyhow::anyhow!(
                "{url}: no answer within {} s; offline? {WITHOUT_FETCH}",
                TIMEOUT.as_secs()
            ))
        })
}

/// Fetches `url` as a browser would ask for it (BOJ answers some clients with 403).
fn get_now(url: &str) -> anyhow::Result<String> {
    let answer = http::get(url, TIMEOUT).map_err(|why| {
        anyhow::anyhow!("{url} could not be fetched ({why}); offline? {WITHOUT_FETCH}")
    })?;
    let (status, body) = (answer.status, answer.body);
    // A browser check answers 202 with an empty body, or a small page of its own (also
    // with 403 or 405): no page a script can read.
    if status == 202 && body.trim().is_empty() || is_browser_check(&body) {
        return Err(browser_check(url, status));
    }
    match status {
        200..=299 => Ok(body),
        403 | 405 => Err(refused(url, status)),
        _ => Err(anyhow::anyhow!("{url} answered HTTP {status}")),
    }
}

/// The markers of a browser check (AWS WAF's JavaScript challenge, which acmicpc.net has
/// answered scripted clients with since May 2024, as public BOJ tools report).
const CHALLENGE_MARKERS: [&str; 3] = ["awsWafCookieDomainList", "gokuProps", "challenge.js"];

/// Whether `body` is a browser-check page rather than the page asked for.
pub fn is_browser_check(body: &str) -> bool {
    CHALLENGE_MARKERS.iter().any(|m| body.contains(m))
}

/// One line: the site refused the script (HTTP 403, or 405 to a plain GET).
fn refused(url: &str, code: u16) -> anyhow::Error {
    if code == 403 {
        anyhow::anyhow!("{url} refused the request (403 Forbidden): open the page in a browser, save it, and run `cargo xtask new <problem> --url file:///path/to/page.html` or serve it locally and pass its address")
    } else {
        anyhow::anyhow!("{url} answered HTTP {code}")
    }
}

/// One line: what happened, and the two ways to get the page anyway.
fn browser_check(url: &str, status: u16) -> anyhow::Error {
    anyhow::anyhow!(
        "{url} answered with a browser check (HTTP {status}, a JavaScript challenge no script passes): {WITHOUT_FETCH}"
    )
}

/// Reads `url`: a `file://` path or an HTTP(S) address.
pub fn read(url: &str) -> anyhow::Result<String> {
    match url.strip_prefix("file://") {
        Some(path) => std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{path}: {e}")),
        None => get(url),
    }
}

/// The number before `unit` in `text` (`1 초` -> 1.0, `0.5 초 (추가 시간 없음)` -> 0.5).
fn number_before(text: &str, unit: &str) -> Option<f64> {
    let at = text.find(unit)?;
    let head = text[..at].trim();
    let start = head
        .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(0, |i| {
            i + head[i..].chars().next().map_or(1, |c| c.len_utf8())
        });
    head[start..].parse().ok()
}

/// Reads a problem page.
pub fn parse(html: &str) -> Page {
    let doc = Document::parse(html);
    let text_of = |selector: &str| doc.first(selector).map(|e| doc.text(e));
    let title = text_of("#problem_title")
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty());
    let cells: Vec<String> = doc
        .first("#problem-info tbody tr")
        .map(|row| {
            doc.select(row, "td")
                .into_iter()
                .map(|td| doc.text(td))
                .collect()
        })
        .unwrap_or_default();
    let time_limit_ms = cells
        .first()
        .and_then(|c| number_before(c, "초"))
        .map(|s| (s * 1000.0).round() as u64);
    let memory_limit_mb = cells
        .get(1)
        .and_then(|c| number_before(c, "MB"))
        .map(|m| m.round() as u64);
    let special_judge = doc.first(".problem-label-spj").is_some();
    let interactive = doc.first(".problem-label-interactive").is_some();
    let mut samples = Vec::new();
    for n in 1.. {
        let input = text_of(&format!("pre#sample-input-{n}"));
        let output = text_of(&format!("pre#sample-output-{n}"));
        match (input, output) {
            (Some(i), Some(o)) => samples.push((i, o)),
            _ => break,
        }
    }
    Page {
        title,
        time_limit_ms,
        memory_limit_mb,
        special_judge,
        interactive,
        samples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page laid out as BOJ lays out its problem pages (the parts the tool reads).
    fn page(title: &str, limits: (&str, &str), spj: bool, samples: &[(&str, &str)]) -> String {
        let mut html = format!(
            "<!DOCTYPE html><html lang=\"ko\"><head><meta charset=\"utf-8\"><title>{title}</title></head><body>\
             <div class=\"page-header\"><h1><span id=\"problem_title\">{title}</span>{}</h1></div>\
             <table class=\"table\" id=\"problem-info\"><thead><tr><th>시간 제한</th><th>메모리 제한</th><th>제출</th><th>정답</th></tr></thead>\
             <tbody><tr><td>{}</td><td>{}</td><td>1234</td><td>567</td></tr></tbody></table>",
            if spj { "<span class=\"problem-label problem-label-spj\">스페셜 저지</span>" } else { "" },
            limits.0,
            limits.1
        );
        for (k, (i, o)) in samples.iter().enumerate() {
            let n = k + 1;
            html.push_str(&format!(
                "<section id=\"sampleinput{n}\"><h2>예제 입력 {n}</h2><pre class=\"sampledata\" id=\"sample-input-{n}\">{i}</pre></section>\
                 <section id=\"sampleoutput{n}\"><h2>예제 출력 {n}</h2><pre class=\"sampledata\" id=\"sample-output-{n}\">{o}</pre></section>"
            ));
        }
        html.push_str("</body></html>");
        html
    }

    #[test]
    fn reads_title_limits_and_every_sample() {
        let html = page(
            "주사위 윷놀이",
            ("2 초", "512 MB"),
            false,
            &[("1 2\n", "3\n"), ("5 &lt; 7\n", "yes\n"), ("0\n", "0\n")],
        );
        let p = parse(&html);
        assert_eq!(p.title.as_deref(), Some("주사위 윷놀이"));
        assert_eq!(
            (p.time_limit_ms, p.memory_limit_mb),
            (Some(2000), Some(512))
        );
        assert!(!p.special_judge);
        assert_eq!(p.samples.len(), 3);
        assert_eq!(p.samples[1], ("5 < 7\n".to_string(), "yes\n".to_string()));
    }

    #[test]
    fn keeps_trailing_spaces_and_blank_lines_exactly() {
        let html = page("A", ("1 초", "128 MB"), false, &[("1 2  \n\n\n", "3 \n\n")]);
        assert_eq!(
            parse(&html).samples,
            [("1 2  \n\n\n".to_string(), "3 \n\n".to_string())]
        );
    }

    #[test]
    fn fractional_seconds_and_extra_notes_in_the_limit_cells() {
        let html = page(
            "B",
            ("0.5 초 (추가 시간 없음)", "1024 MB"),
            false,
            &[("1\n", "1\n")],
        );
        let p = parse(&html);
        assert_eq!(
            (p.time_limit_ms, p.memory_limit_mb),
            (Some(500), Some(1024))
        );
    }

    #[test]
    fn sees_the_special_judge_label() {
        assert!(parse(&page("C", ("1 초", "256 MB"), true, &[("1\n", "1\n")])).special_judge);
    }

    #[test]
    fn sees_the_interactive_label() {
        let html = page("E", ("1 초", "256 MB"), false, &[]).replace(
            "</h1>",
            "<span class=\"problem-label problem-label-interactive\">인터랙티브</span></h1>",
        );
        let p = parse(&html);
        assert!(p.interactive && !p.special_judge);
        assert!(!parse(&page("F", ("1 초", "256 MB"), true, &[])).interactive);
    }

    #[test]
    fn a_page_without_samples_or_limits_gives_none_of_them() {
        let p = parse("<html><body><span id=\"problem_title\">D</span></body></html>");
        assert_eq!(p.title.as_deref(), Some("D"));
        assert!(p.samples.is_empty() && p.time_limit_ms.is_none() && p.memory_limit_mb.is_none());
    }

    #[test]
    fn a_403_page_reads_as_nothing() {
        let p = parse("<html><head><title>403 Forbidden</title></head><body><center><h1>403 Forbidden</h1></center></body></html>");
        assert_eq!(p, Page::default());
    }

    /// Serves one HTTP answer on 127.0.0.1 and returns the address and the request seen.
    fn serve_once(status: &str, body: String) -> (String, std::thread::JoinHandle<String>) {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = format!("http://{}/problem/1000", listener.local_addr().unwrap());
        let status = status.to_string();
        let handle = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                let n = stream.read(&mut buf).unwrap();
                if n == 0 {
                    break;
                }
                request.extend_from_slice(&buf[..n]);
            }
            let answer = format!(
                "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(answer.as_bytes()).unwrap();
            String::from_utf8_lossy(&request).into_owned()
        });
        (address, handle)
    }

    #[test]
    fn fetches_a_page_served_locally_as_a_browser_would_ask() {
        let html = page("A+B", ("1 초", "128 MB"), false, &[("1 2\n", "3\n")]);
        let (address, server) = serve_once("200 OK", html);
        let p = parse(&get(&address).unwrap());
        assert_eq!(p.samples, [("1 2\n".to_string(), "3\n".to_string())]);
        let request = server.join().unwrap();
        assert!(request.contains("User-Agent: Mozilla/5.0"), "{request}");
    }

    #[test]
    fn a_403_says_plainly_that_the_site_refused() {
        let (address, server) = serve_once("403 Forbidden", "<h1>403 Forbidden</h1>".into());
        let err = get(&address).unwrap_err().to_string();
        server.join().unwrap();
        assert!(err.contains("403") && err.contains("refused"), "{err}");
        assert_eq!(err.lines().count(), 1);
    }

    /// Offline (nothing listens where the page should be), the one line names the two ways
    /// that need no fetch: the listener and a saved page, never "fetch again later".
    #[test]
    fn an_unreachable_page_names_the_listener_and_the_saved_page_way() {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let err = get(&format!("http://127.0.0.1:{port}/problem/1000"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("make listen") && err.contains("--url file://") && !err.contains("later"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    /// A browser check (an empty 202, a challenge page with 200, 403 or 405) is said in one
    /// line naming the listener and the saved-page way, never read as an empty page.
    #[test]
    fn a_browser_check_is_named_with_the_listener_and_the_saved_page_way() {
        let challenge = "<html><head><script>window.awsWafCookieDomainList = [];window.gokuProps = {};</script><script src=\"https://x.token.awswaf.com/x/challenge.js\"></script></head><body></body></html>";
        for (status, body) in [
            ("202 Accepted", String::new()),
            ("200 OK", challenge.to_string()),
            ("403 Forbidden", challenge.to_string()),
            ("405 Method Not Allowed", challenge.to_string()),
        ] {
            let (address, server) = serve_once(status, body);
            let err = get(&address).unwrap_err().to_string();
            server.join().unwrap();
            assert!(
                err.contains("browser check")
                    && err.contains("make listen")
                    && err.contains("file://"),
                "{status}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{status}: {err}");
        }
        // A real page is no check.
        assert!(!is_browser_check(&page(
            "A+B",
            ("1 초", "128 MB"),
            false,
            &[]
        )));
    }

    #[test]
    fn an_unreachable_or_silent_host_gives_up_within_the_time_bound() {
        // A port nobody listens on: refused at once.
        let closed = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap()
        };
        let started = std::time::Instant::now();
        assert!(get(&format!("http://{closed}/problem/1")).is_err());
        assert!(started.elapsed() < Duration::from_secs(2));
        // A listener that never answers: the fetch gives up after TIMEOUT.
        let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = format!("http://{}/problem/1", silent.local_addr().unwrap());
        let started = std::time::Instant::now();
        let err = get(&address).unwrap_err().to_string();
        assert!(
            started.elapsed() < TIMEOUT + Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        drop(silent);
    }
}
