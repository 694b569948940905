#!/usr/bin/env bash
# End-to-end: every test/e2e/*.e2e.ts and test/browser/*.browser.ts on each n8n version of
# N8N_E2E_VERSIONS, the versions side by side; extra arguments go to jest; --install-only installs.
set -euo pipefail
cd "$(dirname "$0")/../.."
# 2.41.1: the newest n8n whose dependencies all install from the registry (2.41.3 names
# @n8n/agents 0.26.2, which is not there). scripts/dev.js runs the same by default.
versions="${N8N_E2E_VERSIONS:-1.123.81 2.41.1}"
# Files that run once per run (devStop) pick the first version's lane.
export N8N_E2E_VERSIONS="$versions"
if [ "${1:-}" = "--install-only" ]; then
	pids=()
	for v in $versions; do
		bash scripts/install-n8n.sh "$v" >/dev/null &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do wait "$pid"; done
	exit 0
fi
logs="$(mktemp -d "${TMPDIR:-/tmp}/agora-e2e-XXXXXX")"
trap 'rm -rf "$logs"' EXIT
# Every version installs at once, beside the build (most of an install is download and unpacking);
# their progress lines go to stderr.
declare -A installer
for v in $versions; do
	bash scripts/install-n8n.sh "$v" >"$logs/$v.out" &
	installer[$v]=$!
done
# test:all builds once for every lane (AGORA_DIST_BUILT=1): a second build would rewrite dist/ under them.
[ -n "${AGORA_DIST_BUILT:-}" ] || npm run build
bash test/browser/install-chromium.sh >/dev/null
# One jest per version, side by side (each n8n mostly waits on its sandbox and its own timers);
# every line carries its version, and each version's result is repeated at the end.
runners=()
for v in $versions; do
	(
		status=0
		# The installer holds a lock per version: this returns once the install above is done.
		if ! dir="$(N8N_INSTALL_QUIET=1 bash scripts/install-n8n.sh "$v" | tail -n 1)"; then
			echo "== n8n $v could not be installed"
			echo 1 >"$logs/$v.rc"
			exit 0
		fi
		echo "== end-to-end on n8n $v ($("$dir/node" --version))"
		N8N_VERSION="$v" npx jest --config test/e2e/jest.config.js --runInBand "$@" || status=$?
		echo "$status" >"$logs/$v.rc"
	) 2>&1 | sed -u "s/^/[n8n $v] /" | tee "$logs/$v.log" &
	runners+=($!)
done
for pid in "${runners[@]}"; do wait "$pid" || true; done
for v in $versions; do wait "${installer[$v]}" 2>/dev/null || true; done
failed=0
for v in $versions; do
	if [ "$(cat "$logs/$v.rc" 2>/dev/null)" = 0 ]; then result=passed; else result=FAILED; failed=1; fi
	summary="$(grep -E '(Tests|Test Suites):' "$logs/$v.log" | sed 's/^\[n8n [^]]*\] //' | tr -s ' ' | tr '\n' ' ' || true)"
	echo "== end-to-end on n8n $v: $result. $summary"
done
exit "$failed"
