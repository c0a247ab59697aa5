package los

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestResultJSONUsesArrays: sight results encode points as arrays and
// items by name, never as {"X": ...} objects.
func TestResultJSONUsesArrays(t *testing.T) {
	w := geom.Segment3{A: geom.V3(1, 2, 3), B: geom.V3(4, 5, 6)}
	f := 0.5
	vals := []any{
		SegmentResult{From: geom.V3(1, 2, 3), To: geom.V3(4, 5, 6), Blocker: Blocker{ID: "h", Item: terrain.Item{Kind: terrain.ItemPiece, Index: 2}, At: geom.V3(2, 3, 1)},
			Grazing: []Graze{{ID: "w", At: geom.V3(1, 1, 1)}}},
		SightResult{Eye: geom.V3(1, 2, 3), Witness: &w, Centre: w, Fraction: &f, BlockedBy: &Blocker{ID: "h"}},
		FractionResult{Eye: geom.V3(1, 2, 3), Centre: geom.V3(4, 5, 6), Silhouette: []geom.Point{geom.Pt(0, 0), geom.Pt(1, 0), geom.Pt(0, 1)}},
	}
	for _, v := range vals {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%T: %v", v, err)
		}
		s := string(b)
		if strings.Contains(s, `"X"`) || strings.Contains(s, `"Kind"`) {
			t.Errorf("%T encodes Go field names: %s", v, s)
		}
		if !strings.Contains(s, `[1,2,3]`) {
			t.Errorf("%T does not encode its first point as [1,2,3]: %s", v, s)
		}
	}
	b, _ := json.Marshal(vals[0])
	if !strings.Contains(string(b), `"item":{"kind":"piece","index":2}`) || !strings.Contains(string(b), `"at":[2,3,1]`) {
		t.Errorf("blocker JSON = %s", b)
	}
}
