#!/usr/bin/env bash
# Builds the table page's in-browser engine into server/wasm/ (ignored by
# git), which the server embeds: with it the page answers drag updates in
# the browser instead of posting each one to /v1/look. Needs Go and gzip.
# Rebuild the server afterwards:
#
#   bash server/build-wasm.sh && go build -o sightline ./cmd/sightline
#
# It builds cmd/sightline-wasm as js/build.sh does (render's drawing files
# left out, data segments squashed) but with inlining on: js/build.sh's
# -gcflags=all=-l saves 0.5 MB of gzip and costs the page a third more CPU
# per drag update (docs/serving.md has the figures); the page downloads the
# module once and caches it for good. Arguments pick the games as
# js/build.sh's do: none builds every game (the page opens any scenario);
# "dropzone" (or several names; "generic" for none) a smaller module with
# the generic rules and those games only, where the page asks the server
# for a table of another game.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
tags=(-tags sightline_nopictures)
if [ $# -gt 0 ]; then
	list="sightline_nopictures,sightline_games"
	for g in "$@"; do
		case "$g" in
		*[!a-z0-9]*) echo "build-wasm.sh: not a ruleset package name: $g" >&2; exit 2 ;;
		esac
		if [ "$g" != generic ]; then # the generic rules are always in
			[ -f "cmd/sightline-wasm/games_$g.go" ] || { echo "build-wasm.sh: no cmd/sightline-wasm/games_$g.go" >&2; exit 2; }
			list="$list,sightline_$g"
		fi
	done
	tags=(-tags "$list")
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bash cmd/sightline-wasm/norender/overlay.sh > "$tmp/overlay.json"
GOOS=js GOARCH=wasm go build -overlay "$tmp/overlay.json" -trimpath "${tags[@]}" -ldflags='-s -w' -o "$tmp/raw.wasm" ./cmd/sightline-wasm
go run ./cmd/sightline-wasm/squash "$tmp/raw.wasm" "$tmp/sightline.wasm" > /dev/null
mkdir -p "$tmp/out/dist"
cp js/index.mjs "$tmp/out/index.mjs"
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$tmp/out/dist/wasm_exec.js"
gzip -9 -n -c "$tmp/sightline.wasm" > "$tmp/out/dist/sightline.wasm.gz"
rm -rf "$here/wasm/dist" "$here/wasm/index.mjs"
mv "$tmp/out/index.mjs" "$tmp/out/dist" "$here/wasm/"
echo "server/wasm: index.mjs, dist/wasm_exec.js, dist/sightline.wasm.gz ($(wc -c < "$tmp/sightline.wasm") bytes, $(wc -c < "$here/wasm/dist/sightline.wasm.gz") gzip -9); rebuild the server to embed them"
