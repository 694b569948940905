#!/usr/bin/env bash
# End-to-end: every test/e2e/*.e2e.ts and test/browser/*.browser.ts on each n8n version of
# N8N_E2E_VERSIONS; extra arguments go to jest; --install-only installs (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
# 2.41.1: the newest n8n whose dependencies all install from the registry (2.41.3 names
# @n8n/agents 0.26.2, which is not there). scripts/dev.js runs the same by default.
versions="${N8N_E2E_VERSIONS:-1.123.81 2.41.1}"
if [ "${1:-}" = "--install-only" ]; then
	pids=()
	for v in $versions; do
		bash scripts/install-n8n.sh "$v" >/dev/null &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do wait "$pid"; done
	exit 0
fi
logs="$(mktemp -d "${TMPDIR:-/tmp}/agora-e2e-install-XXXXXX")"
# Every version installs at once, beside the build (most of an install is download and unpacking);
# their progress lines go to stderr.
declare -A installer
for v in $versions; do
	bash scripts/install-n8n.sh "$v" >"$logs/$v.out" &
	installer[$v]=$!
done
npm run build
bash test/browser/install-chromium.sh >/dev/null
failed=0
for v in $versions; do
	if ! wait "${installer[$v]}"; then
		echo "== n8n $v could not be installed" >&2
		failed=1
		continue
	fi
	echo "== end-to-end on n8n $v ($("$(cat "$logs/$v.out")/node" --version))"
	N8N_VERSION="$v" npx jest --config test/e2e/jest.config.js --runInBand "$@" || failed=1
done
rm -rf "$logs"
exit "$failed"
