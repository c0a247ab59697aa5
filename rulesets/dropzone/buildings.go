package dropzone

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// classOf returns the index into buildingClasses of building b (DZC-46):
// the class assigned in Options.BuildingClasses, else Mikro for one floor
// and at most Options.MikroMaxArea, else the smallest class whose floor and
// area limits both hold, else Groß.
func classOf(b *terrain.Piece, opt *Options) int {
	if c, ok := opt.BuildingClasses[b.ID]; ok {
		if i := classByName(c); i >= 0 {
			return i
		}
	}
	floors := 1
	if b.Building != nil {
		floors = b.Building.Floors
	}
	area := b.Footprint.Area()
	if floors <= 1 && area <= opt.MikroMaxArea+eps {
		return 0
	}
	for i := 1; i < len(buildingClasses); i++ {
		c := buildingClasses[i]
		if floors <= c.MaxFloors && area <= c.MaxArea+eps {
			return i
		}
	}
	return len(buildingClasses) - 1
}

// BuildingClass returns the DZC-46 class of building id with its LP and
// G, and the verdict explaining it.
func BuildingClass(bf *terrain.Battlefield, id string, opt Options) (*rulesets.Verdict, error) {
	b, ok := bf.Piece(id)
	if !ok || b.Kind != terrain.Building {
		return nil, fmt.Errorf("building %q: unknown building: %w", id, ErrQuery)
	}
	v := rulesets.NewVerdict()
	c := buildingClasses[classOf(b, &opt)]
	floors := 1
	if b.Building != nil {
		floors = b.Building.Floors
	}
	v.Measure("floors", float64(floors), "")
	v.Measure("area", round6(b.Footprint.Area()), "sq in")
	v.Measure("lp", float64(c.LP), "")
	v.Measure("g", float64(c.G), "")
	v.Measure("capacity", float64(capacityPerGarri*c.G), "bases")
	v.Allow("DZC-46", "%d floors and %.3g sq in: class %s (LP %d, G %d)", floors, b.Footprint.Area(), c.Name, c.LP, c.G)
	v.Modify(rulesets.Modifier{Name: "class " + c.Name, Clause: "DZC-46"})
	return v, nil
}

// squadModels returns the squad's models, or an error if there are none.
func squadModels(bf *terrain.Battlefield, squad string) ([]*terrain.Model, error) {
	idx := bf.Squad(squad)
	if len(idx) == 0 {
		return nil, fmt.Errorf("squad %q: unknown squad: %w", squad, ErrQuery)
	}
	out := make([]*terrain.Model, len(idx))
	for i, j := range idx {
		out[i] = &bf.Models()[j]
	}
	return out, nil
}

// building looks up a building piece.
func building(bf *terrain.Battlefield, id string) (*terrain.Piece, error) {
	b, ok := bf.Piece(id)
	if !ok || b.Kind != terrain.Building {
		return nil, fmt.Errorf("building %q: unknown building: %w", id, ErrQuery)
	}
	return b, nil
}

// occupants counts the bases garrisoned in building b.
func occupants(bf *terrain.Battlefield, b string) int {
	n := 0
	for i := range bf.Models() {
		if g := bf.Models()[i].Garrison; g != nil && g.Building == b {
			n++
		}
	}
	return n
}

// enemyWall reports whether enemies of side are assigned to fire from wall
// w of building b (GK 1: its entrances cannot be used).
func enemyWall(bf *terrain.Battlefield, b, w, side string) bool {
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if g := m.Garrison; g != nil && g.Building == b && g.Wall == w && m.Side != side {
			return true
		}
	}
	return false
}

