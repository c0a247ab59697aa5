package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline/scenario"
)

// newTest returns a Server on the default scenario whose log goes to buf.
func newTest(t *testing.T, cfg Config) (*Server, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	if cfg.Timeout == 0 {
		// The tests check answers, not speed: a loaded CI machine under
		// -race must not turn a slow render into a 503. The time-limit
		// test sets its own.
		cfg.Timeout = 2 * time.Minute
	}
	cfg.Logger = slog.New(slog.NewTextHandler(&syncWriter{w: &buf}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, &buf
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// serve runs one request through s and returns the recorder.
func serve(s http.Handler, method, target, body string) *httptest.ResponseRecorder {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}

func TestEndpoints(t *testing.T) {
	s, _ := newTest(t, Config{})
	def := string(scenario.DefaultJSON())
	badNaN := readFile(t, "../cmd/sightline/testdata/bad-nan.json")
	unknownRuleset := strings.Replace(def, `"ruleset": "generic"`, `"ruleset": "no-such-game"`, 1)
	oddQuery := strings.Replace(def, `"queries": [`, `"queries": [{"id": "odd", "kind": "no-such-kind"},`, 1)
	tests := []struct {
		name, method, target, body string
		status                     int
		contentType                string
		want                       []string // substrings of the body
	}{
		{"page", "GET", "/", "", 200, "text/html", []string{"<title>Sightline", "/static/app.js"}},
		{"page script", "GET", "/static/app.js", "", 200, "javascript", []string{"/v1/look"}},
		{"page style", "GET", "/static/style.css", "", 200, "text/css", []string{".model"}},
		{"no such asset", "GET", "/static/nope.js", "", 404, "", nil},
		{"no such page", "GET", "/nope", "", 404, "", nil},
		{"health", "GET", "/healthz", "", 200, "application/json", []string{`"status": "ok"`}},
		{"scenario", "GET", "/v1/scenario", "", 200, "application/json", []string{`"sightline": 1`, "Crossroads at Aldbury"}},
		{"schema", "GET", "/v1/schema", "", 200, "application/schema+json", []string{`"$schema"`}},
		{"check", "POST", "/v1/check", def, 200, "application/json", []string{`"results": [`, `"id": "sight-smoke"`}},
		{"check bad value", "POST", "/v1/check", badNaN, 400, "application/json",
			[]string{`"error": "terrain[0].footprint[2][1]: want a number, got string \"NaN\""`, `"path": "terrain[0].footprint[2][1]"`}},
		{"check syntax", "POST", "/v1/check", `{"sightline": 1,`, 400, "application/json", []string{`"error": "`}},
		{"check empty", "POST", "/v1/check", "", 400, "application/json", []string{`"error": "`}},
		{"check unanswerable", "POST", "/v1/check", unknownRuleset, 400, "application/json",
			[]string{`"results": []`, `"error": "ruleset: \"no-such-game\" is not implemented`, `"errors": [`}},
		{"check one query unanswerable", "POST", "/v1/check", oddQuery, 400, "application/json",
			[]string{`"id": "odd"`, `"error": {`, `"id": "sight-smoke"`, `"error": "queries[0].kind: `, `"errors": [`}},
		{"check wrong method", "GET", "/v1/check", "", 405, "", nil},
		{"render unanswerable query id", "POST", "/v1/render?query=odd", oddQuery, 400, "application/json",
			[]string{`"error": "queries[0].kind: `}},
		{"render table", "POST", "/v1/render", def, 200, "image/png", []string{"\x89PNG"}},
		{"render query", "POST", "/v1/render?query=sight-smoke&ppi=10", def, 200, "image/png", []string{"\x89PNG"}},
		{"render unknown query", "POST", "/v1/render?query=nope", def, 400, "application/json",
			[]string{`"error": "no answered query with id \"nope\""`}},
		{"render unanswerable query", "POST", "/v1/render?query=sight-smoke", unknownRuleset, 400, "application/json",
			[]string{`"error": "ruleset: `}},
		{"render bad ppi", "POST", "/v1/render?ppi=abc", def, 400, "application/json", []string{`"error": "ppi: \"abc\"`}},
		{"render ppi zero", "POST", "/v1/render?ppi=0", def, 400, "application/json", []string{"want a number in (0, 80]"}},
		{"render ppi too high", "POST", "/v1/render?ppi=81", def, 400, "application/json", []string{"want a number in (0, 80]"}},
		{"render bad scenario", "POST", "/v1/render", badNaN, 400, "application/json", []string{"terrain[0].footprint[2][1]"}},
		{"plan", "POST", "/v1/plan", def, 200, "application/json", []string{`"unitsPerInch": 1`, `"id": "house-3"`, `"id": "sabre-1"`}},
		{"plan bad scenario", "POST", "/v1/plan", badNaN, 400, "application/json", []string{"terrain[0].footprint[2][1]"}},
		{"look", "POST", "/v1/look?shooter=strider-1&target=sabre-3&moved=sabre-3", def, 200, "application/json",
			[]string{`"shooter": "strider-1"`, `"band": "in the open"`, `"enemies": [`, `"shot": {`}},
		{"look without moved", "POST", "/v1/look?shooter=strider-1&target=sabre-3", def, 200, "application/json", []string{`"sight": {`}},
		{"look missing shooter", "POST", "/v1/look?target=sabre-3", def, 400, "application/json", []string{`"error": "shooter: missing`}},
		{"look unknown target", "POST", "/v1/look?shooter=strider-1&target=nope", def, 400, "application/json",
			[]string{`"error": "target: no model \"nope\" in the scenario`}},
		{"look unknown moved", "POST", "/v1/look?shooter=strider-1&target=sabre-3&moved=nope", def, 400, "application/json",
			[]string{`"error": "moved: no model \"nope\"`}},
		{"look at itself", "POST", "/v1/look?shooter=sabre-3&target=sabre-3", def, 400, "application/json", []string{"is the shooter itself"}},
		{"look bad scenario", "POST", "/v1/look?shooter=a&target=b", badNaN, 400, "application/json", []string{"terrain[0].footprint[2][1]"}},
		{"look unanswerable", "POST", "/v1/look?shooter=strider-1&target=sabre-3", unknownRuleset, 400, "application/json",
			[]string{`"error": "ruleset: `}},
		{"look wrong method", "GET", "/v1/look", "", 405, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(s, tt.method, tt.target, tt.body)
			if w.Code != tt.status {
				t.Fatalf("%s %s = %d, want %d; body %s", tt.method, tt.target, w.Code, tt.status, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); !strings.Contains(ct, tt.contentType) {
				t.Errorf("%s %s: Content-Type %q, want %q", tt.method, tt.target, ct, tt.contentType)
			}
			for _, want := range tt.want {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("%s %s: body lacks %q:\n%.600s", tt.method, tt.target, want, w.Body)
				}
			}
		})
	}
}

func TestScenarioServedAsGiven(t *testing.T) {
	doc := readFile(t, "../cmd/sightline/testdata/range-cm.json")
	s, _ := newTest(t, Config{Scenario: []byte(doc)})
	if w := serve(s, "GET", "/v1/scenario", ""); w.Body.String() != doc {
		t.Errorf("GET /v1/scenario = %.200q, want the configured file", w.Body)
	}
	w := serve(s, "POST", "/v1/plan", doc)
	var p planBody
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	if p.Units != "cm" || p.UnitsPerInch != 2.54 {
		t.Errorf("plan units = %q, %v per inch, want cm, 2.54", p.Units, p.UnitsPerInch)
	}
}

func TestNewRejects(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"negative body", Config{MaxBody: -1}, "max body -1 bytes"},
		{"body over the file limit", Config{MaxBody: scenario.MaxFileSize + 1}, "max body"},
		{"negative timeout", Config{Timeout: -1}, "must not be negative"},
		{"negative renders", Config{MaxRenders: -1}, "must not be negative"},
		{"bad scenario", Config{Scenario: []byte(`{"sightline": 2}`)}, "server: scenario: "},
	}
	for _, tt := range tests {
		if _, err := New(tt.cfg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%s) = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}
