package los

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// TestFractionCheckAgrees compares FractionCheck.AtLeast with
// VisibleFractionFrom's fraction against the limit on the reference
// table: eyes walking in small steps (so the previous eye's occluder is
// tried first, right or wrong), for several targets and limits. It also
// checks that both answers occur and that the early stop happened.
func TestFractionCheckAgrees(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	ms := bf.Models()
	yes, no, stopped := 0, 0, 0
	for k := 0; k < 40; k++ {
		target := ms[rng.IntN(len(ms))].ID
		limit := []float64{0.05, 0.5, 0.95, 1}[k%4]
		opt := Options{}
		if k%3 == 0 {
			opt.Exclude = []string{ms[rng.IntN(len(ms))].ID}
		}
		c, err := NewFractionCheck(bf, target, opt, limit)
		if err != nil {
			t.Fatal(err)
		}
		start := ms[rng.IntN(len(ms))].Position
		eye := geom.Vec3{X: start.X, Y: start.Y, Z: 0.5 + 2*rng.Float64()}
		for step := 0; step < 40; step++ {
			eye.X += rng.Float64() - 0.5
			eye.Y += rng.Float64() - 0.5
			want, err := VisibleFractionFrom(bf, eye, target, opt)
			if err != nil {
				t.Fatal(err)
			}
			hinted := c.hint
			got, err := c.AtLeast(eye)
			if err != nil {
				t.Fatal(err)
			}
			if got != (want.Fraction >= limit) {
				t.Fatalf("target %s limit %v eye %v: AtLeast %v, fraction %v", target, limit, eye, got, want.Fraction)
			}
			if got {
				yes++
			} else {
				no++
			}
			if c.hint || hinted {
				stopped++
			}
		}
	}
	t.Logf("%d at least, %d below, %d stopped", yes, no, stopped)
	if yes == 0 || no == 0 || stopped == 0 {
		t.Fatalf("cases not covered: %d at least, %d below, %d with a stopping occluder", yes, no, stopped)
	}
}

// TestFractionCheckErrors checks the errors: unknown target, non-finite eye.
func TestFractionCheckErrors(t *testing.T) {
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewFractionCheck(bf, "no-such-model", Options{}, 0.5); !errors.Is(err, terrain.ErrUnknownID) {
		t.Fatalf("unknown target: %v, want ErrUnknownID", err)
	}
	c, err := NewFractionCheck(bf, bf.Models()[0].ID, Options{}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.AtLeast(geom.Vec3{X: math.NaN()}); err == nil {
		t.Fatal("NaN eye: no error")
	}
}
