//! Running the `caro` binary as a person would, for the command-line tests.
// Each test crate uses the part it needs.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A fresh directory `caro-NAME-PID` under the system's temporary directory, for a test's
/// files (the test removes it when done).
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("caro-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `caro` with `args`, `input` (text or any bytes) piped to its standard input, and
/// waits for it.
pub fn run(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    run_program(env!("CARGO_BIN_EXE_caro"), args, input.as_ref())
}

/// Runs `pbrain-caro` as [`run`] runs `caro`.
pub fn run_brain(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    run_program(env!("CARGO_BIN_EXE_pbrain-caro"), args, input.as_ref())
}

fn run_program(program: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("caro starts");
    // Written from another thread, so that a program that answers as it reads never blocks
    // on a full output pipe; one that refuses its command line exits without reading.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// [`run`], as (standard output, standard error, success).
pub fn caro(args: &[&str], input: impl AsRef<[u8]>) -> (String, String, bool) {
    let out = run(args, input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

/// [`run`], as (standard output, standard error, exit code).
pub fn caro_code(args: &[&str], input: impl AsRef<[u8]>) -> (String, String, Option<i32>) {
    let out = run(args, input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}
