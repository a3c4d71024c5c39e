#!/usr/bin/env bash
# Checks the module's one boundary to C: only Sources/SimdUnbox/Core/ may talk to the CSimdJSON
# shim. Every other Swift file under Sources/ must neither import a CSimdJSON module (CSimdJSON,
# CSimdJSONSystem) nor name anything of the shim's (`csimdjson_...` functions and types,
# `CSIMDJSON_...` constants), not even in a comment: the rest of the module goes through Core's
# Swift wrappers (`_JSONCursor`, `_ObjectCursor`, `_SimdJSONError`, ...; see Core/Cursors.swift).
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
