package firestorm

import (
	"slices"
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestMultiStand covers ships on several flight stands (FT-02, FT-03):
// stands turn with the ship, coherency and sectors measure from the
// nearest stand, and arcs spread from the base centre or the first stand.
func TestMultiStand(t *testing.T) {
	opts := `{%s"ships": {"big": {"rank": 1, "move": 6, "stands": [[2, 0], [-2, 0]]}}}`
	tb := table{w: 48, d: 48, opts: sprintf(opts, ""), ships: []sp{
		{id: "big", side: "red", squad: "q", x: 20, y: 10, facing: 0, base: 5},
		{id: "esc", side: "red", squad: "q", x: 27.5, y: 10},
	}}
	bf, opt := tb.bf(t)
	m, _ := bf.Model("big")
	got := standsAt(m, poseAt(m.Position, 90), opt.ship("big"))
	if !near(got[0].X, 20) || !near(got[0].Y, 12) || !near(got[1].Y, 8) {
		t.Errorf("stands after turning north: %v, want (20,12) and (20,8)", got)
	}
	// The escort is 5.5 in from the stand at (22,10): coherent; from the
	// base centre 7.5 in: not.
	if _, c, _ := CheckCoherency(bf, "q", opt); !c.Coherent {
		t.Errorf("nearest stands 7.5 in apart: not coherent")
	}
	_, c, _ := CheckCoherency(bf, "q", DefaultOptions())
	if c.Coherent {
		t.Errorf("ships without stand profiles, 7.5 in apart: coherent")
	}
	o2 := opt
	o2.MultiStand = "center"
	if _, c, _ := CheckCoherency(bf, "q", o2); c.Coherent {
		t.Errorf("multiStand center: 7.5 in apart but coherent")
	}
	// Sectors: a ship whose stands straddle the 24 in line is in both.
	tb.ships[0].x = 24
	bf, opt = tb.bf(t)
	n := 0
	for _, s := range Sectors(bf, opt) {
		if slices.Contains(s.Ships, "big") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("stands at x 22 and 26: in %d sectors, want 2", n)
	}
	// Arc apex: the ship faces east; a target at (25, 14) bears 38.7° to
	// port from the base centre (20, 10), in F, but 53.1° from the first
	// stand (22, 10), in B. The range is 5 in from that stand.
	tb = table{w: 48, d: 48, opts: sprintf(opts, `"arcApex": "stand", `), ships: []sp{
		{id: "big", side: "red", x: 20, y: 10, facing: 0, base: 5}, {id: "t", side: "blue", x: 25, y: 14}}}
	bf, opt = tb.bf(t)
	_, r, err := CheckShot(bf, "big", "t", Weapon{Arc: "F"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Arc.ArcOf != ArcB || r.Arc.In || !near(r.Range, 5) {
		t.Errorf("from the stand (22,10): arc %s in %v range %v, want B, out, 5", r.Arc.ArcOf, r.Arc.In, r.Range)
	}
	opt.ArcApex = "center"
	_, r, _ = CheckShot(bf, "big", "t", Weapon{Arc: "F"}, opt)
	if r.Arc.ArcOf != ArcF || !r.Arc.In {
		t.Errorf("from the centre (20,10): arc %s, want F", r.Arc.ArcOf)
	}
	// A move: the stands move with the base; a rank 1 ship turning after.
	f := 90.0
	v, _, err := CheckMove(bf, "big", MovePlan{To: geom.Pt(26, 10), Facing: &f}, opt)
	if err != nil || v.Legal {
		t.Errorf("6 in then 90°: legal %v err %v, want illegal (45° max)", v.Legal, err)
	}
}
