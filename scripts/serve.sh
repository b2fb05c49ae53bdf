#!/usr/bin/env bash
# Sets everything up, builds the browser app and serves it on a local port (PORT, default 8080).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-web.sh
PORT="${PORT:-8080}"
echo "Serving the game at http://127.0.0.1:${PORT}/  (Ctrl-C to stop)"
exec python3 -m http.server --bind 127.0.0.1 --directory www "$PORT"
