package terrain

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/sightline/sightline/geom"
)

// Limits New enforces, so that absurd inputs are rejected with a message
// rather than exhausting time or memory.
const (
	// MaxTableSize is the largest table width or depth, in inches.
	MaxTableSize = 1000.0
	// MaxHeight is the largest piece height, model hull dimension, base
	// dimension or altitude, in inches.
	MaxHeight = 1000.0
	// MaxVertices is the largest number of vertices of one footprint
	// (all rings together), as geom.Polygon.Validate enforces.
	MaxVertices = geom.MaxVertices
	// MaxFigures is the largest number of figures of one model.
	MaxFigures = 1000
	// MaxLevel is the highest height level of a piece or model.
	MaxLevel = 100
)

// CircleChordError is the largest distance, in inches, by which the
// polygon New stores in Footprint for a circular piece strays outside the
// circle (the polygon is circumscribed: it contains the whole disc).
const CircleChordError = 0.005

// WallTolerance is how far, in inches, a window or entrance may lie from
// its wall's segment on the plan and still count as on the wall (rounding
// of points computed along the wall).
const WallTolerance = 1e-9

// Battlefield is a validated, indexed table: the table, its terrain pieces
// and the models on it. It is immutable after New and safe for concurrent
// use. Slices and pointers its accessors return are shared with it and
// must be treated as read-only.
type Battlefield struct {
	table      Table
	pieces     []Piece
	models     []Model
	pieceIdx   map[string]int
	modelIdx   map[string]int
	squads     map[string][]int
	squadNames []string
	pieceBoxes []box3
	modelBoxes []box3
	index      index
	occluders  *occluderState // see Occluders
}

// New validates the table, pieces and models as a whole and returns the
// indexed Battlefield. It deep-copies its inputs, so the caller may reuse
// them, and stores footprints normalised (counter-clockwise outer ring,
// clockwise holes); a piece with a Circle gets Footprint replaced by the
// circle's circumscribed polygon (see CircleChordError; a Footprint given
// alongside a Circle is ignored).
//
// The first problem found, in input order, is returned as a *FieldError
// whose Path follows the scenario file ("table.width", "terrain[3].footprint",
// "models[2].garrison.wall") and which wraps one of the Err* sentinels.
//
// Policies (the scenario layer fills defaults before calling New):
//   - ids are non-empty and unique across pieces and models together;
//   - Kind, Sight and Cover must be set to known values; a MovementRule's
//     empty Default means Open (as MovementRule.For says), ByClass keys and
//     values must be known;
//   - Level must be in [1, MaxLevel] for pieces and models (0 is rejected,
//     not defaulted); buildings need Floors >= 1;
//   - a piece lies on the table when every footprint vertex (or, for a
//     circle, the whole disc) is in the closed table rectangle;
//   - a model is on the table when its Position and every figure position
//     are (its base may overhang the edge);
//   - only a building piece may carry BuildingInfo; a building without one
//     gets &BuildingInfo{Floors: 1};
//   - walls' From and To lie exactly on the footprint boundary (only the
//     end points are checked), From != To, windows and
//     entrances within WallTolerance of the wall on the plan, windows at
//     heights in [0, Height];
//   - only Infantry and Figure models garrison, never airborne ones, in a
//     building piece, on one of its walls if Wall is not empty, on one of
//     its floors (how many a building holds is left to the ruleset:
//     BuildingInfo.Garrison);
//   - every model gets its ground (Model.Ground, Model.Stand): a
//     garrison's floor; a given Elevation, which must not lie inside a
//     solid piece or between a building's floors under its Position
//     (ErrBuried) nor on a roof models may not stand on; for an airborne
//     model the surface under its stand, which its Altitude must not be
//     below; otherwise the surface under its base by the Straddle rule
//     (Table.Straddle; default StraddleCenter). Old files without
//     elevations thus put a model on a hill on the hill's top.
func New(table Table, pieces []Piece, models []Model) (*Battlefield, error) {
	if err := checkTable(table); err != nil {
		return nil, err
	}
	bf := &Battlefield{
		table:    table,
		pieces:   make([]Piece, len(pieces)),
		models:   make([]Model, len(models)),
		pieceIdx: make(map[string]int, len(pieces)),
		modelIdx: make(map[string]int, len(models)),
		squads:   make(map[string][]int),

		occluders: new(occluderState),
	}
	for i := range pieces {
		path := fmt.Sprintf("terrain[%d]", i)
		p, err := checkPiece(path, &pieces[i], table)
		if err != nil {
			return nil, err
		}
		if j, ok := bf.pieceIdx[p.ID]; ok {
			return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also terrain[%d])", p.ID, j)
		}
		if p.parts, err = geom.ConvexPieces(p.Footprint); err != nil {
			return nil, fieldCause(path+".footprint", ErrInvalidGeometry, err)
		}
		bf.pieceIdx[p.ID] = i
		bf.pieces[i] = p
	}
	bf.buildPieceIndex()
	for i := range models {
		path := fmt.Sprintf("models[%d]", i)
		m, err := checkModel(path, &models[i], table)
		if err != nil {
			return nil, err
		}
		if j, ok := bf.pieceIdx[m.ID]; ok {
			return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also terrain[%d])", m.ID, j)
		}
		if j, ok := bf.modelIdx[m.ID]; ok {
			return nil, fieldErr(path+".id", ErrDuplicateID, "duplicate id %q (also models[%d])", m.ID, j)
		}
		if err := bf.checkGarrison(path, &m); err != nil {
			return nil, err
		}
		if err := bf.resolveGround(path, &m); err != nil {
			return nil, err
		}
		bf.modelIdx[m.ID] = i
		bf.models[i] = m
		if m.Squad != "" {
			if _, ok := bf.squads[m.Squad]; !ok {
				bf.squadNames = append(bf.squadNames, m.Squad)
			}
			bf.squads[m.Squad] = append(bf.squads[m.Squad], i)
		}
	}
	sort.Strings(bf.squadNames)
	bf.buildIndex()
	return bf, nil
}

