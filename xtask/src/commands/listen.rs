//! `cargo xtask listen [--port N] [--once]`: problems from the browser. The Competitive
//! Companion extension POSTs the problem it parsed from the page open in the browser (its
//! name, URL, limits and samples, as JSON) to a port on this machine; each becomes a problem
//! crate exactly as `make new` would make it from the page, or, when the crate exists, gets
//! its samples and metadata as `make fetch` writes them. BOJ answers scripts with a browser
//! check; the browser has passed it.
//!
//! The HTTP is the least the extension needs: one request per connection, a body of
//! `Content-Length` bytes, an empty `200 OK` back. Anything else (another method, a bad or
//! oversized request, bad JSON, a missing field) gets one line on stderr and a 4xx answer,
//! and the listener keeps serving.

use crate::boj_page::Page;
use crate::workspace::problems::Workspace;
use crate::workspace::scaffold;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::time::Duration;

/// The port the README tells users to add to the extension's custom ports (none of the
/// tools the extension knows uses it).
pub const DEFAULT_PORT: u16 = 10046;

/// The largest request read: a contest's problem with big samples is far smaller.
const MAX_REQUEST_BYTES: usize = 16 << 20;

/// How long a connection may take to send its request.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// The arguments of `cargo xtask listen`.
#[derive(clap::Args)]
pub struct Args {
    /// The port on 127.0.0.1 (add it to Competitive Companion's custom ports).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// Handle one problem (or one contest's batch) and exit.
    #[arg(long)]
    once: bool,
}

/// `cargo xtask listen`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    let ws = Workspace::load()?;
    let listeners = bind(args.port)?;
    println!(
        "listen  localhost:{} (127.0.0.1{}) for Competitive Companion{} (Ctrl-C stops)",
        listeners[0].local_addr().map_or(args.port, |a| a.port()),
        if listeners.len() > 1 { " and ::1" } else { "" },
        if args.once {
            ", one problem or batch"
        } else {
            ""
        }
    );
    serve(&listeners, &ws.root, args.once)
}

/// Both loopback addresses on `port` (0: one the system picks, the same for both): browsers
/// may resolve `localhost` to either; `::1` where the machine has it.
fn bind(port: u16) -> anyhow::Result<Vec<TcpListener>> {
    let v4 = TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        anyhow::anyhow!(
            "cannot listen on 127.0.0.1:{port} ({e}): another tool holds the port? choose one with --port and add it to Competitive Companion's custom ports"
        )
    })?;
    let port = v4.local_addr()?.port();
    let mut listeners = vec![v4];
    listeners.extend(TcpListener::bind(("::1", port)).ok());
    Ok(listeners)
}

/// The problem the extension sends (its fields as it names them; the ones not read here
/// are ignored).
#[derive(serde::Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
struct Payload {
    name: String,
    url: String,
    #[serde(default)]
    interactive: bool,
    /// Megabytes.
    memory_limit: u64,
    /// Milliseconds.
    time_limit: u64,
    tests: Vec<Test>,
    #[serde(default)]
    batch: Option<Batch>,
}

#[derive(serde::Deserialize, Debug)]
struct Test {
    input: String,
    output: String,
}

/// A contest sends its problems one POST each, with the same batch id and its size.
#[derive(serde::Deserialize, Debug)]
struct Batch {
    id: String,
    size: usize,
}

