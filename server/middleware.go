package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/sightline/sightline/scenario"
)

// wrap puts the guards around h, outermost first: the request log (which
// sees the final status), the time limit, panic recovery (inside the time
// limit, so the 500 is written through it), and the body limit.
func (s *Server) wrap(h http.Handler) http.Handler {
	limited := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > s.cfg.MaxBody {
			s.fail(w, r, http.StatusRequestEntityTooLarge, s.tooLarge())
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
		h.ServeHTTP(w, r)
	})
	timeout, _ := json.Marshal(errorBody{Error: fmt.Sprintf("request took longer than the %v limit", s.cfg.Timeout)})
	timed := http.TimeoutHandler(s.recovering(limited), s.cfg.Timeout, string(timeout))
	return s.logging(timed)
}

// recovering answers 500 for a panic in h and logs it with its stack; no
// panic escapes to the connection. http.ErrAbortHandler keeps its meaning.
func (s *Server) recovering(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal error (logged)"})
		}()
		h.ServeHTTP(w, r)
	})
}

// statusWriter records the status and size of a response for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

// WriteHeader records the first status written and passes it on.
func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write counts the bytes written (a body without a header is a 200).
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// logging writes one structured record per request.
func (s *Server) logging(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.Int("status", sw.status), slog.Int64("bytes", sw.bytes),
			slog.Duration("duration", time.Since(start)), slog.String("remote", r.RemoteAddr))
	})
}

// errorBody is the JSON of every error answer. Error is the message the
// CLI prints after "FILE: " (for a scenario error it starts with the JSON
// path); Path repeats that path on its own for programs.
type errorBody struct {
	Error string `json:"error"`
	Path  string `json:"path,omitempty"`
}

// fail answers status with err as an errorBody; 4xx answers are logged at
// debug level with the message, 5xx at error level.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, err error) {
	body := errorBody{Error: err.Error()}
	var fe *scenario.Error
	if errors.As(err, &fe) {
		body.Path = fe.Path
	}
	level := slog.LevelDebug
	if status >= 500 {
		level = slog.LevelError
	}
	s.log.Log(r.Context(), level, "request failed", "path", r.URL.Path, "status", status, "error", body.Error)
	writeJSON(w, status, body)
}

// errTooLarge is wrapped by the 413 answer's error.
var errTooLarge = errors.New("request body too large")

func (s *Server) tooLarge() error {
	return fmt.Errorf("%w: the limit is %d bytes", errTooLarge, s.cfg.MaxBody)
}

// writeJSON writes v indented like "sightline check --json" (no HTML
// escaping, a final newline).
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		b, _ := json.Marshal(errorBody{Error: "encoding the answer: " + err.Error()})
		buf.Write(append(b, '\n'))
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}
