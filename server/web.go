package server

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed web
var webFiles embed.FS

// webFS is the page's files: index.html, app.js, style.css.
var webFS, _ = fs.Sub(webFiles, "web")

// page serves the interactive table.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	b, err := fs.ReadFile(webFS, "index.html")
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeRaw(w, "text/html; charset=utf-8", b)
}
