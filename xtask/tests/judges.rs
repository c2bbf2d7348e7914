//! Each judge end to end, as a user meets it: a problem arrives through the listener (the
//! payload Competitive Companion posts), is solved with proconio, itertools and the
//! workspace's `common`, and `submit` bundles and verifies it for that judge. Runs the tool
//! itself on a scratch workspace beside this one (its `common`, its lock file, so nothing is
//! resolved anew), building into `target/judges-scratch/` of the solutions' workspace.

use std::io::{BufRead, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The solutions' workspace (this tool's parent folder).
fn solutions_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A workspace with no problem yet: the real one's settings, `common` by path, its lock.
fn scratch() -> tempfile::TempDir {
    let real = solutions_root();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let manifest = format!(
        "[workspace]\nresolver = \"2\"\nmembers = []\n\n[workspace.package]\nedition = \"2021\"\nrust-version = \"1.73\"\npublish = false\n\n[workspace.dependencies]\nproconio = {{ version = \"=0.5.0\", default-features = false }}\nitertools = \"0.14\"\ncommon = {{ path = {:?} }}\n\n[workspace.metadata.new-problem]\nlibraries = [\"common\"]\n",
        real.join("common").display().to_string()
    );
    std::fs::write(root.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(real.join("Cargo.lock"), root.join("Cargo.lock")).unwrap();
    std::fs::create_dir_all(root.join(".cargo")).unwrap();
    // The real settings, with a target folder of its own and the real compiler wrapper (its
    // path is relative to the real project's root).
    let config = std::fs::read_to_string(real.join(".cargo/config.toml")).unwrap();
    let mut config: toml_edit::DocumentMut = config.parse().unwrap();
    let target = real.join("target/judges-scratch");
    let wrapper = real.join(config["build"]["rustc-workspace-wrapper"].as_str().unwrap());
    config["build"]["target-dir"] = toml_edit::value(target.display().to_string());
    config["build"]["rustc-workspace-wrapper"] = toml_edit::value(wrapper.display().to_string());
    std::fs::write(root.join(".cargo/config.toml"), config.to_string()).unwrap();
    dir
}

fn tool(root: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
    c.args(args)
        .current_dir(root)
        .env("XTASK_SOLUTIONS_ROOT", root)
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env("CARGO_NET_OFFLINE", "true");
    c
}

/// The problem at `url` posted to `listen --once`, as the browser extension posts it.
fn receive(root: &Path, url: &str, samples: &[(&str, &str)]) {
    // Port 0: the listener binds one the system picks and names it on its first line (a
    // port found free here and passed on could be taken meanwhile: by the other test's
    // listener, run beside this one, once).
    let mut listener = tool(root, &["listen", "--once", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(listener.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let port: u16 = first
        .split("localhost:")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in the listener's first line: {first}"));
    // The rest of what it prints, read so that it never waits on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    let tests: Vec<serde_json::Value> = samples
        .iter()
        .map(|(i, o)| serde_json::json!({"input": i, "output": o}))
        .collect();
    let body = serde_json::json!({
        "name": "A problem", "group": "A contest", "url": url, "interactive": false,
        "memoryLimit": 256, "timeLimit": 2000, "tests": tests,
        "batch": {"id": "b", "size": 1},
    })
    .to_string();
    let started = Instant::now();
    let mut stream = loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => break s,
            Err(_) if started.elapsed() < Duration::from_secs(60) => {
                std::thread::sleep(Duration::from_millis(100))
            }
            Err(e) => panic!("the listener never answered: {e}"),
        }
    };
    let request = format!(
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(listener.wait().unwrap().success());
}

/// A solution on proconio, itertools and `common`: the sum of the numbers, through `common`'s
/// big integer, and their distinct count.
const SOLUTION: &str = r#"//! A problem
use common::bignum::BigUint;
use itertools::Itertools;
use proconio::input;

fn main() {
    input! { n: usize, a: [u64; n] }
    let sum: u128 = a.iter().map(|&x| BigUint::from_limbs(&[x]).to_u128().unwrap()).sum();
    println!("{} {}", sum, a.iter().unique().count());
}
"#;

fn submit(root: &Path, url: &str, short: &str) -> (Output, String, String) {
    receive(root, url, &[("3\n1 2 2\n", "5 2\n"), ("1\n7\n", "7 1\n")]);
    let name = std::fs::read_dir(root)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("codeforces-") || n.starts_with("atcoder-"))
        .unwrap();
    std::fs::write(root.join(&name).join("src/main.rs"), SOLUTION).unwrap();
    let out = tool(root, &["submit", short, "--force"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let path = stdout
        .lines()
        .find_map(|l| l.strip_prefix("ready   "))
        .and_then(|l| l.split(' ').next())
        .unwrap_or_else(|| {
            panic!(
                "no ready line:\n{stdout}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    let bundle = std::fs::read_to_string(path).unwrap();
    (out, stdout, bundle)
}

fn has_toolchain(toolchain: &str) -> bool {
    Command::new("rustup")
        .args(["run", toolchain, "rustc", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Codeforces: the manifest says so, everything is inlined within 65,536 bytes, both
/// samples pass on the bundle, and rustc 1.89 checks it for Windows when installed.
#[test]
fn a_codeforces_problem_from_the_listener_is_bundled_within_64_kb_and_checked_for_windows() {
    let dir = scratch();
    let root = dir.path();
    let (out, stdout, bundle) = submit(root, "https://codeforces.com/contest/1/problem/A", "cf-1a");
    assert!(out.status.success(), "{stdout}");
    let manifest = std::fs::read_to_string(root.join("codeforces-1-a/Cargo.toml")).unwrap();
    assert!(manifest.contains("judge = \"codeforces\""), "{manifest}");
    assert!(bundle.len() <= 65_536, "{} bytes", bundle.len());
    for module in ["mod common", "mod itertools", "mod proconio"] {
        assert!(bundle.contains(module), "{module} not inlined");
    }
    assert_eq!(stdout.matches("AC  bundled").count(), 2, "{stdout}");
    assert!(stdout.contains("--cfg ONLINE_JUDGE"), "{stdout}");
    if has_toolchain("1.89.0") {
        assert!(
            stdout.contains("builds it for x86_64-pc-windows-msvc")
                || stdout.contains("not checked for x86_64-pc-windows-msvc"),
            "{stdout}"
        );
    }
}

/// AtCoder: proconio and itertools stay `use` lines (it has them installed), `common` is
/// inlined, and both samples pass on the bundle built against AtCoder's versions by rustc
/// 1.89 (inlined when rustc 1.89 is missing, which CI installs).
#[test]
fn an_atcoder_problem_from_the_listener_names_its_installed_crates_and_inlines_common() {
    let dir = scratch();
    let root = dir.path();
    let url = "https://atcoder.jp/contests/abc300/tasks/abc300_a";
    let (out, stdout, bundle) = submit(root, url, "abc300-a");
    assert!(out.status.success(), "{stdout}");
    assert!(bundle.contains("mod common"));
    assert_eq!(stdout.matches("AC  bundled").count(), 2, "{stdout}");
    if has_toolchain("1.89.0") {
        assert!(bundle.contains("\nuse itertools::Itertools;"), "{bundle}");
        assert!(bundle.contains("\nuse proconio::input;"), "{bundle}");
        assert!(!bundle.contains("mod proconio") && !bundle.contains("mod itertools"));
        assert!(stdout.contains("--edition 2024"), "{stdout}");
    } else {
        assert!(std::env::var_os("CI").is_none(), "CI installs rustc 1.89");
        assert!(bundle.contains("mod proconio"));
    }
}
