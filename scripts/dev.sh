#!/usr/bin/env bash
# The main job, one command: install, build, start the Agora sandbox and a real n8n with this
# package installed, the credential and the example workflows imported. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules/n8n-core ] || npm ci --no-audit --no-fund
npm run build
exec node -r ts-node/register/transpile-only scripts/dev.ts "$@"
