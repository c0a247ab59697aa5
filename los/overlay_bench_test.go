package los

import (
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	sf "github.com/peterstace/simplefeatures/geom"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// The overlay reference on the reference table: the same exact visible
// fraction, the silhouette less the union of every projected occluder
// part in front of the target, with the union computed by the
// simplefeatures overlay (a port of JTS's robust overlay) instead of
// Sightline's convex subtraction. The parts come from visibleFraction in
// its full mode; only the overlay itself is timed as the reference's cost,
// which makes the speed ratio a lower bound.

// overlayFraction returns the visible fraction of model j seen from model
// i computed by the overlay, the time the overlay took, and false when the
// pair has no silhouette to overlay (a point, eye-inside, buried or
// degenerate case) or the overlay failed.
func overlayFraction(bf *terrain.Battlefield, i, j int) (float64, time.Duration, bool) {
	f := newFilter(bf, &Options{}, i, j, nil)
	sc := &fracScratch{noProof: true}
	r := visibleFraction(bf, bf.Models()[i].EyePoint(), j, &f, sc, fracFull)
	if r.Case != CaseSilhouette {
		return 0, 0, false
	}
	t0 := time.Now()
	sil := sfPolygon(sc.sil)
	union := sf.Geometry{}
	for _, p := range sc.parts {
		g := sfPolygon(p)
		if union.IsEmpty() {
			union = g
			continue
		}
		u, err := sf.Union(union, g)
		if err != nil {
			return 0, 0, false
		}
		union = u
	}
	want := 1 - union.Area()/sil.Area()
	return want, time.Since(t0), true
}

// TestOverlayReferenceTable compares the public VisibleFraction with the
// overlay reference on every pair of the reference table, to 1e-9.
func TestOverlayReferenceTable(t *testing.T) {
	bf := refTable(t)
	ms := bf.Models()
	n, failed := 0, 0
	for _, p := range refPairs(bf) {
		want, _, ok := overlayFraction(bf, p[0], p[1])
		if !ok {
			failed++
			continue
		}
		got, err := VisibleFraction(bf, ms[p[0]].ID, ms[p[1]].ID, Options{})
		if err != nil {
			t.Fatal(err)
		}
		n++
		if d := math.Abs(got.Fraction - math.Max(0, want)); d > 1e-9 {
			t.Errorf("%s→%s: fraction %.12f, overlay %.12f", ms[p[0]].ID, ms[p[1]].ID, got.Fraction, want)
		}
	}
	t.Logf("%d pairs compared, %d without silhouette or overlay", n, failed)
}

// BenchmarkFractionVsOverlay times, pair by pair of the reference table
// and interleaved (so both see the same machine load), the public
// VisibleFraction and the overlay reference's union, and reports both per
// pair and their ratio (overlay/sightline). Pairs without a silhouette are
// left out of both.
func BenchmarkFractionVsOverlay(b *testing.B) {
	bf := refTable(b)
	ms := bf.Models()
	var pairs [][2]int
	for _, p := range refPairs(bf) {
		if _, _, ok := overlayFraction(bf, p[0], p[1]); ok {
			pairs = append(pairs, p)
		}
	}
	var ours, ref time.Duration
	i := 0
	for ; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		t0 := time.Now()
		if _, err := VisibleFraction(bf, ms[p[0]].ID, ms[p[1]].ID, Options{}); err != nil {
			b.Fatal(err)
		}
		ours += time.Since(t0)
		_, d, _ := overlayFraction(bf, p[0], p[1])
		ref += d
	}
	b.ReportMetric(float64(ours.Nanoseconds())/float64(i), "sightline-ns/pair")
	b.ReportMetric(float64(ref.Nanoseconds())/float64(i), "overlay-ns/pair")
	b.ReportMetric(float64(ref)/float64(ours), "overlay/sightline")
}

// overlayCase is one pair's input to the overlay: the silhouette and the
// clipped parts.
type overlayCase struct {
	pair  [2]int
	sil   []geom.Point
	parts [][]geom.Point
}

// overlayCases returns the reference table's pairs with a silhouette and
// their overlay inputs.
func overlayCases(bf *terrain.Battlefield) []overlayCase {
	var out []overlayCase
	sc := &fracScratch{noProof: true} // one working space: less garbage before the measured loops
	for _, p := range refPairs(bf) {
		f := newFilter(bf, &Options{}, p[0], p[1], nil)
		r := visibleFraction(bf, bf.Models()[p[0]].EyePoint(), p[1], &f, sc, fracFull)
		if r.Case != CaseSilhouette {
			continue
		}
		c := overlayCase{pair: p, sil: slices.Clone(sc.sil)}
		for _, q := range sc.parts {
			c.parts = append(c.parts, slices.Clone(q))
		}
		out = append(out, c)
	}
	return out
}

// refSetup runs the setup of a reference-table benchmark with the
// collector off, then collects its garbage, so that neither a collection
// during the measured loop nor the varying interleaving of collections
// with the setup moves the callgrind differences of runs of different
// lengths (by thousands of instructions per op); the loop's own garbage
// is collected as it comes.
func refSetup(setup func() []overlayCase) []overlayCase {
	old := debug.SetGCPercent(-1)
	cs := setup()
	debug.SetGCPercent(old)
	runtime.GC()
	return cs
}

// BenchmarkRefTableOverlay is the overlay alone (polygons built, unioned,
// measured) on the pairs of BenchmarkRefTableFraction, one pair per op:
// for instruction counts, whose ratio does not depend on the machine's
// load.
func BenchmarkRefTableOverlay(b *testing.B) {
	cs := refSetup(func() []overlayCase { return overlayCases(refTable(b)) })
	i := 0
	for ; b.Loop(); i++ {
		c := &cs[i%len(cs)]
		union := sf.Geometry{}
		for _, p := range c.parts {
			g := sfPolygon(p)
			if union.IsEmpty() {
				union = g
				continue
			}
			if u, err := sf.Union(union, g); err == nil {
				union = u
			}
		}
		_ = 1 - union.Area()/sfPolygon(c.sil).Area()
	}
}

// BenchmarkRefTableFraction is the public VisibleFraction on the pairs of
// the reference table that have a silhouette, one pair per op.
func BenchmarkRefTableFraction(b *testing.B) {
	var bf *terrain.Battlefield
	cs := refSetup(func() []overlayCase {
		bf = refTable(b)
		return overlayCases(bf)
	})
	ms := bf.Models()
	b.ReportAllocs()
	i := 0
	for ; b.Loop(); i++ {
		p := cs[i%len(cs)].pair
		if _, err := VisibleFraction(bf, ms[p[0]].ID, ms[p[1]].ID, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
