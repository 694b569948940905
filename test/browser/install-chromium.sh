#!/usr/bin/env bash
# Debian's Chromium for the browser tests, installed once when missing. playwright-core drives it
# and downloads no browser of its own. Prints the executable's path.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$bin" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing Debian's chromium package (apt-get)" >&2
  # Another lane may be installing Debian packages too: wait for dpkg's lock instead of failing.
  $sudo apt-get -o DPkg::Lock::Timeout=300 update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends chromium >&2
fi
"$bin" --version >&2
echo "$bin"
