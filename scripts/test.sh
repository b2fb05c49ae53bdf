#!/usr/bin/env bash
# Sets everything up and runs every test: formatting and lints, native tests, browser tests
# (wasm-bindgen-test in headless Chromium) and end-to-end tests of the real pages (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy (native and wasm32)"
cargo clippy --all-targets -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings
step "native tests"
cargo test
step "browser tests (wasm-bindgen-test, headless Chromium)"
CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" cargo test --target wasm32-unknown-unknown --test browser
step "build the web app"
bash scripts/build-web.sh
step "end-to-end tests (Playwright, headless Chromium)"
node --test tests/e2e/
