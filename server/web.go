package server

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed web
var webFiles embed.FS

// webFS is the page's files: index.html, its scripts and its style.
var webFS, _ = fs.Sub(webFiles, "web")

// servePage serves the interactive table: index.html naming the
// WebAssembly build's loader when there is one.
func (s *Server) servePage(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	writeRaw(w, "text/html; charset=utf-8", s.page)
}
