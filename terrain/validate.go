package terrain

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sightline/sightline/geom"
)

// Validation of New's inputs: each check returns the first problem as a
// *FieldError at its scenario path.

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
	if p.Sight == "" {
		p.Sight = DefaultSight(p.Kind)
	}
	if p.Cover == "" {
		p.Cover = CoverNone
	}
	if p.Level == 0 {
		p.Level = 1
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
	// no walls is nil whether the input said [] or nothing, so a file
	// survives an encode/decode round trip unchanged
	b.Walls = nil
	if len(in.Walls) > 0 {
		b.Walls = make([]Wall, len(in.Walls))
	}
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
	if m.Level == 0 {
		m.Level = 1 // the zero value stands on the ground, as a file without "level"
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
	if p.Footprint.Locate(m.Position) == geom.Outside {
		// Sight out of and into a garrison goes through its building's
		// windows; a garrison elsewhere would see from one place and be
		// seen at another.
		return fieldErr(path+".building", ErrNotAllowed, "the model stands at (%g, %g), outside building %q: a garrison stands in its building", m.Position.X, m.Position.Y, g.Building)
	}
	return nil
}
