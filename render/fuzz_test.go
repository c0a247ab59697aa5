package render

import (
	"testing"

	"github.com/sightline/sightline/geom"
)

// FuzzProfile feeds arbitrary sightlines (and block points) to the profile
// and the top-down overlay: they must either draw or return an error,
// never panic or hang.
func FuzzProfile(f *testing.F) {
	f.Add(4.0, 8.0, 0.5, 20.0, 8.0, 0.4, 10.0, 8.0, 0.46, false)
	f.Add(12.0, 14.0, 10.0, 23.0, 14.0, 10.0, 17.5, 14.0, 10.0, true)
	f.Add(3.0, 3.0, 0.0, 3.0, 3.0, 5.0, 0.0, 0.0, 0.0, false)
	bf := smallBattlefield(f)
	f.Fuzz(func(t *testing.T, x0, y0, z0, x1, y1, z1, bx, by, bz float64, clear bool) {
		bp := geom.V3(bx, by, bz)
		s := Sightline{From: geom.V3(x0, y0, z0), To: geom.V3(x1, y1, z1), Clear: clear, BlockPoint: &bp, BlockerID: "house-1"}
		opt := Options{PxPerInch: 2, NoLegend: true}
		if _, err := ProfileOf(bf, s, opt); err != nil {
			return
		}
		sc, err := NewScene(bf, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := sc.Add(s); err != nil {
			t.Fatalf("profile accepted %+v but the scene refused it: %v", s, err)
		}
		if _, err := sc.Render(); err != nil {
			t.Fatal(err)
		}
	})
}
