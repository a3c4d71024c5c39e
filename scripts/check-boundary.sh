#!/usr/bin/env bash
# Checks the module's one boundary to C: only Sources/SimdUnbox/Core/ may talk to the CSimdJSON
# shim. Every other Swift file under Sources/ must neither import a CSimdJSON module (CSimdJSON,
# CSimdJSONSystem) nor name anything of the shim's (`csimdjson_...` functions and types,
# `CSIMDJSON_...` constants), not even in a comment: the rest of the module goes through Core's
# Swift wrappers (`_JSONCursor`, `_ObjectCursor`, `_SimdJSONError`, ...; see Core/Cursors.swift).
#
# Then checks that dependencies between the module's layers point down only. The layers, bottom
# to top: Dates (date parsing, nothing of the package), Core (the only one that talks to the shim),
# Unbox, Values, Streaming, Codable; Encoding sits beside Codable and uses neither Codable nor
# Unbox. A layer's code (comments aside) may name the top-level types of the layers below it,
# never those of a layer above or beside it.
#
# Prints each offending line as file:line: text and exits non-zero if there is any.
set -euo pipefail
cd "$(dirname "$0")/.."

core="Sources/SimdUnbox/Core/"
files=()
while IFS= read -r file; do
    case "$file" in
    "$core"*) ;;
    *) files+=("$file") ;;
    esac
done < <(find Sources -name '*.swift' -not -path '*/.build*' | LC_ALL=C sort)

offenders=""
if [ ${#files[@]} -gt 0 ]; then
    offenders=$(grep -nHE '(^|[^[:alnum:]_])import[[:space:]].*CSimdJSON|csimdjson_|CSIMDJSON_' \
        "${files[@]}" || true)
fi

if [ -n "$offenders" ]; then
    printf '%s\n' "$offenders"
    count=$(printf '%s\n' "$offenders" | wc -l | tr -d ' ')
    echo "error: $count line(s) outside $core import the CSimdJSON shim or name its C declarations" >&2
    echo "       (csimdjson_*, CSIMDJSON_*); only Core may: add or use a Swift wrapper in Core instead." >&2
    exit 1
fi
echo "==> boundary: no Swift file outside $core talks to the C shim (${#files[@]} files checked)"

module="Sources/SimdUnbox"
layers=(Dates Core Unbox Values Streaming Codable Encoding)
# The layers each layer may use (besides itself).
allowed() {
    case "$1" in
    Dates) echo "" ;;
    Core) echo "Dates" ;;
    Unbox) echo "Dates Core" ;;
    Values) echo "Dates Core Unbox" ;;
    Streaming) echo "Dates Core Unbox Values" ;;
    Codable) echo "Dates Core Unbox Values Streaming" ;;
    Encoding) echo "Dates Core Values Streaming" ;;
    esac
}
# The top-level types a layer declares, as an alternation for grep -E.
declared() {
    find "$module/$1" -name '*.swift' -print0 | xargs -0 grep -hoE \
        '^((public|@usableFromInline|@frozen|internal|final|open|package) +)*(struct|class|enum|protocol|typealias|actor) +[A-Za-z_][A-Za-z0-9_]*' \
        | awk '{ print $NF }' | LC_ALL=C sort -u | paste -sd '|' -
}
declare -A names
for layer in "${layers[@]}"; do names[$layer]=$(declared "$layer"); done

upward=""
for layer in "${layers[@]}"; do
    permitted=" $(allowed "$layer") "
    forbidden=()
    for other in "${layers[@]}"; do
        [ "$other" = "$layer" ] && continue
        case "$permitted" in *" $other "*) continue ;; esac
        [ -n "${names[$other]}" ] && forbidden+=("${names[$other]}")
    done
    [ ${#forbidden[@]} -gt 0 ] || continue
    pattern="(^|[^[:alnum:]_])($(IFS='|'; echo "${forbidden[*]}"))([^[:alnum:]_]|$)"
    while IFS= read -r file; do
        # Code only: comments may name any layer.
        found=$(sed -E 's#(^|[[:space:]])//.*$#\1#' "$file" | grep -nE "$pattern" | sed "s#^#$file:#" || true)
        [ -z "$found" ] || upward+="$found"$'\n'
    done < <(find "$module/$layer" -name '*.swift' | LC_ALL=C sort)
done
if [ -n "$upward" ]; then
    printf '%s' "$upward"
    count=$(printf '%s' "$upward" | wc -l | tr -d ' ')
    echo "error: $count line(s) name a type of a layer above or beside their own (layers, bottom to top:" >&2
    echo "       ${layers[*]}; Encoding beside Codable); move the type down, or the code up." >&2
    exit 1
fi
echo "==> layers: dependencies point down only (${layers[*]})"
