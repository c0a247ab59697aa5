package answer

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
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

// drawnKinds are the query kinds whose verdict sheet must show more than
// the bare table: every kind that is about models or points on the table.
// Kinds that only look things up (a building's class, whether measuring is
// allowed, a fire plan of dice) may draw highlights alone.
var drawnKinds = map[string]bool{
	"shot": true, "move": true, "sight": true, "charge": true, "jump": true, "vehicle-move": true,
	"smoke": true, "scatter": true, "blast": true, "ied": true, "deployment": true, "objective": true,
	"placement": true, "rally-point": true, "standby": true, "landing": true, "aa-reaction": true,
	"crash": true, "range": true, "visible-fraction": true, "path": true,
}

// TestGameVerdictPictures draws the verdict sheet of every query of every
// game's files. Each kind that is about the table draws overlays; every
// sightline is drawn in its colour halfway to its blocking point (or its
// end), and every path in the path colour along its first leg; the
// whole-table picture draws them too.
func TestGameVerdictPictures(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every game's files")
	}
	seen := map[string]bool{}
	for _, path := range gameFiles(t) {
		f, err := scenario.Load(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		answers, _ := Run(f)
		var all []*Answer
		for _, a := range answers {
			if a.Err != nil {
				continue
			}
			all = append(all, a)
			key := f.Ruleset + " " + a.Kind
			if drawnKinds[a.Kind] && len(a.overlays) == 0 {
				t.Errorf("%s: %s (%s) draws no overlay", path, a.ID, key)
			}
			seen[key] = true
			img, err := Picture(f, a, render.Options{})
			if err != nil {
				t.Errorf("%s: %s: %v", path, a.ID, err)
				continue
			}
			l, err := render.TopDownLayout(f.Battlefield().Table(), render.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkOverlayPixels(t, path+": "+a.ID, img, l, a.overlays)
		}
		table, err := TablePicture(f, all, render.Options{})
		if err != nil {
			t.Fatalf("%s: table: %v", path, err)
		}
		l, _ := render.TopDownLayout(f.Battlefield().Table(), render.Options{})
		for _, a := range all {
			checkOverlayPixels(t, path+": table: "+a.ID, table, l, a.overlays)
		}
	}
	for _, want := range []string{"code-red shot", "code-red move", "code-red sight", "dropzone-commander shot", "dropzone-commander move", "terminator-skirmish shot", "grimdark-future shot", "firestorm-taskforce shot"} {
		if !seen[want] {
			t.Errorf("no file asks a %s query: the picture of that kind is not tested", want)
		}
	}
}

// checkOverlayPixels finds each sightline's and path's colour near the
// point a quarter, half and three quarters of the way along it (a label
// may cover one of them).
func checkOverlayPixels(t *testing.T, name string, img image.Image, l render.Layout, parts []render.Part) {
	t.Helper()
	for _, p := range parts {
		var a, b geom.Point
		var want color.NRGBA
		switch o := p.(type) {
		case render.Sightline:
			a, b = geom.Flat(o.From), geom.Flat(o.To)
			want = render.ColorClear
			if !o.Clear {
				want = render.ColorBlocked
				if o.BlockPoint != nil {
					b = geom.Flat(*o.BlockPoint)
				}
			}
		case render.PathOverlay:
			if len(o.Points) < 2 {
				continue
			}
			a, b, want = o.Points[0], o.Points[1], render.ColorPath
		default:
			continue
		}
		if a.Sub(b).Norm()*20 < 16 {
			continue // too short to find among the marks at its ends
		}
		if !colourAlong(img, l, a, b, want) {
			t.Errorf("%s: %T from %v to %v: colour %v not found along it", name, p, a, b, want)
		}
	}
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
