package server

import (
	"testing"

	"github.com/sightline/sightline/answer"
	"github.com/sightline/sightline/scenario"
)

// BenchmarkLook is one drag update of the page on the default scenario:
// decoding and validating the file (terrain.New), the pair's range, sight,
// visible fraction, arc and shot, and sight both ways plus the visible
// fraction between the moved model and each enemy.
func BenchmarkLook(b *testing.B) {
	doc := scenario.DefaultJSON()
	for b.Loop() {
		f, err := scenario.DecodeBytes(doc)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := lookAt(f, "sabre-1", "hunter-1", "sabre-1"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode is the decoding share of BenchmarkLook.
func BenchmarkDecode(b *testing.B) {
	doc := scenario.DefaultJSON()
	for b.Loop() {
		if _, err := scenario.DecodeBytes(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck is POST /v1/check's work on the default scenario.
func BenchmarkCheck(b *testing.B) {
	doc := scenario.DefaultJSON()
	for b.Loop() {
		f, err := scenario.DecodeBytes(doc)
		if err != nil {
			b.Fatal(err)
		}
		if _, errs := answer.Run(f); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}
