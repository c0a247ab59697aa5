package firestorm

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// sp is a ship for a test table: id, side, squad, position, facing in the
// scenario's convention and base diameter (0: 1 in).
type sp struct {
	id, side, squad string
	x, y, facing    float64
	base            float64
}

func (s sp) json() string {
	d := s.base
	if d == 0 {
		d = 1
	}
	return fmt.Sprintf(`{"id": %q, "side": %q, "squad": %q, "class": "ship", "position": [%g, %g], "facing": %g, "altitude": 2, "base": {"shape": "circle", "diameter": %g}}`,
		s.id, s.side, s.squad, s.x, s.y, s.facing, d)
}

// disc returns a round piece of kind k.
func disc(id, kind string, x, y, r float64) string {
	sight := "clear"
	if kind == "occupied" {
		sight = "blocking"
	}
	return fmt.Sprintf(`{"id": %q, "kind": %q, "circle": {"center": [%g, %g], "radius": %g}, "height": 0, "sight": %q, "cover": "none", "movement": "open"}`, id, kind, x, y, r, sight)
}

// box returns a rectangular piece of kind k.
func box(id, kind string, x0, y0, x1, y1 float64) string {
	return fmt.Sprintf(`{"id": %q, "kind": %q, "footprint": [[%g, %g], [%g, %g], [%g, %g], [%g, %g]], "sight": "clear", "cover": "none", "movement": "open"}`,
		id, kind, x0, y0, x1, y0, x1, y1, x0, y1)
}

// table is a test table: width x depth inches, centred where the test
// ideas' origin is (offset added to every coordinate).
type table struct {
	w, d   float64
	pieces []string
	ships  []sp
	opts   string
}

// file decodes the table as a firestorm-taskforce scenario.
func (tb table) file(t testing.TB) *scenario.File {
	t.Helper()
	var ms []string
	for _, s := range tb.ships {
		ms = append(ms, s.json())
	}
	opts := tb.opts
	if opts == "" {
		opts = "{}"
	}
	src := fmt.Sprintf(`{"sightline": 1, "ruleset": "firestorm-taskforce", "options": %s, "table": {"width": %g, "depth": %g}, "terrain": [%s], "models": [%s]}`,
		opts, tb.w, tb.d, strings.Join(tb.pieces, ","), strings.Join(ms, ","))
	f, err := scenario.DecodeBytes([]byte(src))
	if err != nil {
		t.Fatalf("scenario: %v\n%s", err, src)
	}
	return f
}

// bf returns the table's battlefield and parsed options.
func (tb table) bf(t testing.TB) (*terrain.Battlefield, Options) {
	t.Helper()
	f := tb.file(t)
	o, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatalf("options: %v", err)
	}
	return f.Battlefield(), *o.(*Options)
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

func sprintf(f string, a ...any) string { return fmt.Sprintf(f, a...) }

// decode decodes a scenario source and parses its options.
func decode(t testing.TB, src string) (*scenario.File, *terrain.Battlefield, Options) {
	t.Helper()
	f, err := scenario.DecodeBytes([]byte(src))
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	o, err := Game.ParseOptions(f)
	if err != nil {
		t.Fatalf("options: %v", err)
	}
	return f, f.Battlefield(), *o.(*Options)
}

// lengthOf converts inches to the option type.
func lengthOf(x float64) scenario.Length { return scenario.Length(x) }
