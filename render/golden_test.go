package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// Golden images live in testdata/golden. After an intended change of the
// drawing, regenerate them with
//
//	go test ./render -run TestGolden -update
//
// and look at the new files before committing them.
var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// goldenTolerance: a pixel differs when a channel differs by more than
// goldenChannel; the test fails when more than goldenShare of the pixels
// differ (anti-aliasing or font rasterisation changes across library
// versions move a few edge pixels, not whole shapes).
const (
	goldenChannel = 24
	goldenShare   = 0.005
)

func TestGolden(t *testing.T) {
	bf := smallBattlefield(t)
	cases := []struct {
		name   string
		render func() (image.Image, error)
	}{
		{"topdown_small", func() (image.Image, error) { return TopDown(bf, Options{Title: "small table"}) }},
		{"sheet_small", func() (image.Image, error) { return Sheet(bf, Options{Title: "verdict sheet"}, sampleParts()...) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, err := c.render()
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", c.name+".png")
			if *update {
				var buf bytes.Buffer
				if err := WritePNG(&buf, img); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			defer f.Close()
			want, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds().Size() != want.Bounds().Size() {
				t.Fatalf("size %v, golden %v", img.Bounds().Size(), want.Bounds().Size())
			}
			n, bad := 0, 0
			b := img.Bounds()
			wb := want.Bounds()
			for y := 0; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					n++
					g := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
					w := color.NRGBAModel.Convert(want.At(wb.Min.X+x, wb.Min.Y+y)).(color.NRGBA)
					if far(g.R, w.R) || far(g.G, w.G) || far(g.B, w.B) {
						bad++
					}
				}
			}
			if float64(bad) > goldenShare*float64(n) {
				t.Errorf("%d of %d pixels differ from %s by more than %d (limit %.1f%%)", bad, n, path, goldenChannel, goldenShare*100)
			}
		})
	}
}

func far(a, b uint8) bool { return int(a)-int(b) > goldenChannel || int(b)-int(a) > goldenChannel }
