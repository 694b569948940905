#!/usr/bin/env bash
# Installs a real n8n into an ignored cache folder, once. Later runs reuse it.
# Usage: test/e2e/install-n8n.sh [version]   (prints the folder that holds node_modules/.bin/n8n)
set -euo pipefail
version="${1:-${N8N_VERSION:-1.123.81}}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$root/.cache/n8n-$version"
# Run from `npm run …`, npm exports its own settings (ignore-scripts=true from our .npmrc among
# them) as npm_config_* variables; n8n's native modules (sqlite3) need their install scripts.
for var in $(env | grep -io '^npm_config_[a-z_]*'); do unset "$var"; done
sqlite_ok() { (cd "$dir" && node -e "require('sqlite3')" >/dev/null 2>&1); }
if [ -x "$dir/node_modules/.bin/n8n" ] && [ -f "$dir/.installed" ]; then
  if sqlite_ok; then echo "$dir"; exit 0; fi
  echo "n8n in $dir has no working sqlite3; rebuilding native modules" >&2
  (cd "$dir" && npm rebuild --ignore-scripts=false >&2)
  sqlite_ok && { echo "$dir"; exit 0; }
  rm -f "$dir/.installed"
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
( cd "$dir" && npm install --ignore-scripts=false --no-audit --no-fund --loglevel=error >&2 )
sqlite_ok || { echo "n8n installed but its sqlite3 module does not load" >&2; exit 1; }
touch "$dir/.installed"
echo "$dir"
