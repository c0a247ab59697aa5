package answer

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/terrain"
)

// pixelCheck looks for an overlay's drawing at positions computed from the
// overlay and the battlefield, never from the picture: img is the plan (a
// sheet's top panel, or the whole-table picture), l its layout and base the
// same plan drawn without overlays (for the translucent ones).
type pixelCheck struct {
	img, base image.Image
	l         render.Layout
	bf        *terrain.Battlefield
	// strict asks for the overlay's own colour (a sheet, where the
	// overlays are one answer's) along a quarter of a line, at half the
	// points of an outline; otherwise (the whole-table picture, where
	// other answers draw over the same lines) for some overlay line's
	// colour at 1/4, 1/2 or 3/4 of a line, and at one point of an outline
	// (its colour, or seen through other answers' translucent areas).
	strict bool
	// lines are the plan segments of every line the answer draws; a point
	// of one line within 3 px of another is not counted (the later one
	// may cover it).
	lines []partLine
	// self is the index among the answer's parts of the part checked.
	self int
}

// partLine is a plan segment of the line drawn by the answer's part.
type partLine struct {
	part int
	a, b geom.Point
}

// lineColours are the colours lines are drawn in.
var lineColours = []color.NRGBA{render.ColorClear, render.ColorBlocked, render.ColorPath, render.ColorArc, render.ColorTemplate, render.ColorRing}

// partLines returns the plan segments of the lines parts draw.
func partLines(parts []render.Part) []partLine {
	var out []partLine
	for i, p := range parts {
		switch o := p.(type) {
		case render.Sightline:
			out = append(out, partLine{i, geom.Flat(o.From), geom.Flat(o.To)})
		case render.PathOverlay:
			for k := 0; k+1 < len(o.Points); k++ {
				out = append(out, partLine{i, o.Points[k], o.Points[k+1]})
			}
		case render.Link:
			out = append(out, partLine{i, o.A, o.B})
		case render.Scatter:
			out = append(out, partLine{i, o.From, o.To})
		}
	}
	return out
}

// covered reports whether q lies within 3 px of a line another part of
// the answer draws.
func (pc pixelCheck) covered(q geom.Point) bool {
	for _, s := range pc.lines {
		if s.part == pc.self {
			continue
		}
		if d, _ := geom.DistPointSegment(q, geom.Seg(s.a, s.b)); d*pc.l.PxPerInch < 3 {
			return true
		}
	}
	return false
}

// check reports whether p is a part it knows how to find (checked), and
// if so an error when it is not where it should be.
func (pc pixelCheck) check(p render.Part) (checked bool, err error) {
	switch o := p.(type) {
	case render.Sightline:
		a, b := geom.Flat(o.From), geom.Flat(o.To)
		want := render.ColorClear
		if !o.Clear {
			want = render.ColorBlocked
			if o.BlockPoint != nil {
				b = geom.Flat(*o.BlockPoint)
			}
		}
		return pc.line(a, b, want, "sightline")
	case render.PathOverlay:
		if len(o.Points) < 2 {
			return false, nil
		}
		// The longest leg: short ones vanish under their waypoint marks.
		a, b := o.Points[0], o.Points[1]
		for i := 1; i+1 < len(o.Points); i++ {
			if o.Points[i+1].Sub(o.Points[i]).Norm() > b.Sub(a).Norm() {
				a, b = o.Points[i], o.Points[i+1]
			}
		}
		return pc.line(a, b, render.ColorPath, "path")
	case render.Link:
		want := render.ColorClear
		switch {
		case o.Kind == render.LinkArc:
			want = render.ColorArc
		case o.Kind == render.LinkSeen:
		case o.Kind == render.LinkMeasure:
			want = render.ColorRing
		case !o.OK:
			want = render.ColorBlocked
		}
		return pc.line(o.A, o.B, want, "link")
	case render.Scatter:
		return pc.line(o.From, o.To, render.ColorTemplate, "scatter arrow")
	case render.Template:
		var pts []geom.Point
		if o.Circle != nil {
			pts = circlePoints(o.Circle.Center, o.Circle.Radius, 16)
		} else {
			for _, r := range append([]geom.Ring{o.Shape.Outer}, o.Shape.Holes...) {
				for i := range r {
					pts = append(pts, r[i].Add(r[(i+1)%len(r)]).Mul(0.5))
				}
			}
		}
		return pc.points(pts, render.ColorTemplate, 2, "template outline")
	case render.Ring:
		if o.Radius*pc.l.PxPerInch < 8 {
			return false, nil // a point mark, under the models and their highlight
		}
		var pts []geom.Point
		if m, ok := pc.bf.Model(o.ModelID); ok {
			base := m.BaseShape()
			for i := 0; i < 16; i++ {
				u := geom.Heading(float64(i) * 22.5)
				pts = append(pts, base.Support(u).Add(u.Mul(o.Radius)))
			}
		} else {
			pts = circlePoints(o.Center, o.Radius, 16)
		}
		return pc.points(pts, render.ColorRing, 2, "ring")
	case render.ArcOverlay:
		return pc.arc(o)
	case render.Target:
		m, ok := pc.bf.Model(o.ID)
		if !ok {
			return false, nil
		}
		fp := m.Footprint()
		var pts []geom.Point
		for i := 0; i < 8; i++ {
			u := geom.Heading(float64(i) * 45)
			// The outline runs 3 px outside the footprint (render's
			// targetHaloPx), clear of the highlight; a model without
			// a footprint is a 5 px circle.
			if b := fp.Bound(); b.X.Length() == 0 && b.Y.Length() == 0 {
				pts = append(pts, m.Position.Add(u.Mul(8/pc.l.PxPerInch)))
				continue
			}
			pts = append(pts, fp.Support(u).Add(u.Mul(3/pc.l.PxPerInch)))
		}
		return pc.points(pts, render.ColorVisible, 2, "target outline")
	case render.Region:
		return pc.region(o)
	case render.Ghost:
		b := o.Shape.Bound()
		ctr := geom.Pt(b.X.Center(), b.Y.Center())
		tip := ctr.Add(geom.Heading(o.Facing).Mul(b.X.Length()/2 + b.Y.Length()/2 + 0.3))
		return pc.line(ctr, tip, render.ColorPath, "ghost facing tick")
	}
	return false, nil
}

