#!/usr/bin/env bash
# `npm run dev`: see scripts/dev.js. exec: the signals npm passes on reach dev.js directly.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/dev.js "$@"