// CheckEnterBuilding decides whether a squad of infantry may enter
// building (DZC-48): a base within 1 in of a usable entrance (not in a wall
// enemies fire from), the whole squad fitting in twice the building's G.
func CheckEnterBuilding(bf *terrain.Battlefield, squad, buildingID string, opt Options) (*rulesets.Verdict, error) {
	ms, err := squadModels(bf, squad)
	if err != nil {
		return nil, err
	}
	b, err := building(bf, buildingID)
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	for _, m := range ms {
		if !infantry(m) {
			v.Forbid("DZC-48", "%s is not infantry; only infantry occupy buildings", m.ID)
		}
	}
	g := garrisonValue(b, &opt)
	capacity := capacityPerGarri * g
	occ := occupants(bf, b.ID)
	v.Measure("occupants", float64(occ), "bases")
	v.Measure("capacity", float64(capacity), "bases")
	if g == 0 {
		v.Forbid("DZC-46", "%s has G 0 and cannot be occupied", b.ID)
	} else if occ+len(ms) > capacity {
		v.Forbid("DZC-48", "%d bases inside + %d entering = %d exceeds capacity 2 x G = %d: none may enter", occ, len(ms), occ+len(ms), capacity)
	} else {
		v.Allow("DZC-48", "%d + %d bases fit the capacity 2 x G = %d", occ, len(ms), capacity)
	}
	best, which := math.Inf(1), ""
	side := ms[0].Side
	for wi := range b.Building.Walls {
		w := &b.Building.Walls[wi]
		if len(w.Entrances) > 0 && enemyWall(bf, b.ID, w.ID, side) {
			v.Allow("DZC-48", "entrances of wall %s are closed: enemies fire from it", w.ID)
			continue
		}
		for _, e := range w.Entrances {
			worst, nearest := 0.0, math.Inf(1)
			for _, m := range ms {
				d := nearDist(e, m, opt.EntranceMeasure == "edge")
				worst, nearest = math.Max(worst, d), math.Min(nearest, d)
			}
			d := nearest
			if opt.EntranceEnter == "all" {
				d = worst
			}
			if d < best {
				best, which = d, fmt.Sprintf("%s (%.3g, %.3g)", w.ID, e.X, e.Y)
			}
		}
	}
	if math.IsInf(best, 1) {
		v.Forbid("DZC-48", "%s has no usable entrance", b.ID)
		return v, nil
	}
	v.Measure("entranceDistance", round6(best), "in")
	if best <= entranceReach+eps {
		v.Allow("DZC-48", "a base is %.3f in from entrance %s, within %g in", best, which, entranceReach)
	} else {
		v.Forbid("DZC-48", "nearest base is %.3f in from entrance %s, more than %g in", best, which, entranceReach)
	}
	v.Modify(rulesets.Modifier{Name: "may not shoot this turn", Clause: "DZC-48"})
	return v, nil
}

// Placement puts one model's centre at Position (leaving a building,
// disembarking, surviving a wreck). In JSON the position is an [x, y]
// array in inches, as every point of the scenario format.
type Placement struct {
	Model    string     `json:"model"`
	Position geom.Point `json:"position"`
}