/// Serves connections on `listener` for the workspace at `root`; with `once`, returns after
/// one problem, or after every problem of the first problem's batch.
pub fn serve(listeners: &[TcpListener], root: &Path, once: bool) -> anyhow::Result<bool> {
    let mut batch: Option<(String, usize)> = None;
    let mut ok = true;
    for l in listeners {
        l.set_nonblocking(true)?;
    }
    loop {
        let Some(mut stream) = listeners
            .iter()
            .find_map(|l| l.accept().ok().map(|(s, _)| s))
        else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        let _ = stream.set_nonblocking(false);
        let payload = match read_request(&mut stream) {
            Ok(body) => serde_json::from_slice::<Payload>(&body)
                .map_err(|e| anyhow::anyhow!("not a Competitive Companion problem: {e}")),
            Err(e) => Err(e),
        };
        // A URL that is not a problem page of a judge is refused before anything is made.
        let payload = payload.and_then(|p| check_url(&p.url).map(|()| p));
        let payload = match payload {
            Ok(p) => {
                answer(&mut stream, "200 OK");
                p
            }
            Err(e) => {
                answer(&mut stream, "400 Bad Request");
                eprintln!("error: {e:#}");
                continue;
            }
        };
        if let Err(e) = receive(root, &payload) {
            eprintln!("error: {}: {e:#}", payload.url);
            ok = false;
        }
        if !once {
            continue;
        }
        match (&payload.batch, &mut batch) {
            (Some(b), None) if b.size > 1 => batch = Some((b.id.clone(), b.size - 1)),
            (Some(b), Some((id, left))) if b.id == *id => *left -= 1,
            _ => {}
        }
        if batch.as_ref().is_none_or(|(_, left)| *left == 0) {
            return Ok(ok);
        }
    }
}

/// Whether `url` can be a judge's problem page: `http(s)://host/path`, a host of letters,
/// digits, dots and dashes with a dot in it, no `.` or `..` segment, no space.
fn check_url(url: &str) -> anyhow::Result<()> {
    let bad = || anyhow::anyhow!("{url:?} is not a problem page's address (http(s)://host/path)");
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(bad)?;
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host_ok = host.contains('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
    let path_ok = !path.chars().any(char::is_whitespace)
        && path
            .split(['/', '?', '#'])
            .all(|seg| seg != ".." && seg != ".");
    if host_ok && path_ok {
        Ok(())
    } else {
        Err(bad())
    }
}

/// The body of one HTTP POST on `stream`, bounded; an error names what was wrong.
fn read_request(stream: &mut TcpStream) -> anyhow::Result<Vec<u8>> {
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let mut reader = BufReader::new(stream.take(MAX_REQUEST_BYTES as u64));
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let method = line.split_whitespace().next().unwrap_or("");
    if method != "POST" {
        anyhow::bail!("a {method:?} request: Competitive Companion sends POST");
    }
    let mut length = None;
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            anyhow::bail!("the request ended inside its headers");
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
    let length = length.ok_or_else(|| anyhow::anyhow!("a POST without a Content-Length"))?;
    if length > MAX_REQUEST_BYTES {
        anyhow::bail!("a body of {length} bytes, over {MAX_REQUEST_BYTES}");
    }
    let mut body = vec![0; length];
    reader
        .read_exact(&mut body)
        .map_err(|e| anyhow::anyhow!("the body ended before its {length} bytes: {e}"))?;
    Ok(body)
}

fn answer(stream: &mut TcpStream, status: &str) {
    let _ = stream.write_all(
        format!("HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").as_bytes(),
    );
}

/// The crate a problem's URL names: `boj-<id>` for a BOJ problem, else the site and the
/// URL's last parts (`atcoder-abc300-a` for `https://atcoder.jp/contests/abc300/tasks/abc300_a`).
pub fn crate_for(url: &str) -> anyhow::Result<String> {
    let rest = url
        .split_once("://")
        .map_or(url, |(_, r)| r)
        .trim_end_matches('/');
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.trim_start_matches("www.");
    if host == "acmicpc.net" {
        if let Some(id) = path.strip_prefix("problem/") {
            if !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()) {
                return Ok(format!("boj-{id}"));
            }
        }
        // A contest's page (`contest/problem/<contest>/<n>`) does not say the problem's
        // number: named so, a BOJ problem all the same (`receive` says how to rename it).
        if let Some(rest) = path.strip_prefix("contest/problem/") {
            let parts: Vec<&str> = rest.split('/').collect();
            if let [contest, n] = parts[..] {
                if [contest, n]
                    .iter()
                    .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
                {
                    return Ok(format!("boj-contest-{contest}-{n}"));
                }
            }
        }
    }
    // BOJ Stack's preview of a problem being prepared (`problem/preview/<id>`): its id is
    // not yet a BOJ number.
    if host == "stack.acmicpc.net" {
        if let Some(id) = path.strip_prefix("problem/preview/") {
            if !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Ok(format!("boj-preview-{}", id.to_ascii_lowercase()));
            }
        }
    }
    let site = host.split('.').next().unwrap_or(host);
    let parts: Vec<&str> = path
        .split('/')
        .filter(|p| {
            !p.is_empty()
                && !matches!(
                    *p,
                    "contests" | "contest" | "tasks" | "problem" | "problems" | "problemset"
                )
        })
        .collect();
    // The task's own id usually repeats the contest's (`abc300_a` under `abc300`).
    let last = parts.last().copied().unwrap_or("");
    let mut words: Vec<String> = vec![site.to_string()];
    for p in &parts[..parts.len().saturating_sub(1)] {
        if !last.starts_with(p) {
            words.push(p.to_string());
        }
    }
    words.push(last.to_string());
    let name: String = words
        .join("-")
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let name = name
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    scaffold::crate_name(&name)
        .map_err(|_| anyhow::anyhow!("cannot name a problem crate after {url}"))
}

