#!/usr/bin/env bash
# Builds SimdUnbox's documentation (the DocC catalog in Sources/SimdUnbox/SimdUnbox.docc and the
# `///` comments of every public declaration) and fails on any DocC warning.
#
#   scripts/docs.sh                 builds the documentation archive into .build-docs/SimdUnbox.doccarchive
#   scripts/docs.sh --preview       serves it at http://localhost:8080 instead (Ctrl-C to stop)
#
# swift-docc-plugin is added to the package only while SIMDUNBOX_DOCS=1 (see Package.swift), so
# packages that depend on SimdUnbox never resolve it. It resolves in a build folder of its own
# (.build-docs) and leaves no Package.resolved behind.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh

export SIMDUNBOX_DOCS=1
scratch=.build-docs
output=$scratch/SimdUnbox.doccarchive

# Resolving with the plugin writes Package.resolved; keep the repository as it was.
had_resolved=0
[[ -e Package.resolved ]] && had_resolved=1
cleanup() { if [[ $had_resolved == 0 ]]; then rm -f Package.resolved; fi; }
trap cleanup EXIT

common=(--target SimdUnbox --warnings-as-errors)

if [[ ${1:-} == --preview ]]; then
    swift package --scratch-path "$scratch" --disable-sandbox preview-documentation "${common[@]}"
    exit 0
fi

swift package --scratch-path "$scratch" --allow-writing-to-directory "$scratch" \
    generate-documentation "${common[@]}" --output-path "$output"
echo "Documentation: $output"
