#!/usr/bin/env bash
# Builds the browser app into www/pkg: the crate to wasm32, wasm-bindgen's JS glue, wasm-opt,
# the engines' weights, and the service worker's file list (pkg/app-files.js).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --lib --release --target wasm32-unknown-unknown
wasm-bindgen --target web --no-typescript --out-dir www/pkg target/wasm32-unknown-unknown/release/caro.wasm
if [ -x node_modules/.bin/wasm-opt ]; then
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-simd \
    --enable-mutable-globals www/pkg/caro_bg.wasm -o www/pkg/caro_bg.wasm
fi
# The engines' evaluation weights: fetched by the bot worker, not built into the wasm.
cp data/othello/eval.bin www/pkg/othello-eval.bin
cp data/caro/eval.bin www/pkg/caro-eval.bin
# The service worker's list of the app's files and their hashes, and the version they make.
node scripts/app-files.mjs
echo "[build-web] www/pkg/caro_bg.wasm: $(wc -c < www/pkg/caro_bg.wasm) bytes, othello-eval.bin: $(wc -c < www/pkg/othello-eval.bin) bytes, caro-eval.bin: $(wc -c < www/pkg/caro-eval.bin) bytes"