// UnmarshalJSON reads {"model": id, "position": [x, y]}; unknown fields
// and a position that is not two numbers are errors.
func (p *Placement) UnmarshalJSON(b []byte) error {
	var raw struct {
		Model    string    `json:"model"`
		Position []float64 `json:"position"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("placement: %w", err)
	}
	if len(raw.Position) != 2 {
		return fmt.Errorf("placement %q: position: want [x, y], got %d numbers", raw.Model, len(raw.Position))
	}
	*p = Placement{Model: raw.Model, Position: geom.Pt(raw.Position[0], raw.Position[1])}
	return nil
}

// MarshalJSON writes the form UnmarshalJSON reads.
func (p Placement) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Model    string     `json:"model"`
		Position [2]float64 `json:"position"`
	}{p.Model, [2]float64{p.Position.X, p.Position.Y}})
}

// CheckLeaveBuilding decides whether the squad garrisoned in building may
// be placed at the given positions (DZC-51): all within 2 in of one
// entrance, in formation, on passable ground. closest claims that no legal
// spot within 2 in exists ("so nahe wie möglich").
func CheckLeaveBuilding(bf *terrain.Battlefield, buildingID string, place []Placement, closest bool, opt Options) (*rulesets.Verdict, error) {
	b, err := building(bf, buildingID)
	if err != nil {
		return nil, err
	}
	ms, pos, err := placed(bf, place)
	if err != nil {
		return nil, err
	}
	v := rulesets.NewVerdict()
	for _, m := range ms {
		if m.Garrison == nil || m.Garrison.Building != b.ID {
			v.Forbid("DZC-51", "%s is not inside %s", m.ID, b.ID)
		}
	}
	best, which := math.Inf(1), geom.Point{}
	for wi := range b.Building.Walls {
		for _, e := range b.Building.Walls[wi].Entrances {
			worst := 0.0
			for i, m := range ms {
				worst = math.Max(worst, nearDistAt(e, m, pos[i], opt.EntranceMeasure == "edge"))
			}
			if worst < best {
				best, which = worst, e
			}
		}
	}
	if math.IsInf(best, 1) {
		v.Forbid("DZC-51", "%s has no entrance", b.ID)
		return v, nil
	}
	v.Measure("farthestFromEntrance", round6(best), "in")
	switch {
	case best <= leaveReach+eps:
		v.Allow("DZC-51", "every base is within %g in of the entrance at (%.3g, %.3g) (farthest %.3f in)", leaveReach, which.X, which.Y, best)
	case closest:
		v.Allow("DZC-51", "bases up to %.3f in from the entrance: placed as close as possible (claimed)", best)
	default:
		v.Forbid("DZC-51", "a base is %.3f in from the entrance at (%.3g, %.3g), more than %g in", best, which.X, which.Y, leaveReach)
	}
	checkGround(bf, v, ms, pos, &opt, "DZC-51")
	formationOf(v, ms, pos, squadFormation(&opt, ms), &opt, "DZC-51")
	v.Modify(rulesets.Modifier{Name: "counts as moved; may not shoot", Clause: "DZC-51"})
	return v, nil
}

// placed resolves placements.
func placed(bf *terrain.Battlefield, place []Placement) ([]*terrain.Model, []geom.Point, error) {
	if len(place) == 0 {
		return nil, nil, fmt.Errorf("placements: empty: %w", ErrQuery)
	}
	ms := make([]*terrain.Model, len(place))
	pos := make([]geom.Point, len(place))
	for i, p := range place {
		m, ok := bf.Model(p.Model)
		if !ok {
			return nil, nil, fmt.Errorf("placements[%d].model: %q: unknown model: %w", i, p.Model, ErrQuery)
		}
		if !finitePt(p.Position) {
			return nil, nil, fmt.Errorf("placements[%d].position: not finite: %w", i, ErrQuery)
		}
		ms[i], pos[i] = m, p.Position
	}
	return ms, pos, nil
}

func finitePt(p geom.Point) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0) && math.Abs(p.X) < 1e6 && math.Abs(p.Y) < 1e6
}

// nearDistAt is nearDist with m moved to centre c.
func nearDistAt(p geom.Point, m *terrain.Model, c geom.Point, edge bool) float64 {
	if !edge {
		return planDist(p, c)
	}
	d, _, _ := geom.DistConvex(geom.Circle{Center: p}, footprintAt(m, c))
	return d
}

// footprintAt is m's footprint (hull, else base) centred on c.
func footprintAt(m *terrain.Model, c geom.Point) geom.Convex {
	if r, ok := m.HullRect(); ok {
		r.Center = c
		return r
	}
	switch s := m.BaseShape().(type) {
	case geom.Circle:
		s.Center = c
		return s
	case geom.Ellipse:
		s.Center = c
		return s
	case geom.OrientedRect:
		s.Center = c
		return s
	}
	return geom.Circle{Center: c}
}

// checkGround forbids placements off the table or on terrain impassable to
// the model (a building counts as impassable, DZC-45). Impassable is read
// as the unit's own movement class, so an antigrav may stop over a river
// (DZC-53) and a walker inside a massive field (DZC-54).
func checkGround(bf *terrain.Battlefield, v *rulesets.Verdict, ms []*terrain.Model, pos []geom.Point, opt *Options, clause string) (bad []string) {
	tb := bf.Table().Bound()
	for i, m := range ms {
		p := pos[i]
		if !tb.ContainsPoint(p) {
			v.Forbid(clause, "%s at (%.3g, %.3g) is off the table", m.ID, p.X, p.Y)
			bad = append(bad, m.ID)
			continue
		}
		fp := footprintAt(m, p)
		for j := range bf.Pieces() {
			pc := &bf.Pieces()[j]
			if pc.Kind != terrain.Building && moveClass(m, opt.unit(m.ID), pc, 0, opt) != classImpassable {
				continue
			}
			if overlapsInterior(fp, pc) {
				v.Forbid(clause, "%s at (%.3g, %.3g) stands on %s, impassable to it", m.ID, p.X, p.Y, pc.ID)
				bad = append(bad, m.ID)
				break
			}
		}
	}
	return bad
}

// overlapsInterior reports whether a convex shape reaches into a piece's
// interior (touching its outline is not enough).
func overlapsInterior(s geom.Convex, pc *terrain.Piece) bool {
	d, _, _ := geom.DistShapes(s, pc.Footprint)
	if d > 0 {
		return false
	}
	// Shrink test: the shape's centre-ward support points inside?
	c := s.Bound().Center()
	if pc.Footprint.Locate(c) == geom.Inside {
		return true
	}
	for k := 0; k < 16; k++ {
		a := float64(k) * math.Pi / 8
		q := s.Support(geom.Pt(math.Cos(a), math.Sin(a)))
		q = c.Add(q.Sub(c).Mul(0.999))
		if pc.Footprint.Locate(q) == geom.Inside {
			return true
		}
	}
	return false
}

// CheckConnectedBuildings decides whether two buildings may count as
// connected (DZC-52): their footprints "weniger als 3 Zoll" apart.
func CheckConnectedBuildings(bf *terrain.Battlefield, a, b string, opt Options) (*rulesets.Verdict, error) {
	pa, err := building(bf, a)
	if err != nil {
		return nil, err
	}
	pb, err := building(bf, b)
	if err != nil {
		return nil, err
	}
	d, _, _ := geom.DistPolygons(pa.Footprint, pb.Footprint)
	v := rulesets.NewVerdict()
	v.Measure("gap", round6(d), "in")
	if d < connectedGap-eps {
		v.Allow("DZC-52", "%s and %s are %.3f in apart, less than %g in: they may count as connected", a, b, d, connectedGap)
		v.Modify(rulesets.Modifier{Name: "switching squad may not shoot", Clause: "DZC-52"})
	} else {
		v.Forbid("DZC-52", "%s and %s are %.3f in apart, not less than %g in", a, b, d, connectedGap)
	}
	return v, nil
}

// CheckCollapse lists what a destroyed building takes with it (DZC-47):
// bases inside are removed, models within 1 in of its footprint are
// destroyed on 2+.
func CheckCollapse(bf *terrain.Battlefield, buildingID string, opt Options) (v *rulesets.Verdict, inside, near []string, err error) {
	b, err := building(bf, buildingID)
	if err != nil {
		return nil, nil, nil, err
	}
	v = rulesets.NewVerdict()
	for i := range bf.Models() {
		m := &bf.Models()[i]
		if m.Garrison != nil && m.Garrison.Building == b.ID {
			inside = append(inside, m.ID)
			continue
		}
		if airborne(m) {
			continue
		}
		d := shapeDist(m.Footprint(), b)
		if d <= collapseReach+eps {
			near = append(near, m.ID)
			v.Measure("distance:"+m.ID, round6(d), "in")
		}
	}
	v.Allow("DZC-47", "%d bases inside are removed; %d models within %g in are destroyed on 2+; the rubble is a %g in solid piece", len(inside), len(near), collapseReach, rubbleHeight)
	return v, inside, near, nil
}

// Rubble returns a copy of the battlefield with the building replaced by
// its rubble field, a 1 in solid piece on the same footprint (DZC-47);
// bases garrisoned in it are removed.
func Rubble(bf *terrain.Battlefield, buildingID string) (*terrain.Battlefield, error) {
	if _, err := building(bf, buildingID); err != nil {
		return nil, err
	}
	pieces := make([]terrain.Piece, len(bf.Pieces()))
	copy(pieces, bf.Pieces())
	for i := range pieces {
		if pieces[i].ID == buildingID {
			p := pieces[i]
			pieces[i] = terrain.Piece{ID: p.ID, Name: p.Name, Kind: terrain.Solid, Footprint: p.Footprint, Circle: p.Circle,
				Height: rubbleHeight, Sight: terrain.SightBlocking, Cover: terrain.CoverHard, Movement: p.Movement, Level: p.Level}
		}
	}
	var models []terrain.Model
	for _, m := range bf.Models() {
		if m.Garrison != nil && m.Garrison.Building == buildingID {
			continue
		}
		models = append(models, m)
	}
	return terrain.New(bf.Table(), pieces, models)
}
