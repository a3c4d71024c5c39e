#!/usr/bin/env bash
# Builds a simdjson source tree into a temporary prefix, then builds and tests SimdUnbox against it:
#
#   scripts/check-simdjson.sh DIR [--public] [-c debug|release] [--filter PATTERN]
#
# DIR is a simdjson release's source tree (a clone, or `git archive TAG | tar -x`): its single-header
# amalgamation (singleheader/simdjson.h and .cpp) when the tree has it, else include/ and
# src/simdjson.cpp. The library is compiled as a static library with the define SimdUnbox's shim
# builds with (SIMDJSON_THREADS_ENABLED=1), installed with a pkg-config file in a temporary prefix
# (removed at the end), and found through PKG_CONFIG_PATH (Package.swift honours a simdjson.pc that
# points outside the default paths). --public forces the shim's path over simdjson's public API
# (SIMDUNBOX_PUBLIC_SIMDJSON_ONLY); without it the shim picks its path by simdjson's version.
# Each version builds in its own scratch directory, .build-simdjson-VERSION[-public]. Nothing of
# simdjson is written into the repository.
set -euo pipefail

usage() {
    sed -n '4p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

[[ $# -ge 1 ]] || usage
source_tree=$(cd "$1" && pwd)
shift
public=0
configuration=debug
filter=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --public) public=1 ;;
    -c)
        configuration=$2
        shift
        ;;
    --filter)
        filter=(--filter "$2")
        shift
        ;;
    *) usage ;;
    esac
    shift
done

repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cxx=${CXX:-$(command -v clang++ || command -v g++)}

if [[ -f $source_tree/singleheader/simdjson.h && -f $source_tree/singleheader/simdjson.cpp ]]; then
    headers=("$source_tree/singleheader/simdjson.h")
    sources=(-I "$source_tree/singleheader" "$source_tree/singleheader/simdjson.cpp")
elif [[ -f $source_tree/include/simdjson.h && -f $source_tree/src/simdjson.cpp ]]; then
    headers=("$source_tree/include/simdjson.h" "$source_tree/include/simdjson")
    sources=(-I "$source_tree/include" -I "$source_tree/src" "$source_tree/src/simdjson.cpp")
else
    echo "error: $source_tree has neither singleheader/simdjson.{h,cpp} nor include/simdjson.h and src/simdjson.cpp" >&2
    exit 1
fi
version=$(sed -n 's/^#define SIMDJSON_VERSION "\{0,1\}\([0-9.]*\)"\{0,1\}.*/\1/p' \
    "$(dirname "${headers[0]}")/simdjson.h" "$source_tree/include/simdjson/simdjson_version.h" 2>/dev/null | head -n 1)
version=${version:-unknown}

prefix=$(mktemp -d "${TMPDIR:-/tmp}/simdjson-$version.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"

echo "==> simdjson $version: compiling $(basename "${sources[-1]}") into $prefix" >&2
"$cxx" -std=c++17 -O2 -DNDEBUG -fPIC -DSIMDJSON_THREADS_ENABLED=1 -pthread -c "${sources[@]}" \
    -o "$prefix/simdjson.o"
ar rcs "$prefix/lib/libsimdjson.a" "$prefix/simdjson.o"
cp -R "${headers[@]}" "$prefix/include/"
cat > "$prefix/lib/pkgconfig/simdjson.pc" <<EOF
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: simdjson
Description: simdjson $version, built by scripts/check-simdjson.sh
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lsimdjson -lpthread
EOF

scratch="$repository/.build-simdjson-$version"
defines=()
if [[ $public -eq 1 ]]; then
    scratch+=-public
    defines=(-Xcxx -DSIMDUNBOX_PUBLIC_SIMDJSON_ONLY)
fi
echo "==> SimdUnbox against simdjson $version ($configuration, $([[ $public -eq 1 ]] && echo "public path forced" || echo "path chosen by version"))" >&2
cd "$repository"
# The prefix's headers come first (-I before the default paths, where a distribution's simdjson may
# also be), and so does its library (-L before the linker's default directories).
PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
    swift test -c "$configuration" --scratch-path "$scratch" "${defines[@]}" "${filter[@]}"
