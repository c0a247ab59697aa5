package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
)

//go:generate bash build-wasm.sh

// wasmFiles holds server/wasm: its README.md always, and the page's
// WebAssembly engine when server/build-wasm.sh has built it.
//
//go:embed wasm
var wasmFiles embed.FS

// embeddedWasm is server/wasm as the default of Config.Wasm.
var embeddedWasm, _ = fs.Sub(wasmFiles, "wasm")

// The files of a WebAssembly build, by their name in Config.Wasm.
const (
	wasmLoader = "index.mjs"              // the JavaScript API of js/
	wasmExec   = "dist/wasm_exec.js"      // Go's loader, imported by index.mjs
	wasmModule = "dist/sightline.wasm.gz" // the module, gzip-compressed
)

// wasmModulePath is where the page fetches the module, beside the loader
// as index.mjs expects; the server answers it from wasmModule.
const wasmModulePath = "dist/sightline.wasm"

// errNoWasmFile is wrapped by the error of a partial WebAssembly build.
var errNoWasmFile = errors.New("incomplete WebAssembly build")

// wasmBuild is the page's in-browser engine as served under
// /wasm/VERSION/: the files never change while the server runs, so their
// URLs carry a hash of them and may be cached for good.
type wasmBuild struct {
	version string            // the first 16 hex digits of a SHA-256 of the three files
	loader  []byte            // index.mjs
	exec    []byte            // dist/wasm_exec.js
	module  []byte            // the module, gzip-compressed
	size    int64             // the module's size uncompressed
	files   map[string][]byte // loader and exec by their path under /wasm/VERSION/
}

// loadWasm reads a WebAssembly build from fsys. With none of its files
// there it returns nil and no error: the page then asks the server. With
// some but not all, or a module that is not gzip-compressed WebAssembly,
// it returns an error naming the file.
func loadWasm(fsys fs.FS) (*wasmBuild, error) {
	names := []string{wasmLoader, wasmExec, wasmModule}
	data := make([][]byte, len(names))
	var missing []string
	for i, name := range names {
		b, err := fs.ReadFile(fsys, name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			missing = append(missing, name)
		case err != nil:
			return nil, fmt.Errorf("wasm: %s: %w", name, err)
		}
		data[i] = b
	}
	if len(missing) == len(names) {
		return nil, nil
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("wasm: %s missing (run bash server/build-wasm.sh): %w", strings.Join(missing, ", "), errNoWasmFile)
	}
	size, err := gunzippedWasmSize(data[2])
	if err != nil {
		return nil, fmt.Errorf("wasm: %s: %w", wasmModule, err)
	}
	h := sha256.New()
	for _, b := range data {
		fmt.Fprintf(h, "%d:", len(b))
		h.Write(b)
	}
	w := &wasmBuild{version: hex.EncodeToString(h.Sum(nil))[:16], loader: data[0], exec: data[1], module: data[2], size: size}
	w.files = map[string][]byte{wasmLoader: w.loader, wasmExec: w.exec}
	return w, nil
}

// gunzippedWasmSize checks gz is one gzip stream of a WebAssembly module
// and returns the module's size.
func gunzippedWasmSize(gz []byte) (int64, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return 0, fmt.Errorf("want gzip-compressed WebAssembly: %w", err)
	}
	head := make([]byte, 4)
	if _, err := io.ReadFull(zr, head); err != nil || !bytes.Equal(head, []byte("\x00asm")) {
		return 0, fmt.Errorf("want gzip-compressed WebAssembly: the module does not start with \\0asm (read %q, %v)", head, err)
	}
	n, err := io.Copy(io.Discard, zr)
	if err != nil {
		return 0, fmt.Errorf("want gzip-compressed WebAssembly: %w", err)
	}
	return n + int64(len(head)), nil
}

// loaderURL is the URL of the build's index.mjs, which the page imports.
func (w *wasmBuild) loaderURL() string { return "/wasm/" + w.version + "/" + wasmLoader }

// wasmMeta is the page's placeholder for the loader's URL: empty, the
// page answers through the server.
const wasmMeta = `<meta name="sightline-wasm" content="">`

// pageHTML is index.html with the loader's URL of w (nil: none) in its
// wasmMeta element.
func pageHTML(index []byte, w *wasmBuild) ([]byte, error) {
	if bytes.Count(index, []byte(wasmMeta)) != 1 {
		return nil, fmt.Errorf("web/index.html: want one %s", wasmMeta)
	}
	if w == nil {
		return index, nil
	}
	meta := `<meta name="sightline-wasm" content="` + w.loaderURL() + `">`
	return bytes.Replace(index, []byte(wasmMeta), []byte(meta), 1), nil
}

// wasmCache lets browsers and proxies keep a file under /wasm/VERSION/
// for a year without asking again: another build has another VERSION.
const wasmCache = "public, max-age=31536000, immutable"

// serveWasm answers GET /wasm/{version}/{file...}: the loader, Go's
// wasm_exec.js and the module of the embedded build. The module goes out
// as it is stored, gzip-compressed, with Content-Encoding when the client
// accepts gzip, else decompressed while it is written.
func (s *Server) serveWasm(w http.ResponseWriter, r *http.Request) {
	b := s.wasm
	file := r.PathValue("file")
	if b == nil || r.PathValue("version") != b.version {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("%s: no such file (this server's WebAssembly build is on its page)", r.URL.Path))
		return
	}
	h := w.Header()
	if body, ok := b.files[file]; ok {
		h.Set("Cache-Control", wasmCache)
		h.Set("ETag", `"`+b.version+`"`)
		if notModified(r, h.Get("ETag")) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		writeRaw(w, "text/javascript; charset=utf-8", body)
		return
	}
	if file != wasmModulePath {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("%s: no such file", r.URL.Path))
		return
	}
	gz := acceptsGzip(r.Header.Values("Accept-Encoding"))
	etag := `"` + b.version + `"`
	if gz {
		etag = `"` + b.version + `-gzip"`
	}
	h.Set("Cache-Control", wasmCache)
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", etag)
	if notModified(r, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/wasm")
	h.Set("X-Content-Type-Options", "nosniff")
	if gz {
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(len(b.module)))
		w.Write(b.module)
		return
	}
	h.Set("Content-Length", strconv.FormatInt(b.size, 10))
	zr, err := gzip.NewReader(bytes.NewReader(b.module))
	if err == nil {
		_, err = io.Copy(w, zr)
	}
	if err != nil { // checked by loadWasm: a failure here is the connection's
		s.log.Warn("wasm: writing the module", "error", err.Error())
	}
}

// notModified reports whether the request's If-None-Match names etag.
func notModified(r *http.Request, etag string) bool {
	for _, v := range r.Header.Values("If-None-Match") {
		for _, t := range strings.Split(v, ",") {
			if t = strings.TrimSpace(t); t == etag || t == "W/"+etag || t == "*" {
				return true
			}
		}
	}
	return false
}

// acceptsGzip reports whether Accept-Encoding header values allow gzip:
// "gzip" (or "x-gzip", or "*" when gzip is not named) with a q-value that
// is not zero.
func acceptsGzip(values []string) bool {
	star := false
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			coding, params, _ := strings.Cut(part, ";")
			coding = strings.ToLower(strings.TrimSpace(coding))
			ok := qNonZero(params)
			switch coding {
			case "gzip", "x-gzip":
				return ok
			case "*":
				star = ok
			}
		}
	}
	return star
}

// qNonZero reports whether the parameters of one Accept-Encoding item
// leave its q-value above zero (absent means 1).
func qNonZero(params string) bool {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return err == nil && q > 0
		}
	}
	return true
}
