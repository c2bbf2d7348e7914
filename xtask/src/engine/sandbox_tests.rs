//! The sandbox against a probe built here that tries what a solution must not do: read its
//! expected output (by the path behind its stdin, and by the path itself), overwrite it, find
//! anything in its folder, use a descriptor its caller left open, reach a TCP listener on
//! this machine. Each attempt's outcome is printed by the probe and asserted here.

use super::{run, sandbox, Limits};
use crate::testing::build_rust;
use std::fs;
use std::time::Duration;

/// Tries each thing and prints one `what=outcome` line each; `outcome` is `ok` or `denied`.
/// Its arguments come through stdin: the expected output's path, a port, a descriptor.
const PROBE: &str = r#"
use std::io::{Read, Write};
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut it = s.split_whitespace();
    let expected = it.next().unwrap().to_string();
    let port: u16 = it.next().unwrap().parse().unwrap();
    let leaked: u32 = it.next().unwrap().parse().unwrap();
    let say = |what: &str, ok: bool| println!("{what}={}", if ok { "ok" } else { "denied" });
    let behind = std::fs::read_link("/proc/self/fd/0").map(|p| p.display().to_string()).unwrap_or_default();
    say("stdin-is-the-case", behind.ends_with(".in"));
    let sibling = behind.trim_end_matches(".in").to_string() + ".out";
    say("read-beside-stdin", std::fs::read_to_string(&sibling).is_ok());
    say("read-expected", std::fs::read_to_string(&expected).is_ok());
    let wrote = std::fs::OpenOptions::new().write(true).truncate(true).open(&expected)
        .and_then(|mut f| f.write_all(b"forged\n"));
    say("write-expected", wrote.is_ok());
    let here: Vec<_> = std::fs::read_dir(".").map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name()).collect()).unwrap_or_default();
    say("folder-holds-more-than-stdin", here.iter().any(|n| n != "stdin"));
    say("write-own-folder", std::fs::write("scratch.txt", "x").is_ok());
    say("leaked-fd", std::fs::metadata(format!("/proc/self/fd/{leaked}")).is_ok());
    say("tcp", std::net::TcpStream::connect(("127.0.0.1", port)).is_ok());
}
"#;

/// What the probe printed, as `what -> ok`.
fn outcomes(text: &str) -> std::collections::BTreeMap<String, bool> {
    text.lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v == "ok"))
        .collect()
}

/// A solution cannot read or overwrite its expected output (by the path behind its stdin,
/// which is a private copy, nor by the path itself where the kernel has Landlock), finds
/// nothing in its folder but its stdin, has no descriptor its caller left open, and reaches
/// no TCP listener of this machine (Landlock's, or a network namespace of its own); it may
/// write in its own folder. The expected output is as it was.
#[test]
fn a_solution_cannot_touch_its_expected_output_the_network_or_an_inherited_descriptor() {
    let dir = tempfile::tempdir().unwrap();
    let probe = build_rust(dir.path(), "probe", PROBE);
    let cases = dir.path().join("testcases");
    fs::create_dir_all(&cases).unwrap();
    let expected = cases.join("a.out");
    fs::write(&expected, "42\n").unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let input = cases.join("a.in");
    // A descriptor left open without close-on-exec, as a caller's shell may leave one
    // (`dup` takes the lowest free number: no other thread's descriptor is touched).
    let opened = fs::File::open(&expected).unwrap();
    // SAFETY: dup of a descriptor this test owns; the copy is closed below.
    let leaked = unsafe { libc::dup(std::os::fd::AsRawFd::as_raw_fd(&opened)) };
    assert!(leaked > 2);
    fs::write(&input, format!("{} {port} {leaked}\n", expected.display())).unwrap();
    let limits = Limits::new(Duration::from_secs(2), 256 << 20);
    let r = run(&probe, &[], &input, limits, &dir.path().join("out/a")).unwrap();
    // SAFETY: closes the descriptor this test made above.
    unsafe { libc::close(leaked) };
    let printed = fs::read_to_string(&r.stdout).unwrap();
    let o = outcomes(&printed);
    assert_eq!(o.len(), 8, "{printed}");
    for (what, want) in [
        ("stdin-is-the-case", false),
        ("read-beside-stdin", false),
        ("folder-holds-more-than-stdin", false),
        ("write-own-folder", true),
        ("leaked-fd", false),
        ("tcp", false),
    ] {
        assert_eq!(o[what], want, "{what}: {printed}");
    }
    let landlock = sandbox::landlock_abi() > 0;
    assert_eq!(o["read-expected"], !landlock, "{printed}");
    assert_eq!(o["write-expected"], !landlock, "{printed}");
    if landlock {
        assert_eq!(fs::read_to_string(&expected).unwrap(), "42\n");
    } else {
        eprintln!("note: no Landlock on this kernel: the workspace is not shut off");
    }
}
