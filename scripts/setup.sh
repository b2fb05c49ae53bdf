#!/usr/bin/env bash
# Installs what this project needs and is missing; skips what is already there. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen crate pinned in Cargo.toml

log() { printf '[setup] %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  log "installing Chromium and ChromeDriver (Debian packages)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  log "building wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/binaryen ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing node packages (playwright-core, binaryen)"
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else npm install --no-audit --no-fund --loglevel=error; fi
fi
log "tools ready"
