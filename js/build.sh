#!/usr/bin/env bash
# Builds the WebAssembly module and copies Go's loader into dist/:
#   dist/sightline.wasm   cmd/sightline-wasm with every game, GOOS=js GOARCH=wasm
#   dist/wasm_exec.js     $(go env GOROOT)/lib/wasm/wasm_exec.js (must match the Go that built the module)
# With arguments, builds instead a module with the generic rules and the named
# games only (package names under rulesets/: dropzone, codered; "generic" for
# none), written to
# dist/sightline-NAME[-NAME...].wasm.
# Needs only a Go toolchain. Prints the raw and gzip sizes.
#
# Size (docs/embedding.md has the figures): -trimpath and -s -w drop paths
# and symbols; -gcflags=all=-l (no inlining) saves about 0.33 MB of gzip and
# costs speed; cmd/sightline-wasm/squash merges the linker's 100 000 data
# segments, about 0.17 MB of gzip; cmd/sightline-wasm/norender/overlay.sh
# leaves render's drawing files (gg, freetype, x/image, image/png and the
# image/jpeg gg brings) out of the build, about 0.08 MB of gzip, without
# touching the source tree; the tag sightline_nooverlay leaves geom.Offset's
# general overlay (simplefeatures, with its JTS port and encoding/xml)
# out, about 0.42 MB of gzip: in the module a non-convex
# offset that geom.ConvexPieces cannot split reports geom.ErrNoOverlay.
# The tag sightline_nopictures (rulesets.Pictures false) leaves the
# rulesets' picture building out: the module answers in JSON and never
# draws, about 42 KB of gzip.
# The tag sightline_nofast leaves out the float-first fast paths of los
# and movement that hand every doubtful case to an exact path (los's
# convexFast, prismSegmentFast and initShot; movement's call-free ring
# scans) and terrain's grid marks: the same answers, slower sightlines
# and cold routes, about 9 KB of gzip.
# GOEXPERIMENT=nogreenteagc builds the runtime with Go's previous garbage
# collector: the module runs on one thread, where Green Tea's parallel
# marking gains nothing, and its code is about 10 KB of gzip.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
mkdir -p "$here/dist"
out="$here/dist/sightline.wasm"
list="sightline_nooverlay,sightline_nopictures,sightline_nofast"
if [ $# -gt 0 ]; then
	list="$list,sightline_games"
	name="sightline"
	for g in "$@"; do
		case "$g" in
		*[!a-z0-9]*) echo "build.sh: not a ruleset package name: $g" >&2; exit 2 ;;
		esac
		if [ "$g" != generic ]; then # the generic rules are always in
			[ -f "cmd/sightline-wasm/games_$g.go" ] || { echo "build.sh: no cmd/sightline-wasm/games_$g.go" >&2; exit 2; }
			list="$list,sightline_$g"
		fi
		name="$name-$g"
	done
	out="$here/dist/$name.wasm"
fi
tmp="$(mktemp)"
overlay="$(mktemp)"
trap 'rm -f "$tmp" "$overlay"' EXIT
bash cmd/sightline-wasm/norender/overlay.sh > "$overlay"
GOEXPERIMENT=nogreenteagc GOOS=js GOARCH=wasm go build -overlay "$overlay" -trimpath -tags "$list" -gcflags=all=-l -ldflags='-s -w' -o "$tmp" ./cmd/sightline-wasm
go run ./cmd/sightline-wasm/squash "$tmp" "$out" > /dev/null
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$here/dist/wasm_exec.js"
raw=$(wc -c < "$out")
gz=$(gzip -9 -c "$out" | wc -c)
echo "${out#"$here/"}: $raw bytes, $gz bytes gzip -9"
