#!/usr/bin/env bash
# Builds the WebAssembly module and copies Go's loader into dist/:
#   dist/sightline.wasm   cmd/sightline-wasm, GOOS=js GOARCH=wasm
#   dist/wasm_exec.js     $(go env GOROOT)/lib/wasm/wasm_exec.js (must match the Go that built the module)
# Needs only a Go toolchain. Prints the raw and gzip sizes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
mkdir -p "$here/dist"
GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$here/dist/sightline.wasm" ./cmd/sightline-wasm
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$here/dist/wasm_exec.js"
raw=$(wc -c < "$here/dist/sightline.wasm")
gz=$(gzip -9 -c "$here/dist/sightline.wasm" | wc -c)
echo "dist/sightline.wasm: $raw bytes, $gz bytes gzip -9"
