#!/usr/bin/env bash
# Installs a real n8n into an ignored cache folder, once. Later runs reuse it.
# Usage: test/e2e/install-n8n.sh [version]   (prints the folder that holds node_modules/.bin/n8n)
set -euo pipefail
version="${1:-${N8N_VERSION:-1.123.81}}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/.cache/n8n-$version"
if [ -x "$dir/node_modules/.bin/n8n" ] && [ -f "$dir/.installed" ]; then
  echo "$dir"; exit 0
fi
mkdir -p "$dir"
# n8n's own tree gets its own package.json: the overrides below may not live in ours
# (n8n's community lint forbids them), and install scripts stay on here for native modules.
cat > "$dir/package.json" <<JSON
{
  "name": "n8n-e2e-host",
  "private": true,
  "dependencies": { "n8n": "$version" },
  "overrides": { "xlsx": "npm:xlsx@0.18.5", "isolated-vm": "5.0.4" }
}
JSON
printf 'ignore-scripts=false\nfund=false\naudit=false\nlegacy-peer-deps=false\n' > "$dir/.npmrc"
( cd "$dir" && npm install --no-audit --no-fund --loglevel=error >&2 )
touch "$dir/.installed"
echo "$dir"
