#!/usr/bin/env bash
# n8n's own lint over the whole repository: `n8n-node lint` checks strict mode (eslint.config.mjs is
# n8n's default, unchanged) and runs ESLint with @n8n/node-cli's config. It exits 0 on warnings;
# here a warning fails too; then Prettier checks the formatting (.prettierrc.js, n8n's starter
# settings). Arguments go to n8n-node lint (e.g. --fix, which also formats).
set -uo pipefail
cd "$(dirname "$0")/.."
out="$(npx --no-install n8n-node lint "$@" 2>&1)"
code=$?
printf '%s\n' "$out"
[ "$code" -eq 0 ] || exit "$code"
plain="$(printf '%s' "$out" | sed 's/\x1b\[[0-9;]*m//g')"
if grep -Eq '[0-9]+ problems? \(' <<<"$plain"; then
  echo "lint: n8n-node lint reported warnings; they count as failures here" >&2
  exit 1
fi
if [ "${1:-}" = "--fix" ]; then
  npx --no-install prettier --write --log-level warn .
else
  npx --no-install prettier --check --log-level warn . || { echo "lint: formatting differs from .prettierrc.js; npm run lint:fix formats" >&2; exit 1; }
fi
