package los

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/golang/geo/r1"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// LevelRules are the level conventions a game chooses: the level of the
// open table and how many levels a model of each class counts above the
// level it stands on. The zero value puts open ground at level 1, the
// lowest level terrain admits, with no class raised. LevelRules values are
// read-only once built.
type LevelRules struct {
	// Ground is the level of open ground; 0 means 1.
	Ground int `json:"ground,omitempty"`
	// ClassBonus maps a model class to the levels it counts above its
	// stand for sight (for example a turret above a hull); missing
	// classes add 0.
	ClassBonus map[terrain.Class]int `json:"classBonus,omitempty"`
}

// GroundLevel returns the level of open ground under r.
func (r LevelRules) GroundLevel() int {
	if r.Ground == 0 {
		return 1
	}
	return r.Ground
}

// levelBearingPiece reports whether a piece kind declares the level of the
// ground it covers: overlays (smoke, gas, debris, minefields) do not.
func levelBearingPiece(p *terrain.Piece) bool {
	switch p.Kind {
	case terrain.Smoke, terrain.Gas, terrain.Debris, terrain.Minefield:
		return false
	}
	return true
}

// LevelAt returns the height level of the table point p and the piece that
// gives it: the highest declared Level among the level-bearing pieces
// (every kind but smoke, gas, debris and minefields, which lie on the
// ground rather than raise it) whose closed footprint holds p, the first in
// input order on ties; r's ground level and "" when none above ground does.
// Levels are declared per piece, so a plateau is a piece of its own inside
// its hill. A building's declared Level is read as its ground floor; see
// BuildingFloorLevel for upper floors and the roof.
func LevelAt(bf *terrain.Battlefield, p geom.Point, r LevelRules) (level int, pieceID string) {
	ground := r.GroundLevel()
	level = ground
	if bf == nil || measFinite2("p", p) != nil {
		return level, ""
	}
	pieces := bf.Pieces()
	best := -1
	bf.VisitPoint(p, func(it terrain.Item) bool {
		if it.Kind != terrain.ItemPiece {
			return true
		}
		pc := &pieces[it.Index]
		if !levelBearingPiece(pc) || pc.Level <= ground || !pc.Footprint.Contains(p) {
			return true
		}
		if pc.Level > level || (pc.Level == level && it.Index < best) {
			level, best = pc.Level, it.Index
		}
		return true
	})
	if best < 0 {
		return ground, ""
	}
	return level, pieces[best].ID
}

// BuildingFloorLevel returns the level of floor n (1 = ground floor) of a
// building piece: its declared Level plus n-1, one level per storey. The roof, n = Floors+1, is one above the top floor. n outside
// [1, Floors+1] is clamped.
func BuildingFloorLevel(p *terrain.Piece, n int) int {
	floors := 1
	if p.Building != nil && p.Building.Floors > 0 {
		floors = p.Building.Floors
	}
	n = max(1, min(n, floors+1))
	return p.Level + n - 1
}

// ModelLevelResult is the sight level of a model (ModelLevel).
type ModelLevelResult struct {
	ID string
	// Stand is the level the model stands on: the larger of its Level
	// (which terrain.New derives from, or checks against, the surface it
	// stands on) and LevelAt(Position).
	Stand int
	// PieceID is the piece LevelAt found under it ("" for open ground).
	PieceID string
	// Bonus is LevelRules.ClassBonus of the model's class.
	Bonus int
	// Level is Stand + Bonus, the level used for sight.
	Level int
}

// MarshalJSON encodes the result with camelCase keys.
func (r ModelLevelResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID          string `json:"id"`
		Stand       int    `json:"stand"`
		PieceID     string `json:"pieceId"`
		Bonus       int    `json:"bonus"`
		Level       int    `json:"level"`
		Explanation string `json:"explanation"`
	}{r.ID, r.Stand, r.PieceID, r.Bonus, r.Level, r.Explain()})
}

// Explain returns the result as one plain sentence.
func (r ModelLevelResult) Explain() string {
	on := "open ground"
	if r.PieceID != "" {
		on = r.PieceID
	}
	s := fmt.Sprintf("level %s: %d (stands on level %d, %s)", r.ID, r.Level, r.Stand, on)
	if r.Bonus > 0 {
		s += fmt.Sprintf(", +%d for its class", r.Bonus)
	}
	return s
}

// ModelLevel returns the sight level of the model named id under r: the
// level it stands on plus its class's bonus.
func ModelLevel(bf *terrain.Battlefield, id string, r LevelRules) (ModelLevelResult, error) {
	if bf == nil {
		return ModelLevelResult{}, fmt.Errorf("los: model level: nil battlefield: %w", terrain.ErrInvalidValue)
	}
	m, ok := bf.Model(id)
	if !ok {
		return ModelLevelResult{}, fmt.Errorf("los: model level: unknown model %q: %w", id, terrain.ErrUnknownID)
	}
	lv, pid := LevelAt(bf, m.Position, r)
	res := ModelLevelResult{ID: id, Stand: max(lv, m.Level), PieceID: pid, Bonus: r.ClassBonus[m.Class]}
	res.Level = res.Stand + res.Bonus
	return res, nil
}

