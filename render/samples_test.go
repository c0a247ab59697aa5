package render

import (
	"flag"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/terrain"
)

// samples, when set, makes TestSamples write example pictures into that
// directory for a human to look at:
//
//	go test ./render -run TestSamples -samples /tmp/render-samples
var samples = flag.String("samples", "", "directory to write sample pictures into")

func TestSamples(t *testing.T) {
	if *samples == "" {
		t.Skip("no -samples directory given")
	}
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	small := smallBattlefield(t)
	write := func(name string, img image.Image, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(*samples, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := WritePNG(f, img); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(*samples, 0o755); err != nil {
		t.Fatal(err)
	}
	img, err := TopDown(bf, Options{Title: "GenerateBattlefield(1, DefaultGenerate())"})
	write("topdown-generated.png", img, err)
	img, err = Sheet(small, Options{Title: "verdict sheet"}, sampleParts()...)
	write("sheet-small.png", img, err)
	// A long sightline that los says is blocked by terrain, drawn from the
	// los answer through the adapter.
	ms := bf.Models()
	var seg los.SegmentResult
	found := false
	for i := 0; i < len(ms) && !found; i++ {
		for j := i + 1; j < len(ms) && !found; j++ {
			if ms[i].Airborne() || ms[j].Airborne() || ms[i].Position.Sub(ms[j].Position).Norm() < 30 {
				continue
			}
			r := los.SightSegment(bf, ms[i].EyePoint(), ms[j].EyePoint(), los.Options{}, ms[i].ID, ms[j].ID)
			if !r.Clear && r.Blocker.Kind == "piece" {
				seg, found = r, true
				a, b := ms[i].ID, ms[j].ID
				img, err = Sheet(bf, Options{Title: a + " to " + b, Highlight: []string{a, b}},
					SightlineFromSegment(r, "los"),
					Verdict{Title: a + " cannot see " + b, Text: "los.SightSegment: blocked by " + r.Blocker.ID + "."})
				write("sheet-generated.png", img, err)
			}
		}
	}
	if found {
		img, err = Profile(bf, seg.From, seg.To, Options{})
		write("profile-generated.png", img, err)
	}
}
