package dropzone

import (
	"os"
	"testing"

	"github.com/sightline/sightline/scenario"
)

func BenchmarkCheckShotTurn(b *testing.B) {
	raw, err := os.ReadFile("testdata/turn.json")
	if err != nil {
		b.Fatal(err)
	}
	f, err := scenario.DecodeBytes(raw)
	if err != nil {
		b.Fatal(err)
	}
	opt, _ := ParseOptions(f.Options)
	w := BuiltinWeapons["Avenger Railgun"]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CheckShot(f.Battlefield(), "sabre-1", "hunter", w, opt); err != nil {
			b.Fatal(err)
		}
	}
}
