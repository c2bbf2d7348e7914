//! One GET of a page: `http://` addresses by a plain HTTP/1.1 exchange over a socket (a page
//! served on this machine), `https://` ones by `curl`, which every system this tool runs on
//! carries and which brings its own TLS (a TLS stack built into the tool was a third of its
//! dependencies' build time, for a fetch BOJ mostly answers with a browser check).

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::process::Command;
use std::time::Duration;

/// What a server answered.
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// The headers sent with every request: a browser's (BOJ answers some clients with 403).
pub const HEADERS: [(&str, &str); 3] = [
    (
        "User-Agent",
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    ),
    ("Accept", "text/html"),
    ("Accept-Language", "ko,en;q=0.8"),
];

/// The most of a page read (a problem page is about 50 KB).
const MAX_BYTES: u64 = 16 << 20;

/// GETs `url` within `timeout`; `Err` says in a few words why no answer came (the caller
/// adds what to do instead).
pub fn get(url: &str, timeout: Duration) -> Result<Answer, String> {
    if let Some(rest) = url.strip_prefix("http://") {
        plain(rest, timeout)
    } else if url.starts_with("https://") {
        curl(url, timeout)
    } else {
        Err("not an http:// or https:// address".into())
    }
}

/// `https://` by curl: its body, then the status on a line of its own.
fn curl(url: &str, timeout: Duration) -> Result<Answer, String> {
    let mut command = Command::new("curl");
    command
        .args(["--silent", "--show-error", "--location"])
        .args(["--max-time", &timeout.as_secs().max(1).to_string()])
        .args(["--max-filesize", &MAX_BYTES.to_string()])
        .args(["--write-out", "\n%{http_code}"]);
    for (name, value) in HEADERS {
        command.args(["--header", &format!("{name}: {value}")]);
    }
    let output = match command.arg("--").arg(url).output() {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err("an https page is fetched with curl, which is not on PATH".into())
        }
        Err(e) => return Err(format!("running curl: {e}")),
    };
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        let line = said.lines().next().unwrap_or("").trim();
        let line = line.strip_prefix("curl: ").unwrap_or(line);
        // `(6) Could not resolve host: ...`: the number is curl's exit code.
        let line = match line.strip_prefix('(').and_then(|l| l.split_once(") ")) {
            Some((code, said)) if code.bytes().all(|b| b.is_ascii_digit()) => said,
            _ => line,
        };
        return Err(if line.is_empty() {
            format!("curl ended with {}", output.status)
        } else {
            line.to_string()
        });
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let (body, status) = text.rsplit_once('\n').unwrap_or(("", &text));
    let status = status
        .trim()
        .parse()
        .map_err(|_| format!("curl gave no status ({:?})", status.trim()))?;
    Ok(Answer {
        status,
        body: body.to_string(),
    })
}

/// `http://` by hand: `rest` is the address after the scheme.
fn plain(rest: &str, timeout: Duration) -> Result<Answer, String> {
    let (authority, path) = match rest.find('/') {
        Some(at) => (&rest[..at], &rest[at..]),
        None => (rest, "/"),
    };
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !p.contains(']') => (h, p.parse().map_err(|_| format!("port {p:?}"))?),
        _ => (authority, 80),
    };
    let addresses = (host.trim_matches(['[', ']']), port)
        .to_socket_addrs()
        .map_err(|e| format!("looking up {host}: {e}"))?;
    let mut last = format!("no address for {host}");
    for address in addresses {
        match TcpStream::connect_timeout(&address, timeout) {
            Ok(stream) => return exchange(stream, authority, path, timeout),
            Err(e) => last = format!("connecting to {address}: {e}"),
        }
    }
    Err(last)
}

/// Sends the request on `stream` and reads the whole answer.
fn exchange(
    mut stream: TcpStream,
    authority: &str,
    path: &str,
    timeout: Duration,
) -> Result<Answer, String> {
    let io = |e: std::io::Error| e.to_string();
    stream.set_read_timeout(Some(timeout)).map_err(io)?;
    stream.set_write_timeout(Some(timeout)).map_err(io)?;
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\n");
    for (name, value) in HEADERS {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).map_err(io)?;
    let mut raw = Vec::new();
    stream
        .take(MAX_BYTES)
        .read_to_end(&mut raw)
        .map_err(|e| format!("reading the answer: {e}"))?;
    parse_answer(&raw)
}

/// An HTTP/1.x answer: status line, headers, and a body by length, in chunks, or to the end.
fn parse_answer(raw: &[u8]) -> Result<Answer, String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("an answer with no end of headers")?;
    let head = String::from_utf8_lossy(&raw[..split]);
    let mut body = &raw[split + 4..];
    let mut lines = head.lines();
    let status_line = lines.next().unwrap_or("");
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .filter(|_| status_line.starts_with("HTTP/"))
        .ok_or_else(|| format!("not an HTTP answer ({status_line:?})"))?;
    let mut chunked = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.to_ascii_lowercase().contains("chunked");
        } else if name.eq_ignore_ascii_case("content-length") {
            if let Ok(n) = value.parse::<usize>() {
                body = &body[..n.min(body.len())];
            }
        }
    }
    let bytes = if chunked {
        dechunk(body)?
    } else {
        body.to_vec()
    };
    Ok(Answer {
        status,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// A chunked body's bytes.
fn dechunk(mut body: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = body
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk with no size line")?;
        let size_text = String::from_utf8_lossy(&body[..line_end]);
        let size_text = size_text.split(';').next().unwrap_or("").trim().to_string();
        let size = usize::from_str_radix(&size_text, 16)
            .map_err(|_| format!("a chunk size {size_text:?}"))?;
        body = &body[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        if body.len() < size {
            return Err("a chunk shorter than its size".into());
        }
        out.extend_from_slice(&body[..size]);
        body = body.get(size + 2..).unwrap_or(&[]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_read_by_length_in_chunks_or_to_the_end() {
        let by_length = b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello, and more";
        let chunked =
            b"HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n7;x=y\r\n, world\r\n0\r\n\r\n";
        let to_end = b"HTTP/1.0 202 Accepted\r\nServer: x\r\n\r\n";
        let read = |raw: &[u8]| parse_answer(raw).map(|a| (a.status, a.body)).unwrap();
        assert_eq!(read(by_length), (200, "hello".to_string()));
        assert_eq!(read(chunked), (404, "hello, world".to_string()));
        assert_eq!(read(to_end), (202, String::new()));
        for broken in [
            &b"garbage"[..],
            b"SMTP 220\r\n\r\n",
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        ] {
            assert!(parse_answer(broken).is_err());
        }
    }

    #[test]
    fn an_address_of_another_scheme_is_refused_without_a_fetch() {
        assert!(get("ftp://example/x", Duration::from_secs(1)).is_err());
    }
}
