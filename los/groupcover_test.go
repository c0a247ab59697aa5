package los

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func gcModel(id string, x, y float64) terrain.Model {
	return terrain.Model{ID: id, Class: terrain.Infantry, Level: 1, Position: geom.Pt(x, y),
		Base: terrain.Base{Shape: terrain.BaseCircle, Diameter: 1}, Hull: terrain.Hull{Height: 1}}
}

func gcRect(id string, kind terrain.Kind, x0, y0, x1, y1, h float64, sight terrain.Sight, cover terrain.Cover) terrain.Piece {
	return terrain.Piece{ID: id, Kind: kind, Footprint: geom.PolygonFromPoints(geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1)),
		Height: h, Sight: sight, Cover: cover, Movement: terrain.MovementRule{Default: terrain.Open}, Level: 1}
}

// gcScene: a wood x in [20, 26], y in [0, 10]; a wall x in [30, 30.5],
// y in [12, 20], 3 in tall; observers at x = 40.
func gcScene(t testing.TB, members ...terrain.Model) *terrain.Battlefield {
	t.Helper()
	pieces := []terrain.Piece{
		gcRect("wood", terrain.Area, 20, 0, 26, 10, 0, terrain.SightConcealing, terrain.CoverSoft),
		gcRect("wall", terrain.Solid, 30, 12, 30.5, 20, 3, terrain.SightBlocking, terrain.CoverHard),
	}
	ms := append([]terrain.Model{gcModel("o1", 40, 16), gcModel("o2", 40, 17)}, members...)
	bf, err := terrain.New(terrain.Table{Width: 48, Depth: 24}, pieces, ms)
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

func covers(p *terrain.Piece) bool { return p.Cover != terrain.CoverNone && p.Kind == terrain.Area }

func TestMost(t *testing.T) {
	tests := []struct {
		k, n int
		tie  bool
		want bool
	}{{3, 5, false, true}, {2, 4, false, false}, {2, 4, true, true}, {5, 10, false, false}, {6, 10, false, true}, {0, 0, true, false}, {1, 1, false, true}}
	for _, tc := range tests {
		if got := Most(tc.k, tc.n, tc.tie); got != tc.want {
			t.Errorf("Most(%d, %d, %v) = %v, want %v", tc.k, tc.n, tc.tie, got, tc.want)
		}
	}
}

// TestGroupCoverArea: bases fully inside the wood, straddling its edge
// (half in), and outside.
func TestGroupCoverArea(t *testing.T) {
	bf := gcScene(t, gcModel("in", 23, 5), gcModel("rim", 25.5, 5), gcModel("half", 26, 5), gcModel("out", 28, 5))
	tests := []struct {
		share  float64
		strict bool
		want   map[string]bool
	}{
		{1, false, map[string]bool{"in": true, "rim": true}},
		{0.5, false, map[string]bool{"in": true, "rim": true, "half": true}},
		{0.5, true, map[string]bool{"in": true, "rim": true}},
	}
	for _, tc := range tests {
		r, err := GroupCover(bf, nil, []string{"in", "rim", "half", "out"}, GroupCoverRule{Area: covers, AreaShare: tc.share, AreaStrict: tc.strict})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range r.Members {
			if m.InArea != tc.want[m.ID] {
				t.Errorf("share %g strict %v: %s inArea = %v (share %.4f), want %v", tc.share, tc.strict, m.ID, m.InArea, m.AreaShare, tc.want[m.ID])
			}
		}
	}
}

// TestGroupCoverBehind: six of ten models behind the wall (x = 28,
// y 12.5..19.5) are hidden from both observers; four in the open are not.
func TestGroupCoverBehind(t *testing.T) {
	var ms []terrain.Model
	var ids []string
	for k := range 6 {
		ms = append(ms, gcModel(fmt.Sprintf("w%d", k), 28, 13+float64(k)*1.2))
		ids = append(ids, ms[k].ID)
	}
	for k := range 4 {
		ms = append(ms, gcModel(fmt.Sprintf("o%d", k+3), 28, 2+float64(k)*1.2))
		ids = append(ids, ms[6+k].ID)
	}
	bf := gcScene(t, ms...)
	r, err := GroupCover(bf, []string{"o1", "o2"}, ids, GroupCoverRule{HiddenShare: 1, Sight: Options{IgnoreModels: true}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Behind != 6 || r.Covered != 6 || !Most(r.Covered, r.Total, false) {
		t.Errorf("GroupCover = %s %+v, want 6 of 10 behind", r.Explain(), r.Members)
	}
	// the same with the visible-fraction path and a share of 0.99
	r2, err := GroupCover(bf, []string{"o1", "o2"}, ids, GroupCoverRule{HiddenShare: 0.99, Sight: Options{IgnoreModels: true}})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Behind != 6 {
		t.Errorf("fraction path: %s", r2.Explain())
	}
}

func TestGroupCoverErrors(t *testing.T) {
	bf := gcScene(t, gcModel("a", 5, 5))
	for _, tc := range []struct {
		obs, mem []string
		rule     GroupCoverRule
		want     error
	}{
		{nil, []string{"a"}, GroupCoverRule{HiddenShare: 1}, terrain.ErrInvalidValue},
		{[]string{"o1"}, []string{"zz"}, GroupCoverRule{}, terrain.ErrUnknownID},
		{[]string{"zz"}, []string{"a"}, GroupCoverRule{}, terrain.ErrUnknownID},
		{nil, []string{"a"}, GroupCoverRule{AreaShare: 2}, terrain.ErrInvalidValue},
	} {
		if _, err := GroupCover(bf, tc.obs, tc.mem, tc.rule); !errors.Is(err, tc.want) {
			t.Errorf("GroupCover(%v, %v, %+v) = %v, want %v", tc.obs, tc.mem, tc.rule, err, tc.want)
		}
	}
}

// TestGroupCoverSeenHint: a member the caller already saw is not traced
// again and is not hidden.
func TestGroupCoverSeenHint(t *testing.T) {
	bf := gcScene(t, gcModel("w0", 28, 14), gcModel("o0", 28, 3))
	r, err := GroupCover(bf, []string{"o1"}, []string{"w0", "o0"}, GroupCoverRule{HiddenShare: 1, Sight: Options{IgnoreModels: true}, Seen: map[string]string{"o0": "o1"}})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Members[0].Behind || r.Members[1].Behind || r.Members[1].SeenBy != "o1" {
		t.Errorf("GroupCover with a hint = %+v", r.Members)
	}
}
