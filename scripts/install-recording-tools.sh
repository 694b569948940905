#!/usr/bin/env bash
# What the Cloud Recording stand-in needs, installed once when missing: Debian's espeak-ng and ffmpeg
# (the recorded media) and the npm package s3rver (the local S3-compatible store) into the ignored
# cache folder. Prints s3rver's package folder.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${N8N_E2E_CACHE:-$root/.cache}"
S3RVER_VERSION=3.7.1
dir="$cache/s3rver-$S3RVER_VERSION"
missing=()
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
{ command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; } || missing+=(ffmpeg)
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing Debian's ${missing[*]} (apt-get)" >&2
  # Another lane may be installing Debian packages too: wait for dpkg's lock instead of failing.
  $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
mkdir -p "$cache"
(
  flock 9
  if [ ! -f "$dir/.installed" ]; then
    # npm run exports its settings as npm_config_*: none but the registry and cache reach this install
    for var in $(env | grep -io '^npm_config_[a-z_]*' | grep -iv '^npm_config_\(registry\|cache\)$'); do unset "$var"; done
    echo "installing s3rver $S3RVER_VERSION into $dir" >&2
    rm -rf "$dir"
    mkdir -p "$dir"
    printf '{"name":"local-s3","private":true,"dependencies":{"s3rver":"%s"}}\n' "$S3RVER_VERSION" >"$dir/package.json"
    (cd "$dir" && npm install --no-audit --no-fund --loglevel=error >&2)
    touch "$dir/.installed"
  fi
) 9>"$cache/.lock-s3rver"
echo "$dir/node_modules/s3rver"