// buildPieceIndex fills pieceBoxes and indexes the pieces alone, for the
// ground of the models (buildIndex then indexes everything).
func (bf *Battlefield) buildPieceIndex() {
	items := make([]Item, len(bf.pieces))
	bf.pieceBoxes = make([]box3, len(bf.pieces))
	for i := range bf.pieces {
		bf.pieceBoxes[i] = pieceBox(&bf.pieces[i])
		items[i] = Item{Kind: ItemPiece, Index: i}
	}
	bf.index = buildIndex(items, slices.Clone(bf.pieceBoxes))
}

// pieceBox is the box the index keeps for a piece.
func pieceBox(p *Piece) box3 {
	r := p.Footprint.Bound()
	if p.Circle != nil {
		r = r.Union(p.Circle.Bound())
	}
	top := p.Height
	if p.Kind == Smoke || p.Sight == SightBlocking && p.Height == 0 {
		// Smoke blocks at every height, and so does a flat blocking
		// marker of a 2D game (a planet disc): their boxes have no top.
		top = math.Inf(1)
	}
	return rectBox(r, 0, top)
}

func (bf *Battlefield) buildIndex() {
	n := len(bf.pieces) + len(bf.models)
	items := make([]Item, 0, n)
	boxes := make([]box3, 0, n)
	for i := range bf.pieces {
		items = append(items, Item{Kind: ItemPiece, Index: i})
		boxes = append(boxes, bf.pieceBoxes[i])
	}
	bf.modelBoxes = make([]box3, len(bf.models))
	for i := range bf.models {
		bf.modelBoxes[i] = bf.models[i].indexBox()
		items = append(items, Item{Kind: ItemModel, Index: i})
		boxes = append(boxes, bf.modelBoxes[i])
	}
	bf.index = buildIndex(items, boxes)
}

// Table returns the table.
func (bf *Battlefield) Table() Table { return bf.table }

// Pieces returns the terrain pieces in input order. The slice is shared:
// read-only.
func (bf *Battlefield) Pieces() []Piece { return bf.pieces }

// Models returns the models in input order. The slice is shared: read-only.
func (bf *Battlefield) Models() []Model { return bf.models }

// Piece returns the piece with the given id (read-only) and whether there
// is one.
func (bf *Battlefield) Piece(id string) (*Piece, bool) {
	i, ok := bf.pieceIdx[id]
	if !ok {
		return nil, false
	}
	return &bf.pieces[i], true
}

// Model returns the model with the given id (read-only) and whether there
// is one.
func (bf *Battlefield) Model(id string) (*Model, bool) {
	i, ok := bf.modelIdx[id]
	if !ok {
		return nil, false
	}
	return &bf.models[i], true
}

