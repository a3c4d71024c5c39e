#!/usr/bin/env bash
# Installs what SimdUnbox needs from the system when it is missing: simdjson (with its headers)
# and pkg-config, which SwiftPM uses to find it. Safe to run repeatedly.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists simdjson; then
    exit 0
fi

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if command -v apt-get >/dev/null 2>&1; then
    echo "Installing libsimdjson-dev and pkg-config with apt-get..."
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq libsimdjson-dev pkg-config >/dev/null
elif command -v dnf >/dev/null 2>&1; then
    echo "Installing simdjson-devel and pkgconf with dnf..."
    as_root dnf install -y -q simdjson-devel pkgconf
elif command -v brew >/dev/null 2>&1; then
    echo "Installing simdjson and pkg-config with Homebrew..."
    brew install simdjson pkg-config
else
    echo "error: install simdjson (3.x or 4.x, with headers) and pkg-config with your package manager" >&2
    exit 1
fi

pkg-config --exists simdjson || { echo "error: pkg-config still cannot find simdjson" >&2; exit 1; }
