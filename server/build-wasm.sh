#!/usr/bin/env bash
# Builds the table page's in-browser engine into server/wasm/ (ignored by
# git), which the server embeds: with it the page answers drag updates in
# the browser instead of posting each one to /v1/look. Needs Go (js/build.sh
# builds the module) and gzip. Rebuild the server afterwards:
#
#   bash server/build-wasm.sh && go build -o sightline ./cmd/sightline
#
# Arguments are js/build.sh's: none builds every game (the page opens any
# scenario); "dropzone" (or several names) a smaller module with the generic
# rules and those games only, where the page asks the server for a table of
# another game.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$here/.."
name="sightline"
for g in "$@"; do name="$name-$g"; done
bash "$repo/js/build.sh" "$@"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/dist"
cp "$repo/js/index.mjs" "$tmp/index.mjs"
cp "$repo/js/dist/wasm_exec.js" "$tmp/dist/wasm_exec.js"
gzip -9 -n -c "$repo/js/dist/$name.wasm" > "$tmp/dist/sightline.wasm.gz"
out="$here/wasm"
rm -rf "$out/dist" "$out/index.mjs"
mv "$tmp/index.mjs" "$tmp/dist" "$out/"
echo "server/wasm: index.mjs, dist/wasm_exec.js, dist/sightline.wasm.gz ($(wc -c < "$out/dist/sightline.wasm.gz") bytes, from js/dist/$name.wasm); rebuild the server to embed them"
