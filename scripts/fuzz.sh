#!/usr/bin/env bash
# Runs SimdUnbox's libFuzzer targets (Tests/Fuzz) under AddressSanitizer.
#
#   scripts/fuzz.sh <target|all> [seconds] [libFuzzer options...]
#
# Targets: FuzzShim, FuzzJSONValue, FuzzUnbox, FuzzCodable, FuzzStream, FuzzEncoder. Each runs for
# `seconds` (60 by default; `all` runs them one after another). A target's corpus grows in
# .build-fuzz/corpus/<target>, seeded with the test fixtures; crashes are written to
# .build-fuzz/findings/<target>. To replay one input: scripts/fuzz.sh <target> 0 <file>.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

targets=(FuzzShim FuzzJSONValue FuzzUnbox FuzzCodable FuzzStream FuzzEncoder)
target=${1:-}
seconds=${2:-60}
shift $(( $# < 2 ? $# : 2 ))
if [[ -z $target ]]; then
    echo "usage: scripts/fuzz.sh <${targets[*]// /|}|all> [seconds] [libFuzzer options...]" >&2
    exit 64
fi

scripts/install-dependencies.sh

# Release builds define NDEBUG for the shim; the fuzz targets keep simdjson's internal asserts on
# (-UNDEBUG comes after the package's flags), so a broken invariant stops the run.
(cd Tests/Fuzz && swift build -c release --sanitize=fuzzer --sanitize=address -Xcxx -UNDEBUG \
    --scratch-path "$root/.build-fuzz/build")
bin=$root/.build-fuzz/build/release

# Swift's crash backtracer would wait on a crashing fuzz target; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

run() {
    local name=$1 corpus=$root/.build-fuzz/corpus/$1 findings=$root/.build-fuzz/findings/$1
    shift
    mkdir -p "$corpus" "$findings"
    if [[ -z $(ls -A "$corpus") ]]; then
        cp Benchmarks/Data/*.json "$corpus/"
        cp Tests/SimdUnboxTests/Fixtures/jsonchecker/*.json "$corpus/"
    fi
    echo "== $name: $seconds s"
    "$bin/$name" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 -timeout=20 \
        -print_final_stats=1 -artifact_prefix="$findings/" "$@" "$corpus"
}

replay() {
    "$bin/$1" "${@:2}"
}

if [[ $target == all ]]; then
    for name in "${targets[@]}"; do run "$name" "$@"; done
elif [[ " ${targets[*]} " == *" $target "* ]]; then
    if [[ $seconds == 0 ]]; then replay "$target" "$@"; else run "$target" "$@"; fi
else
    echo "unknown target $target (expected one of: ${targets[*]}, all)" >&2
    exit 64
fi
