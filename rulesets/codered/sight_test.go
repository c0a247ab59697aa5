package codered

import (
	"testing"

	"github.com/sightline/sightline/terrain"
)

type sightCase struct {
	name   string
	pieces []terrain.Piece
	models []terrain.Model
	a, b   string
	opt    func(*Options)
	want   bool
	clause string // clause of the blocking step when want is false
}

func runSight(t *testing.T, tests []sightCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bf := shifted(t, tc.pieces, tc.models...)
			o := DefaultOptions()
			if tc.opt != nil {
				tc.opt(&o)
			}
			got, err := Sight(bf, tc.a, tc.b, o)
			if err != nil {
				t.Fatal(err)
			}
			back, _ := Sight(bf, tc.b, tc.a, o)
			if got.Visible != tc.want {
				t.Errorf("Sight(%s,%s).Visible = %v, want %v; steps %+v", tc.a, tc.b, got.Visible, tc.want, got.Steps)
			}
			if back.Visible != got.Visible {
				t.Errorf("CR-10 reciprocity: Sight(%s,%s) = %v but reverse = %v", tc.a, tc.b, got.Visible, back.Visible)
			}
			if !tc.want && tc.clause != "" && got.Clause != tc.clause {
				t.Errorf("Sight(%s,%s).Clause = %q, want %q; steps %+v", tc.a, tc.b, got.Clause, tc.clause, got.Steps)
			}
		})
	}
}

// CR-11: two units in one wood see each other up to 4 in.
func TestCR11SightWithin(t *testing.T) {
	w := []terrain.Piece{wood("w", 0, 0, 10, 10)}
	runSight(t, []sightCase{
		{"4.0 apart", w, []terrain.Model{inf("a", "x", 3, 5), inf("b", "y", 7, 5)}, "a", "b", nil, true, ""},
		{"4.5 apart", w, []terrain.Model{inf("a", "x", 3, 5), inf("b", "y", 7.5, 5)}, "a", "b", nil, false, "CR-11"},
	})
}

// CR-12: wood x,y in [0,10], target (20,5); observer 1.5" from the edge sees
// out, 3" from it does not.
func TestCR12SeeOut(t *testing.T) {
	w := []terrain.Piece{wood("w", 0, 0, 10, 10)}
	runSight(t, []sightCase{
		{"1.5 from edge", w, []terrain.Model{inf("o", "x", 8.5, 5), inf("t", "y", 20, 5)}, "o", "t", nil, true, ""},
		{"3 from edge", w, []terrain.Model{inf("o", "x", 7, 5), inf("t", "y", 20, 5)}, "o", "t", nil, false, "CR-13"},
	})
}

// CR-13 / Abb. 1 ("Rot 2 gerade noch sichtbar, Einheit 3 jedoch nicht mehr"):
// observer (-10,5), wood from x=0; target 1.5" in is seen, 2.5" in is not.
func TestCR13SeeIn(t *testing.T) {
	w := []terrain.Piece{wood("w", 0, 0, 10, 10)}
	runSight(t, []sightCase{
		{"red2 1.5 in", w, []terrain.Model{inf("o", "x", -10, 5), inf("red2", "y", 1.5, 5)}, "o", "red2", nil, true, ""},
		{"red3 2.5 in", w, []terrain.Model{inf("o", "x", -10, 5), inf("red3", "y", 2.5, 5)}, "o", "red3", nil, false, "CR-13"},
		{"exactly 2 in", w, []terrain.Model{inf("o", "x", -10, 5), inf("t", "y", 2, 5)}, "o", "t", nil, true, ""},
		// Amb. 5, "nearest-edge": a target 2.5" along the line but 1" from the
		// wood's south edge (y=0) is seen.
		{"nearest-edge reading", w, []terrain.Model{inf("o", "x", -10, 1), inf("t", "y", 2.5, 1)}, "o", "t",
			func(o *Options) { o.DepthReading = "nearest-edge" }, true, ""},
	})
}

