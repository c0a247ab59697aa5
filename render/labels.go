package render

import (
	"image/color"
	"math"
	"sort"

	"golang.org/x/image/font"
)

// fbox is an axis-aligned pixel box [x0, x1] x [y0, y1].
type fbox struct{ x0, y0, x1, y1 float64 }

func (a fbox) overlaps(b fbox) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a fbox) inside(b fbox) bool {
	return a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1
}

// Label priorities: lower places first and wins the free spots.
const (
	prioOverlay = iota
	prioModel
	prioPiece
)

// labelReq is a text to place near an anchor (a point with a pixel radius:
// the label goes just outside that circle).
type labelReq struct {
	text     string
	face     font.Face
	col      color.NRGBA
	ax, ay   float64
	r        float64
	prio     int
	leader   bool // may move further out with a leader line
	centered bool // try the anchor itself first (piece labels)
	owner    int  // index into obstacles of the labelled thing, or -1
	seq      int
}

// labeler places labels greedily: for each label in priority order it tries
// a fixed list of positions around the anchor and takes the first that
// stays in bounds and overlaps no placed label and no obstacle (model
// footprints). Labels with leader allowed then try two further rings and get
// a leader line; a label with no free position is skipped (counted in
// skipped).
type labeler struct {
	bounds    fbox
	obstacles []fbox
	lines     []fbox // small boxes along overlay lines: avoided when possible
	reqs      []labelReq
	placed    []fbox
	skipped   int
	strict    bool       // whether free avoids lines too
	done      []labelReq // the labels placed, for repeats
}

func (lb *labeler) add(r labelReq) {
	r.seq = len(lb.reqs)
	lb.reqs = append(lb.reqs, r)
}

// directions around an anchor: right, up, left, down, then the diagonals.
var labelDirs = [8][2]float64{{1, 0}, {0, -1}, {-1, 0}, {0, 1}, {1, -1}, {-1, -1}, {-1, 1}, {1, 1}}

// place positions and draws every requested label.
func (lb *labeler) place(c *canvas) {
	sort.SliceStable(lb.reqs, func(i, j int) bool { return lb.reqs[i].prio < lb.reqs[j].prio })
	for _, r := range lb.reqs {
		if lb.repeats(r) {
			continue
		}
		w, h := c.measure(r.text, r.face)
		w += 4
		h += 2
		rings := []float64{r.r + 3}
		if r.leader {
			rings = append(rings, r.r+16, r.r+32)
		}
		done := false
		for _, strict := range []bool{true, false} {
			lb.strict = strict
			done = lb.placeOne(c, r, w, h, rings)
			if done {
				break
			}
		}
		if !done {
			lb.skipped++
		}
	}
}

// placeOne tries the candidate boxes of r ring by ring and draws the label
// in the first free one.
func (lb *labeler) placeOne(c *canvas, r labelReq, w, h float64, rings []float64) bool {
	var cands []fbox
	if r.centered {
		cands = append(cands, fbox{r.ax - w/2, r.ay - h/2, r.ax + w/2, r.ay + h/2})
	}
	for ri, d := range rings {
		for _, dir := range labelDirs {
			cx := r.ax + dir[0]*(d+w/2)
			cy := r.ay + dir[1]*(d+h/2)
			if dir[0] != 0 && dir[1] != 0 {
				cx = r.ax + dir[0]*(d*math.Sqrt2/2+w/2)
				cy = r.ay + dir[1]*(d*math.Sqrt2/2+h/2)
			}
			cands = append(cands, fbox{cx - w/2, cy - h/2, cx + w/2, cy + h/2})
		}
		for _, b := range cands {
			if lb.free(b, r.owner) {
				lb.draw(c, r, b, ri > 0)
				return true
			}
		}
		cands = cands[:0]
	}
	return false
}

// repeatRadius is how close, in pixels, two anchors with the same text
// must be for the second label to be left out: ten windows of one wall
// all "south: clear" read as one label.
const repeatRadius = 60

// repeats reports whether a label with r's text was already placed for an
// anchor near r's.
func (lb *labeler) repeats(r labelReq) bool {
	for _, d := range lb.done {
		if d.text == r.text && math.Hypot(d.ax-r.ax, d.ay-r.ay) < repeatRadius {
			return true
		}
	}
	return false
}

// avoidLine asks labels to keep off the pixel segment (x0, y0)-(x1, y1),
// an overlay line, where another place is free.
func (lb *labeler) avoidLine(x0, y0, x1, y1 float64) {
	n := int(math.Hypot(x1-x0, y1-y0)/6) + 1
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x, y := x0+t*(x1-x0), y0+t*(y1-y0)
		lb.lines = append(lb.lines, fbox{x - 2.5, y - 2.5, x + 2.5, y + 2.5})
	}
}

func (lb *labeler) free(b fbox, owner int) bool {
	if !b.inside(lb.bounds) {
		return false
	}
	for _, p := range lb.placed {
		if b.overlaps(p) {
			return false
		}
	}
	for i, o := range lb.obstacles {
		if i != owner && b.overlaps(o) {
			return false
		}
	}
	if lb.strict {
		for _, o := range lb.lines {
			if b.overlaps(o) {
				return false
			}
		}
	}
	return true
}

func (lb *labeler) draw(c *canvas, r labelReq, b fbox, leader bool) {
	lb.placed = append(lb.placed, b)
	lb.done = append(lb.done, r)
	if leader {
		// From the anchor's rim towards the box centre, ending at the box.
		cx, cy := (b.x0+b.x1)/2, (b.y0+b.y1)/2
		dx, dy := cx-r.ax, cy-r.ay
		n := math.Hypot(dx, dy)
		if n > 0 {
			ex, ey := clampTo(b, r.ax, r.ay, cx, cy)
			c.dc.SetLineWidth(1)
			c.setColor(withAlpha(r.col, 0xB0))
			c.dc.DrawLine(r.ax+dx/n*r.r, r.ay+dy/n*r.r, ex, ey)
			c.dc.Stroke()
		}
	}
	c.dc.SetRGBA255(255, 255, 255, 0xC8)
	c.dc.DrawRectangle(b.x0, b.y0, b.x1-b.x0, b.y1-b.y0)
	c.dc.Fill()
	c.text(r.text, r.face, b.x0+2, b.y0+1, r.col)
}

// clampTo returns where the segment from (ax, ay) to the box centre (cx,
// cy) enters the box.
func clampTo(b fbox, ax, ay, cx, cy float64) (float64, float64) {
	t := 0.0
	dx, dy := cx-ax, cy-ay
	hw, hh := (b.x1-b.x0)/2, (b.y1-b.y0)/2
	// Parameter along centre->anchor where the box edge is reached.
	tx, ty := math.Inf(1), math.Inf(1)
	if dx != 0 {
		tx = hw / math.Abs(dx)
	}
	if dy != 0 {
		ty = hh / math.Abs(dy)
	}
	t = math.Min(math.Min(tx, ty), 1)
	return cx - dx*t, cy - dy*t
}
