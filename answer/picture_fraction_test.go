package answer

import (
	"image"
	"image/color"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
)

// TestFractionProfileCrossesHider checks that the sightline a
// visible-fraction sheet profiles runs through what hides the target: in
// testdata/fraction-hidden.json a low wall hides the lower part of a tank
// while the line from the eye to the tank's centre passes over it, so a
// profile to the centre would not show the wall hiding anything. The
// sheet's line must be blocked by the wall (the largest hider), and its
// profile must draw the ray in the blocked colour before the block point
// and the wall outlined as the blocker there.
func TestFractionProfileCrossesHider(t *testing.T) {
	f, err := scenario.Load("testdata/fraction-hidden.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := rulesets.Lookup(f.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := g.ParseOptions(f)
	if err != nil {
		t.Fatal(err)
	}
	sight := opt.Geometry().Sight
	bf := f.Battlefield()
	fr, err := los.VisibleFraction(bf, "eye", "tgt", sight)
	if err != nil {
		t.Fatal(err)
	}
	if len(fr.Hidden) != 2 || fr.Hidden[0].ID != "low" {
		t.Fatalf("hidden = %+v, want the wall low first, then the post", fr.Hidden)
	}
	if c := los.SightSegment(bf, fr.Eye, fr.Centre, sight, "eye", "tgt"); !c.Clear {
		t.Fatalf("eye to centre is blocked by %s: the file no longer tests a line over the hider", c.Blocker.ID)
	}
	answers, errs := Run(f)
	if len(errs) > 0 || len(answers) != 1 || answers[0].Err != nil {
		t.Fatalf("run: %v", errs)
	}
	var s *render.Sightline
	for _, p := range answers[0].overlays {
		if l, ok := p.(render.Sightline); ok {
			s = &l
		}
	}
	if s == nil {
		t.Fatal("the visible-fraction answer draws no sightline")
	}
	seg := los.SightSegment(bf, s.From, s.To, sight, "eye", "tgt", "post")
	if seg.Clear || seg.Blocker.ID != "low" {
		t.Fatalf("sheet line %v→%v: blocked %v by %q, want blocked by low", s.From, s.To, !seg.Clear, seg.Blocker.ID)
	}
	if s.Clear || s.BlockerID != "low" || s.BlockPoint == nil {
		t.Fatalf("sheet line = %+v, want drawn blocked by low at its block point", *s)
	}
	img, err := render.ProfileOf(bf, *s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := render.ProfileLayoutOf(bf, s.From, s.To, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dBlock := geom.Flat(*s.BlockPoint).Sub(geom.Flat(s.From)).Norm()
	x, y := l.ToPixel(dBlock/2, (s.From.Z+s.BlockPoint.Z)/2)
	if !colourNear(img, x, y, 1, render.ColorBlocked) {
		t.Errorf("profile: no blocked-ray colour at (%.0f, %.0f), half way to the block point", x, y)
	}
	// The wall spans 10 ≤ x ≤ 11 along a track from x = 2: its near face
	// at 8 in along, its top at 0.9 in, outlined in the blocker colour.
	x, y = l.ToPixel(8.5, 0.9)
	if !colourNear(img, x, y, 2, render.ColorBlocker) {
		t.Errorf("profile: no blocker outline at (%.0f, %.0f), the top of the wall", x, y)
	}
}

// colourNear reports whether a pixel within r of (x, y) has colour want
// (each channel within 40).
func colourNear(img image.Image, x, y float64, r int, want color.NRGBA) bool {
	px, py := int(x+0.5), int(y+0.5)
	for dx := -r; dx <= r; dx++ {
		for dy := -r; dy <= r; dy++ {
			got := color.NRGBAModel.Convert(img.At(px+dx, py+dy)).(color.NRGBA)
			if close8(got.R, want.R) && close8(got.G, want.G) && close8(got.B, want.B) {
				return true
			}
		}
	}
	return false
}
