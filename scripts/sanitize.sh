#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer:
#
#   scripts/sanitize.sh address     # AddressSanitizer (Swift, C and C++)
#   scripts/sanitize.sh thread      # ThreadSanitizer (Swift, C and C++)
#   scripts/sanitize.sh undefined   # UndefinedBehaviorSanitizer (the C/C++ shim; any report aborts)
#
# Swift checks overflow, bounds and nil at run time itself and swiftc has no
# -sanitize=undefined on Linux, so UBSan instruments the shim (and the simdjson code inlined
# into it), which is where undefined behaviour could hide.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh

case ${1:-} in
address)
    # Leak reports would come from the test harness, not the library.
    ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address --scratch-path .build-asan
    ;;
thread)
    # The run's output is kept, and its reports are printed again after it: a report stands where
    # the race happened, among hundreds of lines of test results, and a log's tail must show it.
    log=.build-tsan/test-output.log
    mkdir -p .build-tsan
    status=0
    swift test --sanitize=thread --scratch-path .build-tsan 2>&1 | tee "$log" || status=$?
    if grep -q 'WARNING: ThreadSanitizer' "$log"; then
        echo "==> ThreadSanitizer reports in this run (from $log):" >&2
        awk '/WARNING: ThreadSanitizer/ { show = 1 } show { print } /^SUMMARY: ThreadSanitizer/ { show = 0 }' "$log" >&2
        [[ $status -ne 0 ]] || status=1
    fi
    exit "$status"
    ;;
undefined)
    toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
    arch=$(uname -m)
    runtime=$(ls -d "$toolchain"/lib/clang/*/lib/linux 2>/dev/null | head -n 1)
    if [[ -z $runtime || ! -f $runtime/libclang_rt.ubsan_standalone-$arch.a ]]; then
        echo "no UBSan runtime in the Swift toolchain ($toolchain)" >&2
        exit 1
    fi
    swift test --scratch-path .build-ubsan \
        -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
        -Xcxx -fsanitize=undefined -Xcxx -fno-sanitize-recover=undefined \
        -Xlinker "$runtime/libclang_rt.ubsan_standalone-$arch.a" \
        -Xlinker "$runtime/libclang_rt.ubsan_standalone_cxx-$arch.a"
    ;;
*)
    echo "usage: scripts/sanitize.sh address|thread|undefined" >&2
    exit 64
    ;;
esac
