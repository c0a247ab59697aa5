package los

import (
	"math"
	"math/rand/v2"
	"testing"

	sf "github.com/peterstace/simplefeatures/geom"

	"github.com/golang/geo/s1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Slow references for VisibleFraction (see fraction_ref_test.go for the
// 10,000-scene runs):
//
//   - ray sampling: a jittered grid of rays from the eye over the box of the
//     target's projected corners; a ray counts when it meets the target
//     box, and is visible when no occluder box is met before the target. It
//     shares no code with the clipping pipeline.
//   - overlay: the hidden area of the clipped occluder parts recomputed with
//     the simplefeatures overlay (union) instead of geom.ConvexUnionArea;
//     coordinates are scaled by 1000 for the overlay's benefit.

// scene is a random table: axis-aligned solid blocks, one rotated tank
// occluder and a rotated target hull, all pairwise clear of each other.
type scene struct {
	bf  *terrain.Battlefield
	eye geom.Vec3
	box []refBox // occluders
	tgt refBox
}

// refBox is a rotated box: centre, half lengths, angle, z range.
type refBox struct {
	c      geom.Point
	hl, hw float64
	ang    float64
	z0, z1 float64
}

// hit returns the parameter interval [s0, s1] (s >= 0) of the ray eye +
// s·dir inside the box, by the slab method in the box's frame.
func (b refBox) hit(eye, dir geom.Vec3) (float64, float64, bool) {
	sin, cos := math.Sincos(-b.ang)
	px, py := eye.X-b.c.X, eye.Y-b.c.Y
	o := [3]float64{px*cos - py*sin, px*sin + py*cos, eye.Z}
	d := [3]float64{dir.X*cos - dir.Y*sin, dir.X*sin + dir.Y*cos, dir.Z}
	lo := [3]float64{-b.hl, -b.hw, b.z0}
	hi := [3]float64{b.hl, b.hw, b.z1}
	s0, s1 := 0.0, math.Inf(1)
	for k := range 3 {
		if d[k] == 0 {
			if o[k] < lo[k] || o[k] > hi[k] {
				return 0, 0, false
			}
			continue
		}
		a, c := (lo[k]-o[k])/d[k], (hi[k]-o[k])/d[k]
		if a > c {
			a, c = c, a
		}
		s0, s1 = math.Max(s0, a), math.Min(s1, c)
	}
	return s0, s1, s0 <= s1
}

func (b refBox) corners() []geom.Point {
	return geom.OrientedRect{Center: b.c, Length: 2 * b.hl, Width: 2 * b.hw, Angle: s1.Angle(b.ang)}.Ring()
}

func (b refBox) overlaps(o refBox, gap float64) bool {
	d, _, _ := geom.DistConvex(geom.OrientedRect{Center: b.c, Length: 2 * b.hl, Width: 2 * b.hw, Angle: s1.Angle(b.ang)},
		geom.OrientedRect{Center: o.c, Length: 2 * o.hl, Width: 2 * o.hw, Angle: s1.Angle(o.ang)})
	return d <= gap
}

// randomScene builds a scene; ok is false when the draw is unusable.
func randomScene(rng *rand.Rand) (scene, bool) {
	u := func(a, b float64) float64 { return a + (b-a)*rng.Float64() }
	var sc scene
	sc.tgt = refBox{c: geom.Pt(u(14, 34), u(14, 34)), hl: u(0.5, 2), hw: u(0.5, 1.5), ang: u(-math.Pi, math.Pi), z0: 0, z1: u(0.5, 3)}
	var pieces []terrain.Piece
	var models []terrain.Model
	for i := range rng.IntN(6) {
		b := refBox{c: geom.Pt(u(4, 44), u(4, 44)), hl: u(0.2, 3), hw: u(0.2, 3), z0: -1, z1: u(0.5, 5)}
		if b.overlaps(sc.tgt, 0.01) {
			continue
		}
		clash := false
		for _, o := range sc.box {
			clash = clash || b.overlaps(o, 0.01)
		}
		if clash {
			continue
		}
		sc.box = append(sc.box, b)
		pieces = append(pieces, solid(string(rune('a'+i)), rectFP(b.c.X-b.hl, b.c.Y-b.hw, b.c.X+b.hl, b.c.Y+b.hw), b.z1))
	}
	m := tank("tgt", "t", sc.tgt.c.X, sc.tgt.c.Y, 2*sc.tgt.hl, 2*sc.tgt.hw, sc.tgt.z1)
	m.Facing = s1.Angle(sc.tgt.ang)
	models = append(models, m)
	if rng.IntN(2) == 0 {
		b := refBox{c: geom.Pt(u(4, 44), u(4, 44)), hl: u(0.5, 2), hw: u(0.5, 1.5), ang: u(-math.Pi, math.Pi), z0: -1, z1: u(0.5, 3)}
		ok := !b.overlaps(sc.tgt, 0.01)
		for _, o := range sc.box {
			ok = ok && !b.overlaps(o, 0.01)
		}
		if ok {
			om := tank("occ", "o", b.c.X, b.c.Y, 2*b.hl, 2*b.hw, b.z1)
			om.Facing = s1.Angle(b.ang)
			models = append(models, om)
			sc.box = append(sc.box, b)
		}
	}
	sc.eye = geom.V3(u(1, 47), u(1, 47), u(0.2, 8))
	// Keep the eye out of every box and the target well in front of it.
	for _, b := range append(sc.box, sc.tgt) {
		if geom.PointInConvex(geom.Flat(sc.eye), b.corners()) != geom.Outside && sc.eye.Z <= b.z1 {
			return sc, false
		}
	}
	if sc.tgt.c.Sub(geom.Flat(sc.eye)).Norm() < 3*(sc.tgt.hl+sc.tgt.hw) {
		return sc, false
	}
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 48}, pieces, models)
	if err != nil {
		return sc, false
	}
	sc.bf = bf
	return sc, true
}

