package render

import (
	"fmt"
	"image"
	"math"

	"github.com/golang/geo/r1"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// Margins of the profile picture, in pixels.
const (
	profileLeft   = 56
	profileRight  = 24
	profileTop    = 34
	profileBottom = 46
	// profileMinPlot is the smallest plot height in pixels; the height axis
	// is extended to reach it so flat scenes stay readable.
	profileMinPlot = 140
	// profileMinWidth is the smallest image width, so short sightlines
	// still have room for their title and labels.
	profileMinWidth = 560
)

// ProfileLayout places a vertical cross-section in its picture: distance
// along the sightline's ground track on x (0 at the eye's plan position),
// height above the table on y, both at PxPerInch (true proportions, so
// slopes and angles are as on the table).
type ProfileLayout struct {
	PxPerInch float64
	Length    float64 // track length in inches
	ZMax      float64 // top of the height axis in inches
	Size      image.Point
	Plot      image.Rectangle // the plot area: d in [0, Length], z in [0, ZMax]
}

// ToPixel returns the continuous pixel coordinates of the point at
// distance d along the track and height z.
func (l ProfileLayout) ToPixel(d, z float64) (x, y float64) {
	return float64(l.Plot.Min.X) + d*l.PxPerInch, float64(l.Plot.Max.Y) - z*l.PxPerInch
}

// crossing is a piece or model the track passes over, with the parameter
// intervals (along the track, 0 at the eye, 1 at the target) inside its
// plan, and the vertical extent to draw.
type crossing struct {
	id       string
	piece    *terrain.Piece // nil for a model
	model    *terrain.Model // nil for a piece
	spans    []r1.Interval
	zlo, zhi float64
}

// profileScene is what a profile shows, worked out before drawing.
type profileScene struct {
	from, to  geom.Vec3
	track     geom.Segment
	crossings []crossing
	clear     bool
	block     *geom.Vec3
	blocker   string
	label     string
	layout    ProfileLayout
}

// findCrossings returns the pieces and models (in input order, pieces first)
// whose plan the ground track from a to b meets.
func findCrossings(bf *terrain.Battlefield, track geom.Segment, tol float64) []crossing {
	var out []crossing
	ps := bf.Pieces()
	var buf []r1.Interval
	bf.VisitFlatSegment(track, func(it terrain.Item) bool {
		if it.Kind != terrain.ItemPiece {
			return true
		}
		p := &ps[it.Index]
		buf = p.Footprint.SegmentInside(track, buf[:0])
		if len(buf) == 0 {
			return true
		}
		top := p.Height
		out = append(out, crossing{id: p.ID, piece: p, spans: append([]r1.Interval(nil), buf...), zhi: top})
		return true
	})
	ms := bf.Models()
	var mout []crossing
	bf.VisitFlatSegment(track, func(it terrain.Item) bool {
		if it.Kind != terrain.ItemModel {
			return true
		}
		m := &ms[it.Index]
		ring := shapeRing(m.Footprint(), tol)
		if len(ring) < 3 {
			return true
		}
		poly := geom.PolygonFromPoints(ring...).Normalized()
		buf = poly.SegmentInside(track, buf[:0])
		if len(buf) == 0 {
			return true
		}
		// A model stands on its ground (a hill's top, a roof, a floor).
		cr := crossing{id: m.ID, model: m, spans: append([]r1.Interval(nil), buf...), zlo: m.Ground(), zhi: m.Top()}
		if m.Airborne() {
			cr.zlo = m.Altitude - m.Height()/2
			cr.zhi = m.Altitude + m.Height()/2
		}
		mout = append(mout, cr)
		return true
	})
	// The index visits in its own order; draw and label in input order.
	sortCrossings(out, func(c crossing) int { i, _ := bf.PieceIndex(c.id); return i })
	sortCrossings(mout, func(c crossing) int { i, _ := bf.ModelIndex(c.id); return i })
	return append(out, mout...)
}

func sortCrossings(cs []crossing, key func(crossing) int) {
	// Insertion sort: the lists are short and this keeps it allocation-free.
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && key(cs[j]) < key(cs[j-1]); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// geometricBlock returns the first point where the segment from-to enters a
// blocking piece below its top (a sight-blocking piece, or smoke at any
// height), ignoring pieces whose volume holds from or to. Grazing (the ray
// exactly at a piece's top, or a zero-length span) does not block. Models
// are not judged here: that is package los's business, with its options.
func geometricBlock(from, to geom.Vec3, cs []crossing) (*geom.Vec3, string) {
	best := math.Inf(1)
	var id string
	z := func(t float64) float64 { return from.Z + t*(to.Z-from.Z) }
	for _, c := range cs {
		p := c.piece
		if p == nil {
			continue
		}
		smoke := p.Kind == terrain.Smoke
		if !smoke && p.Sight != terrain.SightBlocking {
			continue
		}
		pr := p.Prism()
		if smoke {
			pr.ZMax = math.Inf(1)
		}
		if pr.ContainsPoint(from) || pr.ContainsPoint(to) {
			continue
		}
		for _, s := range c.spans {
			if s.Hi <= s.Lo {
				continue
			}
			var t float64
			switch {
			case smoke || z(s.Lo) < p.Height:
				t = s.Lo
			case z(s.Hi) < p.Height:
				t = (p.Height - from.Z) / (to.Z - from.Z)
				t = math.Min(math.Max(t, s.Lo), s.Hi)
			default:
				continue
			}
			if t < best {
				best, id = t, p.ID
			}
			break
		}
	}
	if id == "" {
		return nil, ""
	}
	bp := geom.V3(from.X+best*(to.X-from.X), from.Y+best*(to.Y-from.Y), z(best))
	return &bp, id
}

func newProfileScene(bf *terrain.Battlefield, s Sightline, opt Options, judge bool) (*profileScene, error) {
	if bf == nil {
		return nil, fmt.Errorf("%w: nil battlefield", ErrInput)
	}
	if err := opt.validate(); err != nil {
		return nil, err
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	track := geom.Seg(geom.Flat(s.From), geom.Flat(s.To))
	L := track.Length()
	if L == 0 {
		return nil, fmt.Errorf("%w: sightline from (%v, %v) to the same plan point has no ground track to profile", ErrInput, s.From.X, s.From.Y)
	}
	if L > MaxProfileLength {
		return nil, fmt.Errorf("%w: Sightline.From (%v, %v) to Sightline.To (%v, %v) is a ground track of %.2f in, more than MaxProfileLength = %d in",
			ErrInput, s.From.X, s.From.Y, s.To.X, s.To.Y, L, MaxProfileLength)
	}
	ppi := opt.ppi()
	ps := &profileScene{from: s.From, to: s.To, track: track, label: s.Label}
	ps.crossings = findCrossings(bf, track, math.Max(0.25/ppi, 1e-3))
	if judge {
		ps.block, ps.blocker = geometricBlock(s.From, s.To, ps.crossings)
		ps.clear = ps.block == nil
	} else {
		ps.clear, ps.block, ps.blocker = s.Clear, s.BlockPoint, s.BlockerID
	}
	zmax := math.Max(math.Max(s.From.Z, s.To.Z), 0)
	for _, c := range ps.crossings {
		if !math.IsInf(c.zhi, 0) {
			zmax = math.Max(zmax, c.zhi)
		}
	}
	zmax = math.Ceil(zmax + 1)
	if zmax > MaxProfileLength {
		return nil, fmt.Errorf("%w: Sightline.From.Z = %v, Sightline.To.Z = %v: the profile would be %v in high, more than MaxProfileLength = %d in",
			ErrInput, s.From.Z, s.To.Z, zmax, MaxProfileLength)
	}
	if zmax*ppi < profileMinPlot {
		zmax = math.Ceil(profileMinPlot / ppi)
	}
	pw := int(math.Round(L * ppi))
	ph := int(math.Round(zmax * ppi))
	w := max(profileLeft+pw+profileRight, profileMinWidth)
	h := profileTop + ph + profileBottom
	if float64(w)*float64(h) > MaxPixels {
		return nil, fmt.Errorf("%w: PxPerInch = %v gives a %dx%d profile, more than %d pixels", ErrOptions, ppi, w, h, MaxPixels)
	}
	ps.layout = ProfileLayout{
		PxPerInch: ppi, Length: L, ZMax: zmax, Size: image.Pt(w, h),
		Plot: image.Rect(profileLeft, profileTop, profileLeft+pw, profileTop+ph),
	}
	return ps, nil
}

// floorLines draws the upper floors of a building crossed between the
// pixel columns x0 and x1 as thin lines, so that a garrison can be seen
// standing on its floor.
func (c *canvas) floorLines(cr crossing, x0, x1 float64, pt func(a, z float64) (float64, float64)) {
	p := cr.piece
	if p == nil || p.Kind != terrain.Building || p.Building == nil || p.Building.Floors < 2 {
		return
	}
	c.setColor(ColorWall)
	c.dc.SetLineWidth(0.8)
	for k := 2; k <= p.Building.Floors; k++ {
		_, y := pt(0, p.Building.FloorZ(k, p.Height))
		c.dc.DrawLine(x0, y, x1, y)
		c.dc.Stroke()
	}
}

// ProfileLayoutOf returns the layout Profile and ProfileOf use for the
// sightline from-to on bf.
func ProfileLayoutOf(bf *terrain.Battlefield, from, to geom.Vec3, opt Options) (ProfileLayout, error) {
	ps, err := newProfileScene(bf, Sightline{From: from, To: to}, opt, false)
	if err != nil {
		return ProfileLayout{}, err
	}
	return ps.layout, nil
}

// Profile draws the vertical cross-section along the ground track from
// from to to: the ground, every piece the track crosses at its true height
// over the stretch where the track is inside its footprint (smoke to the
// top of the picture), the models crossed (boxes from the ground they stand on
// to their top, airborne ones around their altitude), the upper floors of
// the buildings crossed, the eye and target points
// and the ray. The ray is judged geometrically against terrain only: it is
// blocked where it first passes strictly below the top of a sight-blocking
// piece, or through smoke, inside its footprint, ignoring pieces that hold
// the eye or the target; models are drawn but not judged (use ProfileOf
// with a verdict from package los for the full rules). Both axes share the
// resolution, so slopes are true.
func Profile(bf *terrain.Battlefield, from, to geom.Vec3, opt Options) (image.Image, error) {
	ps, err := newProfileScene(bf, Sightline{From: from, To: to}, opt, true)
	if err != nil {
		return nil, err
	}
	return ps.render(bf, opt)
}

// ProfileOf draws the cross-section of a sightline whose verdict is already
// known (Clear, BlockPoint, BlockerID, typically from package los), marking
// the block point and blocker it names rather than judging the ray itself.
func ProfileOf(bf *terrain.Battlefield, s Sightline, opt Options) (image.Image, error) {
	ps, err := newProfileScene(bf, s, opt, false)
	if err != nil {
		return nil, err
	}
	return ps.render(bf, opt)
}

// render draws the profile: axes, every crossed piece and model, the ray
// with its block point, the two ends, labels and the title.
func (ps *profileScene) render(bf *terrain.Battlefield, opt Options) (image.Image, error) {
	l := ps.layout
	c, err := newCanvas(bf, Layout{PxPerInch: l.PxPerInch, Size: l.Size}, opt)
	if err != nil {
		return nil, err
	}
	c.dc.SetColor(ColorBackground)
	c.dc.Clear()
	fillRect(c.img, l.Plot, ColorSky)
	c.profileAxes(l)
	for _, cr := range ps.crossings {
		for _, s := range cr.spans {
			ps.drawSpan(c, bf, cr, s, opt)
		}
	}
	ps.drawRay(c)
	c.lab.place(c)
	c.text(ps.title(opt), c.f.title, profileLeft, 8, ColorInk)
	return c.img, nil
}

// drawSpan draws the part s of crossing cr as a box from its bottom to its
// top (smoke and bottomless pieces to the top of the plot), outlined
// thick when it is the blocker, with its floors and label.
func (ps *profileScene) drawSpan(c *canvas, bf *terrain.Battlefield, cr crossing, s r1.Interval, opt Options) {
	l, dc := ps.layout, c.dc
	pt, L := l.ToPixel, l.Length
	x0, _ := pt(s.Lo*L, 0)
	x1, _ := pt(s.Hi*L, 0)
	if x1-x0 < 1 {
		x0, x1 = x0-0.5, x0+0.5
	}
	zlo, zhi := cr.zlo, cr.zhi
	if math.IsInf(zhi, 0) || (cr.piece != nil && cr.piece.Kind == terrain.Smoke) {
		zhi = l.ZMax
	}
	_, ytop := pt(0, zhi)
	_, ybot := pt(0, zlo)
	if ybot-ytop < 3 {
		ytop = ybot - 3 // flat area terrain: a visible strip
	}
	var fill, edge = ColorNoSquad, ColorInk
	if cr.piece != nil {
		fill = TerrainColor(cr.piece)
		st := styleOf(cr.piece)
		edge = darker(st.c, 0.45)
		if cr.piece.Kind == terrain.Building {
			edge = ColorWall
		}
	} else {
		col := SquadColor(bf, cr.model.Squad)
		fill, edge = withAlpha(col, 0xCC), darker(col, 0.5)
	}
	dc.DrawRectangle(x0, ytop, x1-x0, ybot-ytop)
	c.setColor(fill)
	dc.FillPreserve()
	c.setColor(edge)
	w := 1.2
	if cr.id == ps.blocker {
		c.setColor(ColorBlocker)
		w = 3
	}
	dc.SetLineWidth(w)
	dc.Stroke()
	c.floorLines(cr, x0, x1, pt)
	if opt.NoLabels {
		return
	}
	text := cr.id
	if cr.piece != nil && cr.piece.Height > 0 && cr.piece.Kind != terrain.Smoke {
		text += " " + num(cr.piece.Height) + "in"
	}
	prio := prioPiece
	if cr.model != nil {
		prio = prioModel
	}
	c.lab.add(labelReq{text: text, face: c.f.small, col: ColorInk, ax: (x0 + x1) / 2, ay: ytop - 2,
		r: 1, prio: prio, leader: true, owner: -1})
}

// drawRay draws the sightline (solid to the block point, dashed beyond),
// the block point with its label, and the eye and target points.
func (ps *profileScene) drawRay(c *canvas) {
	dc, pt, L := c.dc, ps.layout.ToPixel, ps.layout.Length
	xe, ye := pt(0, ps.from.Z)
	xt, yt := pt(L, ps.to.Z)
	dc.SetLineWidth(2.5)
	if ps.clear || ps.block == nil {
		col := ColorClear
		if !ps.clear {
			col = ColorBlocked
		}
		c.setColor(col)
		dc.DrawLine(xe, ye, xt, yt)
		dc.Stroke()
	} else {
		bd := math.Hypot(ps.block.X-ps.from.X, ps.block.Y-ps.from.Y)
		xb, yb := pt(bd, ps.block.Z)
		c.setColor(ColorBlocked)
		dc.DrawLine(xe, ye, xb, yb)
		dc.Stroke()
		dc.SetDash(6, 4)
		dc.SetLineWidth(1.5)
		c.setColor(withAlpha(ColorBlocked, 0xB0))
		dc.DrawLine(xb, yb, xt, yt)
		dc.Stroke()
		dc.SetDash()
		c.cross(xb, yb, 6, ColorBlockMark)
		text := "blocked"
		if ps.blocker != "" {
			text += " by " + ps.blocker
		}
		text += " at z=" + num(ps.block.Z) + " in, " + num(bd) + " in along"
		c.lab.add(labelReq{text: text, face: c.f.bold, col: darker(ColorBlocked, 0.2), ax: xb, ay: yb, r: 8,
			prio: prioOverlay, leader: true, owner: -1})
	}
	dc.DrawCircle(xe, ye, 5)
	c.setColor(ColorEye)
	dc.Fill()
	dc.DrawCircle(xt, yt, 5)
	c.setColor(ColorTargetPoint)
	dc.Fill()
	c.lab.add(labelReq{text: "eye z=" + num(ps.from.Z), face: c.f.label, col: ColorEye, ax: xe, ay: ye, r: 6,
		prio: prioOverlay, leader: true, owner: -1})
	c.lab.add(labelReq{text: "target z=" + num(ps.to.Z), face: c.f.label, col: ColorTargetPoint, ax: xt, ay: yt, r: 6,
		prio: prioOverlay, leader: true, owner: -1})
}

// title returns opt's title, or "Profile", the label, the length and the
// two ends.
func (ps *profileScene) title(opt Options) string {
	if opt.Title != "" {
		return opt.Title
	}
	title := "Profile"
	if ps.label != "" {
		title += " " + ps.label
	}
	return title + fmt.Sprintf(", %s in: (%s, %s, %s) to (%s, %s, %s)", num1(ps.layout.Length), num1(ps.from.X), num1(ps.from.Y), num1(ps.from.Z),
		num1(ps.to.X), num1(ps.to.Y), num1(ps.to.Z))
}

// profileAxes draws the ground, the distance and height axes with their
// grid and labels.
func (c *canvas) profileAxes(l ProfileLayout) {
	p := l.Plot
	ppi := l.PxPerInch
	for i := 0; float64(i) <= l.Length; i++ {
		major := i%6 == 0
		if !major && ppi < 4 {
			continue
		}
		x := min(p.Min.X+int(math.Round(float64(i)*ppi)), p.Max.X-1)
		col := ColorGridMinor
		if major {
			col = ColorGridMajor
			s := fmt.Sprint(i)
			w, h := c.measure(s, c.f.small)
			c.text(s, c.f.small, float64(x)-w/2, float64(p.Max.Y)+6, ColorInk)
			c.tickObstacle(float64(x)-w/2, float64(p.Max.Y)+6, w, h)
		}
		fillRect(c.img, image.Rect(x, p.Min.Y, x+1, p.Max.Y), col)
	}
	every := 1
	if ppi < 12 {
		every = 2
	}
	for j := 0; float64(j) <= l.ZMax; j++ {
		y := max(p.Max.Y-int(math.Round(float64(j)*ppi)), p.Min.Y)
		fillRect(c.img, image.Rect(p.Min.X, y, p.Max.X, y+1), ColorGridMinor)
		if j%every == 0 {
			s := fmt.Sprint(j)
			w, h := c.measure(s, c.f.small)
			c.text(s, c.f.small, float64(p.Min.X)-w-5, float64(y)-h/2, ColorInk)
			c.tickObstacle(float64(p.Min.X)-w-5, float64(y)-h/2, w, h)
		}
	}
	// Ground.
	fillRect(c.img, image.Rect(p.Min.X, p.Max.Y, p.Max.X, p.Max.Y+4), ColorGround)
	c.text("distance along the sightline's ground track (in); heights to the same scale: no vertical exaggeration",
		c.f.small, float64(p.Min.X), float64(p.Max.Y)+22, ColorInk)
	c.dc.Push()
	c.dc.RotateAbout(-math.Pi/2, 14, float64(p.Max.Y))
	c.text("height (in)", c.f.small, 14, float64(p.Max.Y)-6, ColorInk)
	c.dc.Pop()
	c.dc.SetLineWidth(1)
	c.setColor(ColorInk)
	c.dc.DrawRectangle(float64(p.Min.X)-0.5, float64(p.Min.Y)-0.5, float64(p.Dx())+1, float64(p.Dy())+1)
	c.dc.Stroke()
}

// tickObstacle keeps labels off an axis tick label drawn at (x, y) with
// size w x h (plus a margin).
func (c *canvas) tickObstacle(x, y, w, h float64) {
	c.lab.obstacles = append(c.lab.obstacles, fbox{x - 2, y - 2, x + w + 2, y + h + 2})
}
