#!/usr/bin/env bash
# Writes to stdout the go build -overlay file (JSON) that builds package
# render without its drawing files for the WebAssembly module: each file
# of render that imports the drawing libraries (fogleman/gg, freetype,
# golang.org/x/image, image/png) or the image packages (image, image/color:
# the pixel layout and the palette; image/color's colour models alone are
# about 6 KB of gzip) or uses their canvas is left out, and
# render_wasm.go.txt stands in for the internal names the remaining files
# mention. The source tree is not touched.
#
# The files left out are found, not listed: every non-test .go file of
# render except those that neither import a drawing or image library nor
# mention "canvas" (the overlay data, adapters, options, regions).
# If render changes so that a file kept mentions another name of a file
# left out, the build says which; add it to render_wasm.go.txt.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
render="$root/render"
here="$root/cmd/sightline-wasm/norender"
first=1
printf '{"Replace": {'
for f in "$render"/*.go; do
	case "$f" in *_test.go) continue ;; esac
	if grep -qE '"(github.com/fogleman/gg|github.com/golang/freetype[^"]*|golang.org/x/image[^"]*|image/png|image/draw|image|image/color)"|\bcanvas\b|\*canvas|legendSet\)' "$f" &&
		! grep -qE '^type (Part|Overlay) interface' "$f"; then
		[ $first = 1 ] || printf ','
		first=0
		printf '\n  "%s": ""' "$f"
	fi
done
printf ',\n  "%s": "%s"' "$render/zz_render_wasm.go" "$here/render_wasm.go.txt"
printf '\n}}\n'
