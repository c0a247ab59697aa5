package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math"
	"os"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

type result map[string]any

func checkJSON(t *testing.T, file string) map[string]result {
	t.Helper()
	code, out, errs := runCLI("check", "--json", file)
	if code != exitOK {
		t.Fatalf("check --json %s: exit %d, stderr %q", file, code, errs)
	}
	var doc struct {
		Results []result `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	byID := map[string]result{}
	for _, r := range doc.Results {
		byID[r["id"].(string)] = r
	}
	return byID
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestCheckRangeAndSight(t *testing.T) {
	r := checkJSON(t, "testdata/range.json")
	// a at (2,4), b at (22,4): 20 in centre to centre; hulls 2 in long
	// along x, so edge to edge 20 - 1 - 1 = 18 in.
	if d := r["ab-center"]["distance"].(float64); !near(d, 20) {
		t.Errorf("ab-center distance = %v, want 20", d)
	}
	if d := r["ab-edge"]["distance"].(float64); !near(d, 18) {
		t.Errorf("ab-edge distance = %v, want 18", d)
	}
	// a (2,4) to c (5,8): 3-4-5 triangle; mode defaults to center.
	if d := r["ac-center"]["distance"].(float64); !near(d, 5) {
		t.Errorf("ac-center distance = %v, want 5", d)
	}
	// The 3 in house spans x 10..14, y 2..6 between a and b (hulls 1 in
	// high): blocked, at its west face x = 10.
	ab := r["ab-sight"]
	if ab["visible"] != false || ab["blockedBy"] != "house-1" {
		t.Errorf("ab-sight = %v, want blocked by house-1", ab)
	}
	if bp, ok := ab["blockPoint"].([]any); !ok || !near(bp[0].(float64), 10) {
		t.Errorf("ab-sight blockPoint = %v, want x = 10", ab["blockPoint"])
	}
	if ac := r["ac-sight"]; ac["visible"] != true || ac["blockedBy"] != nil {
		t.Errorf("ac-sight = %v, want visible, blockedBy null", ac)
	}
	for id, a := range r {
		if s, _ := a["explanation"].(string); s == "" {
			t.Errorf("%s: no explanation", id)
		}
	}
}

func TestCheckUnitsInFileUnits(t *testing.T) {
	r := checkJSON(t, "testdata/range-cm.json")
	// (1,1) in to (4,5) in: 5 in = 12.7 cm.
	ab := r["ab"]
	if d := ab["distance"].(float64); !near(d, 5) {
		t.Errorf("distance = %v in, want 5", d)
	}
	cm, ok := ab["cm"].(map[string]any)
	if !ok {
		t.Fatalf("no cm object in %v", ab)
	}
	if d := cm["distance"].(float64); !near(d, 12.7) {
		t.Errorf("distance = %v cm, want 12.7", d)
	}
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		inStderr string
	}{
		{[]string{"check", "testdata/range.json"}, exitOK, ""},
		{[]string{"check", "testdata/bad-nan.json"}, exitInvalid, "terrain[0].footprint[2][1]"},
		{[]string{"check", "testdata/does-not-exist.json"}, exitFailure, "does-not-exist.json"},
		{[]string{"check"}, exitInvalid, "exactly one FILE"},
		{[]string{"frobnicate"}, exitInvalid, "unknown command"},
		{[]string{}, exitInvalid, "usage"},
		{[]string{"version"}, exitOK, ""},
	}
	for _, tt := range tests {
		code, _, errs := runCLI(tt.args...)
		if code != tt.code {
			t.Errorf("sightline %v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errs)
		}
		if !strings.Contains(errs, tt.inStderr) {
			t.Errorf("sightline %v: stderr %q, want it to mention %q", tt.args, errs, tt.inStderr)
		}
	}
}

func TestCheckTextOutput(t *testing.T) {
	code, out, errs := runCLI("check", "testdata/range.json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"ab-center (range): distance=20.000", "blocked by house-1"} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
}

func TestRenderWritesPNG(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"render", "testdata/range.json", "-o", dir + "/table.png"},
		{"render", "testdata/range.json", "--query", "ab-sight", "-o", dir + "/ab.png"},
	} {
		code, out, errs := runCLI(args...)
		if code != exitOK {
			t.Fatalf("sightline %v: exit %d, stderr %q", args, code, errs)
		}
		name := args[len(args)-1]
		if !strings.Contains(out, name) {
			t.Errorf("sightline %v: stdout %q does not name %s", args, out, name)
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s is not a PNG: %v", name, err)
		}
		// 24 in table at the default 20 px/in: the picture is wider than
		// the table's 480 px.
		if w := img.Bounds().Dx(); w < 480 {
			t.Errorf("%s is %d px wide, want at least 480", name, w)
		}
	}
	if code, _, errs := runCLI("render", "testdata/range.json", "--query", "nope", "-o", dir+"/x.png"); code != exitInvalid || !strings.Contains(errs, "nope") {
		t.Errorf("unknown query: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCLI("render", "testdata/range.json"); code != exitInvalid || !strings.Contains(errs, "-o") {
		t.Errorf("missing -o: exit %d, stderr %q", code, errs)
	}
}

// TestEveryQueryGetsAnAnswer: a query naming an unknown model appears in
// the results in the file's order with an error object, the others are
// answered, an unreachable destination is an answer (reachable false), and
// the exit status still says that not every query could be answered.
func TestEveryQueryGetsAnAnswer(t *testing.T) {
	code, out, errs := runCLI("check", "--json", "testdata/unanswerable.json")
	if code != exitInvalid {
		t.Errorf("exit %d, want %d (a query could not be answered)", code, exitInvalid)
	}
	if !strings.Contains(errs, `queries[0].to: unknown model "zzz"`) {
		t.Errorf("stderr %q lacks the query error", errs)
	}
	if strings.Contains(out, `\u003e`) {
		t.Errorf("JSON escapes '>' in explanations:\n%s", out)
	}
	var doc struct {
		Results []result `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if len(doc.Results) != 3 {
		t.Fatalf("%d results, want 3 in the file's order:\n%s", len(doc.Results), out)
	}
	wantIDs := []string{"s", "r", "p"}
	for i, r := range doc.Results {
		if r["id"] != wantIDs[i] {
			t.Errorf("results[%d].id = %v, want %s", i, r["id"], wantIDs[i])
		}
	}
	e, _ := doc.Results[0]["error"].(map[string]any)
	if e["path"] != "queries[0].to" || e["message"] != `queries[0].to: unknown model "zzz"` {
		t.Errorf("results[0].error = %v, want path queries[0].to", doc.Results[0]["error"])
	}
	if d, _ := doc.Results[1]["distance"].(float64); !near(d, 15) || doc.Results[1]["mode"] != "center" {
		t.Errorf("results[1] = %v, want distance 15 in mode center", doc.Results[1])
	}
	// The wall spans the whole table depth: no route to the far side.
	if doc.Results[2]["reachable"] != false || doc.Results[2]["error"] != nil {
		t.Errorf("results[2] = %v, want reachable false as an answer", doc.Results[2])
	}
}

// TestFlagsAfterFileAndHelp: flags work after the file, every command
// answers --help with its usage, flags and exit status on stdout and exit
// status 0, and a wrong argument count names the usage.
func TestFlagsAfterFileAndHelp(t *testing.T) {
	code, out, _ := runCLI("check", "testdata/range.json", "--json")
	if code != exitOK || !strings.HasPrefix(out, "{") {
		t.Errorf("check FILE --json: exit %d, output %.40q..., want JSON", code, out)
	}
	for _, name := range []string{"check", "demo", "render", "version"} {
		code, out, errs := runCLI(name, "--help")
		if code != exitOK || !strings.Contains(out, "usage: sightline "+name) || !strings.Contains(out, "Exit status:") || errs != "" {
			t.Errorf("%s --help: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
	if code, out, _ := runCLI("help"); code != exitOK || !strings.Contains(out, "sightline render") {
		t.Errorf("help: exit %d, %q", code, out)
	}
	if code, _, errs := runCLI("check", "a.json", "b.json"); code != exitInvalid || !strings.Contains(errs, "usage: sightline check") {
		t.Errorf("check a b: exit %d, stderr %q", code, errs)
	}
	if code, out, _ := runCLI("version"); code != exitOK || !strings.HasPrefix(out, "sightline ") || !strings.Contains(out, "scenario format v1") {
		t.Errorf("version: exit %d, %q", code, out)
	}
}

// TestWarningsPrinted: a legal but suspicious file is answered (exit 0)
// with its warnings on stderr, and in a "warnings" array with --json.
func TestWarningsPrinted(t *testing.T) {
	const file = "../../scenario/testdata/warn/suspicious.json"
	code, _, stderr := runCLI("check", file)
	if code != 0 || !strings.Contains(stderr, "warning: models[0]: tank-1 overlaps tank-2") {
		t.Errorf("check: exit %d, stderr %q; want 0 and the overlap warning", code, stderr)
	}
	code, stdout, _ := runCLI("check", file, "--json")
	var out struct {
		Warnings []struct{ Path, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != 0 {
		t.Fatalf("check --json: exit %d, %v", code, err)
	}
	if len(out.Warnings) != 7 || out.Warnings[6].Path != "options.units.tnak-2" {
		t.Errorf("warnings %+v, want 7 ending with options.units.tnak-2", out.Warnings)
	}
}