// PieceIndex returns the index in Pieces() of the piece with the given id
// and whether there is one.
func (bf *Battlefield) PieceIndex(id string) (int, bool) {
	i, ok := bf.pieceIdx[id]
	return i, ok
}

// ModelIndex returns the index in Models() of the model with the given id
// and whether there is one.
func (bf *Battlefield) ModelIndex(id string) (int, bool) {
	i, ok := bf.modelIdx[id]
	return i, ok
}

// Squad returns the indices in Models() of the models of the named squad,
// in input order (nil for an unknown squad or ""). The slice is shared:
// read-only.
func (bf *Battlefield) Squad(name string) []int { return bf.squads[name] }

// Squads returns the names of all squads, sorted. The slice is shared:
// read-only.
func (bf *Battlefield) Squads() []string { return bf.squadNames }

// ---- validation ----

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// checkLength checks that x is finite and in [lo, hi], or > 0 and <= hi
// when positive is set.
func checkLength(path string, x float64, positive bool, hi float64) error {
	switch {
	case !finite(x):
		return fieldErr(path, ErrInvalidValue, "%v is not a finite number", x)
	case positive && !(x > 0):
		return fieldErr(path, ErrInvalidValue, "%g must be greater than 0", x)
	case x < 0:
		return fieldErr(path, ErrInvalidValue, "%g must not be negative", x)
	case x > hi:
		return fieldErr(path, ErrInvalidValue, "%g exceeds the maximum of %g in", x, hi)
	}
	return nil
}

func checkPoint(path string, p geom.Point) error {
	if !finite(p.X) || !finite(p.Y) {
		return fieldErr(path, ErrInvalidValue, "(%v, %v) is not a finite point", p.X, p.Y)
	}
	return nil
}

func checkTable(t Table) error {
	if err := checkLength("table.width", t.Width, true, MaxTableSize); err != nil {
		return err
	}
	if t.Straddle != "" && !slices.Contains(Straddles(), t.Straddle) {
		return fieldErr("table.straddle", ErrInvalidValue, "unknown straddle rule %q (want center, highest or lowest)", string(t.Straddle))
	}
	return checkLength("table.depth", t.Depth, true, MaxTableSize)
}

func onTable(p geom.Point, t Table) bool {
	return p.X >= 0 && p.X <= t.Width && p.Y >= 0 && p.Y <= t.Depth
}

func checkLevel(path string, l int) error {
	if l < 1 || l > MaxLevel {
		return fieldErr(path, ErrInvalidValue, "level %d is not in [1, %d]", l, MaxLevel)
	}
	return nil
}

var (
	knownKinds     = []Kind{Solid, Building, Area, Smoke, Water, Debris, Gas, Minefield, Occupied}
	knownSights    = []Sight{SightClear, SightConcealing, SightBlocking}
	knownCovers    = []Cover{CoverNone, CoverSoft, CoverHard, CoverFortified, CoverBunker}
	knownMovements = []Movement{Open, Difficult, Dangerous, Impassable}
	knownClasses   = []Class{Infantry, Vehicle, Walker, Skimmer, Aircraft, Ship, Figure}
)

func checkEnum[T ~string](path, what string, v T, known []T) error {
	if v == "" {
		return fieldErr(path, ErrInvalidValue, "missing %s", what)
	}
	if !slices.Contains(known, v) {
		return fieldErr(path, ErrInvalidValue, "unknown %s %q", what, string(v))
	}
	return nil
}

// checkPiece validates *in and returns a normalised deep copy.
func checkPiece(path string, in *Piece, t Table) (Piece, error) {
	p := *in
	if p.ID == "" {
		return p, fieldErr(path+".id", ErrInvalidValue, "missing id")
	}
	if err := checkEnum(path+".kind", "kind", p.Kind, knownKinds); err != nil {
		return p, err
	}
	if err := checkEnum(path+".sight", "sight", p.Sight, knownSights); err != nil {
		return p, err
	}
	if err := checkEnum(path+".cover", "cover", p.Cover, knownCovers); err != nil {
		return p, err
	}
	mv, err := checkMovement(path+".movement", in.Movement)
	if err != nil {
		return p, err
	}
	p.Movement = mv
	if err := checkLevel(path+".level", p.Level); err != nil {
		return p, err
	}
	if err := checkLength(path+".height", p.Height, false, MaxHeight); err != nil {
		return p, err
	}
	if err := checkFootprint(path, &p, in, t); err != nil {
		return p, err
	}
	b, err := checkBuilding(path, &p, in.Building)
	if err != nil {
		return p, err
	}
	p.Building = b
	return p, nil
}

