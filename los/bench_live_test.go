package los

import (
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// dragSetup returns the reference table, a ground model to drag and up to
// 30 models of other sides.
func dragSetup(b *testing.B) (*terrain.Battlefield, terrain.Model, []string) {
	bf := refTable(b)
	var mover terrain.Model
	for _, m := range bf.Models() {
		if !m.Airborne() && m.Garrison == nil {
			mover = m
			break
		}
	}
	var enemies []string
	for _, m := range bf.Models() {
		if m.Side != mover.Side && len(enemies) < 30 {
			enemies = append(enemies, m.ID)
		}
	}
	return bf, mover, enemies
}

// dragUpdate answers Sight and VisibleFraction from the mover to each
// enemy.
func dragUpdate(b *testing.B, bf *terrain.Battlefield, mover string, enemies []string) {
	for _, e := range enemies {
		if _, err := Sight(bf, mover, e, Options{}); err != nil {
			b.Fatal(err)
		}
		if _, err := VisibleFraction(bf, mover, e, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDragUpdate is one frame of a drag: move one model a little
// (Battlefield.MoveModel), then sight and visible fraction to 30 enemies.
// Compare with BenchmarkDragUpdateNoMove.
func BenchmarkDragUpdate(b *testing.B) {
	bf, m, enemies := dragSetup(b)
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		d := 0.05 * float64(i%4)
		nb, err := bf.MoveModel(m.ID, geom.Pt(m.Position.X+d, m.Position.Y), m.Facing)
		if err != nil {
			b.Fatal(err)
		}
		dragUpdate(b, nb, m.ID, enemies)
		bf = nb
	}
	stop(i)
}

// BenchmarkDragUpdateNoMove is BenchmarkDragUpdate without the move.
func BenchmarkDragUpdateNoMove(b *testing.B) {
	bf, m, enemies := dragSetup(b)
	b.ReportAllocs()
	stop := cpuMeter(b)
	i := 0
	for ; b.Loop(); i++ {
		dragUpdate(b, bf, m.ID, enemies)
	}
	stop(i)
}
