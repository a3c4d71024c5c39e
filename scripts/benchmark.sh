#!/usr/bin/env bash
# Runs the SimdUnbox benchmark suite (Benchmarks/, release build) and prints the comparison table.
#
#   scripts/benchmark.sh            default workloads (corpus files, 1 MB and 100 MB arrays): a few minutes
#   scripts/benchmark.sh --quick    smoke pass: small inputs, few iterations (for CI)
#   scripts/benchmark.sh --large    also the 1 GB generated array (needs several GB of memory)
#
# Any other arguments are passed to `swift package benchmark`, e.g. --filter 'twitter.*' (a regular
# expression that must match whole benchmark names, which are <workload>:<competitor>).
# Results: the table on stdout, Benchmarks/Results/latest.json and Benchmarks/Results/throughput.svg,
# and the README's results table, rewritten between its markers (<!-- results:begin --> and
# <!-- results:end -->) when the run measured every workload of that table (not with --quick, nor
# with a --filter that leaves some out). That table is never edited by hand.
# The build's and the run's full output go to .build-bench/logs/ under Benchmarks/.
set -euo pipefail

repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
benchmarks="$repository/Benchmarks"
scratch="${SIMDUNBOX_BENCH_SCRATCH:-.build-bench}"

quick=0
large=0
passthrough=()
filters=()
skips=()
previous=""
for argument in "$@"; do
    case "$argument" in
        --quick) quick=1 ;;
        --large) large=1 ;;
        -h | --help)
            sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *) passthrough+=("$argument") ;;
    esac
    # Remember the filters, to count the benchmarks that will run.
    case "$previous" in
        --filter) filters+=("$argument") ;;
        --skip) skips+=("$argument") ;;
    esac
    case "$argument" in
        --filter=*) filters+=("${argument#--filter=}") ;;
        --skip=*) skips+=("${argument#--skip=}") ;;
    esac
    previous="$argument"
done

# simdjson from the system, found through pkg-config.
"$repository/scripts/install-dependencies.sh"

export SIMDUNBOX_BENCH_QUICK="$quick"
export SIMDUNBOX_BENCH_LARGE="$large"