func checkMovement(path string, m MovementRule) (MovementRule, error) {
	if m.Default != "" {
		if err := checkEnum(path, "movement", m.Default, knownMovements); err != nil {
			return m, err
		}
	}
	if m.ByClass == nil {
		return m, nil
	}
	keys := make([]Class, 0, len(m.ByClass))
	for c := range m.ByClass {
		keys = append(keys, c)
	}
	slices.Sort(keys)
	out := MovementRule{Default: m.Default, ByClass: make(map[Class]Movement, len(keys))}
	for _, c := range keys {
		if err := checkEnum(path, "class", c, knownClasses); err != nil {
			return m, err
		}
		if err := checkEnum(path+"."+string(c), "movement", m.ByClass[c], knownMovements); err != nil {
			return m, err
		}
		out.ByClass[c] = m.ByClass[c]
	}
	return out, nil
}

// checkFootprint validates the footprint (or circle) of *in and stores the
// normalised copy in p.
func checkFootprint(path string, p, in *Piece, t Table) error {
	if in.Circle != nil {
		c := *in.Circle
		if err := checkPoint(path+".circle.center", c.Center); err != nil {
			return err
		}
		if err := checkLength(path+".circle.radius", c.Radius, true, MaxTableSize); err != nil {
			return err
		}
		b := c.Bound()
		if b.X.Lo < 0 || b.Y.Lo < 0 || b.X.Hi > t.Width || b.Y.Hi > t.Depth {
			return fieldErr(path, ErrOffTable, "piece %q (circle at (%g, %g), radius %g) lies outside the %g x %g in table",
				p.ID, c.Center.X, c.Center.Y, c.Radius, t.Width, t.Depth)
		}
		p.Circle = &c
		p.Footprint = geom.Polygon{Outer: c.Polygon(CircleChordError)}
		return nil
	}
	fp := in.Footprint
	if err := fp.Validate(); err != nil {
		kind := ErrInvalidGeometry
		if errors.Is(err, geom.ErrNonFinite) || errors.Is(err, geom.ErrTooManyVertices) {
			kind = ErrInvalidValue
		}
		return fieldCause(path+".footprint", kind, err)
	}
	rings := append([]geom.Ring{fp.Outer}, fp.Holes...)
	for ri, r := range rings {
		for vi, v := range r {
			if !onTable(v, t) {
				return fieldErr(path, ErrOffTable, "piece %q lies outside the %g x %g in table (ring %d vertex %d at (%g, %g))",
					p.ID, t.Width, t.Depth, ri, vi, v.X, v.Y)
			}
		}
	}
	p.Footprint = fp.Normalized()
	return nil
}

