package server

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"strconv"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/scenario"
)

// routes maps the endpoints; the method patterns answer 405 with an Allow
// header for the wrong method and 404 for unknown paths.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.servePage)
	mux.HandleFunc("GET /wasm/{version}/{file...}", s.serveWasm)
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(webFS)))
	mux.HandleFunc("GET /healthz", s.health)
	mux.HandleFunc("GET /v1/scenario", s.getScenario)
	mux.HandleFunc("GET /v1/schema", s.getSchema)
	mux.HandleFunc("POST /v1/check", s.check)
	mux.HandleFunc("POST /v1/render", s.render)
	mux.HandleFunc("POST /v1/plan", s.plan)
	mux.HandleFunc("POST /v1/look", s.look)
	return mux
}

func (s *Server) health(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		Status string `json:"status"`
	}{"ok"})
}

func (s *Server) getScenario(w http.ResponseWriter, _ *http.Request) {
	writeRaw(w, "application/json", s.scenario)
}

func (s *Server) getSchema(w http.ResponseWriter, _ *http.Request) {
	writeRaw(w, "application/schema+json", s.schema)
}

func writeRaw(w http.ResponseWriter, contentType string, b []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(b)
}

// decode reads the request body as a scenario file. On failure it has
// answered (413 for a body over the limit, 400 with the decoder's
// JSON-path message otherwise) and returns nil.
func (s *Server) decode(w http.ResponseWriter, r *http.Request) *scenario.File {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.fail(w, r, http.StatusRequestEntityTooLarge, s.tooLarge())
		} else {
			s.fail(w, r, http.StatusBadRequest, fmt.Errorf("reading the request body: %w", err))
		}
		return nil
	}
	f, err := scenario.DecodeBytes(b)
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return nil
	}
	return f
}

// checkBody is the answer of /v1/check: exactly "sightline check --json"
// when every query is answered. When some are not, the status is 400,
// Results holds the others and Errors the CLI's messages (Error the first).
type checkBody struct {
	Results  []*answer.Answer   `json:"results"`
	Warnings []scenario.Warning `json:"warnings"`
	Error    string             `json:"error,omitempty"`
	Errors   []string           `json:"errors,omitempty"`
}

func (s *Server) check(w http.ResponseWriter, r *http.Request) {
	f := s.decode(w, r)
	if f == nil {
		return
	}
	answers, errs := answer.RunContext(r.Context(), f)
	body := checkBody{Results: answers, Warnings: f.Warnings()}
	if body.Warnings == nil {
		body.Warnings = []scenario.Warning{}
	}
	if body.Results == nil {
		body.Results = []*answer.Answer{}
	}
	status := http.StatusOK
	for _, err := range errs {
		body.Errors = append(body.Errors, err.Error())
	}
	if len(errs) > 0 {
		status, body.Error = http.StatusBadRequest, body.Errors[0]
		s.log.Debug("queries not answered", "path", r.URL.Path, "errors", body.Errors)
	}
	writeJSON(w, status, body)
}

// render answers the PNG of "sightline render": the table with every
// answer, or with ?query=ID that query's verdict sheet; ?ppi= sets the
// resolution (default DefaultPxPerInch, at most MaxPxPerInch).
func (s *Server) render(w http.ResponseWriter, r *http.Request) {
	ppi, err := pxPerInch(r.URL.Query().Get("ppi"))
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	f := s.decode(w, r)
	if f == nil {
		return
	}
	answers, errs := answer.RunContext(r.Context(), f)
	opt := render.Options{PxPerInch: ppi}
	id := r.URL.Query().Get("query")
	var a *answer.Answer
	if id != "" {
		if a = find(answers, id); a == nil {
			s.fail(w, r, http.StatusBadRequest, queryError(id, answers, errs, fmt.Errorf("no answered query with id %q", id)))
			return
		}
	}
	select {
	case s.renders <- struct{}{}:
		defer func() { <-s.renders }()
	case <-r.Context().Done():
		s.fail(w, r, http.StatusServiceUnavailable, fmt.Errorf("no render slot free: %w", r.Context().Err()))
		return
	}
	var img image.Image
	if a != nil {
		img, err = answer.Picture(f, a, opt)
	} else {
		img, err = answer.TablePicture(f, answers, opt)
	}
	var buf bytes.Buffer
	if err == nil {
		err = render.WritePNG(&buf, img)
	}
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, fmt.Errorf("render: %w", err))
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Write(buf.Bytes())
}

// pxPerInch parses the ppi parameter ("" is the default).
func pxPerInch(v string) (float64, error) {
	if v == "" {
		return DefaultPxPerInch, nil
	}
	ppi, err := strconv.ParseFloat(v, 64)
	if err != nil || !(ppi > 0 && ppi <= MaxPxPerInch) {
		return 0, fmt.Errorf("ppi: %q: want a number in (0, %d]", v, MaxPxPerInch)
	}
	return ppi, nil
}

// queryError says why query id has no answer: the error its answer
// carries, or the error about the whole file (the ruleset, its options)
// that left every query unanswered, else otherwise.
func queryError(id string, answers []*answer.Answer, errs []error, otherwise error) error {
	for _, a := range answers {
		if a.ID == id && a.Err != nil {
			return a.Err
		}
	}
	if len(answers) == 0 && len(errs) > 0 {
		return errs[0]
	}
	return otherwise
}

func find(answers []*answer.Answer, id string) *answer.Answer {
	for _, a := range answers {
		if a.ID == id && a.Err == nil {
			return a
		}
	}
	return nil
}
