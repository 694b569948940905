#!/usr/bin/env bash
# `npm run test:all`, every lane: lint, type check, unit, scan (which builds), then end-to-end on
# every tested n8n beside reliability, queue mode and a bench smoke run; n8n installs meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
began=$SECONDS
lane() {
	local name="$1" from=$SECONDS rc=0
	shift
	echo "== lane $name"
	"$@" || rc=$?
	local verdict="took"
	[ "$rc" -eq 0 ] || verdict="FAILED (exit $rc) after"
	echo "== lane $name $verdict $((SECONDS - from)) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
	return "$rc"
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
echo "n8n installs for the end-to-end and queue lanes run in the background (log: $log)"
lane typecheck npm run typecheck
lane unit npm test
lane scan npm run scan
# dist/ is built; no lane rebuilds it while the others pack it.
export AGORA_DIST_BUILT=1
# Debian's packages the lanes below use (Chromium; Redis and Postgres; espeak-ng and ffmpeg with the
# S3 store of Cloud Recording), one apt-get at a time.
lane system-packages bash -c 'bash test/browser/install-chromium.sh >/dev/null && npx ts-node --transpile-only -e "require(\"./test/queue/services\").ensurePackages(console.log)" && bash scripts/install-recording-tools.sh >/dev/null'
# The lanes start now: each waits only for the n8n it needs (install-n8n.sh holds a lock per
# version), and reliability needs none.
# The end-to-end lane mostly waits on its n8n servers, so the other lanes run beside it; their
# lines carry "[lanes]" and the end-to-end lines their n8n version.
others() {
	local failed=0
	lane reliability npm run test:reliability || failed=1
	lane queue npm run test:queue || failed=1
	lane bench-smoke npm run bench -- --smoke || failed=1
	return "$failed"
}
rcfile="$(mktemp "${TMPDIR:-/tmp}/agora-lanes-XXXXXX")"
{
	rc=0
	others || rc=$?
	echo "$rc" >"$rcfile"
} 2>&1 | sed -u 's/^/[lanes] /' &
side=$!
e2e=0
lane e2e npm run test:e2e || e2e=$?
wait "$side" || true
status=0
wait "$installer" || status=$?
trap - EXIT
[ "$status" -eq 0 ] || { cat "$log"; echo "n8n could not be installed" >&2; }
rm -f "$log"
rest="$(cat "$rcfile")"
rm -f "$rcfile"
if [ "$e2e" -ne 0 ] || [ "$rest" -ne 0 ]; then
	echo "== test:all FAILED: end-to-end exit $e2e, reliability/queue/bench exit $rest" >&2
	exit 1
fi
echo "== every lane passed in $(((SECONDS - began) / 60)) min $(((SECONDS - began) % 60)) s"