// line looks for want along a→b: on a sheet at points every 2 px over
// its middle half, a quarter of those clear of the answer's other lines
// must show it (a dashed line shows it over about half its length); on
// the whole table, see strict.
func (pc pixelCheck) line(a, b geom.Point, want color.NRGBA, what string) (bool, error) {
	if a.Sub(b).Norm()*pc.l.PxPerInch < 16 {
		return false, nil // too short to find among the marks at its ends
	}
	if !pc.inTable(a) || !pc.inTable(b) {
		return false, nil
	}
	if !pc.strict {
		for _, c := range lineColours {
			if colourAlong(pc.img, pc.l, a, b, c) {
				return true, nil
			}
		}
		return true, fmt.Errorf("%s from %v to %v: no line colour at 1/4, 1/2 or 3/4 of it", what, a, b)
	}
	n := max(int(a.Sub(b).Norm()*pc.l.PxPerInch/2), 4)
	hits, free := 0, 0
	for i := 0; i <= n; i++ {
		q := a.Add(b.Sub(a).Mul(0.25 + 0.5*float64(i)/float64(n)))
		if pc.covered(q) {
			continue
		}
		free++
		if pc.near(q, want, 1) {
			hits++
		}
	}
	if free == 0 {
		return false, nil // wholly under the answer's other lines
	}
	if 4*hits < free {
		return true, fmt.Errorf("%s from %v to %v: colour %v at %d of %d points over its middle half clear of other lines, want a quarter", what, a, b, want, hits, free)
	}
	return true, nil
}

// points looks for want near the table points pts (those on the table):
// at least half of them must show it, within r pixels.
func (pc pixelCheck) points(pts []geom.Point, want color.NRGBA, r int, what string) (bool, error) {
	in, hits := 0, 0
	for _, q := range pts {
		if !pc.inTable(q) {
			continue
		}
		in++
		if pc.near(q, want, r) || !pc.strict && pc.towards(q, want, r) {
			hits++
		}
	}
	if in < 2 {
		return false, nil
	}
	need := (in + 1) / 2
	if !pc.strict {
		need = 1
	}
	if hits < need {
		return true, fmt.Errorf("%s: colour %v at %d of %d computed points, want %d", what, want, hits, in, need)
	}
	return true, nil
}

