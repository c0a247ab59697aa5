package render

import (
	"io"
	"testing"

	"github.com/sightline/sightline/terrain"
)

// BenchmarkTopDown draws the project's reference table
// (GenerateBattlefield(1, DefaultGenerate()), 48 x 48 in) at the default 20
// px/in with legend, grid and labels.
func BenchmarkTopDown(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := TopDown(bf, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTopDownPNG adds the PNG encoding.
func BenchmarkTopDownPNG(b *testing.B) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		img, err := TopDown(bf, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := WritePNG(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSheet draws a verdict sheet with every overlay and two profiles
// on the small hand-made table.
func BenchmarkSheet(b *testing.B) {
	bf := smallBattlefield(b)
	parts := sampleParts()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Sheet(bf, Options{}, parts...); err != nil {
			b.Fatal(err)
		}
	}
}
