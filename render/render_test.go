package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// encodeDecode writes img as PNG and decodes it back, so every pixel check
// looks at what a user would see in the file.
func encodeDecode(t *testing.T, img image.Image) (image.Image, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	out, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return out, buf.Bytes()
}

// near reports whether the pixel at p is within tol of want in every
// channel (alpha ignored: pictures are opaque).
func near(img image.Image, p image.Point, want color.NRGBA, tol int) (color.NRGBA, bool) {
	got := color.NRGBAModel.Convert(img.At(p.X, p.Y)).(color.NRGBA)
	d := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	return got, d(got.R, want.R) && d(got.G, want.G) && d(got.B, want.B)
}

func TestImageSize(t *testing.T) {
	small := smallBattlefield(t) // 24 x 18 in
	tests := []struct {
		opt  Options
		w, h int
	}{
		// 44 + 24*20 + 16 = 540 wide, 34 + 18*20 + 64 = 458 high.
		{Options{NoLegend: true}, 540, 458},
		// 44 + 24*10 + 16 = 300 wide, 34 + 18*10 + 64 = 278 high.
		{Options{NoLegend: true, PxPerInch: 10}, 300, 278},
		// 44 + round(24*12.5)=300 + 16 = 360, 34 + round(18*12.5)=225 + 64 = 323.
		{Options{NoLegend: true, PxPerInch: 12.5}, 360, 323},
		// With the legend: 540 + 210 = 750 wide, 458 high (the legend fits).
		{Options{}, 750, 458},
	}
	for _, tt := range tests {
		img, err := TopDown(small, tt.opt)
		if err != nil {
			t.Fatal(err)
		}
		dec, _ := encodeDecode(t, img)
		if got := dec.Bounds().Size(); got != image.Pt(tt.w, tt.h) {
			t.Errorf("TopDown(%+v) size = %v, want %dx%d", tt.opt, got, tt.w, tt.h)
		}
	}
	// The default 48 x 48 table at 20 px/in: 44 + 960 + 16 + 210 = 1230 by
	// 34 + 960 + 64 = 1058, unless the legend of its many squads is taller.
	bf, err := terrain.GenerateBattlefield(1, terrain.DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewScene(bf, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Layout(); l.Size.X != 1230 || l.Size.Y < 1058 {
		t.Errorf("default table layout size = %v, want 1230 x >= 1058", l.Size)
	}
}

func TestBuildingFillAtCentroid(t *testing.T) {
	bf := smallBattlefield(t)
	img, err := TopDown(bf, Options{NoLabels: true})
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := encodeDecode(t, img)
	l, _ := TopDownLayout(bf.Table(), Options{})
	// house-1 spans x 10..14, y 6..10: centroid (12, 8) at pixel
	// (44 + 12*20, 34 + (18-8)*20) = (284, 234).
	p := l.PixelAt(geom.Pt(12, 8))
	if p != image.Pt(284, 234) {
		t.Fatalf("PixelAt(12, 8) = %v, want (284, 234)", p)
	}
	// Building colour #C07452 shaded for 3 in: factor 1 - 3/8*0.45 =
	// 0.83125, so (192, 116, 82) -> (159.6, 96.4, 68.2) -> (160, 96, 68).
	want := color.NRGBA{160, 96, 68, 255}
	house, _ := bf.Piece("house-1")
	if got := TerrainColor(house); got != want {
		t.Errorf("TerrainColor(house-1) = %v, want %v", got, want)
	}
	if got, ok := near(dec, p, want, 0); !ok {
		t.Errorf("pixel at house-1 centroid = %v, want %v", got, want)
	}
	// The table surface well away from everything (22, 1): off any grid
	// line (pixel 44+440+10 = 494, 34+340+10 = 384).
	if got, ok := near(dec, image.Pt(494, 384), ColorTable, 0); !ok {
		t.Errorf("table pixel = %v, want %v", got, ColorTable)
	}
}

func TestSightlineColours(t *testing.T) {
	bf := smallBattlefield(t)
	s, err := NewScene(bf, Options{NoLabels: true})
	if err != nil {
		t.Fatal(err)
	}
	bp := geom.V3(10, 8, 0.9)
	if err := s.Add(
		Sightline{From: geom.V3(4, 8, 0.5), To: geom.V3(20, 8, 0.4), BlockPoint: &bp, BlockerID: "house-1"},
		Sightline{From: geom.V3(2, 17, 1), To: geom.V3(22, 17, 1), Clear: true},
	); err != nil {
		t.Fatal(err)
	}
	img, err := s.Render()
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := encodeDecode(t, img)
	tests := []struct {
		name string
		at   image.Point
		want color.NRGBA
		tol  int
	}{
		// Blocked ray at plan (7, 8): x = 44 + 140 = 184; the 2.5 px line
		// centred on y = 34 + 200 = 234 fully covers row 233.
		{"blocked ray", image.Pt(184, 233), ColorBlocked, 2},
		// Cross at the block point (10, 8): pixel (244, 234).
		{"block mark", image.Pt(244, 234), ColorBlockMark, 40},
		// Clear ray at (15, 17): x = 44 + 300 = 344, y = 34 + 20 = 54, row 53.
		{"clear ray", image.Pt(344, 53), ColorClear, 2},
		// The blocker's outline along house-1's north edge y = 10
		// (pixel y 194), at x = 12.5 (pixel 294): row 193.
		{"blocker outline", image.Pt(294, 193), ColorBlocker, 2},
	}
	for _, tt := range tests {
		if got, ok := near(dec, tt.at, tt.want, tt.tol); !ok {
			t.Errorf("%s at %v = %v, want %v", tt.name, tt.at, got, tt.want)
		}
	}
}

func TestScaleBar(t *testing.T) {
	bf := smallBattlefield(t)
	for _, ppi := range []float64{10, 20, 33} {
		opt := Options{PxPerInch: ppi, NoLegend: true}
		img, err := TopDown(bf, opt)
		if err != nil {
			t.Fatal(err)
		}
		dec, _ := encodeDecode(t, img)
		l, _ := TopDownLayout(bf.Table(), opt)
		// Measure the run of ink along the bar's top row, starting left of
		// the table.
		y := l.ScaleBar.Min.Y
		start, end := -1, -1
		for x := 0; x < dec.Bounds().Dx(); x++ {
			if _, ok := near(dec, image.Pt(x, y), ColorInk, 0); ok {
				if start < 0 {
					start = x
				}
				end = x + 1
			} else if start >= 0 {
				break
			}
		}
		// 6 in at ppi px/in: 60, 120 and 198 px.
		want := int(math.Round(6 * ppi))
		if end-start != want {
			t.Errorf("ppi %v: scale bar is %d px long, want %d", ppi, end-start, want)
		}
		if start != MarginLeft {
			t.Errorf("ppi %v: scale bar starts at x = %d, want the table's left edge %d", ppi, start, MarginLeft)
		}
	}
}

func TestProfileBlock(t *testing.T) {
	bf := smallBattlefield(t)
	tests := []struct {
		name     string
		from, to geom.Vec3
		block    *geom.Vec3
		id       string
	}{
		// Track along y = 8 from x = 4 to 20 enters house-1 (x 10..14) at
		// t = 6/16; z = 0.5 - 0.1*0.375 = 0.4625 < 3: blocked there.
		{"low", geom.V3(4, 8, 0.5), geom.V3(20, 8, 0.4), &geom.Vec3{X: 10, Y: 8, Z: 0.4625}, "house-1"},
		// z = 5 - 4t: 3.5 at entry (t = .375), 2.5 at exit (t = .625), so
		// the ray dips below the 3 in roof at t = 0.5, (12, 8, 3).
		{"descending", geom.V3(4, 8, 5), geom.V3(20, 8, 1), &geom.Vec3{X: 12, Y: 8, Z: 3}, "house-1"},
		// Level with the roof: grazing, clear.
		{"roof level", geom.V3(4, 8, 3), geom.V3(20, 8, 3), nil, ""},
		// Above the roof.
		{"high", geom.V3(4, 8, 4), geom.V3(20, 8, 4), nil, ""},
		// Through smoke-1 (centre (19, 14), r 1.5) at any height: the track
		// along y = 14 from x = 12 enters the circumscribed polygon at
		// x = 17.5 at the latest; z = 10 everywhere.
		{"smoke", geom.V3(12, 14, 10), geom.V3(23, 14, 10), &geom.Vec3{X: 17.5, Y: 14, Z: 10}, "smoke-1"},
	}
	for _, tt := range tests {
		track := geom.Seg(geom.Flat(tt.from), geom.Flat(tt.to))
		bp, id := geometricBlock(tt.from, tt.to, findCrossings(bf, track, 0.01))
		if id != tt.id || (bp == nil) != (tt.block == nil) {
			t.Errorf("%s: geometricBlock = %v %q, want %v %q", tt.name, bp, id, tt.block, tt.id)
			continue
		}
		if bp != nil && bp.Sub(*tt.block).Norm() > 0.02 {
			t.Errorf("%s: block point = %v, want %v", tt.name, *bp, *tt.block)
		}
	}
}

func TestProfilePixels(t *testing.T) {
	bf := smallBattlefield(t)
	from, to := geom.V3(4, 8, 0.5), geom.V3(20, 8, 0.4)
	img, err := Profile(bf, from, to, Options{NoLabels: true})
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := encodeDecode(t, img)
	l, err := ProfileLayoutOf(bf, from, to, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Track 16 in at 20 px/in: plot 320 px wide; tallest thing house-1 at
	// 3 in -> ceil(3+1) = 4 in = 80 px, raised to 140/20 = 7 in.
	if l.Length != 16 || l.ZMax != 7 || l.Plot.Dx() != 320 || l.Plot.Dy() != 140 {
		t.Errorf("profile layout = %+v, want length 16, zmax 7, plot 320x140", l)
	}
	// Block cross at d = 6, z = 0.4625.
	x, y := l.ToPixel(6, 0.4625)
	if got, ok := near(dec, image.Pt(int(x), int(y)), ColorBlockMark, 40); !ok {
		t.Errorf("profile block mark at (%v, %v) = %v, want %v", x, y, got, ColorBlockMark)
	}
	// Red ray before it at d = 3.5: z = 0.5 - 0.1*3.5/16 = 0.478125.
	x, y = l.ToPixel(3.5, 0.478125)
	if got, ok := near(dec, image.Pt(int(x), int(y)), ColorBlocked, 30); !ok {
		t.Errorf("profile ray at (%v, %v) = %v, want %v", x, y, got, ColorBlocked)
	}
	// house-1 drawn over d 6..10 up to 3 in: its colour at d = 8, z = 2.
	x, y = l.ToPixel(8, 2)
	house, _ := bf.Piece("house-1")
	if got, ok := near(dec, image.Pt(int(x), int(y)), TerrainColor(house), 0); !ok {
		t.Errorf("profile house-1 at (%v, %v) = %v, want %v", x, y, got, TerrainColor(house))
	}

	// A clear profile above the roofs is green.
	from, to = geom.V3(2, 17, 1), geom.V3(22, 17, 1)
	img, err = Profile(bf, from, to, Options{NoLabels: true})
	if err != nil {
		t.Fatal(err)
	}
	dec, _ = encodeDecode(t, img)
	l, _ = ProfileLayoutOf(bf, from, to, Options{})
	x, y = l.ToPixel(10, 1)
	if got, ok := near(dec, image.Pt(int(x), int(y)), ColorClear, 30); !ok {
		t.Errorf("clear profile ray at (%v, %v) = %v, want %v", x, y, got, ColorClear)
	}
}

func TestDeterministic(t *testing.T) {
	bf := smallBattlefield(t)
	render := func() []byte {
		img, err := Sheet(bf, Options{Title: "determinism"}, sampleParts()...)
		if err != nil {
			t.Fatal(err)
		}
		_, b := encodeDecode(t, img)
		return b
	}
	a := render()
	// Concurrent renders of the same input must agree byte for byte.
	done := make(chan []byte, 2)
	for i := 0; i < 2; i++ {
		go func() {
			img, err := Sheet(bf, Options{Title: "determinism"}, sampleParts()...)
			if err != nil {
				done <- nil
				return
			}
			var buf bytes.Buffer
			_ = WritePNG(&buf, img)
			done <- buf.Bytes()
		}()
	}
	for i := 0; i < 2; i++ {
		if b := <-done; !bytes.Equal(a, b) {
			t.Fatalf("render %d differs from the first (%d vs %d bytes)", i+1, len(b), len(a))
		}
	}
}

func TestErrors(t *testing.T) {
	bf := smallBattlefield(t)
	nan := math.NaN()
	tests := []struct {
		name string
		run  func() error
		is   error
		msg  string
	}{
		{"nil battlefield", func() error { _, err := TopDown(nil, Options{}); return err }, ErrInput, "nil battlefield"},
		{"NaN ppi", func() error { _, err := TopDown(bf, Options{PxPerInch: nan}); return err }, ErrOptions, "PxPerInch = NaN"},
		{"negative ppi", func() error { _, err := TopDown(bf, Options{PxPerInch: -1}); return err }, ErrOptions, "PxPerInch = -1"},
		{"huge ppi", func() error { _, err := TopDown(bf, Options{PxPerInch: 1e4}); return err }, ErrOptions, "PxPerInch = 10000"},
		{"too many pixels", func() error {
			big, err := terrain.New(terrain.Table{Width: 1000, Depth: 1000}, nil, nil)
			if err != nil {
				return err
			}
			_, err = TopDown(big, Options{PxPerInch: 100})
			return err
		}, ErrOptions, "more than"},
		{"NaN sightline", func() error {
			s, _ := NewScene(bf, Options{})
			return s.Add(Sightline{From: geom.V3(nan, 1, 1)})
		}, ErrInput, "Sightline.From"},
		{"fraction", func() error {
			s, _ := NewScene(bf, Options{})
			return s.Add(Target{ID: "inf-1", Fraction: 1.5})
		}, ErrInput, "Target.Fraction = 1.5"},
		{"path point", func() error {
			s, _ := NewScene(bf, Options{})
			return s.Add(PathOverlay{Points: []geom.Point{{X: 1, Y: 1}, {X: math.Inf(1), Y: 0}}})
		}, ErrInput, "PathOverlay.Points[1]"},
		{"nil overlay", func() error { s, _ := NewScene(bf, Options{}); return s.Add(nil) }, ErrInput, "nil"},
		{"flat profile", func() error {
			_, err := Profile(bf, geom.V3(3, 3, 0), geom.V3(3, 3, 5), Options{})
			return err
		}, ErrInput, "no ground track"},
		// (-5000,-5000) to (5000,5000): 10000·sqrt(2) = 14142.14 in (the
		// FuzzProfile seed far-off-table).
		{"far-off profile", func() error {
			_, err := Profile(bf, geom.V3(-5000, -5000, 1), geom.V3(5000, 5000, 1), Options{PxPerInch: 2})
			return err
		}, ErrInput, "Sightline.From (-5000, -5000) to Sightline.To (5000, 5000) is a ground track of 14142.14 in, more than MaxProfileLength = 1000 in"},
		// (0,0) to (600,800) is exactly 1000 in: accepted (2000 px wide at
		// 2 px/in), one 0.01 in further is not.
		{"longest profile", func() error {
			_, err := ProfileLayoutOf(bf, geom.V3(0, 0, 1), geom.V3(600, 800, 1), Options{PxPerInch: 2})
			return err
		}, nil, ""},
		{"just too long profile", func() error {
			_, err := ProfileLayoutOf(bf, geom.V3(0, 0, 1), geom.V3(600, 800.01, 1), Options{PxPerInch: 2})
			return err
		}, ErrInput, "MaxProfileLength = 1000 in"},
		// An eye at 999 in: ZMax = ceil(999 + 1) = 1000, accepted; at 999.5
		// ZMax is 1001.
		{"highest profile", func() error {
			_, err := ProfileLayoutOf(bf, geom.V3(0, 0, 999), geom.V3(10, 0, 1), Options{PxPerInch: 2})
			return err
		}, nil, ""},
		{"too high profile", func() error {
			_, err := ProfileLayoutOf(bf, geom.V3(0, 0, 999.5), geom.V3(10, 0, 1), Options{PxPerInch: 2})
			return err
		}, ErrInput, "Sightline.From.Z = 999.5, Sightline.To.Z = 1: the profile would be 1001 in high, more than MaxProfileLength = 1000 in"},
		{"nil part", func() error { _, err := Sheet(bf, Options{}, nil); return err }, ErrInput, "part 0"},
		{"nil image", func() error { return WritePNG(&bytes.Buffer{}, nil) }, ErrInput, "nil image"},
	}
	for _, tt := range tests {
		err := tt.run()
		if !errors.Is(err, tt.is) || !strings.Contains(fmtErr(err), tt.msg) {
			t.Errorf("%s: error = %v, want %v containing %q", tt.name, err, tt.is, tt.msg)
		}
	}
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestLabelsDoNotOverlap(t *testing.T) {
	bf := smallBattlefield(t)
	l, _ := TopDownLayout(bf.Table(), Options{})
	c, err := newCanvas(bf, l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Twelve labels on one anchor with leader lines allowed, then ten on
	// another without: the first ring has 8 places, so the second group
	// places at most 8, and the leader rings let the first place more.
	for i := 0; i < 12; i++ {
		c.lab.add(labelReq{text: "label-" + string(rune('a'+i)), face: c.f.label, ax: 250, ay: 200, r: 10,
			prio: prioModel, leader: true, owner: -1})
	}
	for i := 0; i < 10; i++ {
		c.lab.add(labelReq{text: "x-" + string(rune('a'+i)), face: c.f.label, ax: 250, ay: 400, r: 10,
			prio: prioPiece, owner: -1})
	}
	c.lab.place(c)
	p := c.lab.placed
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i].overlaps(p[j]) {
				t.Errorf("labels %d and %d overlap: %v %v", i, j, p[i], p[j])
			}
		}
	}
	first := 0
	for _, b := range p {
		if b.y1 < 300 {
			first++
		}
	}
	second := len(p) - first
	if len(p)+c.lab.skipped != 22 || first <= 8 || second > 8 || second < 4 {
		t.Errorf("placed %d near the first anchor, %d near the second, skipped %d; want > 8, 4..8 and the rest skipped",
			first, second, c.lab.skipped)
	}
}

func TestSpanningTree(t *testing.T) {
	// Prim from 0: 1 at 1, 3 at sqrt 2, 2 at 5 -> take 1; then 3 at 1 (via
	// 1), 2 at 4 (via 1) -> take (1, 3); then 2 via 1 (4 < sqrt 17).
	pts := []geom.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 5, Y: 0}, {X: 1, Y: 1}}
	got := spanningTree(pts)
	want := [][2]int{{0, 1}, {1, 3}, {1, 2}}
	if len(got) != len(want) {
		t.Fatalf("spanningTree = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("spanningTree = %v, want %v", got, want)
			break
		}
	}
}

