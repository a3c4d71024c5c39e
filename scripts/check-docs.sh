#!/usr/bin/env bash
# Checks the size of the prose: the README has at most 1,200 words (counted as `wc -w` counts
# them, on the Markdown itself), and no paragraph of any Markdown file of the repository has more
# than 150 words, except Benchmarks/NOTES.md (the dated history of measurements).
#
# A paragraph is a run of non-blank lines; a list item starts a paragraph of its own, and a
# heading stands alone. Fenced code blocks and tables (lines starting with `|`) are not prose and
# are not counted. Prints each long paragraph as file:line: words and exits non-zero if the README
# is too long or any paragraph is.
set -euo pipefail
cd "$(dirname "$0")/.."

readme_limit=1200
paragraph_limit=150
status=0

readme_words=$(wc -w < README.md | tr -d ' ')
if [ "$readme_words" -gt "$readme_limit" ]; then
    echo "error: README.md has $readme_words words (at most $readme_limit)" >&2
    status=1
fi

files=()
while IFS= read -r file; do
    case "$file" in
    Benchmarks/NOTES.md) ;;
    *) [ -f "$file" ] && files+=("$file") ;;
    esac
done < <(git ls-files --cached --others --exclude-standard -- '*.md' | LC_ALL=C sort -u)

long=$(
    awk -v limit="$paragraph_limit" '
        function flush() {
            if (words > limit) printf "%s:%d: %d words\n", name, start, words
            words = 0
        }
        FNR == 1 { if (name != "") flush(); name = FILENAME; fence = 0 }
        /^[[:space:]]*(```|~~~)/ { flush(); fence = !fence; next }
        fence { next }
        /^[[:space:]]*$/ { flush(); next }
        /^[[:space:]]*\|/ { flush(); next }
        /^[[:space:]]*#/ { flush(); next }
        /^[[:space:]]*([-*+]|[0-9]+[.)])[[:space:]]/ { flush() }
        { if (words == 0) start = FNR; words += NF }
        END { if (name != "") flush() }
    ' "${files[@]}"
)
if [ -n "$long" ]; then
    printf '%s\n' "$long"
    count=$(printf '%s\n' "$long" | wc -l | tr -d ' ')
    echo "error: $count paragraph(s) of more than $paragraph_limit words (above); the dated history of" >&2
    echo "       measurements belongs in Benchmarks/NOTES.md" >&2
    status=1
fi
[ "$status" -eq 0 ] || exit "$status"
echo "==> docs: README.md $readme_words words (at most $readme_limit); no paragraph over $paragraph_limit words in ${#files[@]} Markdown files"
