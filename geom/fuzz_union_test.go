package geom

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// decodeUnionPolys turns fuzz bytes into up to 6 polygons of 3 to 10
// vertices: each vertex takes 4 bytes, two int16 coordinates scaled by
// scale/32768 around (offset, offset); a vertex whose first byte is
// divisible by 5 is instead put on an edge of the previous polygon (as
// computed by Segment.At), to make nearly coincident edges. The polygons
// are returned raw (not necessarily convex).
func decodeUnionPolys(data []byte, offset, scale float64) [][]Point {
	if len(data) == 0 {
		return nil
	}
	np := 1 + int(data[0])%6
	data = data[1:]
	var polys [][]Point
	for range np {
		if len(data) == 0 {
			break
		}
		nv := 3 + int(data[0])%8
		data = data[1:]
		var p []Point
		for range nv {
			if len(data) < 4 {
				break
			}
			x := float64(int16(binary.LittleEndian.Uint16(data)))
			y := float64(int16(binary.LittleEndian.Uint16(data[2:])))
			if prev := len(polys) - 1; data[0]%5 == 0 && prev >= 0 && len(polys[prev]) > 0 {
				q := polys[prev]
				k := int(data[1]) % len(q)
				p = append(p, Seg(q[k], q[(k+1)%len(q)]).At(float64(data[2])/255))
			} else {
				p = append(p, Pt(offset+scale*x/32768, offset+scale*y/32768))
			}
			data = data[4:]
		}
		polys = append(polys, p)
	}
	return polys
}

// FuzzConvexUnionArea checks that ConvexUnionArea never panics on raw
// polygons, and that on their convex hulls it agrees with the exact
// reference, lies between the largest single area and the summed areas,
// and does not depend on the order of the polygons or of their vertices.
func FuzzConvexUnionArea(f *testing.F) {
	f.Add([]byte{1, 1, 0, 0, 0, 0, 0, 64, 0, 0, 0, 64, 0, 64, 0, 0, 0, 64, 1, 0, 32, 0, 32, 0, 96, 0, 32, 0, 96, 0, 96, 0, 32, 0, 96}, 31.5, 0.07, uint64(1))
	f.Add([]byte{2, 0, 1, 2, 3, 4, 200, 3, 40, 5, 60, 0, 9, 0, 5, 7, 100, 0, 15, 2, 200, 1, 0, 0, 0, 30, 1, 4, 10, 0, 1, 3, 9, 9, 9}, 12.0, 0.05, uint64(7))
	f.Add([]byte{0, 0, 1, 1, 1, 1}, math.NaN(), 1.0, uint64(0))
	f.Add([]byte{3, 2, 255, 255, 0, 128, 0, 128, 255, 127, 3, 4, 5, 6}, 1e300, 1e300, uint64(2))
	f.Fuzz(func(t *testing.T, data []byte, offset, scale float64, seed uint64) {
		raw := decodeUnionPolys(data, offset, scale)
		if a := ConvexUnionArea(raw); a < 0 {
			t.Fatalf("ConvexUnionArea(%v) = %v < 0", raw, a)
		}
		if !isFinite(offset) || !isFinite(scale) || math.Abs(offset) > 1e6 || math.Abs(scale) > 1e3 {
			return
		}
		var polys [][]Point
		nv := 0
		box := EmptyRect()
		for _, p := range raw {
			h := ConvexHull(nil, p)
			polys = append(polys, h)
			nv += len(h)
			box = box.Union(RectFromPoints(h...))
		}
		checkUnionProperties(t, polys, rand.New(rand.NewPCG(seed, 1)))
		got, want := ConvexUnionArea(polys), unionAreaExact(polys)
		if math.Abs(got-want) > 1e-9*want+unionRounding(box, nv) {
			t.Fatalf("ConvexUnionArea(%v) = %v, exact %v", polys, got, want)
		}
	})
}
