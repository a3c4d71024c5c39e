#!/usr/bin/env bash
# Runs the SimdUnbox benchmark suite (Benchmarks/, release build) and prints the comparison table.
#
#   scripts/benchmark.sh            default workloads (corpus files, 1 MB and 100 MB arrays): a few minutes
#   scripts/benchmark.sh --quick    smoke pass: small inputs, few iterations (for CI)
#   scripts/benchmark.sh --large    also the 1 GB generated array (needs several GB of memory)
#
# Any other arguments are passed to `swift package benchmark`, e.g. --filter 'twitter.*' (a regular
# expression that must match whole benchmark names, which are <workload>:<competitor>).
# Results: the table on stdout, Benchmarks/Results/latest.json and Benchmarks/Results/throughput.svg.
set -euo pipefail

repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
benchmarks="$repository/Benchmarks"
scratch="${SIMDUNBOX_BENCH_SCRATCH:-.build-bench}"

quick=0
large=0
passthrough=()
for argument in "$@"; do
    case "$argument" in
        --quick) quick=1 ;;
        --large) large=1 ;;
        -h | --help)
            sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *) passthrough+=("$argument") ;;
    esac
done

# simdjson from the system, found through pkg-config.
"$repository/scripts/install-dependencies.sh"

export SIMDUNBOX_BENCH_QUICK="$quick"
export SIMDUNBOX_BENCH_LARGE="$large"

cd "$benchmarks"
results_dir="$benchmarks/Results"
export_dir="$(mktemp -d "${TMPDIR:-/tmp}/simdunbox-bench.XXXXXX")"
trap 'rm -rf "$export_dir"' EXIT

echo "==> Building and running the benchmarks (release)"
swift package --scratch-path "$scratch" --allow-writing-to-directory "$export_dir" \
    benchmark run --target SimdUnboxBenchmarks --format influx --path "$export_dir" --no-progress \
    ${passthrough[@]+"${passthrough[@]}"}

export_file="$(find "$export_dir" -name '*.influx.csv' | head -n 1)"
if [ -z "$export_file" ]; then
    echo "error: package-benchmark wrote no Influx export to $export_dir" >&2
    exit 1
fi

echo "==> Report"
swift build --scratch-path "$scratch" -c release --product Report >/dev/null
"$(swift build --scratch-path "$scratch" -c release --show-bin-path)/Report" \
    --influx "$export_file" --target SimdUnboxBenchmarks --output "$results_dir" --toolchain "$(swift --version 2>/dev/null | head -n 1)"
