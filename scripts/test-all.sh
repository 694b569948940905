#!/usr/bin/env bash
# `npm run test:all`, every lane: lint, type check, unit, reliability, scan, end-to-end on every
# tested n8n (side by side), queue mode and a bench smoke run; n8n installs in the background.
set -euo pipefail
cd "$(dirname "$0")/.."
began=$SECONDS
lane() {
	local name="$1" from=$SECONDS
	shift
	echo "== lane $name"
	"$@"
	echo "== lane $name took $((SECONDS - from)) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
}
# Lint first: n8n's ESLint config walks the whole repository, .cache included, and would trip over
# the installer's temporary folders appearing and vanishing there.
lane lint npm run lint
log="$(mktemp "${TMPDIR:-/tmp}/agora-n8n-install-XXXXXX.log")"
# In a process group of its own (setsid), so that a failure below stops the whole install.
if command -v setsid >/dev/null; then
	setsid bash test/e2e/run.sh --install-only >"$log" 2>&1 &
else
	bash test/e2e/run.sh --install-only >"$log" 2>&1 &
fi
installer=$!
trap 'kill -- -$installer 2>/dev/null || kill $installer 2>/dev/null || true' EXIT
echo "n8n installs for the end-to-end suite run in the background (log: $log)"
lane typecheck npm run typecheck
lane unit npm test
lane reliability npm run test:reliability
lane scan npm run scan
echo "waiting for the n8n installs"
status=0
wait "$installer" || status=$?
cat "$log"
rm -f "$log"
[ "$status" -eq 0 ] || { echo "n8n could not be installed" >&2; exit 1; }
trap - EXIT
lane e2e npm run test:e2e
lane queue npm run test:queue
lane bench-smoke npm run bench -- --smoke
echo "== every lane passed in $(((SECONDS - began) / 60)) min $(((SECONDS - began) % 60)) s"
