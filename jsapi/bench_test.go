package jsapi

import (
	"fmt"
	"testing"
)

// dragTable is the default scenario with 30 enemy infantry bases added on
// free ground in its east half, as the Node drag-loop test builds it.
func dragTable(b *testing.B) (*Table, []string) {
	t := OpenDefault()
	var enemies []string
	for x := 26.0; x <= 46 && len(enemies) < 30; x += 2.5 {
		for y := 2.0; y <= 46 && len(enemies) < 30; y += 3 {
			id := fmt.Sprintf("enemy-%d", len(enemies)+1)
			m := fmt.Sprintf(`{"id": %q, "side": "enemy", "class": "infantry", "position": [%g, %g], "base": {"shape": "circle", "diameter": 1}, "hull": {"height": 0.6}}`, id, x, y)
			if t.AddModel([]byte(m)) == nil {
				enemies = append(enemies, id)
			}
		}
	}
	if len(enemies) != 30 {
		b.Fatalf("placed %d enemies, want 30", len(enemies))
	}
	return t, enemies
}

// BenchmarkDragLoop is one update of a dragged model: the move, then sight
// and the visible fraction to 30 enemies, through the calls the
// WebAssembly build makes for Table.moveModel, sight and visibleFraction.
func BenchmarkDragLoop(b *testing.B) {
	t, enemies := dragTable(b)
	i := 0
	for b.Loop() {
		if err := t.MoveModel("sabre-1", 3+float64(i%160)*0.1, 25.5); err != nil {
			b.Fatal(err)
		}
		for _, id := range enemies {
			for _, kind := range []string{"sight", "visible-fraction"} {
				if _, err := t.Pair(kind, "sabre-1", id, ""); err != nil {
					b.Fatal(err)
				}
			}
		}
		i++
	}
}

// BenchmarkMoveModel is the move alone: a live edit of the battlefield.
func BenchmarkMoveModel(b *testing.B) {
	t, _ := dragTable(b)
	i := 0
	for b.Loop() {
		if err := t.MoveModel("sabre-1", 3+float64(i%160)*0.1, 25.5); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkAnswer is one query object answered (parsed, decoded, run):
// the road of Table.answer, shot and move.
func BenchmarkAnswer(b *testing.B) {
	t := OpenDefault()
	q := []byte(`{"id": "q", "kind": "sight", "from": "sabre-1", "to": "hunter-1"}`)
	for b.Loop() {
		if _, err := t.Answer(q); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPair is the same question on the road without JSON.
func BenchmarkPair(b *testing.B) {
	t := OpenDefault()
	for b.Loop() {
		if _, err := t.Pair("sight", "sabre-1", "hunter-1", ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDragLoopLook is the batched update: the move, then one Look
// (sight, visible fraction and range) to the 30 enemies, the calls the
// WebAssembly build makes for Table.moveModel and look.
func BenchmarkDragLoopLook(b *testing.B) {
	t, enemies := dragTable(b)
	i := 0
	for b.Loop() {
		if err := t.MoveModel("sabre-1", 3+float64(i%160)*0.1, 25.5); err != nil {
			b.Fatal(err)
		}
		if _, err := t.Look("sabre-1", enemies, ""); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
