package terrain

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/sightline/sightline/geom"
)

// sameBattlefield fails unless a (edited) and b (from New) hold the same
// values: models, maps, boxes, both indexes and the prepared occluders.
func sameBattlefield(t *testing.T, step string, a, b *Battlefield) {
	t.Helper()
	checks := []struct {
		name string
		x, y any
	}{
		{"models", a.models, b.models},
		{"modelIdx", a.modelIdx, b.modelIdx},
		{"squads", a.squads, b.squads},
		{"squadNames", a.squadNames, b.squadNames},
		{"modelBoxes", a.modelBoxes, b.modelBoxes},
		{"pieceBoxes", a.pieceBoxes, b.pieceBoxes},
		{"index", a.index, b.index},
		{"pieceIndex", a.pieceIndex, b.pieceIndex},
		{"occluders", a.Occluders(), b.Occluders()},
	}
	for _, c := range checks {
		if len(a.squadNames) == 0 && len(b.squadNames) == 0 && c.name == "squadNames" {
			continue
		}
		if !reflect.DeepEqual(c.x, c.y) {
			t.Fatalf("%s: %s differs from New's", step, c.name)
		}
	}
}

// sameAnswers fails unless a (edited) and b (from New) answer the public
// queries alike: lookups by id, squads, every item's box, and the items
// (in order) of random segment, flat segment, rectangle and point queries.
func sameAnswers(t *testing.T, step string, rng *rand.Rand, a, b *Battlefield) {
	t.Helper()
	for i := range b.Models() {
		id := b.Models()[i].ID
		ma, oka := a.Model(id)
		ia, _ := a.ModelIndex(id)
		if mb, _ := b.Model(id); !oka || ia != i || !reflect.DeepEqual(ma, mb) {
			t.Fatalf("%s: model %q (index %d) differs from New's", step, id, i)
		}
	}
	for _, name := range b.Squads() {
		if !reflect.DeepEqual(a.Squad(name), b.Squad(name)) {
			t.Fatalf("%s: squad %q = %v, New's %v", step, name, a.Squad(name), b.Squad(name))
		}
	}
	for k, n := range []int{len(b.Pieces()), len(b.Models())} {
		for i := range n + 1 { // one past the end: unknown
			it := Item{Kind: ItemKind(k), Index: i}
			lo, hi, ok := a.ItemBox(it)
			wlo, whi, wok := b.ItemBox(it)
			if lo != wlo || hi != whi || ok != wok {
				t.Fatalf("%s: ItemBox(%v) = %v %v %v, New's %v %v %v", step, it, lo, hi, ok, wlo, whi, wok)
			}
		}
	}
	tb := b.Table()
	pt := func() geom.Point { return geom.Pt(rng.Float64()*tb.Width, rng.Float64()*tb.Depth) }
	for range 20 {
		p, q := pt(), pt()
		s3 := geom.Segment3{A: geom.V3(p.X, p.Y, rng.Float64()*3), B: geom.V3(q.X, q.Y, rng.Float64()*3)}
		r := geom.RectFromPoints(p, geom.Pt(p.X+rng.Float64()*8, p.Y+rng.Float64()*8))
		queries := []struct {
			name string
			run  func(*Battlefield, func(Item) bool)
		}{
			{"VisitSegment", func(bf *Battlefield, f func(Item) bool) { bf.VisitSegment(s3, f) }},
			{"VisitFlatSegment", func(bf *Battlefield, f func(Item) bool) { bf.VisitFlatSegment(geom.Seg(p, q), f) }},
			{"VisitRect", func(bf *Battlefield, f func(Item) bool) { bf.VisitRect(r, f) }},
			{"VisitPoint", func(bf *Battlefield, f func(Item) bool) { bf.VisitPoint(q, f) }},
		}
		for _, qu := range queries {
			got, want := collect(func(f func(Item) bool) { qu.run(a, f) }), collect(func(f func(Item) bool) { qu.run(b, f) })
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %s = %v, New's %v", step, qu.name, got, want)
			}
		}
	}
}

