package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/scenario"
)

func decodeText(t *testing.T, text string) *scenario.File {
	t.Helper()
	f, err := scenario.DecodeBytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// withoutID is an answer's JSON without its id, for comparing answers of
// the same question asked under two ids.
func withoutID(t *testing.T, a *answer.Answer) string {
	t.Helper()
	if a == nil {
		t.Fatal("no answer")
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "id")
	out, _ := json.Marshal(m)
	return string(out)
}

// TestLookAnswersAsTheFileWould asks the pair's questions as queries
// written in the file and compares them with the look answer.
func TestLookAnswersAsTheFileWould(t *testing.T) {
	pairs := [][2]string{{"strider-1", "sabre-3"}, {"sabre-3", "hunter-1"}, {"legion-1", "reaper-1"}, {"hunter-2", "condor-1"}}
	for _, p := range pairs {
		from, to := p[0], p[1]
		queries := `"queries": [
    {"id": "r", "kind": "range", "from": "` + from + `", "to": "` + to + `"},
    {"id": "s", "kind": "sight", "from": "` + from + `", "to": "` + to + `"},
    {"id": "v", "kind": "visible-fraction", "from": "` + from + `", "to": "` + to + `"},
    {"id": "a", "kind": "arc", "from": "` + from + `", "to": "` + to + `"},
    {"id": "x", "kind": "shot", "shooter": "` + from + `", "target": "` + to + `", "weapon": {"name": "railgun", "range": 36, "arc": "front"}},`
		f := decodeText(t, strings.Replace(string(scenario.DefaultJSON()), `"queries": [`, queries, 1))
		answers, errs := answer.Run(f)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		got, err := lookAt(f, from, to, from)
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range []*answer.Answer{got.Range, got.Sight, got.Fraction, got.Arc} {
			if g, w := withoutID(t, a), withoutID(t, answers[i]); g != w {
				t.Errorf("%s -> %s: look %s\n = %s\nwant %s", from, to, answers[i].Kind, g, w)
			}
		}
		// The file's first shot query names sabre-1; the look keeps its weapon.
		if g, w := withoutID(t, got.Shot), withoutID(t, answers[4]); g != w {
			t.Errorf("%s -> %s: look shot\n = %s\nwant %s", from, to, g, w)
		}
		if len(got.Enemies) == 0 {
			t.Errorf("%s: no enemies", from)
		}
	}
}

func TestLookGameVerdict(t *testing.T) {
	f := decodeText(t, readFile(t, "../examples/dropzone-commander/scenario.json"))
	answers, errs := answer.Run(f)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, tt := range []struct{ shooter, query string }{{"sabre-1", "railgun"}, {"sabre-2", "mg"}} {
		got, err := lookAt(f, tt.shooter, "hunter", "")
		if err != nil {
			t.Fatal(err)
		}
		want := find(answers, tt.query)
		if got.Shot == nil || got.Shot.Explanation != want.Explanation {
			t.Errorf("look %s -> hunter: shot %v (%s), want the verdict of query %s: %s", tt.shooter, got.Shot, got.NoShot, tt.query, want.Explanation)
		}
		if !strings.Contains(got.Shot.Explanation, "DZC-") {
			t.Errorf("look %s -> hunter: verdict %q names no Dropzone clause", tt.shooter, got.Shot.Explanation)
		}
	}
}

func TestLookWithoutShotQuery(t *testing.T) {
	text := string(scenario.DefaultJSON())
	i := strings.Index(text, `"queries": [`)
	f := decodeText(t, text[:i]+`"queries": []}`)
	got, err := lookAt(f, "strider-1", "sabre-3", "")
	if err != nil {
		t.Fatal(err)
	}
	if got.Shot != nil || !strings.Contains(got.NoShot, "weapon") {
		t.Errorf("look without a shot query: shot %v, noShot %q; want no verdict, the missing weapon named", got.Shot, got.NoShot)
	}
	if got.Enemies != nil {
		t.Errorf("look without moved: enemies %v, want none", got.Enemies)
	}
}

func TestLooseBands(t *testing.T) {
	if err := looseBands().Validate(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		f    float64
		want string
	}{{0, "hidden"}, {1e-12, "hidden"}, {0.01, "mostly hidden"}, {0.5, "partly hidden"}, {0.99, "partly hidden"}, {1, "in the open"}}
	for _, tt := range tests {
		if got := bandNames[looseBands().Band(tt.f)]; got != tt.want {
			t.Errorf("band(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}