// checkBuilding validates a piece's building data and returns a deep copy
// (default &BuildingInfo{Floors: 1} for a building without one).
func checkBuilding(path string, p *Piece, in *BuildingInfo) (*BuildingInfo, error) {
	if p.Kind != Building {
		if in != nil {
			return nil, fieldErr(path+".building", ErrNotAllowed, "piece %q of kind %q cannot have building data", p.ID, string(p.Kind))
		}
		return nil, nil
	}
	if in == nil {
		return &BuildingInfo{Floors: 1}, nil
	}
	path += ".building"
	b := *in
	if b.Floors < 1 || b.Floors > MaxLevel {
		return nil, fieldErr(path+".floors", ErrInvalidValue, "%d floors is not in [1, %d]", b.Floors, MaxLevel)
	}
	if b.Garrison < 0 {
		return nil, fieldErr(path+".garrison", ErrInvalidValue, "%d must not be negative", b.Garrison)
	}
	if err := checkFloorHeights(path+".floorHeights", p, &b); err != nil {
		return nil, err
	}
	b.FloorHeights = slices.Clone(b.FloorHeights)
	b.Walls = make([]Wall, len(in.Walls))
	seen := make(map[string]int, len(in.Walls))
	for i, w := range in.Walls {
		wp := fmt.Sprintf("%s.walls[%d]", path, i)
		if w.ID == "" {
			return nil, fieldErr(wp+".id", ErrInvalidValue, "missing id")
		}
		if j, ok := seen[w.ID]; ok {
			return nil, fieldErr(wp+".id", ErrDuplicateID, "duplicate wall id %q (also walls[%d])", w.ID, j)
		}
		seen[w.ID] = i
		for _, e := range []struct {
			name string
			pt   geom.Point
		}{{"from", w.From}, {"to", w.To}} {
			if err := checkPoint(wp+"."+e.name, e.pt); err != nil {
				return nil, err
			}
			if p.Footprint.Locate(e.pt) != geom.OnBoundary {
				return nil, fieldErr(wp+"."+e.name, ErrInvalidGeometry, "(%g, %g) is not on the boundary of building %q", e.pt.X, e.pt.Y, p.ID)
			}
		}
		if w.From == w.To {
			return nil, fieldErr(wp, ErrInvalidGeometry, "wall %q has zero length", w.ID)
		}
		seg := w.Segment()
		for k, win := range w.Windows {
			kp := fmt.Sprintf("%s.windows[%d]", wp, k)
			if !finite(win.X) || !finite(win.Y) || !finite(win.Z) {
				return nil, fieldErr(kp, ErrInvalidValue, "(%v, %v, %v) is not a finite point", win.X, win.Y, win.Z)
			}
			if d, _ := geom.DistPointSegment(geom.Flat(win), seg); d > WallTolerance {
				return nil, fieldErr(kp, ErrInvalidGeometry, "(%g, %g) is %g in from wall %q", win.X, win.Y, d, w.ID)
			}
			if win.Z < 0 || win.Z > p.Height {
				return nil, fieldErr(kp, ErrInvalidValue, "height %g is not in [0, %g]", win.Z, p.Height)
			}
		}
		for k, en := range w.Entrances {
			kp := fmt.Sprintf("%s.entrances[%d]", wp, k)
			if err := checkPoint(kp, en); err != nil {
				return nil, err
			}
			if d, _ := geom.DistPointSegment(en, seg); d > WallTolerance {
				return nil, fieldErr(kp, ErrInvalidGeometry, "(%g, %g) is %g in from wall %q", en.X, en.Y, d, w.ID)
			}
		}
		w.Windows = slices.Clone(w.Windows)
		w.Entrances = slices.Clone(w.Entrances)
		b.Walls[i] = w
	}
	return &b, nil
}

// checkFloorHeights validates a building's explicit floor heights: one
// per floor, the ground floor at 0, strictly increasing, below the
// building's height.
func checkFloorHeights(path string, p *Piece, b *BuildingInfo) error {
	fh := b.FloorHeights
	if fh == nil {
		return nil
	}
	if len(fh) != b.Floors {
		return fieldErr(path, ErrInvalidValue, "%d heights given for %d floors", len(fh), b.Floors)
	}
	for k, h := range fh {
		kp := fmt.Sprintf("%s[%d]", path, k)
		switch {
		case !finite(h):
			return fieldErr(kp, ErrInvalidValue, "%v is not a finite number", h)
		case k == 0 && h != 0:
			return fieldErr(kp, ErrInvalidValue, "the ground floor is at 0, not %g", h)
		case k > 0 && !(h > fh[k-1]):
			return fieldErr(kp, ErrInvalidValue, "%g is not above floor %d (%g)", h, k, fh[k-1])
		case k > 0 && !(h < p.Height):
			return fieldErr(kp, ErrInvalidValue, "%g is not below the top of building %q (%g)", h, p.ID, p.Height)
		}
	}
	return nil
}

