package los

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// msClamp maps any float into [lo, hi] (NaN to lo).
func msClamp(v, lo, hi float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return lo
	}
	return math.Max(lo, math.Min(hi, v))
}

// FuzzRangeSymmetric checks that centre and edge ranges are symmetric,
// non-negative and unchanged by a rigid motion of the whole scene.
func FuzzRangeSymmetric(f *testing.F) {
	f.Add(10.0, 10.0, 1.0, 20.0, 10.0, 1.0, 0.0, 30.0, 0.0, 0.0)
	f.Add(10.0, 10.0, 1.0, 11.0, 10.0, 1.0, 2.0, 45.0, 5.0, -3.0)  // touching
	f.Add(10.0, 10.0, 2.0, 10.5, 10.2, 1.0, 1.5, 170.0, 0.0, 10.0) // overlapping
	f.Fuzz(func(t *testing.T, ax, ay, da, bx, by, db, hullLen, rot, tx, ty float64) {
		ax, ay, bx, by = msClamp(ax, 0, 40), msClamp(ay, 0, 40), msClamp(bx, 0, 40), msClamp(by, 0, 40)
		da, db = msClamp(da, 0.1, 5), msClamp(db, 0.1, 5)
		hullLen = msClamp(hullLen, 0, 4)
		rot = msClamp(rot, -360, 360)
		tx, ty = msClamp(tx, -20, 20), msClamp(ty, -20, 20)
		scene := func(move func(geom.Point) geom.Point, dFacing float64) *terrain.Battlefield {
			a := msInf("a", move(geom.Pt(ax, ay)), da)
			a.Facing = geom.Degrees(dFacing + 10)
			if hullLen > 0 {
				a.Hull = terrain.Hull{Length: hullLen, Width: hullLen / 2, Height: 1}
			}
			b := msInf("b", move(geom.Pt(bx, by)), db)
			bf, err := terrain.New(terrain.Table{Width: 200, Depth: 200}, nil, []terrain.Model{a, b})
			if err != nil {
				t.Skip(err)
			}
			return bf
		}
		id := func(p geom.Point) geom.Point { return p.Add(geom.Pt(80, 80)) }
		c, s := math.Cos(rot*math.Pi/180), math.Sin(rot*math.Pi/180)
		moved := func(p geom.Point) geom.Point {
			q := geom.Pt(p.X*c-p.Y*s, p.X*s+p.Y*c)
			return q.Add(geom.Pt(100+tx, 100+ty))
		}
		bf1, bf2 := scene(id, 0), scene(moved, rot)
		for _, mode := range []RangeMode{RangeCenter, RangeEdge} {
			ab, err1 := Range(bf1, "a", "b", mode)
			ba, err2 := Range(bf1, "b", "a", mode)
			mv, err3 := Range(bf2, "a", "b", mode)
			if err1 != nil || err2 != nil || err3 != nil {
				t.Fatal(err1, err2, err3)
			}
			if ab.Distance < 0 || math.IsNaN(ab.Distance) {
				t.Fatalf("%s range %v < 0", mode, ab.Distance)
			}
			tol := 1e-9 * (1 + ab.Distance)
			if math.Abs(ab.Distance-ba.Distance) > tol {
				t.Fatalf("%s range not symmetric: %v vs %v", mode, ab.Distance, ba.Distance)
			}
			if math.Abs(ab.Distance-mv.Distance) > 1e-7 {
				t.Fatalf("%s range changed by rigid motion: %v vs %v", mode, ab.Distance, mv.Distance)
			}
			if mode == RangeEdge && ab.Distance > 0 {
				cr, _ := Range(bf1, "a", "b", RangeCenter)
				if ab.Distance > cr.Distance+1e-9 {
					t.Fatalf("edge range %v exceeds centre range %v", ab.Distance, cr.Distance)
				}
			}
		}
	})
}

// FuzzArcPartition checks that every point is in exactly one quadrant under
// the prefer rule, that it is ArcOf, and that inclusive membership holds it
// too.
func FuzzArcPartition(f *testing.F) {
	f.Add(25.0, 25.0, 90.0, "")     // on the fore/starboard ray
	f.Add(20.0, 20.0, 0.0, "aft")   // at the apex
	f.Add(15.0, 25.0, 45.0, "port") // facing 45°: the port/fore ray runs along +y exactly
	f.Add(31.0, 17.3, 123.4, "")    // generic
	f.Add(20.0, 35.0, 135.0, "starboard")
	f.Fuzz(func(t *testing.T, px, py, facing float64, prefer string) {
		px, py = msClamp(px, 0, 40), msClamp(py, 0, 40)
		facing = msClamp(facing, -720, 720)
		switch prefer {
		case "", ArcFore, ArcPort, ArcStarboard, ArcAft:
		default:
			prefer = ""
		}
		bf, err := terrain.New(terrain.Table{Width: 40, Depth: 40}, nil, []terrain.Model{msTank("s", geom.Pt(20, 20), facing, 2, 1, 1)})
		if err != nil {
			t.Skip(err)
		}
		p := geom.Pt(px, py)
		n := 0
		var in, arcOf string
		for _, q := range []string{ArcFore, ArcPort, ArcStarboard, ArcAft} {
			r, err := InArcPoint(bf, "s", p, q, ArcOptions{Boundary: BoundaryPrefer, Prefer: prefer})
			if err != nil {
				t.Fatal(err)
			}
			arcOf = r.ArcOf
			if r.InArc {
				n++
				in = q
			}
			ri, _ := InArcPoint(bf, "s", p, q, ArcOptions{})
			if r.InArc && !ri.InArc {
				t.Fatalf("%v in %s under prefer but not inclusive", p, q)
			}
		}
		if n != 1 || in != arcOf {
			t.Fatalf("%v facing %v prefer %q: in %d quadrants (%s), arcOf %s", p, facing, prefer, n, in, arcOf)
		}
	})
}