// LevelEdge is where the region of a point's level ends
// (DistanceToLevelEdge).
type LevelEdge struct {
	Point   geom.Point
	Level   int
	PieceID string // the piece giving Level ("" for ground)
	// Distance is the distance from Point to the nearest edge of its
	// level's region, inches (+Inf on a table with no level change), and
	// Edge that nearest edge point; EdgePieceID is the piece whose
	// boundary it is.
	Distance    float64
	Edge        geom.Point
	EdgePieceID string
}

// MarshalJSON encodes the result with camelCase keys and points as [x, y];
// an infinite distance is encoded as null.
func (e LevelEdge) MarshalJSON() ([]byte, error) {
	var d *float64
	if !math.IsInf(e.Distance, 0) {
		d = &e.Distance
	}
	return json.Marshal(struct {
		Point       [2]float64 `json:"point"`
		Level       int        `json:"level"`
		PieceID     string     `json:"pieceId"`
		Distance    *float64   `json:"distance"`
		Edge        [2]float64 `json:"edge"`
		EdgePieceID string     `json:"edgePieceId"`
		Explanation string     `json:"explanation"`
	}{measXY(e.Point), e.Level, e.PieceID, d, measXY(e.Edge), e.EdgePieceID, e.Explain()})
}

// Explain returns the result as one plain sentence.
func (e LevelEdge) Explain() string {
	if math.IsInf(e.Distance, 1) {
		return fmt.Sprintf("level edge from (%.2f, %.2f): level %d, no level change on the table", e.Point.X, e.Point.Y, e.Level)
	}
	return fmt.Sprintf("level edge from (%.2f, %.2f): level %d ends %.2f in away at (%.2f, %.2f) on %s",
		e.Point.X, e.Point.Y, e.Level, e.Distance, e.Edge.X, e.Edge.Y, e.EdgePieceID)
}

// DistanceToLevelEdge returns the distance from p to the edge of the region
// of its level (how near a unit stands to the drop it looks over): the
// nearer of the boundary of the piece giving p's level and the boundaries
// of the level-bearing pieces of a higher level. Pieces of the same level
// that touch are not merged: their shared boundary counts as an edge.
func DistanceToLevelEdge(bf *terrain.Battlefield, p geom.Point, r LevelRules) LevelEdge {
	lv, pid := LevelAt(bf, p, r)
	e := LevelEdge{Point: p, Level: lv, PieceID: pid, Distance: math.Inf(1)}
	if bf == nil || measFinite2("p", p) != nil {
		return e
	}
	pieces := bf.Pieces()
	for i := range pieces {
		pc := &pieces[i]
		if !levelBearingPiece(pc) {
			continue
		}
		var d float64
		var q geom.Point
		switch {
		case pc.ID == pid:
			d, q = areaEdgeDistance(pc, p)
		case pc.Level > lv:
			d, q = geom.DistPointPolygon(p, pc.Footprint)
			if d == 0 { // on the boundary of a higher piece
				q = p
			}
		default:
			continue
		}
		if d < e.Distance {
			e.Distance, e.Edge, e.EdgePieceID = d, q, pc.ID
		}
	}
	return e
}

// LowerPiece is a piece on a lower level than both ends of a sightline
// (LowerPiecesBetween).
type LowerPiece struct {
	PieceID string
	Kind    terrain.Kind
	Level   int
	// Inside is the flat length of the sightline inside the piece, inches.
	Inside float64
}

// MarshalJSON encodes the piece with camelCase keys.
func (l LowerPiece) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		PieceID string       `json:"pieceId"`
		Kind    terrain.Kind `json:"kind"`
		Level   int          `json:"level"`
		Inside  float64      `json:"inside"`
	}{l.PieceID, l.Kind, l.Level, l.Inside})
}

// LowerPiecesBetween returns, in piece order, the pieces of a lower level
// than both a and b (by LevelAt under r) whose interior the flat segment
// a-b crosses: what lies below a sightline between two raised points.
// Smoke is listed like any other piece; whether it still blocks is the
// caller's call.
func LowerPiecesBetween(bf *terrain.Battlefield, a, b geom.Point, r LevelRules) []LowerPiece {
	la, _ := LevelAt(bf, a, r)
	lb, _ := LevelAt(bf, b, r)
	return LowerPiecesBelow(bf, a, b, min(la, lb))
}

// LowerPiecesBelow is LowerPiecesBetween with the ends' level given by the
// caller (for example a vehicle's ModelLevel): the pieces below level
// whose interior the segment crosses.
func LowerPiecesBelow(bf *terrain.Battlefield, a, b geom.Point, level int) []LowerPiece {
	if bf == nil || measFinite2("a", a) != nil || measFinite2("b", b) != nil {
		return nil
	}
	seg := geom.Seg(a, b)
	length := seg.Length()
	pieces := bf.Pieces()
	var out []LowerPiece
	var ivs []r1.Interval
	lower := func(p *terrain.Piece) bool { return p.Level < level }
	for _, i := range flatPiecesAlong(bf, seg, lower) {
		pc := &pieces[i]
		if !areaCrossesInterior(pc, seg) {
			continue
		}
		ivs = pieceInside(pc, seg, ivs[:0])
		in := 0.0
		for _, iv := range ivs {
			in += (iv.Hi - iv.Lo) * length
		}
		out = append(out, LowerPiece{PieceID: pc.ID, Kind: pc.Kind, Level: pc.Level, Inside: in})
	}
	return out
}