// CR-14, Abb. 2 and Abb. 3 (inferred): strip x in [0,2], y in [0,20].
func TestCR14ContactStrip(t *testing.T) {
	strip := []terrain.Piece{wood("bushes", 0, 0, 2, 20)}
	wide := []terrain.Piece{wood("bushes", 0, 0, 2.5, 20)}
	runSight(t, []sightCase{
		// Abb. 2: unit 1 at (3,10) is 1" from the row, unit 2 at (-6,10).
		{"abb2 contact", strip, []terrain.Model{inf("u1", "x", 3, 10), inf("u2", "y", -6, 10)}, "u1", "u2", nil, true, ""},
		{"2.5 wide", wide, []terrain.Model{inf("u1", "x", 3, 10), inf("u2", "y", -6, 10)}, "u1", "u2", nil, false, "CR-15"},
		// not in contact: unit 1 at (4.5,10) is 2.5" from the row.
		{"no contact", strip, []terrain.Model{inf("u1", "x", 4.5, 10), inf("u2", "y", -6, 10)}, "u1", "u2", nil, false, "CR-15"},
		// Abb. 3: Red 1 inside the row at (1,10): 1" to the exit towards unit 2.
		{"abb3 red1 inside", strip, []terrain.Model{inf("red1", "x", 1, 10), inf("u2", "y", -6, 10)}, "red1", "u2", nil, true, ""},
		// Abb. 3: unit 4 at (-2,17): the line enters at (0,12.333) and runs
		// sqrt(1^2 + 2.333^2) = 2.539" inside: not seen.
		{"abb3 unit4", strip, []terrain.Model{inf("red1", "x", 1, 10), inf("u4", "y", -2, 17)}, "red1", "u4", nil, false, "CR-13"},
		// Amb. 4 "nominal": a slanted line through the 2" strip, unit 1 in contact:
		// chord = 2*sqrt(1+(4/9)^2)... > 2 fails with "chord", passes with "nominal".
		{"slanted chord", strip, []terrain.Model{inf("u1", "x", 3, 10), inf("u2", "y", -6, 14)}, "u1", "u2", nil, false, "CR-15"},
		{"slanted nominal", strip, []terrain.Model{inf("u1", "x", 3, 10), inf("u2", "y", -6, 14)}, "u1", "u2",
			func(o *Options) { o.StripWidth = "nominal" }, true, ""},
	})
}

// CR-15 / Abb. 1 (south-west hedge): hedge x in [0,1], observer (-10,5).
func TestCR15EndsBehindPiece(t *testing.T) {
	hedge := []terrain.Piece{wood("hedge", 0, 0, 1, 10)}
	two := []terrain.Piece{wood("hedge1", 0, 0, 1, 10), wood("hedge2", 5, 0, 6, 10)}
	runSight(t, []sightCase{
		{"contact 1.5 behind", hedge, []terrain.Model{inf("o", "x", -10, 5), inf("t", "y", 2.5, 5)}, "o", "t", nil, true, ""},
		{"2.5 behind", hedge, []terrain.Model{inf("o", "x", -10, 5), inf("t", "y", 3.5, 5)}, "o", "t", nil, false, "CR-15"},
		// two hedges, target (7.5,5) in contact with the second only
		{"two hedges", two, []terrain.Model{inf("o", "x", -10, 5), inf("t", "y", 7.5, 5)}, "o", "t", nil, false, "CR-15"},
		// both units touch one hedge each: only one piece may use the contact rule
		{"two contacts", two, []terrain.Model{inf("o", "x", -1, 5), inf("t", "y", 7, 5)}, "o", "t", nil, false, "CR-16"},
		{"two contacts allowed", two, []terrain.Model{inf("o", "x", -1, 5), inf("t", "y", 7, 5)}, "o", "t",
			func(o *Options) { o.ContactStripMax = 2 }, true, ""},
	})
}

// CR-16 test idea: one unit 1.5" inside wood A, the other 1.5" inside wood B.
func TestCR16TwoWoods(t *testing.T) {
	ws := []terrain.Piece{wood("A", 0, 0, 10, 10), wood("B", 20, 0, 30, 10)}
	runSight(t, []sightCase{
		{"1.5 and 1.5", ws, []terrain.Model{inf("a", "x", 8.5, 5), inf("b", "y", 21.5, 5)}, "a", "b", nil, true, ""},
		{"1.5 and 2.5", ws, []terrain.Model{inf("a", "x", 8.5, 5), inf("b", "y", 22.5, 5)}, "a", "b", nil, false, "CR-13"},
	})
}

// CR-07: a 0.5" high wall both units touch blocks; a hedge of that size does not.
func TestCR07HighWall(t *testing.T) {
	runSight(t, []sightCase{
		{"high wall", []terrain.Piece{wall("wall", 0, 0, 0.5, 10)}, []terrain.Model{inf("a", "x", -1, 5), inf("b", "y", 1.5, 5)}, "a", "b", nil, false, "CR-07"},
		{"hedge", []terrain.Piece{wood("hedge", 0, 0, 0.5, 10)}, []terrain.Model{inf("a", "x", -1, 5), inf("b", "y", 1.5, 5)}, "a", "b", nil, true, ""},
	})
}

// CR-17: a 3x2 vehicle at (10,0) lying along x between (0,0) and (20,0)
// blocks; turned so 2" lie on the line, a target at (12,0) in contact sees.
func TestCR17Vehicles(t *testing.T) {
	runSight(t, []sightCase{
		{"along", nil, []terrain.Model{inf("a", "x", 0, 0), inf("b", "y", 20, 0), tank("apc", "z", 10, 0, 0, 3, 2)}, "a", "b", nil, false, "CR-15"},
		{"across, contact", nil, []terrain.Model{inf("a", "x", 0, 0), inf("b", "y", 12, 0), tank("apc", "z", 10, 0, 90, 3, 2)}, "a", "b", nil, true, ""},
	})
}
