#!/usr/bin/env bash
# Debian's Chromium for the browser tests, installed once when missing. playwright-core drives it
# and downloads no browser of its own. Prints the executable's path.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$bin" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing Debian's chromium package (apt-get)" >&2
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium >&2
fi
"$bin" --version >&2
echo "$bin"
