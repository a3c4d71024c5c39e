#!/usr/bin/env bash
# The test command: installs simdjson when missing, then runs the whole test suite in debug and
# in release (simdjson checks more in debug builds and inlines differently in release, so both
# matter).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh

swift test
swift test -c release
