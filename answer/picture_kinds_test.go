package answer

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// gameFiles are the scenarios of every ruleset: the examples and each
// game's own test files.
func gameFiles(t *testing.T) []string {
	var out []string
	for _, g := range []string{"../examples/*/scenario.json", "../rulesets/*/testdata/*.json", "testdata/*-kinds.json"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	return out
}

// drawnKinds are the query kinds every answer of which must draw an
// overlay, whatever it decides. Every other kind must draw one in some
// answer of the picture files (TestGameVerdictPictures enumerates them):
// a premeasure query, say, draws its line only when it names what would
// be measured.
var drawnKinds = map[string]bool{
	"shot": true, "move": true, "sight": true, "charge": true, "jump": true, "vehicle-move": true,
	"smoke": true, "scatter": true, "blast": true, "ied": true, "deployment": true, "objective": true,
	"placement": true, "rally-point": true, "standby": true, "landing": true, "aa-reaction": true,
	"crash": true, "range": true, "visible-fraction": true, "path": true,
}

// pictureFile is a scenario whose answers' pictures are checked.
type pictureFile struct {
	name string
	f    *scenario.File
}

// pictureFiles are the scenarios of every ruleset: the examples, each
// game's own test files, the picture files under testdata/pictures, and
// the file of every generic kind asked in every registered game.
func pictureFiles(t *testing.T) []pictureFile {
	t.Helper()
	var out []pictureFile
	paths := gameFiles(t)
	more, err := filepath.Glob("testdata/pictures/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append(paths, more...) {
		f, err := scenario.Load(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, pictureFile{path, f})
	}
	const every = "../rulesets/testdata/every-kind.json"
	b, err := os.ReadFile(every)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range rulesets.Names() {
		src := strings.Replace(string(b), `"name": "every generic kind",`, `"name": "every generic kind", "ruleset": "`+name+`",`, 1)
		f, err := scenario.DecodeBytes([]byte(src))
		if err != nil {
			t.Fatalf("%s as %s: %v", every, name, err)
		}
		out = append(out, pictureFile{every + " as " + name, f})
	}
	return out
}

// TestGameVerdictPictures draws the verdict sheet of every query of every
// picture file and the whole-table picture of each file, and looks for
// every overlay at positions computed from it (pixelCheck): sightlines and
// paths in their colours along them, links, arrows, template and ring
// outlines, arc edges, targets' outlines, shaded regions, ghosts' facing
// ticks. It then enumerates every query kind of every registered game
// (rulesets.Names, Game.KindNames) and fails for each kind no answer of
// that game drew an overlay for that was found in the picture: every kind
// of every ruleset has a picture test.
func TestGameVerdictPictures(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every game's files")
	}
	if raceEnabled() {
		// Some 400 sheets, drawn one after another: under the race
		// detector they take most of the default 10 minute timeout on a
		// loaded machine, and find no race. .ci/run runs this test
		// without -race.
		t.Skip("draws every game's files: run without -race")
	}
	checked := map[string]int{}
	for _, pf := range pictureFiles(t) {
		path, f := pf.name, pf.f
		answers, _ := Run(f)
		var all []*Answer
		bf := f.Battlefield()
		sc, err := render.NewScene(bf, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		base, err := sc.Render()
		if err != nil {
			t.Fatal(err)
		}
		l := sc.Layout()
		for _, a := range answers {
			if a.Err != nil {
				continue
			}
			all = append(all, a)
			key := f.Ruleset + " " + a.Kind
			if drawnKinds[a.Kind] && len(a.overlays) == 0 {
				t.Errorf("%s: %s (%s) draws no overlay", path, a.ID, key)
			}
			img, err := Picture(f, a, render.Options{})
			if err != nil {
				t.Errorf("%s: %s: %v", path, a.ID, err)
				continue
			}
			pc := pixelCheck{img: img, base: base, l: l, bf: bf, strict: true, lines: partLines(a.overlays)}
			for i, p := range a.overlays {
				pc.self = i
				ok, err := pc.check(p)
				if err != nil {
					t.Errorf("%s: %s (%s): %v", path, a.ID, key, err)
				} else if ok {
					checked[key]++
				}
			}
		}
		table, err := TablePicture(f, all, render.Options{})
		if err != nil {
			t.Fatalf("%s: table: %v", path, err)
		}
		pc := pixelCheck{img: table, base: base, l: l, bf: bf}
		for _, a := range all {
			for _, p := range a.overlays {
				if _, err := pc.check(p); err != nil {
					t.Errorf("%s: table: %s: %v", path, a.ID, err)
				}
			}
		}
	}
	for _, name := range rulesets.Names() {
		g, err := rulesets.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range g.KindNames() {
			if checked[name+" "+k] == 0 {
				t.Errorf("%s %s: no answer of a picture file draws an overlay found in its picture: add a query to testdata/pictures/%s.json", name, k, name)
			}
		}
	}
}

// raceEnabled reports whether the test binary was built with -race.
func raceEnabled() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, st := range bi.Settings {
		if st.Key == "-race" {
			return st.Value == "true"
		}
	}
	return false
}

func colourAlong(img image.Image, l render.Layout, a, b geom.Point, want color.NRGBA) bool {
	for _, f := range []float64{0.25, 0.5, 0.75} {
		q := l.PixelAt(a.Add(b.Sub(a).Mul(f)))
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				got := color.NRGBAModel.Convert(img.At(q.X+dx, q.Y+dy)).(color.NRGBA)
				if close8(got.R, want.R) && close8(got.G, want.G) && close8(got.B, want.B) {
					return true
				}
			}
		}
	}
	return false
}

func close8(a, b uint8) bool { return int(a)-int(b) <= 40 && int(b)-int(a) <= 40 }