// checkModel validates *in and returns a deep copy.
func checkModel(path string, in *Model, t Table) (Model, error) {
	m := *in
	if m.ID == "" {
		return m, fieldErr(path+".id", ErrInvalidValue, "missing id")
	}
	if err := checkEnum(path+".class", "class", m.Class, knownClasses); err != nil {
		return m, err
	}
	if err := checkPoint(path+".position", m.Position); err != nil {
		return m, err
	}
	if !onTable(m.Position, t) {
		return m, fieldErr(path+".position", ErrOffTable, "(%g, %g) lies outside the %g x %g in table", m.Position.X, m.Position.Y, t.Width, t.Depth)
	}
	if f := float64(m.Facing); !finite(f) {
		return m, fieldErr(path+".facing", ErrInvalidValue, "%v is not a finite angle", f)
	}
	if err := checkBase(path+".base", m.Base); err != nil {
		return m, err
	}
	h := m.Hull
	for _, f := range []struct {
		name string
		v    float64
	}{{"length", h.Length}, {"width", h.Width}, {"height", h.Height}} {
		if err := checkLength(path+".hull."+f.name, f.v, false, MaxHeight); err != nil {
			return m, err
		}
	}
	if (h.Length > 0) != (h.Width > 0) {
		return m, fieldErr(path+".hull", ErrInvalidValue, "length %g and width %g must both be 0 or both positive", h.Length, h.Width)
	}
	if err := checkLength(path+".altitude", m.Altitude, false, MaxHeight); err != nil {
		return m, err
	}
	if err := checkLevel(path+".level", m.Level); err != nil {
		return m, err
	}
	if m.Elevation != nil {
		e := *m.Elevation
		if err := checkLength(path+".elevation", e, false, MaxHeight); err != nil {
			return m, err
		}
		m.Elevation = &e
	}
	if len(m.Figures) > MaxFigures {
		return m, fieldErr(path+".figures", ErrInvalidValue, "%d figures exceed the maximum of %d", len(m.Figures), MaxFigures)
	}
	for k, f := range m.Figures {
		fp := fmt.Sprintf("%s.figures[%d]", path, k)
		if err := checkPoint(fp, f); err != nil {
			return m, err
		}
		if !onTable(f, t) {
			return m, fieldErr(fp, ErrOffTable, "(%g, %g) lies outside the %g x %g in table", f.X, f.Y, t.Width, t.Depth)
		}
	}
	m.Figures = slices.Clone(m.Figures)
	if m.Garrison != nil {
		g := *m.Garrison
		m.Garrison = &g
	}
	return m, nil
}

func checkBase(path string, b Base) error {
	type dim struct {
		name string
		v    float64
	}
	var need, unused []dim
	switch b.Shape {
	case "":
		unused = []dim{{"diameter", b.Diameter}, {"length", b.Length}, {"width", b.Width}}
	case BaseCircle:
		need = []dim{{"diameter", b.Diameter}}
		unused = []dim{{"length", b.Length}, {"width", b.Width}}
	case BaseOval, BaseRect:
		need = []dim{{"length", b.Length}, {"width", b.Width}}
		unused = []dim{{"diameter", b.Diameter}}
	default:
		return fieldErr(path+".shape", ErrInvalidValue, "unknown base shape %q", string(b.Shape))
	}
	for _, d := range need {
		if err := checkLength(path+"."+d.name, d.v, true, MaxHeight); err != nil {
			return err
		}
	}
	for _, d := range unused {
		if d.v != 0 {
			shape := string(b.Shape)
			if shape == "" {
				shape = "no"
			}
			return fieldErr(path+"."+d.name, ErrInvalidValue, "%v given for a %s base", d.v, shape)
		}
	}
	return nil
}

// checkGarrison validates m's garrison against the pieces already checked.
// How many models a building holds is a game rule (a ruleset checks it
// from BuildingInfo.Garrison), not a property of the table.
func (bf *Battlefield) checkGarrison(path string, m *Model) error {
	g := m.Garrison
	if g == nil {
		return nil
	}
	path += ".garrison"
	if m.Class != Infantry && m.Class != Figure {
		return fieldErr(path, ErrNotAllowed, "a %s model cannot garrison a building (only infantry and figure)", string(m.Class))
	}
	if m.Altitude > 0 {
		return fieldErr(path, ErrNotAllowed, "an airborne model (altitude %g) cannot garrison a building", m.Altitude)
	}
	i, ok := bf.pieceIdx[g.Building]
	if !ok {
		if _, isModel := bf.modelIdx[g.Building]; isModel {
			return fieldErr(path+".building", ErrUnknownID, "%q is a model, not a building", g.Building)
		}
		return fieldErr(path+".building", ErrUnknownID, "no piece %q", g.Building)
	}
	p := &bf.pieces[i]
	if p.Kind != Building {
		return fieldErr(path+".building", ErrNotAllowed, "piece %q is a %s, not a building", g.Building, string(p.Kind))
	}
	if g.Wall != "" && !slices.ContainsFunc(p.Building.Walls, func(w Wall) bool { return w.ID == g.Wall }) {
		return fieldErr(path+".wall", ErrUnknownID, "building %q has no wall %q", g.Building, g.Wall)
	}
	return nil
}