/// One problem received: its crate made (as `make new` makes it) or updated (as `make fetch`
/// does), its samples and limits written.
fn receive(root: &Path, p: &Payload) -> anyhow::Result<()> {
    let name = crate_for(&p.url)?;
    let manifest = root.join(&name).join("Cargo.toml");
    let exists = manifest.is_file();
    // An interactive crate stays one (the extension's parser never says `interactive`), and
    // its sample exchange is never written as a case.
    let was_interactive = exists
        && std::fs::read_to_string(&manifest)
            .ok()
            .and_then(|t| t.parse::<toml_edit::DocumentMut>().ok())
            .and_then(|d| {
                d.get("package")?
                    .get("metadata")?
                    .get("problem")?
                    .get("interactive")?
                    .as_bool()
            })
            == Some(true);
    if !exists {
        let kind = match p.interactive {
            true => scaffold::Kind::Interactive,
            false => scaffold::Kind::Batch,
        };
        scaffold::create(root, &name, kind)?;
    }
    let page = Page {
        title: Some(p.name.clone()),
        time_limit_ms: Some(p.time_limit),
        memory_limit_mb: Some(p.memory_limit),
        special_judge: false,
        interactive: p.interactive || was_interactive,
        samples: p
            .tests
            .iter()
            .map(|t| (t.input.clone(), t.output.clone()))
            .collect(),
    };
    let done = scaffold::apply(root, &name, &p.url, &page)?;
    let verb = if exists { "updated" } else { "created" };
    println!("{verb} {name}: {}", done.join(", "));
    if !exists {
        // The template's header takes the problem's name, as `make new` gives it the title.
        scaffold::title_header(root, &name, &p.name)?;
    }
    let unnumbered = if name.starts_with("boj-contest-") {
        Some("a contest's page")
    } else if name.starts_with("boj-preview-") {
        Some("a BOJ Stack preview")
    } else {
        None
    };
    if let Some(page) = unnumbered {
        let text = std::fs::read_to_string(&manifest)?;
        std::fs::write(
            &manifest,
            scaffold::set_metadata(&text, "judge", "BOJ".into())?,
        )?;
        println!(
            "note    {name}: {page} does not say the problem's BOJ number; the crate is a BOJ problem all the same (rename it to boj-<number> when you know it, and `make fetch-boj-<number>` refreshes it)"
        );
    } else if !crate::judge::profile(scaffold::source_of(&name).1).is_judge() {
        println!(
            "note    {name} is not a BOJ problem: its bundle is checked with BOJ's compiler and our 64 KiB limit, as no profile of its judge exists here"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A problem as Competitive Companion sends it from a BOJ page (its documented fields).
    fn payload(url: &str, batch: (&str, usize)) -> String {
        serde_json::json!({
            "name": "A+B",
            "group": "Baekjoon Online Judge",
            "url": url,
            "interactive": false,
            "memoryLimit": 128,
            "timeLimit": 1000,
            "tests": [
                {"input": "1 2\n", "output": "3\n"},
                {"input": "10 20\n", "output": "30\n"}
            ],
            "testType": "single",
            "input": {"type": "stdin"},
            "output": {"type": "stdout"},
            "languages": {"java": {"mainClass": "Main", "taskClass": "AB"}},
            "batch": {"id": batch.0, "size": batch.1}
        })
        .to_string()
    }

    /// POSTs `body` to `address` as the extension does; the status line answered.
    fn post(address: std::net::SocketAddr, body: &str) -> String {
        let mut stream = TcpStream::connect(address).unwrap();
        let request = format!(
            "POST / HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer.lines().next().unwrap_or("").to_string()
    }

    /// `serve(.., once)` for the workspace at `root` on a free local port, in a thread: its
    /// address, and the thread to join for its answer.
    fn listening_once(
        root: &Path,
    ) -> (
        std::net::SocketAddr,
        std::thread::JoinHandle<anyhow::Result<bool>>,
    ) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let root = root.to_path_buf();
        (
            address,
            std::thread::spawn(move || serve(&[listener], &root, true)),
        )
    }

    /// A workspace with no member yet.
    fn workspace() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("Cargo.toml"),
            "[workspace]\nresolver = \"2\"\nmembers = []\n",
        )
        .unwrap();
        dir
    }

    #[test]
    fn a_problems_url_names_its_crate() {
        assert_eq!(
            crate_for("https://www.acmicpc.net/problem/1000").unwrap(),
            "boj-1000"
        );
        assert_eq!(
            crate_for("https://acmicpc.net/problem/18139/").unwrap(),
            "boj-18139"
        );
        assert_eq!(
            crate_for("https://atcoder.jp/contests/abc300/tasks/abc300_a").unwrap(),
            "atcoder-abc300-a"
        );
        assert_eq!(
            crate_for("https://codeforces.com/contest/1234/problem/A").unwrap(),
            "codeforces-1234-a"
        );
        assert!(crate_for("https://").is_err());
        // A contest's page does not say the problem's number: named by the contest.
        assert_eq!(
            crate_for("https://www.acmicpc.net/contest/problem/1105/1").unwrap(),
            "boj-contest-1105-1"
        );
        // A BOJ Stack preview (the extension's second BOJ page) has an id of its own.
        assert_eq!(
            crate_for("https://stack.acmicpc.net/problem/preview/ab12").unwrap(),
            "boj-preview-ab12"
        );
    }

    /// An address that is no judge's problem page is refused with a 400 and one line, and
    /// nothing is made; the listener keeps serving the next.
    #[test]
    fn an_address_that_is_no_problem_page_is_refused_and_nothing_is_made() {
        for bad in [
            "not a url/../..",
            "https://evil.example/../../x",
            "file:///etc/passwd",
            "https://localhost/x",
        ] {
            assert!(check_url(bad).is_err(), "{bad}");
        }
        assert!(check_url("https://www.acmicpc.net/problem/1000").is_ok());
        let ws = workspace();
        let root = ws.path().to_path_buf();
        let (address, served) = listening_once(&root);
        let evil = payload("https://evil.example/../../x", ("e", 1));
        assert_eq!(post(address, &evil), "HTTP/1.1 400 Bad Request");
        let good = payload("https://www.acmicpc.net/problem/1000", ("g", 1));
        assert_eq!(post(address, &good), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        let made: Vec<String> = std::fs::read_dir(&root)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n != "Cargo.toml" && n != "testcases")
            .collect();
        assert_eq!(made, ["boj-1000"]);
    }

    /// A second send with fewer samples leaves no old `sample-N` behind, and never touches
    /// the user's own cases; a crate made interactive stays so when the extension's payload
    /// says `interactive: false` (its parser never says otherwise), and gets no sample.
    #[test]
    fn a_second_send_drops_stale_samples_and_an_interactive_crate_keeps_its_kind() {
        let ws = workspace();
        let root = ws.path().to_path_buf();
        let url = "https://www.acmicpc.net/problem/1000";
        let (address, served) = listening_once(&root);
        assert_eq!(post(address, &payload(url, ("a", 1))), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        let cases = root.join("testcases/boj-1000");
        std::fs::write(cases.join("mine.in"), "5 5\n").unwrap();
        std::fs::write(cases.join("mine.out"), "10\n").unwrap();
        let fewer =
            payload(url, ("b", 1)).replace(",{\"input\":\"10 20\\n\",\"output\":\"30\\n\"}", "");
        assert_ne!(fewer, payload(url, ("b", 1)));
        let (address, served) = listening_once(&root);
        assert_eq!(post(address, &fewer), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        let mut left: Vec<String> = std::fs::read_dir(&cases)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["mine.in", "mine.out", "sample-1.in", "sample-1.out"]);
        // An interactive crate, then the extension's real payload for it.
        let iurl = "https://www.acmicpc.net/problem/2000";
        let (address, served) = listening_once(&root);
        let interactive =
            payload(iurl, ("c", 1)).replace("\"interactive\":false", "\"interactive\":true");
        assert_eq!(post(address, &interactive), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        let (address, served) = listening_once(&root);
        assert_eq!(post(address, &payload(iurl, ("d", 1))), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        let manifest = std::fs::read_to_string(root.join("boj-2000/Cargo.toml")).unwrap();
        assert!(manifest.contains("interactive = true"), "{manifest}");
        let samples = std::fs::read_dir(root.join("testcases/boj-2000"))
            .unwrap()
            .count();
        assert_eq!(samples, 0);
    }

    /// A BOJ problem POSTed over a real local connection becomes `boj-<id>` with its
    /// samples, title, URL and limits, as `make new` makes it; posted again, the crate is
    /// updated as `make fetch` does (the solution kept). Bad requests in between get a 4xx
    /// and the listener keeps serving.
    #[test]
    fn a_posted_boj_problem_becomes_its_crate_and_a_second_post_updates_it() {
        let ws = workspace();
        let root = ws.path().to_path_buf();
        let url = "https://www.acmicpc.net/problem/1000";
        let (address, served) = listening_once(&root);
        assert_eq!(post(address, "{not json"), "HTTP/1.1 400 Bad Request");
        assert_eq!(
            post(address, "{\"name\": \"x\"}"),
            "HTTP/1.1 400 Bad Request"
        );
        assert_eq!(post(address, &payload(url, ("b1", 1))), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        let manifest = std::fs::read_to_string(root.join("boj-1000/Cargo.toml")).unwrap();
        for line in [
            "title = \"A+B\"",
            "url = \"https://www.acmicpc.net/problem/1000\"",
            "judge = \"BOJ\"",
            "time-limit-ms = 1000",
            "memory-limit-mb = 128",
        ] {
            assert!(manifest.contains(line), "{line} not in:\n{manifest}");
        }
        let cases = root.join("testcases/boj-1000");
        let read = |f: &str| std::fs::read_to_string(cases.join(f)).unwrap();
        assert_eq!(
            (read("sample-1.in"), read("sample-1.out")),
            ("1 2\n".into(), "3\n".into())
        );
        assert_eq!(read("sample-2.out"), "30\n");
        let members = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
        assert!(members.contains("\"boj-1000\""), "{members}");
        // Posted again: updated, the solution untouched.
        let main = root.join("boj-1000/src/main.rs");
        std::fs::write(&main, "// my work\n").unwrap();
        let (address, served) = listening_once(&root);
        let changed = payload(url, ("b2", 1)).replace("\"timeLimit\":1000", "\"timeLimit\":2000");
        assert_eq!(post(address, &changed), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        assert_eq!(std::fs::read_to_string(&main).unwrap(), "// my work\n");
        let manifest = std::fs::read_to_string(root.join("boj-1000/Cargo.toml")).unwrap();
        assert!(manifest.contains("time-limit-ms = 2000"), "{manifest}");
    }

    /// `"interactive": true` makes an interactive crate: `interactive = true`, the
    /// interactor's target and skeleton `src/bin/interactor.rs`, the interactive template,
    /// and no sample written (the page's samples are an exchange, not an input and answer).
    #[test]
    fn a_posted_interactive_problem_becomes_an_interactive_crate() {
        let ws = workspace();
        let root = ws.path().to_path_buf();
        let (address, served) = listening_once(&root);
        let body = payload("https://www.acmicpc.net/problem/1000", ("i", 1))
            .replace("\"interactive\":false", "\"interactive\":true");
        assert!(body.contains("\"interactive\":true"));
        assert_eq!(post(address, &body), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        let krate = root.join("boj-1000");
        let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap();
        for line in [
            "interactive = true",
            "name = \"boj-1000-interactor\"",
            "path = \"src/bin/interactor.rs\"",
        ] {
            assert!(manifest.contains(line), "{line} not in:\n{manifest}");
        }
        assert!(krate.join("src/bin/interactor.rs").is_file());
        let main = std::fs::read_to_string(krate.join("src/main.rs")).unwrap();
        assert!(main.starts_with("//! A+B\n") && main.contains("input_interactive!"));
        let cases: Vec<_> = std::fs::read_dir(root.join("testcases/boj-1000"))
            .unwrap()
            .collect();
        assert!(cases.is_empty(), "{cases:?}");
    }

    /// A contest's batch: `--once` waits for every problem of the batch; an AtCoder problem
    /// gets a crate named from its URL, judged by the `atcoder` profile.
    #[test]
    fn once_takes_a_whole_batch_and_an_atcoder_problem_is_named_and_judged_from_its_url() {
        let ws = workspace();
        let root = ws.path().to_path_buf();
        let (address, served) = listening_once(&root);
        for task in ["a", "b"] {
            let url = format!("https://atcoder.jp/contests/abc300/tasks/abc300_{task}");
            assert_eq!(
                post(address, &payload(&url, ("contest", 2))),
                "HTTP/1.1 200 OK"
            );
        }
        assert!(served.join().unwrap().unwrap());
        for name in ["atcoder-abc300-a", "atcoder-abc300-b"] {
            let manifest = std::fs::read_to_string(root.join(name).join("Cargo.toml")).unwrap();
            assert!(manifest.contains("judge = \"atcoder\""), "{manifest}");
            assert!(root
                .join("testcases")
                .join(name)
                .join("sample-2.in")
                .is_file());
        }
    }

    /// A contest's page and a BOJ Stack preview do not say the problem's number: each
    /// becomes a crate of its own, judged as BOJ (its compiler, its limits), not `none`.
    #[test]
    fn a_posted_boj_contest_page_or_stack_preview_is_a_boj_problem() {
        let ws = workspace();
        let root = ws.path().to_path_buf();
        for (url, name) in [
            (
                "https://www.acmicpc.net/contest/problem/1105/1",
                "boj-contest-1105-1",
            ),
            (
                "https://stack.acmicpc.net/problem/preview/4521",
                "boj-preview-4521",
            ),
        ] {
            let (address, served) = listening_once(&root);
            assert_eq!(post(address, &payload(url, ("p", 1))), "HTTP/1.1 200 OK");
            assert!(served.join().unwrap().unwrap());
            let manifest = std::fs::read_to_string(root.join(name).join("Cargo.toml")).unwrap();
            assert!(manifest.contains("judge = \"BOJ\""), "{manifest}");
            assert!(manifest.contains(url), "{manifest}");
        }
    }

    /// `localhost` may be `::1` to the browser: a POST to the IPv6 loopback (where this
    /// machine has one) makes the crate as one to 127.0.0.1 does, on the same port.
    #[test]
    fn a_post_to_the_ipv6_loopback_is_served_on_the_same_port() {
        let listeners = bind(0).unwrap();
        let v4 = listeners[0].local_addr().unwrap();
        let Some(v6) = listeners.get(1).map(|l| l.local_addr().unwrap()) else {
            assert!(
                TcpListener::bind(("::1", 0)).is_err(),
                "::1 exists but was not bound"
            );
            return;
        };
        assert_eq!(v4.port(), v6.port());
        let ws = workspace();
        let root = ws.path().to_path_buf();
        let served = std::thread::spawn(move || serve(&listeners, &root, true));
        let url = "https://www.acmicpc.net/problem/1008";
        assert_eq!(post(v6, &payload(url, ("v6", 1))), "HTTP/1.1 200 OK");
        assert!(served.join().unwrap().unwrap());
        assert!(ws.path().join("boj-1008/Cargo.toml").is_file());
    }

    /// A port another program holds is one line naming the port and the way out.
    #[test]
    fn a_port_in_use_is_one_line_naming_it() {
        let held = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = held.local_addr().unwrap().port();
        let err = run(Args { port, once: true }).unwrap_err().to_string();
        assert!(
            err.contains(&port.to_string()) && err.contains("--port"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
    }
}