// randomEdit applies one random edit to bf: a move (sometimes onto a hill
// or a roof), a turn, a removal or an addition of a copy of a model.
func randomEdit(rng *rand.Rand, bf *Battlefield, n int) (*Battlefield, string, error) {
	ms := bf.Models()
	t := bf.Table()
	if len(ms) == 0 {
		return bf, "none", nil
	}
	m := ms[rng.IntN(len(ms))]
	switch k := rng.IntN(10); {
	case k < 6:
		p := geom.Pt(rng.Float64()*t.Width, rng.Float64()*t.Depth)
		if k == 0 && len(bf.Pieces()) > 0 {
			// onto a piece's first vertex region, to get elevated models
			v := bf.Pieces()[rng.IntN(len(bf.Pieces()))].Footprint.Outer[0]
			p = geom.Pt(min(max(v.X+0.3, 0), t.Width), min(max(v.Y+0.3, 0), t.Depth))
		}
		f := s1.Angle(rng.Float64() * 6.283)
		nb, err := bf.MoveModel(m.ID, p, f)
		return nb, fmt.Sprintf("move %s to %v", m.ID, p), err
	case k < 7:
		nb, err := bf.MoveModel(m.ID, m.Position, m.Facing+1)
		return nb, "turn " + m.ID, err
	case k < 8:
		nb, err := bf.WithoutModel(m.ID)
		return nb, "remove " + m.ID, err
	default:
		c := m
		c.ID = fmt.Sprintf("copy-%d", n)
		c.Garrison = nil
		c.Elevation = nil
		c.Position = geom.Pt(rng.Float64()*t.Width, rng.Float64()*t.Depth)
		c.Figures = nil
		nb, err := bf.WithModel(c)
		return nb, "add " + c.ID, err
	}
}

func TestEditsEqualNew(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		bf, err := GenerateBattlefield(seed, GenerateOptions{Width: 48, Depth: 48, Pieces: 30, Models: 30})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		elevated, done := 0, 0
		for n := range 60 {
			if n%3 == 0 {
				bf.Occluders() // sometimes derive from built occluders
			}
			nb, step, err := randomEdit(rng, bf, n)
			if err != nil {
				continue // an edit New refuses as well (a model buried, off its level …)
			}
			fresh, err := New(nb.Table(), nb.Pieces(), nb.Models())
			if err != nil {
				t.Fatalf("seed %d %s: New refuses the edited models: %v", seed, step, err)
			}
			name := fmt.Sprintf("seed %d step %d (%s)", seed, n, step)
			sameBattlefield(t, name, nb, fresh)
			sameAnswers(t, name, rng, nb, fresh)
			done++
			for _, m := range nb.Models() {
				if m.Elevated() {
					elevated++
				}
			}
			bf = nb
		}
		if done < 30 || elevated == 0 {
			t.Errorf("seed %d: %d edits succeeded, %d elevated models met; want >= 30 and > 0", seed, done, elevated)
		}
	}
}

func TestEditErrors(t *testing.T) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	m := bf.Models()[0]
	if _, err := bf.MoveModel("nope", geom.Pt(1, 1), 0); !errors.Is(err, ErrUnknownID) {
		t.Errorf("MoveModel(nope) = %v, want ErrUnknownID", err)
	}
	if _, err := bf.WithoutModel("nope"); !errors.Is(err, ErrUnknownID) {
		t.Errorf("WithoutModel(nope) = %v, want ErrUnknownID", err)
	}
	if _, err := bf.WithModel(m); !errors.Is(err, ErrDuplicateID) {
		t.Errorf("WithModel(existing) = %v, want ErrDuplicateID", err)
	}
	if _, err := bf.MoveModel(m.ID, geom.Pt(-5, 1), 0); !errors.Is(err, ErrOffTable) {
		t.Errorf("MoveModel off table = %v, want ErrOffTable", err)
	}
	// bf is unchanged by the failed and successful edits
	nb, err := bf.MoveModel(m.ID, geom.Pt(24, 24), 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := bf.Models()[0].Position; got != m.Position {
		t.Errorf("old battlefield's model moved to %v", got)
	}
	if got := nb.Models()[0].Position; got != geom.Pt(24, 24) {
		t.Errorf("new battlefield's model at %v, want (24, 24)", got)
	}
}

// TestEditsConcurrentReaders edits from one battlefield while others read
// it and its descendants (run with -race).
func TestEditsConcurrentReaders(t *testing.T) {
	bf, err := GenerateBattlefield(2, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			cur := bf
			for n := range 20 {
				nb, _, err := randomEdit(rng, cur, 1000*w+n)
				if err != nil {
					continue
				}
				_ = cur.Occluders()
				_ = nb.Occluders()
				cur.VisitPoint(geom.Pt(24, 24), func(Item) bool { return true })
				if n%4 == 0 {
					cur = nb
				}
			}
		}()
	}
	wg.Wait()
}
