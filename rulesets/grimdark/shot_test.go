package grimdark

import (
	"fmt"
	"math"
	"testing"

	"github.com/sightline/sightline/terrain"
)

func rifle(r float64) Weapon { return Weapon{Name: "rifle", Range: scenarioLen(r)} }

func TestShotRangePerModel(t *testing.T) { // GF-17
	// shooters 10.5, 12 and 13.5 in from the target's base (edge to edge)
	bf := field(t, nil, inf("s1", "u", "red", 10, 10), inf("s2", "u", "red", 8.5, 10), inf("s3", "u", "red", 7, 10),
		inf("t", "foe", "blue", 21.5, 10))
	v, r, err := CheckShot(bf, "u", "foe", rifle(12), nil, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !v.Legal || fmt.Sprint(r.Firing) != "[s1 s2]" {
		t.Errorf("firing %v: %s", r.Firing, v.Paragraph())
	}
	v, r, _ = CheckShot(bf, "u", "foe", rifle(12), []string{"s3"}, DefaultOptions())
	if v.Legal || len(r.Firing) != 0 {
		t.Errorf("only s3 (13.5 in) fires: %s", v.Paragraph())
	}
	opt := DefaultOptions()
	opt.Measure = "center" // 11.5, 13, 14.5 in
	_, r, _ = CheckShot(bf, "u", "foe", rifle(12), nil, opt)
	if fmt.Sprint(r.Firing) != "[s1]" {
		t.Errorf("centre to centre: firing %v", r.Firing)
	}
}

func TestShotSightAndAllocation(t *testing.T) { // GF-17, allocation
	// t1 hidden behind the wall, t2 in the open
	bf := field(t, []terrain.Piece{wall("w", 19, 8, 19.5, 12)}, inf("s", "u", "red", 10, 10),
		inf("t1", "foe", "blue", 21, 10), inf("t2", "foe", "blue", 21, 14.5))
	v, r, err := CheckShot(bf, "u", "foe", rifle(24), nil, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !v.Legal || r.Models[0].Sees != "t2" || fmt.Sprint(r.Allocatable) != "[t1 t2]" {
		t.Errorf("sees %q allocatable %v: %s", r.Models[0].Sees, r.Allocatable, v.Paragraph())
	}
	opt := DefaultOptions()
	opt.Allocation = "visible"
	_, r, _ = CheckShot(bf, "u", "foe", rifle(24), nil, opt)
	if fmt.Sprint(r.Allocatable) != "[t2]" {
		t.Errorf("visible allocation: %v", r.Allocatable)
	}
	// only the hidden one left: no sight, unless Indirect
	bf = field(t, []terrain.Piece{wall("w", 19, 8, 19.5, 12)}, inf("s", "u", "red", 10, 10), inf("t1", "foe", "blue", 21, 10))
	if v, _, _ := CheckShot(bf, "u", "foe", rifle(24), nil, DefaultOptions()); v.Legal {
		t.Errorf("hidden target: %s", v.Paragraph())
	}
	w := rifle(24)
	w.Indirect = true
	if v, _, _ := CheckShot(bf, "u", "foe", w, nil, DefaultOptions()); !v.Legal {
		t.Errorf("Indirect at a hidden target: %s", v.Paragraph())
	}
}

// coverScene: a wood x 38..44, y 20..22; target models in a row at y = 21
// with xs; a shooter at (40, 10).
func coverScene(t *testing.T, xs ...float64) *terrain.Battlefield {
	ms := []terrain.Model{inf("s", "u", "red", 40, 10)}
	for i, x := range xs {
		ms = append(ms, inf(fmt.Sprintf("t%d", i), "foe", "blue", x, 21))
	}
	return field(t, []terrain.Piece{wood("wood", 38, 20, 44, 22)}, ms...)
}

func TestCoverByMajority(t *testing.T) { // GF-18
	tests := []struct {
		name  string
		xs    []float64
		tie   bool
		cover bool
	}{
		{"3 of 5 fully in the wood", []float64{39, 40.5, 42, 46, 47.5}, false, true},
		{"2 of 4", []float64{39, 40.5, 46, 47.5}, false, false},
		{"2 of 4, tie counts", []float64{39, 40.5, 46, 47.5}, true, true},
		{"3 of 5 but one base pokes out", []float64{39, 40.5, 43.6, 46, 47.5}, false, false},
	}
	for _, tc := range tests {
		bf := coverScene(t, tc.xs...)
		opt := DefaultOptions()
		opt.CoverTie = tc.tie
		v, r, err := CheckShot(bf, "u", "foe", rifle(24), nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		_, mod := modifier(v, "cover")
		if r.InCover != tc.cover || mod != tc.cover {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

func TestCoverSingleModel(t *testing.T) { // GF-18, a unit of one
	for _, tc := range []struct {
		x0    float64
		cover bool
	}{{49.8, true}, {50.2, false}} { // 60 % and 40 % of the hull inside
		bf := field(t, []terrain.Piece{wood("wood", tc.x0, 19, 55, 23)}, inf("s", "u", "red", 50, 10), tank("tk", "", "blue", 50, 21))
		v, r, err := CheckShot(bf, "u", "tk", rifle(24), nil, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if r.InCover != tc.cover {
			t.Errorf("wood from x=%g: %s", tc.x0, v.Paragraph())
		}
	}
}

// wallScene: ten target models, six behind a 3 in wall (x 30..30.5,
// y 12..20), four in the open, and one shooter at (40, 16).
func wallScene(t testing.TB) *terrain.Battlefield {
	ms := []terrain.Model{inf("s", "u", "red", 40, 16)}
	for k := range 6 {
		ms = append(ms, inf(fmt.Sprintf("w%d", k), "foe", "blue", 28, 13+1.2*float64(k)))
	}
	for k := range 4 {
		ms = append(ms, inf(fmt.Sprintf("o%d", k), "foe", "blue", 28, 2+1.2*float64(k)))
	}
	return field(t, []terrain.Piece{wall("wall", 30, 12, 30.5, 20)}, ms...)
}

func TestCoverExceptions(t *testing.T) { // GF-19
	bf := wallScene(t)
	direct, indirect, blast := rifle(24), rifle(24), rifle(24)
	indirect.Indirect, blast.Blast = true, 3
	tests := []struct {
		name   string
		w      Weapon
		cover  bool
		source string
	}{
		{"direct: 6 of 10 behind the wall", direct, true, "blockers"},
		{"Indirect ignores sight blockers", indirect, false, ""},
		{"Blast ignores cover", blast, false, ""},
	}
	for _, tc := range tests {
		v, r, err := CheckShot(bf, "u", "foe", tc.w, nil, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if !v.Legal || r.InCover != tc.cover || r.CoverSource != tc.source {
			t.Errorf("%s: cover %v source %q: %s", tc.name, r.InCover, r.CoverSource, v.Paragraph())
		}
	}
	// majority inside cover terrain: cover also against Indirect
	if _, r, _ := CheckShot(coverScene(t, 39, 40.5, 42, 46, 47.5), "u", "foe", indirect, nil, DefaultOptions()); !r.InCover || r.CoverSource != "terrain" {
		t.Errorf("Indirect against a unit in the wood: %+v", r.Cover)
	}
}

func TestNineInchThresholds(t *testing.T) { // GF-20
	for _, tc := range []struct {
		gap float64
		far bool
	}{{9.0, false}, {9.01, true}} {
		bf := field(t, nil, inf("s", "u", "red", 10, 40), inf("t", "foe", "blue", 11+tc.gap, 40))
		opt := withUnits(map[string]Unit{"foe": {Stealth: true, Artillery: true}, "u": {Artillery: true}})
		w := rifle(24)
		w.Relentless = true
		v, _, err := CheckShot(bf, "u", "foe", w, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"stealth", "artillery", "artillery-target", "relentless"} {
			if _, ok := modifier(v, name); ok != tc.far {
				t.Errorf("gap %g: %s applies = %v: %s", tc.gap, name, ok, v.Paragraph())
			}
		}
	}
}

func TestAircraftTarget(t *testing.T) { // GF-14
	for _, tc := range []struct {
		rng   float64
		legal bool
	}{{24, false}, {26, true}, {12, false}} {
		bf := field(t, nil, inf("s", "u", "red", 10, 10), inf("jet", "air", "blue", 24, 10)) // 13 in
		v, _, err := CheckShot(bf, "u", "air", rifle(tc.rng), nil, withUnits(map[string]Unit{"air": {Aircraft: true}}))
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%g in weapon at an aircraft 13 in away: %s", tc.rng, v.Paragraph())
		}
	}
}

func TestFirePlan(t *testing.T) { // GF-17
	bf := field(t, nil, inf("s", "u", "red", 10, 10), inf("a", "A", "blue", 20, 10), inf("b", "B", "blue", 20, 20), inf("c", "C", "blue", 20, 30))
	tests := []struct {
		plan  []FireAssignment
		legal bool
	}{
		{[]FireAssignment{{"rifle", "A"}, {"rocket", "B"}}, true},
		{[]FireAssignment{{"rifle", "A"}, {"rifle", "B"}}, false},
		{[]FireAssignment{{"rifle", "A"}, {"rocket", "B"}, {"flamer", "C"}}, false},
		{[]FireAssignment{{"rifle", "A"}, {"rocket", "A"}}, true},
	}
	for _, tc := range tests {
		v, err := CheckFirePlan(bf, "u", tc.plan)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%v: %s", tc.plan, v.Paragraph())
		}
	}
}

func TestCaster(t *testing.T) { // GF-21
	tests := []struct {
		name  string
		x     float64
		walls []terrain.Piece
		legal bool
	}{
		{"17.5 in, clear", 28.5, nil, true},
		{"17.5 in behind a wall", 28.5, []terrain.Piece{wall("w", 19, 5, 19.5, 15)}, false},
		{"18.5 in", 29.5, nil, false},
		{"exactly 18 in", 29, nil, true},
	}
	for _, tc := range tests {
		bf := field(t, tc.walls, inf("c", "wiz", "red", 10, 10), inf("m", "foe", "blue", tc.x, 10))
		v, err := CheckCaster(bf, "m", "wiz", DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
}

func TestSpaces(t *testing.T) { // GF-22
	tests := []struct {
		p       ModelProfile
		reading string
		spaces  int
		ok      bool
	}{
		{ModelProfile{}, "non-heroes", 1, true},
		{ModelProfile{Tough: 3}, "non-heroes", 3, true},
		{ModelProfile{Tough: 2}, "non-heroes", 3, true},
		{ModelProfile{Tough: 6}, "non-heroes", 0, false},
		{ModelProfile{Tough: 6, Hero: true}, "non-heroes", 1, true},
		{ModelProfile{Tough: 6, Hero: true}, "tough", 3, true},
		{ModelProfile{Tough: 7, Hero: true}, "tough", 0, false},
	}
	for _, tc := range tests {
		if s, ok := Spaces(tc.p, tc.reading); s != tc.spaces || ok != tc.ok {
			t.Errorf("Spaces(%+v, %s) = %d, %v, want %d, %v", tc.p, tc.reading, s, ok, tc.spaces, tc.ok)
		}
	}
}

func TestEmbark(t *testing.T) { // GF-22, GF-23
	squad := func(n int) []terrain.Model { return row("i", "squad", "red", n, 20, 30, 1.2) }
	tests := []struct {
		name   string
		models []terrain.Model
		tough  map[string]ModelProfile
		legal  bool
	}{
		{"11 Tough(1) fit Transport(11)", squad(11), nil, true},
		{"10 plus a Tough(3): 13 places", squad(11), map[string]ModelProfile{"ik": {Tough: 3}}, false},
		{"a non-hero Tough(6)", squad(2), map[string]ModelProfile{"ib": {Tough: 6}}, false},
	}
	for _, tc := range tests {
		bf := field(t, nil, append(tc.models, tank("rhino", "rhino", "red", 26, 32))...)
		opt := withUnits(map[string]Unit{"rhino": {Transport: 11}})
		opt.Models = tc.tough
		v, err := CheckEmbark(bf, "squad", "rhino", Advance, opt)
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal || (!tc.legal && !clauseFails(v, "GF-22")) {
			t.Errorf("%s: %s", tc.name, v.Paragraph())
		}
	}
	// too far to board with an advance, close enough with a rush
	bf := field(t, nil, inf("a", "squad", "red", 10, 10), tank("rhino", "rhino", "red", 20, 10))
	opt := withUnits(map[string]Unit{"rhino": {Transport: 6}})
	if v, _ := CheckEmbark(bf, "squad", "rhino", Advance, opt); v.Legal {
		t.Errorf("8.5 in with an advance: %s", v.Paragraph())
	}
	if v, _ := CheckEmbark(bf, "squad", "rhino", Rush, opt); !v.Legal {
		t.Errorf("8.5 in with a rush: %s", v.Paragraph())
	}
}

func TestDisembarkAndTargeting(t *testing.T) { // GF-23
	for _, tc := range []struct {
		x     float64
		legal bool
	}{{38, false}, {37.3, true}} { // 6.5 and 5.8 in from the hull
		bf := field(t, nil, tank("rhino", "rhino", "red", 30, 30), inf("a", "squad", "red", 30, 20))
		v, err := CheckDisembark(bf, "squad", "rhino", map[string]geomPoint{"a": {X: tc.x, Y: 30}}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if v.Legal != tc.legal {
			t.Errorf("placed at x=%g: %s", tc.x, v.Paragraph())
		}
	}
	bf := field(t, nil, tank("rhino", "rhino", "blue", 30, 30), inf("p", "inside", "blue", 30, 30.9), inf("s", "u", "red", 20, 30))
	opt := withUnits(map[string]Unit{"inside": {EmbarkedIn: "rhino"}})
	if v, _, _ := CheckShot(bf, "u", "inside", rifle(24), nil, opt); v.Legal || !clauseFails(v, "GF-23") {
		t.Errorf("shooting a unit inside a transport: %s", v.Paragraph())
	}
	if v, _, _ := CheckShot(bf, "u", "rhino", rifle(24), nil, opt); !v.Legal {
		t.Errorf("shooting the transport: %s", v.Paragraph())
	}
	if v, _, _ := CheckShot(bf, "inside", "u", rifle(24), nil, opt); v.Legal {
		t.Errorf("shooting out of a transport: %s", v.Paragraph())
	}
}

// TestCoverSingleModelHidden: a lone tank 60 % hidden behind a wall is in
// cover, 40 % hidden is not (GF-18, "größtenteils"). The shooter's eye is
// at (50, 10, 0.5); the tank's front face spans x 49..51 at y = 20.5; a
// wall from x = xw to 60 at y 15..15.5 hides the face beyond the point
// whose sightline grazes its corner.
func TestCoverSingleModelHidden(t *testing.T) { // GF-18
	for _, tc := range []struct {
		xw     float64
		hidden float64
		cover  bool
	}{{50 - 0.2*5/10.5, 0.6, true}, {50 + 0.2*5.5/10.5, 0.4, false}} {
		bf := field(t, []terrain.Piece{wall("wall", tc.xw, 15, 60, 15.5)}, inf("s", "u", "red", 50, 10), tank("tk", "", "blue", 50, 21))
		v, r, err := CheckShot(bf, "u", "tk", rifle(24), nil, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if !v.Legal || r.InCover != tc.cover || r.Cover == nil || math.Abs(r.Cover.Members[0].Hidden-tc.hidden) > 1e-6 {
			t.Errorf("wall from x=%.4f: hidden %+v: %s", tc.xw, r.Cover, v.Paragraph())
		}
	}
}
