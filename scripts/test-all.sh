#!/usr/bin/env bash
# `npm run test:all`: lint, type check, jest, end-to-end on every tested n8n, queue mode and a bench smoke
# run; on a fresh machine the n8n installs run in the background after lint.
set -euo pipefail
cd "$(dirname "$0")/.."
# Lint first: n8n's ESLint config walks the whole repository, .cache included, and would trip over
# the installer's temporary folders appearing and vanishing there.
npm run lint
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
npm run typecheck
npm test
npm run scan
echo "waiting for the n8n installs"
status=0
wait "$installer" || status=$?
cat "$log"
rm -f "$log"
[ "$status" -eq 0 ] || { echo "n8n could not be installed" >&2; exit 1; }
trap - EXIT
npm run test:e2e
npm run test:queue
npm run bench -- --smoke
