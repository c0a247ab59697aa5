package scenario

import (
	"testing"

	"github.com/sightline/sightline/terrain"
)

func BenchmarkDecodeDefault(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(defaultJSON)))
	for b.Loop() {
		if _, err := DecodeBytes(defaultJSON); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeGenerated50(b *testing.B) {
	table, pieces, models := terrain.Generate(1, terrain.DefaultGenerate())
	data, err := (&File{Version: 1, Table: table, Pieces: pieces, Models: models}).MarshalJSON()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := DecodeBytes(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeDefault(b *testing.B) {
	f := Default()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}
