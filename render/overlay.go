package render

import (
	"fmt"

	"github.com/sightline/sightline/geom"
)

// Part is anything a verdict sheet is made of: the overlays below and
// Verdict. Only this package implements it.
type Part interface{ sheetPart() }

// Overlay is something drawn over the top-down view. Only this package
// implements it; the overlay types are plain values the caller fills in,
// typically from the results of packages los and movement (see the
// adapters in adapt.go).
type Overlay interface {
	Part
	check() error
	layer() int // 0: under the models (areas), 1: over them (lines, marks)
	marks(l *legendSet)
	draw(c *canvas)
}

// Sightline is a line of sight between two points of table space. A clear
// sightline is drawn green. A blocked one is drawn red, solid up to its
// BlockPoint and dashed beyond, with a black cross at BlockPoint and the
// blocker (a piece or model id) outlined in orange.
type Sightline struct {
	From, To   geom.Vec3
	Clear      bool
	BlockPoint *geom.Vec3 // where the line is first blocked; nil when unknown or clear
	BlockerID  string     // piece or model id that blocks; "" when unknown or clear
	Label      string     // optional caption (a query id), drawn near the middle
}

// Target shades the visible part of a target model and writes the visible
// fraction beside it. Visible, when given, is the seen part of the target
// in plan; without it only the outline and the fraction are drawn.
type Target struct {
	ID       string         // model (or piece) id of the target
	Fraction float64        // visible fraction in [0, 1]
	Visible  []geom.Polygon // optional plan regions seen
	// HiddenBy lists the pieces and models that hide the rest, each
	// outlined in the blocker colour and captioned with the share it hides.
	HiddenBy []Hider
}

// Hider is a piece or model hiding Fraction of a target.
type Hider struct {
	ID       string
	Fraction float64
}

// Violation is a point where a move breaks a rule, with a short reason.
type Violation struct {
	At   geom.Point
	Text string
}

// PathOverlay is a movement path: the polyline, its total cost (inches of
// movement used), optional per-leg costs, and the violations at their
// points. An illegal path is drawn dashed.
type PathOverlay struct {
	ModelID    string
	Points     []geom.Point
	Cost       float64   // total cost; shown when HasCost
	HasCost    bool      // whether Cost is meaningful
	LegCosts   []float64 // optional, one per leg (len(Points)-1)
	Legal      bool
	Violations []Violation
}

// Link is a straight line between two table points that is not a
// sightline: a coherency link between two models (Kind LinkCoherency, the
// zero value), the direction in which an arc was judged (LinkArc),
// where a moving model is first seen from (LinkSeen), or a measured
// distance (LinkMeasure, drawn in the ring colour). A link is green
// when OK (kept, in arc) and red and dashed when not; an arc link is drawn
// in the arc colour. Label (for example the gap in inches) is optional.
// The legend names each kind.
type Link struct {
	A, B  geom.Point
	OK    bool
	Label string
	Kind  LinkKind
}

// LinkKind says what a Link shows, so the legend can name it.
type LinkKind int

// Link kinds.
const (
	// LinkCoherency is a coherency link between two models of a squad.
	LinkCoherency LinkKind = iota
	// LinkArc joins a shooter to the point its arc was judged at.
	LinkArc
	// LinkSeen joins an observer to where a moving model is first seen.
	LinkSeen
	// LinkMeasure is a measured distance (a range, a gap a rule limits),
	// its Label typically the length; OK false draws it dashed (out of
	// the limit, or measuring not allowed).
	LinkMeasure
)

// Template is a blast or flame template on the plan: a polygon, or a
// circle when Circle is set. Hit lists ids (models, pieces) outlined as
// touched.
type Template struct {
	Shape  geom.Polygon
	Circle *geom.Circle
	Label  string
	Hit    []string
}

// Scatter is a scatter arrow, for example a template's deviation.
type Scatter struct {
	From, To geom.Point
	Label    string
}

// Ring is a range ring: a circle of Radius inches around Center or, when
// ModelID is set, the points within Radius of that model's base edge (the
// base offset outward by Radius).
type Ring struct {
	Center  geom.Point
	ModelID string
	Radius  float64
	Label   string
}

// ArcOverlay is a fire arc drawn as a wedge from Center (or from ModelID's
// position when set) out to Radius inches (0: to the table's far corner).
type ArcOverlay struct {
	Center  geom.Point
	ModelID string
	Arc     geom.Arc
	Radius  float64
	Label   string
}

// Verdict is the text of a verdict sheet: a bold title and a paragraph,
// wrapped to the sheet's width. Newlines in Text start new paragraphs.
type Verdict struct {
	Title string
	Text  string
}

func (Sightline) sheetPart()   {}
func (Target) sheetPart()      {}
func (PathOverlay) sheetPart() {}
func (Link) sheetPart()        {}
func (Template) sheetPart()    {}
func (Scatter) sheetPart()     {}
func (Ring) sheetPart()        {}
func (ArcOverlay) sheetPart()  {}
func (Verdict) sheetPart()     {}

