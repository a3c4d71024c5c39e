#!/usr/bin/env bash
# Checks the formatting of every Swift, C and C++ source against the checked-in styles, changing
# nothing:
#
#   swift format lint --strict   over Sources/, Tests/ and Benchmarks/ (.swift-format)
#   clang-format --dry-run       over the C shim, CSimdJSON/ (.clang-format)
#
# Build folders (.build*) are skipped. Prints each finding as file:line:column and exits non-zero
# if there is any. To fix them: `swift format --in-place <files>` and `clang-format -i <files>`.
# clang-format is installed with apt-get (or Homebrew) when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v clang-format >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        echo "Installing clang-format with apt-get..."
        export DEBIAN_FRONTEND=noninteractive
        as_root apt-get update -qq
        as_root apt-get install -y -qq clang-format >/dev/null
    elif command -v brew >/dev/null 2>&1; then
        echo "Installing clang-format with Homebrew..."
        brew install clang-format
    else
        echo "error: install clang-format with your package manager" >&2
        exit 1
    fi
fi

# Sources under the given folders, build folders and fetched packages left out, sorted so that
# the findings come in the same order on every machine.
sources() {
    local folders=("$1") patterns=()
    shift
    for extension in "$@"; do
        patterns+=(${patterns[@]+-o} -name "*.$extension")
    done
    find "${folders[@]}" \( -name '.build*' -o -name '.swiftpm' \) -prune -o -type f \( "${patterns[@]}" \) -print |
        LC_ALL=C sort
}

status=0

echo "==> swift format lint --strict (Sources, Tests, Benchmarks)"
swift_files=()
for folder in Sources Tests Benchmarks; do
    while IFS= read -r file; do swift_files+=("$file"); done < <(sources "$folder" swift)
done
swift_findings=$(swift format lint --strict --parallel "${swift_files[@]}" 2>&1) || status=1
if [ -n "$swift_findings" ]; then
    printf '%s\n' "$swift_findings"
fi
swift_count=$(printf '%s' "$swift_findings" | grep -c ': \(warning\|error\):' || true)

echo "==> clang-format --dry-run -Werror (CSimdJSON)"
c_files=()
for folder in CSimdJSON; do
    while IFS= read -r file; do c_files+=("$file"); done < <(sources "$folder" c cc cpp h hpp)
done
c_findings=$(clang-format --dry-run -Werror --style=file "${c_files[@]}" 2>&1) || status=1
if [ -n "$c_findings" ]; then
    printf '%s\n' "$c_findings"
fi
c_count=$(printf '%s' "$c_findings" | grep -c ': \(warning\|error\):' || true)

echo "==> $swift_count Swift findings in ${#swift_files[@]} files, $c_count C/C++ findings in ${#c_files[@]} files"
exit "$status"
