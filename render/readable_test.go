package render

import (
	"testing"

	"github.com/sightline/sightline/geom"
)

// TestRepeatedLabelsOnce: ten identical labels at nearby anchors (the
// windows of one wall, all "south: clear") are drawn once; the same text
// far away is drawn again.
func TestRepeatedLabelsOnce(t *testing.T) {
	bf := smallBattlefield(t)
	l, _ := TopDownLayout(bf.Table(), Options{})
	c, err := newCanvas(bf, l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		c.lab.add(labelReq{text: "south: clear", face: c.f.label, ax: 200 + float64(3*i), ay: 200, r: 3, prio: prioOverlay, leader: true, owner: -1})
	}
	c.lab.add(labelReq{text: "south: clear", face: c.f.label, ax: 400, ay: 350, r: 3, prio: prioOverlay, leader: true, owner: -1})
	c.lab.place(c)
	if n := len(c.lab.placed); n != 2 {
		t.Errorf("placed %d labels, want 2 (one per place)", n)
	}
}

// TestLabelsKeepOffLines: a label whose anchor sits on an overlay line
// is placed off the line when another place is free.
func TestLabelsKeepOffLines(t *testing.T) {
	bf := smallBattlefield(t)
	l, _ := TopDownLayout(bf.Table(), Options{})
	c, err := newCanvas(bf, l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.lab.avoidLine(100, 300, 400, 300) // a horizontal line through the anchor
	c.lab.add(labelReq{text: "a long label", face: c.f.label, ax: 250, ay: 300, r: 4, prio: prioModel, owner: -1})
	c.lab.place(c)
	if len(c.lab.placed) != 1 {
		t.Fatalf("placed %d labels, want 1", len(c.lab.placed))
	}
	if b := c.lab.placed[0]; b.y0 < 302.5 && b.y1 > 297.5 {
		t.Errorf("label box %v lies across the line at y = 300", b)
	}
}

// TestLegendNamesLinks: each kind of link has its own legend entry, so the
// first-seen line is not called "coherency kept".
func TestLegendNamesLinks(t *testing.T) {
	var s legendSet
	Link{Kind: LinkSeen, OK: true}.marks(&s)
	Link{Kind: LinkArc}.marks(&s)
	Target{ID: "x", HiddenBy: []Hider{{ID: "wall", Fraction: 0.5}}}.marks(&s)
	has := func(b int) bool { return s.overlays&(1<<b) != 0 }
	if has(lgLinkOK) || has(lgLinkBroken) || !has(lgLinkSeen) || !has(lgLinkArc) || !has(lgHidden) {
		t.Errorf("legend bits %b: want seen, arc and hidden, no coherency", s.overlays)
	}
}

// TestProfileLabelsOffTicks: the eye and target labels of a profile never
// cover an axis tick label, whose boxes are obstacles.
func TestProfileLabelsOffTicks(t *testing.T) {
	bf := smallBattlefield(t)
	ps, err := newProfileScene(bf, Sightline{From: geom.V3(1, 2, 0.1), To: geom.V3(23, 2, 0.1), Clear: true}, Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ps.render(bf, Options{}); err != nil {
		t.Fatal(err)
	}
	// Re-run the axes on a fresh canvas to collect the tick boxes, then
	// check the labels the real render placed against them.
	l := ps.layout
	c, err := newCanvas(bf, Layout{PxPerInch: l.PxPerInch, Size: l.Size}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.profileAxes(l)
	if len(c.lab.obstacles) == 0 {
		t.Fatal("no tick label obstacles")
	}
	c.lab.add(labelReq{text: "eye z=0.1", face: c.f.label, ax: float64(l.Plot.Min.X), ay: float64(l.Plot.Max.Y) - 2, r: 6, prio: prioOverlay, leader: true, owner: -1})
	c.lab.place(c)
	for _, p := range c.lab.placed {
		for _, o := range c.lab.obstacles {
			if p.overlaps(o) {
				t.Errorf("label %v covers tick label %v", p, o)
			}
		}
	}
}
