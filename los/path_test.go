package los

import (
	"math"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func TestFirstSightAlongPath(t *testing.T) {
	// Shifted by (10,10): observer at (10,20), a building whose
	// north-east corner is (18,15), path (15,10) -> (30,10). The line from
	// (10,20) through (18,15) meets y = 10 at x = 26: first sight there.
	// Observer and mover are point figures with eyes on the table.
	house := msHouse("house", msRect(12, 11, 18, 15), terrain.Wall{ID: "n", From: geom.Pt(18, 15), To: geom.Pt(12, 15)})
	obs := terrain.Model{ID: "obs", Class: terrain.Figure, Position: geom.Pt(10, 20), Level: 1}
	mover := terrain.Model{ID: "mover", Class: terrain.Figure, Position: geom.Pt(15, 10), Level: 1}
	bf := msBF(t, []terrain.Piece{house}, []terrain.Model{obs, mover})
	r, err := FirstSightAlongPath(bf, "obs", "mover", []geom.Point{geom.Pt(15, 10), geom.Pt(30, 10)}, PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.VisibleAtStart || r.FirstVisibleAt == nil || math.Abs(r.FirstVisibleAt.X-26) > 2*PathTolerance ||
		math.Abs(r.FirstDistance-11) > 2*PathTolerance || !r.VisibleAtEnd || r.LostAt != nil {
		t.Errorf("FirstSightAlongPath = %+v, want first sight at (26,10), 11 along", r)
	}
	// Out and back: sight is lost again at 26 on the way back (15 + 4 = 19 along).
	r, err = FirstSightAlongPath(bf, "obs", "mover", []geom.Point{geom.Pt(15, 10), geom.Pt(30, 10), geom.Pt(15, 10)}, PathOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.LostAt == nil || math.Abs(r.LostAt.X-26) > 2*PathTolerance || math.Abs(r.LostDistance-19) > 2*PathTolerance ||
		r.VisibleAtEnd || len(r.Transitions) != 2 {
		t.Errorf("out and back = %+v, want lost at (26,10) 19 along", r)
	}
	// Never visible: a path hidden behind the house.
	r, _ = FirstSightAlongPath(bf, "obs", "mover", []geom.Point{geom.Pt(15, 10), geom.Pt(20, 10)}, PathOptions{})
	if r.FirstVisibleAt != nil || r.FirstDistance != -1 {
		t.Errorf("hidden path = %+v, want never visible", r)
	}
	if _, err := FirstSightAlongPath(bf, "obs", "mover", nil, PathOptions{}); err == nil {
		t.Errorf("empty path: no error")
	}
	if _, err := FirstSightAlongPath(bf, "obs", "mover", []geom.Point{geom.Pt(math.Inf(1), 0)}, PathOptions{}); err == nil {
		t.Errorf("infinite path point: no error")
	}
}

func TestFirstSightAlongPathVolume(t *testing.T) {
	// With Volume the mover's hull front corners (1 in ahead of its centre,
	// facing +x) emerge first: the centre is then at x = 25.
	house := msHouse("house", msRect(12, 11, 18, 15), terrain.Wall{ID: "n", From: geom.Pt(18, 15), To: geom.Pt(12, 15)})
	obs := terrain.Model{ID: "obs", Class: terrain.Figure, Position: geom.Pt(10, 20), Level: 1}
	mover := msTank("mover", geom.Pt(15, 10), 0, 2, 0.5, 0)
	bf := msBF(t, []terrain.Piece{house}, []terrain.Model{obs, mover})
	r, err := FirstSightAlongPath(bf, "obs", "mover", []geom.Point{geom.Pt(15, 10), geom.Pt(30, 10)}, PathOptions{Volume: true, Sight: Options{IgnoreModels: true}})
	if err != nil {
		t.Fatal(err)
	}
	// Corner (x+1, 9.75): line from (10,20) through (18,15) meets y = 9.75 at x = 26.4, so x = 25.4;
	// corner (x+1, 10.25): meets y = 10.25 at 25.6, x = 24.6 (the first).
	if r.FirstVisibleAt == nil || math.Abs(r.FirstVisibleAt.X-24.6) > 2*PathTolerance {
		t.Errorf("volume path = %+v, want first sight at x = 24.6", r)
	}
}
