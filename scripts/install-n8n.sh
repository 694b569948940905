#!/usr/bin/env bash
# Installs a real n8n and the Node.js it runs on into the ignored cache folder, once, and prints
# its folder. Usage: scripts/install-n8n.sh [version]; options in docs/development.md.
set -euo pipefail
version="${1:-${N8N_VERSION:-1.123.81}}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${N8N_E2E_CACHE:-$root/.cache}"
# Pinned so every machine runs the same binaries. n8n 2.38 and later require Node 24; n8n 1.123
# needs Node 22 or later in practice (its isolated-vm 6 has no build for Node 20, and ships
# ready-made ones for Node 22 and 24, so nothing of it is compiled).
NODE_22=22.23.3
NODE_24=24.21.0
node_for() {
	local major="${1%%.*}" rest="${1#*.}"
	local minor="${rest%%.*}"
	if [ "$major" -ge 3 ] || { [ "$major" -eq 2 ] && [ "$minor" -ge 38 ]; }; then echo "$NODE_24"; else echo "$NODE_22"; fi
}
node_version="${N8N_NODE_VERSION:-$(node_for "$version")}"
case "$node_version" in 22) node_version=$NODE_22 ;; 24) node_version=$NODE_24 ;; esac
dir="$cache/n8n-$version-node${node_version%%.*}"
node_dir="$cache/node-v$node_version"

# Run from `npm run …`, npm exports its own settings (ignore-scripts=true from our .npmrc among
# them) as npm_config_* variables: they must not reach n8n's own install (the registry and the
# download cache are kept).
for var in $(env | grep -io '^npm_config_[a-z_]*' | grep -iv '^npm_config_\(registry\|cache\)$'); do unset "$var"; done
started=$SECONDS
say() { [ -n "${N8N_INSTALL_QUIET:-}" ] || echo "[install n8n $version] $(( SECONDS - started ))s $*" >&2; }
mkdir -p "$cache"

# One installer per target at a time (dev and the e2e suite may ask at once); the lock waits.
locked() {
	local name="$1"
	shift
	( flock 9; "$@" ) 9>"$cache/.lock-$name"
}

install_node() {
	[ -x "$node_dir/bin/node" ] && [ -f "$node_dir/.installed" ] && return 0
	local platform tmp
	platform="$(node -p 'process.platform + "-" + process.arch')"
	say "downloading Node.js $node_version (npm package node-$platform)"
	tmp="$(mktemp -d "$cache/.node-XXXXXX")"
	(cd "$tmp" && npm pack "node-$platform@$node_version" --silent >/dev/null)
	mkdir -p "$tmp/node"
	tar -xzf "$tmp"/node-*.tgz -C "$tmp/node" --strip-components=1
	rm -rf "$node_dir"
	mv "$tmp/node" "$node_dir"
	rm -rf "$tmp"
	"$node_dir/bin/node" --version >/dev/null
	touch "$node_dir/.installed"
}

sqlite_ok() { (cd "$dir" && "$node_dir/bin/node" -e "new (require('sqlite3').Database)(':memory:').close()" >/dev/null 2>&1); }
sqlite_binary() { echo "$cache/native/sqlite3-$1-napi6-$(uname -s)-$(uname -m)/node_sqlite3.node"; }

# sqlite3 is an N-API module: one build, made for N-API 6 as sqlite3's own releases are, loads in
# every Node version from 14 on (also the test runner's). It is built once per sqlite3 version,
# from the registry's package, while n8n downloads, and copied into each n8n install.
build_sqlite3() {
	local sv="$1" built work
	built="$(sqlite_binary "$sv")"
	[ -f "$built" ] && return 0
	say "compiling sqlite3 $sv (once for all n8n versions; the longest step, 1-3 minutes)"
	work="$cache/native/.build-sqlite3-$sv"
	rm -rf "$work"
	mkdir -p "$work"
	printf '{"name":"sqlite3-build","private":true,"dependencies":{"sqlite3":"%s"}}\n' "$sv" >"$work/package.json"
	# prebuild-install would download a binary from outside the registry: build from source.
	(cd "$work" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error &&
		PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm_config_build_from_source=true \
			npm_config_napi_build_version=6 npm_config_jobs=max npm rebuild sqlite3 --ignore-scripts=false --loglevel=error) \
		>"$cache/native/sqlite3-$sv-build.log" 2>&1 ||
		{ echo "sqlite3 build failed (needs cc, make, python3); log: $cache/native/sqlite3-$sv-build.log" >&2; return 1; }
	mkdir -p "$(dirname "$built")"
	cp "$work/node_modules/sqlite3/build/Release/node_sqlite3.node" "$built.tmp"
	mv "$built.tmp" "$built"
	rm -rf "$work"
	say "sqlite3 $sv compiled"
}

install_n8n() {
	if [ -x "$dir/node_modules/.bin/n8n" ] && grep -qs sqlite3-napi6 "$dir/.installed" && sqlite_ok; then return 0; fi
	rm -f "$dir/.installed"
	mkdir -p "$dir"
	# n8n's tree gets its own package.json: the override below may not live in ours (n8n's
	# community lint forbids overrides). n8n 1.x names xlsx by a URL outside the npm registry.
	cat >"$dir/package.json" <<JSON
{
  "name": "n8n-e2e-host",
  "private": true,
  "dependencies": { "n8n": "$version" },
  "overrides": { "xlsx": "npm:xlsx@0.18.5" }
}
JSON
	# No install scripts: they would compile or download native modules a run here does not use
	# (a Kafka client's build downloads sources from outside the registry). sqlite3 is built below;
	# isolated-vm loads one of the builds it ships.
	printf 'ignore-scripts=true\nfund=false\naudit=false\nlegacy-peer-deps=false\nupdate-notifier=false\n' >"$dir/.npmrc"
	# n8n names its sqlite3 version exactly: its build runs beside the download.
	local expected builder=""
	expected="$(npm view "n8n@$version" dependencies.sqlite3 2>/dev/null || true)"
	if [[ "$expected" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
		locked native build_sqlite3 "$expected" &
		builder=$!
	fi
	say "downloading n8n $version and its dependencies (about 2,000 packages, 1.5-2.7 GB; 2-5 minutes)"
	# loglevel http: every registry request is a line, which dev counts to show progress.
	(cd "$dir" && npm install --no-audit --no-fund --loglevel=http >"$dir/npm-install.log" 2>&1) ||
		{ grep -v '^npm http ' "$dir/npm-install.log" | tail -20 >&2; echo "n8n $version did not install; log: $dir/npm-install.log" >&2; exit 1; }
	[ -z "$builder" ] || wait "$builder" || exit 1
	local sv
	sv="$("$node_dir/bin/node" -p "require('$dir/node_modules/sqlite3/package.json').version")"
	locked native build_sqlite3 "$sv"
	mkdir -p "$dir/node_modules/sqlite3/build/Release"
	cp "$(sqlite_binary "$sv")" "$dir/node_modules/sqlite3/build/Release/node_sqlite3.node"
	sqlite_ok || { echo "n8n installed but its sqlite3 module does not load" >&2; exit 1; }
	ln -sfn "../node-v$node_version/bin/node" "$dir/node"
	"$dir/node" "$dir/node_modules/n8n/bin/n8n" --version >/dev/null
	echo sqlite3-napi6 >"$dir/.installed"
	say "n8n $version ready on Node.js $node_version"
}

locked "node-v$node_version" install_node
locked "n8n-$version-node${node_version%%.*}" install_n8n
echo "$dir"