// arc looks for the wedge's straight edges (or, for a full circle, its
// rim) in the arc colour.
func (pc pixelCheck) arc(o render.ArcOverlay) (bool, error) {
	centre := o.Center
	if m, ok := pc.bf.Model(o.ModelID); ok {
		centre = m.Position
	}
	rad := o.Radius
	if rad == 0 {
		rad = 4 // the wedge runs to the far corner: its edges near the apex
	}
	if o.Arc.IsEmpty() {
		return false, nil
	}
	if o.Arc.IsFull() {
		return pc.points(circlePoints(centre, rad, 16), render.ColorArc, 2, "arc rim")
	}
	var pts []geom.Point
	for _, th := range []float64{float64(o.Arc.From()), float64(o.Arc.From() + o.Arc.Length())} {
		u := geom.Pt(math.Cos(th), math.Sin(th))
		for _, f := range []float64{0.4, 0.6, 0.8} {
			pts = append(pts, centre.Add(u.Mul(f*rad)))
		}
	}
	return pc.points(pts, render.ColorArc, 1, "arc edges")
}

// region looks for the cells' translucent path colour over the plan
// without overlays, at up to 64 cell centres; half must show it.
func (pc pixelCheck) region(o render.Region) (bool, error) {
	if len(o.Cells) == 0 || o.Size*pc.l.PxPerInch < 3 {
		return false, nil
	}
	step := max(len(o.Cells)/64, 1)
	in, hits := 0, 0
	a := float64(0x26) / 255
	for i := 0; i < len(o.Cells); i += step {
		q := o.Cells[i]
		if !pc.inTable(q) {
			continue
		}
		in++
		p := pc.l.PixelAt(q)
		under := color.NRGBAModel.Convert(pc.base.At(p.X, p.Y)).(color.NRGBA)
		mix := func(u, c uint8) uint8 { return uint8(math.Round(float64(u)*(1-a) + float64(c)*a)) }
		want := color.NRGBA{mix(under.R, render.ColorPath.R), mix(under.G, render.ColorPath.G), mix(under.B, render.ColorPath.B), 0xFF}
		got := color.NRGBAModel.Convert(pc.img.At(p.X, p.Y)).(color.NRGBA)
		exact := within(got.R, want.R, 8) && within(got.G, want.G, 8) && within(got.B, want.B, 8) && got != under
		// On the whole table other regions may shade the cell again:
		// there it need only be nearer the path colour than the plan is.
		if exact || !pc.strict && dist2(got, render.ColorPath)+100 < dist2(under, render.ColorPath) {
			hits++
		}
	}
	if in == 0 {
		return false, nil
	}
	need := (in + 1) / 2
	if !pc.strict {
		need = 1
	}
	if hits < need {
		return true, fmt.Errorf("region %q: shaded at %d of %d cell centres, want %d", o.Label, hits, in, need)
	}
	return true, nil
}

func (pc pixelCheck) inTable(q geom.Point) bool {
	t := pc.l.Table
	return q.X >= 0 && q.Y >= 0 && q.X <= t.Width && q.Y <= t.Depth
}

// near reports whether a pixel within r of table point q has colour want.
func (pc pixelCheck) near(q geom.Point, want color.NRGBA, r int) bool {
	p := pc.l.PixelAt(q)
	for dx := -r; dx <= r; dx++ {
		for dy := -r; dy <= r; dy++ {
			got := color.NRGBAModel.Convert(pc.img.At(p.X+dx, p.Y+dy)).(color.NRGBA)
			if close8(got.R, want.R) && close8(got.G, want.G) && close8(got.B, want.B) {
				return true
			}
		}
	}
	return false
}

// towards reports whether a pixel within r of table point q is at most
// half as far from want as the plan without overlays is there: the
// colour seen through translucent areas other answers draw over it.
func (pc pixelCheck) towards(q geom.Point, want color.NRGBA, r int) bool {
	p := pc.l.PixelAt(q)
	for dx := -r; dx <= r; dx++ {
		for dy := -r; dy <= r; dy++ {
			got := color.NRGBAModel.Convert(pc.img.At(p.X+dx, p.Y+dy)).(color.NRGBA)
			under := color.NRGBAModel.Convert(pc.base.At(p.X+dx, p.Y+dy)).(color.NRGBA)
			if 4*dist2(got, want) < dist2(under, want) {
				return true
			}
		}
	}
	return false
}

func circlePoints(c geom.Point, r float64, n int) []geom.Point {
	pts := make([]geom.Point, n)
	for i := range pts {
		pts[i] = c.Add(geom.Heading(360 * float64(i) / float64(n)).Mul(r))
	}
	return pts
}

func within(a, b, tol uint8) bool { return int(a)-int(b) <= int(tol) && int(b)-int(a) <= int(tol) }

func dist2(a, b color.NRGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}
