package server

import (
	"bytes"
	"compress/gzip"
	"errors"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// fakeModule is a WebAssembly header and a few bytes: what the server
// checks and serves, not a module a browser could run.
var fakeModule = []byte("\x00asm\x01\x00\x00\x00 sightline test module")

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fakeBuild is a WebAssembly build as server/build-wasm.sh lays it out.
func fakeBuild(t *testing.T) fstest.MapFS {
	return fstest.MapFS{
		"README.md":              {Data: []byte("readme")},
		"index.mjs":              {Data: []byte("import './dist/wasm_exec.js';\nexport async function load() {}\n")},
		"dist/wasm_exec.js":      {Data: []byte("globalThis.Go = class {};\n")},
		"dist/sightline.wasm.gz": {Data: gzipped(t, fakeModule)},
	}
}

// loaderOf is the loader URL the page names in its sightline-wasm meta.
func loaderOf(t *testing.T, page string) string {
	t.Helper()
	m := regexp.MustCompile(`<meta name="sightline-wasm" content="([^"]*)">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page has no sightline-wasm meta:\n%s", page)
	}
	return m[1]
}

func TestPageWithoutWasm(t *testing.T) {
	s, _ := newTest(t, Config{Wasm: fstest.MapFS{"README.md": {Data: []byte("readme")}}})
	w := serve(s, "GET", "/", "")
	if w.Code != 200 {
		t.Fatalf("GET /: %d", w.Code)
	}
	if got := loaderOf(t, w.Body.String()); got != "" {
		t.Errorf("without a build the page names loader %q, want none", got)
	}
	if w := serve(s, "GET", "/wasm/0123456789abcdef/index.mjs", ""); w.Code != 404 {
		t.Errorf("GET a wasm file without a build: %d, want 404", w.Code)
	}
}

func TestWasmBuildRefused(t *testing.T) {
	full := fakeBuild(t)
	for _, tc := range []struct {
		name string
		drop string // file left out
		gz   []byte // the module file's bytes, when not dropped
		want string
	}{
		{"no module", "dist/sightline.wasm.gz", nil, "dist/sightline.wasm.gz missing"},
		{"no loader", "index.mjs", nil, "index.mjs missing"},
		{"no wasm_exec", "dist/wasm_exec.js", nil, "dist/wasm_exec.js missing"},
		{"not gzip", "", fakeModule, "want gzip-compressed WebAssembly"},
		{"not wasm", "", gzipped(t, []byte("<html>not a module</html>")), "does not start with \\0asm"},
		{"empty module", "", gzipped(t, nil), "does not start with \\0asm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range full {
				if k != tc.drop {
					fsys[k] = v
				}
			}
			if tc.gz != nil {
				fsys["dist/sightline.wasm.gz"] = &fstest.MapFile{Data: tc.gz}
			}
			_, err := New(Config{Wasm: fsys})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New: %v, want an error containing %q", err, tc.want)
			}
			if tc.drop != "" && !errors.Is(err, errNoWasmFile) {
				t.Errorf("New: %v does not wrap errNoWasmFile", err)
			}
		})
	}
}

func TestServeWasm(t *testing.T) {
	build := fakeBuild(t)
	s, _ := newTest(t, Config{Wasm: build})
	loader := loaderOf(t, serve(s, "GET", "/", "").Body.String())
	m := regexp.MustCompile(`^/wasm/([0-9a-f]{16})/index\.mjs$`).FindStringSubmatch(loader)
	if m == nil {
		t.Fatalf("loader URL %q, want /wasm/<16 hex digits>/index.mjs", loader)
	}
	version, base := m[1], "/wasm/"+m[1]+"/"
	gz := build["dist/sightline.wasm.gz"].Data
	const immutable = "public, max-age=31536000, immutable"
	for _, tc := range []struct {
		name, path, acceptEncoding, ifNoneMatch string
		status                                  int
		contentType, encoding, etag             string
		body                                    []byte
	}{
		{"loader", "index.mjs", "gzip", "", 200, "text/javascript; charset=utf-8", "", `"` + version + `"`, build["index.mjs"].Data},
		{"go loader", "dist/wasm_exec.js", "", "", 200, "text/javascript; charset=utf-8", "", `"` + version + `"`, build["dist/wasm_exec.js"].Data},
		{"loader cached", "index.mjs", "", `"` + version + `"`, 304, "", "", `"` + version + `"`, nil},
		{"module gzip", "dist/sightline.wasm", "gzip, deflate, br", "", 200, "application/wasm", "gzip", `"` + version + `-gzip"`, gz},
		{"module x-gzip", "dist/sightline.wasm", "x-gzip", "", 200, "application/wasm", "gzip", `"` + version + `-gzip"`, gz},
		{"module any coding", "dist/sightline.wasm", "*", "", 200, "application/wasm", "gzip", `"` + version + `-gzip"`, gz},
		{"module identity", "dist/sightline.wasm", "", "", 200, "application/wasm", "", `"` + version + `"`, fakeModule},
		{"module gzip refused", "dist/sightline.wasm", "br, gzip;q=0, *", "", 200, "application/wasm", "", `"` + version + `"`, fakeModule},
		{"module gzip cached", "dist/sightline.wasm", "gzip", `W/"x", "` + version + `-gzip"`, 304, "", "", `"` + version + `-gzip"`, nil},
		{"module other etag", "dist/sightline.wasm", "gzip", `"` + version + `"`, 200, "application/wasm", "gzip", `"` + version + `-gzip"`, gz},
		{"stored name", "dist/sightline.wasm.gz", "gzip", "", 404, "application/json", "", "", nil},
		{"readme", "README.md", "", "", 404, "application/json", "", "", nil},
		{"no such file", "dist/nope.js", "", "", 404, "application/json", "", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", base+tc.path, nil)
			if tc.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tc.acceptEncoding)
			}
			if tc.ifNoneMatch != "" {
				req.Header.Set("If-None-Match", tc.ifNoneMatch)
			}
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			h := w.Header()
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if tc.status == 404 {
				return
			}
			if got := h.Get("Content-Type"); got != tc.contentType {
				t.Errorf("Content-Type %q, want %q", got, tc.contentType)
			}
			if got := h.Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if got := h.Get("ETag"); got != tc.etag {
				t.Errorf("ETag %q, want %q", got, tc.etag)
			}
			if got := h.Get("Cache-Control"); got != immutable {
				t.Errorf("Cache-Control %q, want %q", got, immutable)
			}
			if strings.HasPrefix(tc.path, "dist/sightline.wasm") && h.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary %q, want Accept-Encoding", h.Get("Vary"))
			}
			if !bytes.Equal(w.Body.Bytes(), tc.body) {
				t.Errorf("body %q, want %q", w.Body.Bytes(), tc.body)
			}
			if tc.status == 200 && h.Get("Content-Length") != "" && h.Get("Content-Length") != strconv.Itoa(len(tc.body)) {
				t.Errorf("Content-Length %s, want %d", h.Get("Content-Length"), len(tc.body))
			}
		})
	}
	if w := serve(s, "GET", "/wasm/0000000000000000/index.mjs", ""); w.Code != 404 {
		t.Errorf("another build's file: %d, want 404", w.Code)
	}
}

func TestWasmVersionFollowsFiles(t *testing.T) {
	a, err := loadWasm(fakeBuild(t))
	if err != nil {
		t.Fatal(err)
	}
	b := fakeBuild(t)
	b["dist/wasm_exec.js"] = &fstest.MapFile{Data: []byte("globalThis.Go = class { other() {} };\n")}
	other, err := loadWasm(b)
	if err != nil {
		t.Fatal(err)
	}
	if a.version == other.version {
		t.Errorf("two builds with different files share version %s", a.version)
	}
	again, _ := loadWasm(fakeBuild(t))
	if again.version != a.version {
		t.Errorf("the same files give versions %s and %s", a.version, again.version)
	}
	if a.size != int64(len(fakeModule)) {
		t.Errorf("module size %d, want %d", a.size, len(fakeModule))
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header []string
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"GZIP"}, true},
		{[]string{"deflate, gzip;q=0.5"}, true},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; q=0.000"}, false},
		{[]string{"gzip;q=bad"}, false},
		{[]string{"br", "gzip"}, true},
		{[]string{"*"}, true},
		{[]string{"*;q=0"}, false},
		{[]string{"gzip;q=0, *"}, false},
		{[]string{"*, gzip;q=0"}, false},
		{[]string{"identity, br"}, false},
		{[]string{"x-gzip"}, true},
	} {
		if got := acceptsGzip(tc.header); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}

func TestPageHTMLNeedsItsMeta(t *testing.T) {
	w := &wasmBuild{version: "0123456789abcdef"}
	for _, tc := range []struct {
		index, want string
		ok          bool
	}{
		{`<head>` + wasmMeta + `</head>`, `<head><meta name="sightline-wasm" content="/wasm/0123456789abcdef/index.mjs"></head>`, true},
		{`<head></head>`, "", false},
		{wasmMeta + wasmMeta, "", false},
	} {
		got, err := pageHTML([]byte(tc.index), w)
		if (err == nil) != tc.ok || tc.ok && string(got) != tc.want {
			t.Errorf("pageHTML(%q) = %q, %v; want %q (ok %v)", tc.index, got, err, tc.want, tc.ok)
		}
	}
}