// sampleFraction is the ray-sampling reference with an n x n jittered grid.
func sampleFraction(sc scene, n int, rng *rand.Rand) float64 {
	c := geom.Lift(sc.tgt.c, (sc.tgt.z0+sc.tgt.z1)/2)
	w := c.Sub(sc.eye).Normalize()
	e1 := w.Cross(geom.V3(0, 0, 1)).Normalize()
	e2 := e1.Cross(w)
	lo, hi := geom.Pt(math.Inf(1), math.Inf(1)), geom.Pt(math.Inf(-1), math.Inf(-1))
	for _, p := range sc.tgt.corners() {
		for _, z := range []float64{sc.tgt.z0, sc.tgt.z1} {
			r := geom.Lift(p, z).Sub(sc.eye)
			d := r.Dot(w)
			q := geom.Pt(r.Dot(e1)/d, r.Dot(e2)/d)
			lo = geom.Pt(math.Min(lo.X, q.X), math.Min(lo.Y, q.Y))
			hi = geom.Pt(math.Max(hi.X, q.X), math.Max(hi.Y, q.Y))
		}
	}
	seen, total := 0, 0
	for i := range n {
		for j := range n {
			x := lo.X + (hi.X-lo.X)*(float64(i)+rng.Float64())/float64(n)
			y := lo.Y + (hi.Y-lo.Y)*(float64(j)+rng.Float64())/float64(n)
			dir := w.Add(e1.Mul(x)).Add(e2.Mul(y))
			st, _, ok := sc.tgt.hit(sc.eye, dir)
			if !ok {
				continue
			}
			total++
			vis := true
			for _, b := range sc.box {
				if s0, _, ok := b.hit(sc.eye, dir); ok && s0 < st {
					vis = false
					break
				}
			}
			if vis {
				seen++
			}
		}
	}
	if total == 0 {
		return math.NaN()
	}
	return float64(seen) / float64(total)
}

func checkRaySampling(t *testing.T, scenes, grid int) {
	rng := rand.New(rand.NewPCG(7, 11))
	done, worst := 0, 0.0
	for tries := 0; done < scenes && tries < 20*scenes; tries++ {
		sc, ok := randomScene(rng)
		if !ok {
			continue
		}
		got, err := VisibleFractionFrom(sc.bf, sc.eye, "tgt", Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := sampleFraction(sc, grid, rng)
		if math.IsNaN(want) {
			continue
		}
		done++
		d := math.Abs(got.Fraction - want)
		worst = math.Max(worst, d)
		if d > 0.005 {
			t.Errorf("scene %d: eye %v, fraction %.5f, ray sampling %.5f (%s)", done, sc.eye, got.Fraction, want, got.Explain())
		}
	}
	if done < scenes {
		t.Fatalf("only %d usable scenes", done)
	}
	t.Logf("%d scenes, largest difference %.5f", done, worst)
}

// sfPolygon converts a convex ring to a simplefeatures polygon.
func sfPolygon(r []geom.Point) sf.Geometry {
	xy := make([]float64, 0, 2*len(r)+2)
	for _, p := range r {
		xy = append(xy, 1000*p.X, 1000*p.Y)
	}
	xy = append(xy, 1000*r[0].X, 1000*r[0].Y)
	return sf.NewPolygonXY(xy).AsGeometry()
}

func checkOverlay(t *testing.T, scenes int) {
	rng := rand.New(rand.NewPCG(3, 5))
	done, compared, worst := 0, 0, 0.0
	for tries := 0; done < scenes && tries < 20*scenes; tries++ {
		sc, ok := randomScene(rng)
		if !ok {
			continue
		}
		done++
		ti, _ := sc.bf.ModelIndex("tgt")
		f := newFilter(sc.bf, &Options{}, -1, ti, nil)
		s := getScratch()
		got := visibleFraction(sc.bf, sc.eye, ti, &f, s, fracValue)
		if got.Case != CaseSilhouette {
			putScratch(s)
			continue
		}
		sil := sfPolygon(s.sil)
		union := sf.Geometry{}
		for _, p := range s.parts {
			g := sfPolygon(p)
			if union.IsEmpty() {
				union = g
				continue
			}
			u, err := sf.Union(union, g)
			if err != nil {
				t.Fatalf("overlay: %v", err)
			}
			union = u
		}
		// The parts are already clipped to the silhouette, so the hidden
		// area is their union's. (Intersecting with the silhouette again
		// trips the overlay on the nearly coincident shared edges.)
		hidden := union.Area()
		want := 1 - hidden/sil.Area()
		putScratch(s)
		compared++
		worst = math.Max(worst, math.Abs(got.Fraction-want))
		if d := math.Abs(got.Fraction - want); d > 1e-6 {
			t.Errorf("scene %d: fraction %.9f, overlay %.9f", done, got.Fraction, want)
		}
	}
	t.Logf("%d scenes, %d compared with the overlay (silhouette case), largest difference %.3g", done, compared, worst)
}

// Smaller runs that also go under -race.
func TestRaySamplingSmall(t *testing.T) { checkRaySampling(t, 300, 80) }

func TestOverlaySmall(t *testing.T) { checkOverlay(t, 300) }
