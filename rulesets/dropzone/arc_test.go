package dropzone

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
)

// arcPass returns the pass of the verdict's DZC-14 reason.
func arcPass(t *testing.T, v *rulesets.Verdict) bool {
	t.Helper()
	for _, r := range v.Reasons {
		if r.Clause == "DZC-14" {
			return r.Pass
		}
	}
	t.Fatal("no DZC-14 reason")
	return false
}

// TestArcShotAgreesWithLos: a target 3e-13 degrees past the 45° line of the
// F arc gets the same answer from the shot's arc check and from los.InArc
// with Dropzone's arc set, under both boundary rules, and so does one
// 3e-13 degrees inside it and one exactly on it.
func TestArcShotAgreesWithLos(t *testing.T) {
	for _, deg := range []float64{45 + 3e-13, 45 - 3e-13, 45, -45 - 3e-13} {
		r := geom.Degrees(deg).Radians()
		q := geom.Pt(10+10*math.Cos(r), 10+10*math.Sin(r))
		if deg == 45 {
			q = geom.Pt(15, 15)
		}
		bf := field(t, nil, tank("a", "u", "red", 10, 10), tank("t", "v", "blue", q.X, q.Y))
		for _, b := range []string{"inclusive", "exclusive"} {
			o := DefaultOptions()
			o.ArcBoundary = b
			v, err := CheckShot(bf, "a", "t", Weapon{Range: Reach{Inches: 36}, BS: 4, Arc: "F"}, o)
			if err != nil {
				t.Fatal(err)
			}
			shot := arcPass(t, v)
			lr, err := los.InArc(bf, "a", "t", los.ArcFront, ArcOptions(o))
			if err != nil {
				t.Fatal(err)
			}
			if shot != lr.InArc {
				t.Errorf("bearing %v° (%s): shot arc check %v, los.InArc %v (%s)", deg, b, shot, lr.InArc, lr.Explain())
			}
			// Exactly on the line the boundary rule decides; off it, both
			// rules agree with the side the rounded point lies on.
			if deg == 45 && shot != (b == "inclusive") {
				t.Errorf("on the 45° line (%s): in arc %v", b, shot)
			}
		}
	}
}

// TestArcSetCorridorStart: Dropzone's K starts across the hull centre, the
// generic los corridor at the hull's front edge.
func TestArcSetCorridorStart(t *testing.T) {
	m := tank("t", "a", "u", 10, 10) // hull 2 x 1 facing +x: front edge x = 11
	set, err := ArcSet(&m, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q        geom.Point
		dzc, gen bool
	}{{geom.Pt(10.5, 10), true, false}, {geom.Pt(12, 10.4), true, true}, {geom.Pt(9.5, 10), false, false}} {
		r, err := set.Test(tc.q, los.ArcCorridor, ArcOptions(DefaultOptions()))
		if err != nil {
			t.Fatal(err)
		}
		g, err := los.StandardArcs(&m, los.ArcCorridor, los.ArcOptions{})
		if err != nil {
			t.Fatal(err)
		}
		gr, _ := g.Test(tc.q, los.ArcCorridor, los.ArcOptions{})
		if r.InArc != tc.dzc || gr.InArc != tc.gen {
			t.Errorf("K at %v: dropzone %v, generic %v; want %v, %v", tc.q, r.InArc, gr.InArc, tc.dzc, tc.gen)
		}
	}
}
