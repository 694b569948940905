#!/usr/bin/env bash
# End-to-end: the packed package in a real n8n (installed once into .cache/), driven by n8n's CLI
# and webhook server against the sandbox, and n8n's editor in headless Chromium (test/browser).
# N8N_E2E_VERSIONS picks the n8n versions to run; arguments go to jest (e.g. test/browser).
set -euo pipefail
cd "$(dirname "$0")/../.."
npm run build
bash test/browser/install-chromium.sh >/dev/null
versions="${N8N_E2E_VERSIONS:-1.123.81 2.4.8}"
for v in $versions; do
  bash test/e2e/install-n8n.sh "$v" >/dev/null
  echo "== end-to-end on n8n $v"
  N8N_VERSION="$v" npx jest --config test/e2e/jest.config.js --runInBand "$@"
done
