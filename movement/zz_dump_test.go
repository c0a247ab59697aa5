package movement

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"testing"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

func TestZZDump(t *testing.T) {
	out := os.Getenv("R2DUMP")
	if out == "" {
		t.Skip()
	}
	f, _ := os.Create(out)
	defer f.Close()
	type tb struct {
		name string
		opt  terrain.GenerateOptions
		seed int64
		near float64
	}
	var tabs []tb
	for s := int64(1); s <= 6; s++ {
		tabs = append(tabs, tb{fmt.Sprint("def", s), terrain.DefaultGenerate(), s, 0})
	}
	for _, p := range []int{50, 200, 800, 3000} {
		tabs = append(tabs, tb{fmt.Sprint("scale", p), terrain.ScaledGenerate(p), 1, 30})
	}
	for _, tt := range tabs {
		bf, err := terrain.GenerateBattlefield(tt.seed, tt.opt)
		if err != nil {
			t.Fatal(err)
		}
		rt := NewRouter(bf)
		rng := rand.New(rand.NewSource(tt.seed))
		ms := bf.Models()
		tbl := bf.Table()
		for i := 0; i < 300; i++ {
			m := ms[rng.Intn(len(ms))]
			var to geom.Point
			if tt.near > 0 {
				to = geom.Pt(m.Position.X+(rng.Float64()*2-1)*tt.near, m.Position.Y+(rng.Float64()*2-1)*tt.near)
			} else {
				to = geom.Pt(rng.Float64()*tbl.Width, rng.Float64()*tbl.Depth)
			}
			for _, uw := range []bool{false, true} {
				opt := RouteOptions{Unweighted: uw}
				var r Route
				var err error
				if i%5 == 0 {
					r, err = ShortestPath(bf, m.ID, to, opt)
				} else {
					r, err = rt.ShortestPath(m.ID, to, opt)
				}
				b, _ := json.Marshal(r)
				fmt.Fprintf(f, "%s %d %v %s %v\n", tt.name, i, uw, b, err)
			}
		}
	}
}
