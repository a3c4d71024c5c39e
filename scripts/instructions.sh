#!/usr/bin/env bash
# Counts the instructions one decode of a benchmark workload executes, with callgrind: the way to
# compare two versions of the code on a shared machine, where wall-clock times move with the load.
#
#   scripts/instructions.sh <workload> <competitor> [decodes]   e.g. user-orders-reverse-order-1MB SimdUnbox
#   scripts/instructions.sh --list                              the workloads and their competitors
#
# Builds Benchmarks/' InstructionProbe in release without debug information (valgrind 3.19 cannot
# read the Swift 6.3 toolchain's), runs it under callgrind with 1 and with 1 + <decodes> decodes
# (default 10), and prints the difference divided by <decodes>: the instructions of one decode,
# without start-up, loading the input or the first decode's one-time costs. Installs valgrind with
# apt-get when it is missing. Run it on two checkouts to compare them.
set -euo pipefail

repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$repository/Benchmarks/.build-callgrind"

"$repository/scripts/install-dependencies.sh"
if ! command -v valgrind > /dev/null; then
    echo "Installing valgrind with apt-get..." >&2
    sudo_if_needed=()
    [[ $(id -u) -ne 0 ]] && sudo_if_needed=(sudo)
    "${sudo_if_needed[@]}" apt-get update -qq
    "${sudo_if_needed[@]}" apt-get install -y -qq valgrind > /dev/null
fi

mkdir -p "$scratch"
echo "Building the probe (release, no debug information; log: $scratch/build.log)..." >&2
build_probe() {
    (cd "$repository/Benchmarks" && swift build -c release --scratch-path "$scratch" --product InstructionProbe \
        -Xswiftc -gnone -Xcc -g0 -Xcxx -g0) > "$scratch/build.log" 2>&1
}
if ! build_probe; then
    # A scratch directory from before files were moved or renamed can fail on inputs that no
    # longer exist: build once more from nothing.
    echo "The build failed; retrying from a clean scratch directory..." >&2
    rm -rf "$scratch"
    mkdir -p "$scratch"
    if ! build_probe; then
        cat "$scratch/build.log" >&2
        exit 1
    fi
fi
probe="$scratch/release/InstructionProbe"

if [[ ${1:-} == --list ]]; then
    exec "$probe" --list
fi
if [[ $# -lt 2 ]]; then
    sed -n '5,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 64
fi
workload=$1
competitor=$2
decodes=${3:-10}

# Generated inputs are written on the first run; do it outside callgrind.
"$probe" "$workload" "$competitor" 0

count() {
    local out="$scratch/callgrind.$1.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$probe" "$workload" "$competitor" "$1" 2> "$scratch/valgrind.log" \
        || {
            cat "$scratch/valgrind.log" >&2
            exit 1
        }
    sed -n 's/^summary: //p' "$out"
}
echo "Counting $workload:$competitor, 1 and $((1 + decodes)) decodes under callgrind..." >&2
one=$(count 1)
many=$(count $((1 + decodes)))
per_decode=$(((many - one) / decodes))
awk -v name="$workload:$competitor" -v n="$per_decode" \
    'BEGIN { printf "%s  %d instructions per decode (%.2fM)\n", name, n, n / 1e6 }'
