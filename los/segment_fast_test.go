package los

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// grazeKey lists the grazing contacts in a canonical order: the fast walk
// visits occluders in another order than the reference walk.
func grazeKey(gs []Graze) string {
	keys := make([]string, len(gs))
	for i, g := range gs {
		keys[i] = fmt.Sprintf("%s@%v", g.ID, g.At)
	}
	slices.Sort(keys)
	return strings.Join(keys, ",")
}

// fastSegments returns test segments over bf: eye-to-eye sightlines,
// random ones, and degenerate ones through footprint vertices, along
// vertex coordinates and level with roofs.
func fastSegments(bf *terrain.Battlefield, rng *rand.Rand, n int) [][2]geom.Vec3 {
	t := bf.Table()
	ms, ps := bf.Models(), bf.Pieces()
	var out [][2]geom.Vec3
	for len(out) < n {
		var a, b geom.Vec3
		switch rng.Intn(7) {
		case 6: // along a grid line of the prepared walk, or just off it
			g := bf.Occluders().Grid
			y := g.Y0 + float64(rng.Intn(g.NY+1))*g.CH + []float64{0, 1e-12, -1e-12}[rng.Intn(3)]
			x0, x1 := rng.Float64()*t.Width, rng.Float64()*t.Width
			z := rng.Float64() * 3
			a, b = geom.V3(x0, y, z), geom.V3(x1, y+[]float64{0, 1e-9, 0.5}[rng.Intn(3)], z)
		case 0:
			a, b = ms[rng.Intn(len(ms))].EyePoint(), ms[rng.Intn(len(ms))].EyePoint()
		case 1:
			a = geom.V3(rng.Float64()*t.Width, rng.Float64()*t.Depth, rng.Float64()*4)
			b = geom.V3(rng.Float64()*t.Width, rng.Float64()*t.Depth, rng.Float64()*4)
		case 2: // through two footprint vertices, at a roof height
			p, q := &ps[rng.Intn(len(ps))], &ps[rng.Intn(len(ps))]
			u, v := p.Footprint.Outer[rng.Intn(len(p.Footprint.Outer))], q.Footprint.Outer[rng.Intn(len(q.Footprint.Outer))]
			a, b = geom.Lift(u, p.Height), geom.Lift(v, q.Height)
		case 3: // along a vertex's x or y coordinate
			p := &ps[rng.Intn(len(ps))]
			u := p.Footprint.Outer[rng.Intn(len(p.Footprint.Outer))]
			z := []float64{0, p.Height, rng.Float64() * 3}[rng.Intn(3)]
			if rng.Intn(2) == 0 {
				a, b = geom.V3(u.X, 0, z), geom.V3(u.X, t.Depth, z)
			} else {
				a, b = geom.V3(0, u.Y, z), geom.V3(t.Width, u.Y, z)
			}
		case 4: // ending on a vertex or an edge's midpoint
			p := &ps[rng.Intn(len(ps))]
			r := p.Footprint.Outer
			k := rng.Intn(len(r))
			u := r[k]
			if rng.Intn(2) == 0 {
				u = u.Add(r[(k+1)%len(r)]).Mul(0.5)
			}
			a = ms[rng.Intn(len(ms))].EyePoint()
			b = geom.Lift(u, rng.Float64()*p.Height)
		default: // vertical or sloping through a roof
			p := &ps[rng.Intn(len(ps))]
			u := p.Footprint.Outer[rng.Intn(len(p.Footprint.Outer))]
			a = geom.Lift(u, p.Height+1)
			b = geom.V3(u.X+rng.Float64()*2-1, u.Y, p.Height-1)
			if rng.Intn(3) == 0 {
				b = geom.Lift(u, 0)
			}
		}
		out = append(out, [2]geom.Vec3{a, b})
	}
	return out
}

// TestSegmentFastMatchesReference compares SightSegment (grid walk, disc
// rejection, fast prism path) with the reference walk (every occluder,
// prismSegment alone) on generated tables, under several options, and
// the clear-only mode's verdict with both.
func TestSegmentFastMatchesReference(t *testing.T) {
	opts := []Options{{}, {GrazingBlocks: true}, {ConcealingBlocks: true}, {ThroughOwnSquad: 1}, {IgnoreSmoke: true, IgnoreModels: true}}
	n := 3000
	if testing.Short() {
		n = 500
	}
	for seed := int64(1); seed <= 4; seed++ {
		bf, err := terrain.GenerateBattlefield(seed, terrain.DefaultGenerate())
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(seed))
		ms := bf.Models()
		for k, s := range fastSegments(bf, rng, n) {
			opt := opts[k%len(opts)]
			shooter := rng.Intn(len(ms))
			f := newFilter(bf, &opt, shooter, -1, []string{ms[shooter].ID})
			got := segment(bf, s[0], s[1], &f, segFull)
			want := segment(bf, s[0], s[1], &f, segReference)
			clear := segment(bf, s[0], s[1], &f, segClearOnly).Clear
			gk, wk := grazeKey(got.Grazing), grazeKey(want.Grazing)
			if got.Clear != want.Clear || got.Blocker != want.Blocker || got.SquadPassed != want.SquadPassed || gk != wk || clear != want.Clear {
				t.Fatalf("seed %d segment %v→%v %+v:\nfast  %+v grazing [%s] clearOnly %v\nref   %+v grazing [%s]",
					seed, s[0], s[1], opt, got, gk, clear, want, wk)
			}
		}
	}
}

// TestSegmentFastMatchesReferenceLarge is TestSegmentFastMatchesReference
// on tables of more than 1,024 occluders at the reference density (the
// grid walk used to give up there): every grazing contact is met once.
func TestSegmentFastMatchesReferenceLarge(t *testing.T) {
	opts := []Options{{}, {GrazingBlocks: true}, {ThroughOwnSquad: 1}}
	sizes := map[int]int{800: 1500, 3000: 300}
	if testing.Short() {
		sizes = map[int]int{800: 200}
	}
	for pieces, n := range sizes {
		bf, err := terrain.GenerateBattlefield(int64(pieces), terrain.ScaledGenerate(pieces))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(int64(pieces)))
		ms := bf.Models()
		for k, s := range fastSegments(bf, rng, n) {
			opt := opts[k%len(opts)]
			shooter := rng.Intn(len(ms))
			f := newFilter(bf, &opt, shooter, -1, []string{ms[shooter].ID})
			got := segment(bf, s[0], s[1], &f, segFull)
			want := segment(bf, s[0], s[1], &f, segReference)
			clear := segment(bf, s[0], s[1], &f, segClearOnly).Clear
			gk, wk := grazeKey(got.Grazing), grazeKey(want.Grazing)
			if got.Clear != want.Clear || got.Blocker != want.Blocker || got.SquadPassed != want.SquadPassed || gk != wk || clear != want.Clear {
				t.Fatalf("%d pieces, segment %v→%v %+v:\nfast  %+v grazing [%s] clearOnly %v\nref   %+v grazing [%s]",
					pieces, s[0], s[1], opt, got, gk, clear, want, wk)
			}
		}
	}
}