// sampleParts is a verdict sheet exercising every overlay on
// smallBattlefield.
func sampleParts() []Part {
	bp := geom.V3(10, 8, 0.4625)
	return []Part{
		ArcOverlay{ModelID: "tank-1", Arc: geom.ArcFromCenter(0, geom.Degrees(90)), Radius: 12, Label: "front arc"},
		Ring{ModelID: "tank-1", Radius: 6, Label: "6 in"},
		Sightline{From: geom.V3(4, 8, 0.5), To: geom.V3(20, 8, 0.4), BlockPoint: &bp, BlockerID: "house-1", Label: "q1"},
		Sightline{From: geom.V3(4, 8, 0.5), To: geom.V3(20, 3, 0.4), Clear: true, Label: "q2"},
		Target{ID: "inf-2", Fraction: 0.625},
		PathOverlay{ModelID: "walker-1", Points: []geom.Point{{X: 5, Y: 3}, {X: 8, Y: 4}, {X: 12, Y: 7}},
			Cost: 7.1, HasCost: true, LegCosts: []float64{3.16, 3.94},
			Violations: []Violation{{At: geom.Pt(10.67, 6), Text: "enters house-1 (impassable)"}}},
		Link{A: geom.Pt(20, 8), B: geom.Pt(20, 3), Label: "5 in > 2 in"},
		Template{Circle: &geom.Circle{Center: geom.Pt(17, 12), Radius: 1.5}, Label: "3 in blast", Hit: []string{"smoke-1"}},
		Scatter{From: geom.Pt(16, 10), To: geom.Pt(17, 12), Label: "scatter 2.2"},
		Verdict{Title: "q1: tank-1 cannot see inf-1", Text: "The sightline from tank-1's eye (4, 8, 0.5) to inf-1 (20, 8, 0.4) " +
			"meets house-1, a 3 in tall blocking building, at (10, 8) at height 0.46 in.\nq2: inf-2 is seen, 62.5% of its silhouette visible."},
	}
}