func (s Sightline) marks(l *legendSet) {
	if s.Clear {
		l.mark(lgClear)
	} else {
		l.mark(lgBlocked)
	}
}
func (t Target) marks(l *legendSet) {
	l.mark(lgVisible)
	if len(t.HiddenBy) > 0 {
		l.mark(lgHidden)
	}
}
func (p PathOverlay) marks(l *legendSet) {
	l.mark(lgPath)
	if len(p.Violations) > 0 {
		l.mark(lgViolation)
	}
}
func (k Link) marks(l *legendSet) {
	switch k.Kind {
	case LinkArc:
		l.mark(lgLinkArc)
		return
	case LinkSeen:
		l.mark(lgLinkSeen)
		return
	case LinkMeasure:
		l.mark(lgLinkMeasure)
		return
	}
	if k.OK {
		l.mark(lgLinkOK)
	} else {
		l.mark(lgLinkBroken)
	}
}
func (Template) marks(l *legendSet)   { l.mark(lgTemplate) }
func (Scatter) marks(l *legendSet)    { l.mark(lgTemplate) }
func (Ring) marks(l *legendSet)       { l.mark(lgRing) }
func (ArcOverlay) marks(l *legendSet) { l.mark(lgArc) }

func (Sightline) layer() int   { return 1 }
func (Target) layer() int      { return 0 }
func (PathOverlay) layer() int { return 1 }
func (Link) layer() int        { return 1 }
func (Template) layer() int    { return 0 }
func (Scatter) layer() int     { return 1 }
func (Ring) layer() int        { return 0 }
func (ArcOverlay) layer() int  { return 0 }

// maxOverlayPoints bounds the vertices of one overlay.
const maxOverlayPoints = 100000

func badPt(name string, p geom.Point) error {
	return fmt.Errorf("%w: %s = (%v, %v)", ErrInput, name, p.X, p.Y)
}

func checkPt(name string, p geom.Point) error {
	if !finitePt(p) || abs(p.X) > 1e6 || abs(p.Y) > 1e6 {
		return badPt(name, p)
	}
	return nil
}

func check3(name string, v geom.Vec3) error {
	if !finite3(v) || abs(v.X) > 1e6 || abs(v.Y) > 1e6 || abs(v.Z) > 1e6 {
		return fmt.Errorf("%w: %s = (%v, %v, %v)", ErrInput, name, v.X, v.Y, v.Z)
	}
	return nil
}

func checkLen(name string, v float64) error {
	if !finite(v) || v < 0 || v > 1e6 {
		return fmt.Errorf("%w: %s = %v", ErrInput, name, v)
	}
	return nil
}

func checkPoly(name string, p geom.Polygon) error {
	if n := p.NumVertices(); n > maxOverlayPoints {
		return fmt.Errorf("%w: %s has %d vertices, want at most %d", ErrInput, name, n, maxOverlayPoints)
	}
	for i, q := range p.Outer {
		if err := checkPt(fmt.Sprintf("%s.Outer[%d]", name, i), q); err != nil {
			return err
		}
	}
	for h, r := range p.Holes {
		for i, q := range r {
			if err := checkPt(fmt.Sprintf("%s.Holes[%d][%d]", name, h, i), q); err != nil {
				return err
			}
		}
	}
	return nil
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func (s Sightline) check() error {
	if err := check3("Sightline.From", s.From); err != nil {
		return err
	}
	if err := check3("Sightline.To", s.To); err != nil {
		return err
	}
	if s.BlockPoint != nil {
		return check3("Sightline.BlockPoint", *s.BlockPoint)
	}
	return nil
}

func (t Target) check() error {
	if !finite(t.Fraction) || t.Fraction < 0 || t.Fraction > 1 {
		return fmt.Errorf("%w: Target.Fraction = %v, want in [0, 1]", ErrInput, t.Fraction)
	}
	for i, p := range t.Visible {
		if err := checkPoly(fmt.Sprintf("Target.Visible[%d]", i), p); err != nil {
			return err
		}
	}
	return nil
}

func (p PathOverlay) check() error {
	if len(p.Points) > maxOverlayPoints {
		return fmt.Errorf("%w: PathOverlay.Points has %d points, want at most %d", ErrInput, len(p.Points), maxOverlayPoints)
	}
	for i, q := range p.Points {
		if err := checkPt(fmt.Sprintf("PathOverlay.Points[%d]", i), q); err != nil {
			return err
		}
	}
	if p.HasCost && !finite(p.Cost) {
		return fmt.Errorf("%w: PathOverlay.Cost = %v", ErrInput, p.Cost)
	}
	for i, c := range p.LegCosts {
		if !finite(c) {
			return fmt.Errorf("%w: PathOverlay.LegCosts[%d] = %v", ErrInput, i, c)
		}
	}
	if len(p.Violations) > maxOverlayPoints {
		return fmt.Errorf("%w: PathOverlay.Violations has %d entries", ErrInput, len(p.Violations))
	}
	for i, v := range p.Violations {
		if err := checkPt(fmt.Sprintf("PathOverlay.Violations[%d].At", i), v.At); err != nil {
			return err
		}
	}
	return nil
}

func (l Link) check() error {
	if err := checkPt("Link.A", l.A); err != nil {
		return err
	}
	return checkPt("Link.B", l.B)
}

func (t Template) check() error {
	if t.Circle != nil {
		if err := checkPt("Template.Circle.Center", t.Circle.Center); err != nil {
			return err
		}
		return checkLen("Template.Circle.Radius", t.Circle.Radius)
	}
	return checkPoly("Template.Shape", t.Shape)
}

func (s Scatter) check() error {
	if err := checkPt("Scatter.From", s.From); err != nil {
		return err
	}
	return checkPt("Scatter.To", s.To)
}

func (r Ring) check() error {
	if err := checkPt("Ring.Center", r.Center); err != nil {
		return err
	}
	return checkLen("Ring.Radius", r.Radius)
}

func (a ArcOverlay) check() error {
	if err := checkPt("ArcOverlay.Center", a.Center); err != nil {
		return err
	}
	return checkLen("ArcOverlay.Radius", a.Radius)
}
