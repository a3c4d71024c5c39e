#!/usr/bin/env bash
# Checks the sources against the unsafe register (CONTRIBUTING.md, "Unsafe code"): the table
# between the markers `<!-- unsafe-register:begin -->` and `<!-- unsafe-register:end -->`, whose
# second column names, in backquotes, the files under Sources/SimdUnbox/ each trick lives in.
#
# Fails, printing each offending line as file:line: text, when a Swift file under Sources/ that
# the register does not list holds one of: unsafeBitCast, Unmanaged, _withUnsafeGuaranteedRef,
# Mirror(, @_optimize, @exclusivity(unchecked), or a raw load from a byte offset
# (load(fromByteOffset:, loadUnaligned(fromByteOffset:). Also fails when the register lists a file
# that does not exist. Comments count as well as code: name these constructs elsewhere in other words.
set -euo pipefail
cd "$(dirname "$0")/.."

register_file="CONTRIBUTING.md"
prefix="Sources/SimdUnbox/"
pattern='unsafeBitCast|Unmanaged|_withUnsafeGuaranteedRef|Mirror\(|@_optimize|@exclusivity\(unchecked\)|(load|loadUnaligned)\(fromByteOffset'

if ! grep -q '<!-- unsafe-register:begin -->' "$register_file"; then
    echo "error: $register_file has no unsafe register (<!-- unsafe-register:begin --> ... end)" >&2
    exit 1
fi

# The files of the register: the backquoted paths of each row's second column.
registered=$(
    sed -n '/<!-- unsafe-register:begin -->/,/<!-- unsafe-register:end -->/p' "$register_file" \
        | awk -F'|' 'NR > 3 && NF > 3 { print $3 }' \
        | grep -oE '`[^`]+\.swift`' | tr -d '`' | LC_ALL=C sort -u
)

status=0
missing=""
while IFS= read -r file; do
    [ -n "$file" ] || continue
    [ -f "$prefix$file" ] || missing+="$prefix$file"$'\n'
done <<< "$registered"
if [ -n "$missing" ]; then
    printf '%s' "$missing"
    echo "error: the unsafe register in $register_file lists file(s) that do not exist (above)" >&2
    status=1
fi

offenders=""
checked=0
while IFS= read -r file; do
    checked=$((checked + 1))
    relative=${file#"$prefix"}
    if grep -qxF -- "$relative" <<< "$registered"; then continue; fi
    found=$(grep -nHE -- "$pattern" "$file" || true)
    [ -z "$found" ] || offenders+="$found"$'\n'
done < <(find Sources -name '*.swift' -not -path '*/.build*' | LC_ALL=C sort)

if [ -n "$offenders" ]; then
    printf '%s' "$offenders"
    count=$(printf '%s' "$offenders" | wc -l | tr -d ' ')
    echo "error: $count line(s) use an unsafe construct in a file the unsafe register does not list." >&2
    echo "       Register the trick in $register_file (\"Unsafe code\": what it relies on, its measured" >&2
    echo "       gain, its switch), or do without it." >&2
    status=1
fi
[ "$status" -eq 0 ] || exit "$status"
echo "==> unsafe: every unsafe construct is in a file the register lists ($checked files checked)"