cd "$benchmarks"
case "$scratch" in
    /*) logs="$scratch/logs" ;;
    *) logs="$benchmarks/$scratch/logs" ;;
esac
mkdir -p "$logs"
build_log="$logs/build.log"
run_log="$logs/run.log"
results_dir="$benchmarks/Results"
export_dir="$(mktemp -d "${TMPDIR:-/tmp}/simdunbox-bench.XXXXXX")"
ticker=""
cleanup() {
    if [ -n "$ticker" ]; then kill "$ticker" 2>/dev/null || true; fi
    rm -rf "$export_dir"
}
trap cleanup EXIT

# On a terminal, progress lines are rewritten in place; elsewhere (CI logs) each is printed once.
if [ -t 1 ]; then interactive=1; else interactive=0; fi

clock() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

fail_with_log() {
    echo "error: $1; the last lines of $2:" >&2
    tail -n 40 "$2" >&2
    exit 1
}

# Shows that a long step is alive: the elapsed time and the last line of its log, every few seconds
# on a terminal, every minute elsewhere.
start_ticker() {
    local label=$1 log=$2 started=$SECONDS
    (
        ticks=0
        while sleep 2; do
            ticks=$((ticks + 1))
            if [ "$interactive" = 0 ] && [ $((ticks % 30)) -ne 0 ]; then continue; fi
            last=$(tail -n 1 "$log" 2>/dev/null | tr -d '\033' | cut -c1-60 || true)
            if [ "$interactive" = 1 ]; then
                printf '\r\033[K    %s %s  %s' "$label" "$(clock $((SECONDS - started)))" "$last"
            else
                echo "    $label $(clock $((SECONDS - started)))  $last"
            fi
        done
    ) &
    ticker=$!
}

stop_ticker() {
    if [ -n "$ticker" ]; then
        kill "$ticker" 2>/dev/null || true
        wait "$ticker" 2>/dev/null || true
        ticker=""
    fi
    if [ "$interactive" = 1 ]; then printf '\r\033[K'; fi
}

# 1. Build (release) and list the benchmarks. `benchmark list` builds what `benchmark run` runs,
#    so the run below starts at once; the compiler's output goes to the log.
echo "==> Building the benchmarks (release; log: $build_log)"
started=$SECONDS
start_ticker "building" "$build_log"
if ! swift package --scratch-path "$scratch" benchmark list --target SimdUnboxBenchmarks >"$build_log" 2>&1; then
    stop_ticker
    fail_with_log "the build failed" "$build_log"
fi
stop_ticker
echo "    built in $(clock $((SECONDS - started)))"

# The names that will run: those listed, through the same --filter and --skip expressions
# (package-benchmark matches whole names).
names=()
while IFS= read -r name; do names+=("$name"); done < <(
    sed -n "/^Target 'SimdUnboxBenchmarks' available benchmarks:/,/^\$/p" "$build_log" | sed '1d;/^$/d'
)
matches() { # name, expressions...
    local name=$1 expression
    shift
    for expression in "$@"; do
        if [[ $name =~ ^($expression)$ ]]; then return 0; fi
    done
    return 1
}
total=0
for name in ${names[@]+"${names[@]}"}; do
    if [ "${#skips[@]}" -gt 0 ] && matches "$name" "${skips[@]}"; then continue; fi
    if [ "${#filters[@]}" -gt 0 ] && ! matches "$name" "${filters[@]}"; then continue; fi
    total=$((total + 1))
done

# 2. Run them. package-benchmark runs each benchmark in a process of its own, whose progress bar
#    names it ("| SimdUnboxBenchmarks:<workload>:<competitor>"): one line here per benchmark.
echo "==> Running $total benchmarks (log: $run_log)"
started=$SECONDS
: >"$run_log"
start_ticker "starting" "$run_log" # until the first benchmark starts (package-benchmark checks the build first)
set +e
swift package --scratch-path "$scratch" --allow-writing-to-directory "$export_dir" \
    benchmark run --target SimdUnboxBenchmarks --format influx --path "$export_dir" \
    ${passthrough[@]+"${passthrough[@]}"} 2>&1 |
    tee "$run_log" |
    {
        current=""
        count=0
        while IFS= read -r line; do
            line=${line//$'\033'\[1A/}
            line=${line//$'\033'\[K/}
            case "$line" in
                *"| SimdUnboxBenchmarks:"*)
                    name=${line##*| SimdUnboxBenchmarks:}
                    name=${name%%[[:space:]]*}
                    if [ "$name" != "$current" ]; then
                        if [ -z "$current" ] && [ -n "$ticker" ]; then
                            kill "$ticker" 2>/dev/null || true
                            if [ "$interactive" = 1 ]; then printf '\r\033[K'; fi
                        fi
                        current=$name
                        count=$((count + 1))
                        of=$total
                        if [ "$count" -gt "$total" ]; then of="?"; fi
                        printf '    [%*d/%s] %6s  %-44s %s\n' "${#total}" "$count" "$of" \
                            "$(clock $((SECONDS - started)))" "${name%:*}" "${name##*:}"
                    fi
                    ;;
                *rror* | *ailed* | *atal*) echo "    $line" ;;
            esac
        done
    }
status=${PIPESTATUS[0]}
set -e
stop_ticker
if [ "$status" -ne 0 ]; then
    fail_with_log "the benchmark run failed (exit code $status)" "$run_log"
fi
echo "    ran in $(clock $((SECONDS - started)))"

export_file="$(find "$export_dir" -name '*.influx.csv' | head -n 1)"
if [ -z "$export_file" ]; then
    fail_with_log "package-benchmark wrote no Influx export to $export_dir" "$run_log"
fi

# 3. The report: tables, Results/latest.json, Results/throughput.svg and the range of ratios.
echo "==> Report"
if ! swift build --scratch-path "$scratch" -c release --product Report >>"$build_log" 2>&1; then
    fail_with_log "the Report build failed" "$build_log"
fi
echo
readme=(--command "scripts/benchmark.sh${*:+ $*}")
if [ "$quick" = 0 ]; then
    readme+=(--readme "$repository/README.md")
fi
"$(swift build --scratch-path "$scratch" -c release --show-bin-path)/Report" \
    --influx "$export_file" --target SimdUnboxBenchmarks --output "$results_dir" \
    --toolchain "$(swift --version 2>/dev/null | head -n 1)" ${readme[@]+"${readme[@]}"}
