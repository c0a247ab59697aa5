package los

import (
	"encoding/json"

	"github.com/sightline/sightline/geom"
)

// JSON encoding of the sight results: points as [x, y] and [x, y, z]
// arrays, like every other answer of the library (geom's vectors have no
// JSON tags of their own). The plain types below drop the methods so the
// embedded copy is encoded field by field; the shallower array fields hide
// its vector fields of the same name.

// xyzPtr is v as an [x, y, z] array, nil for nil.
func xyzPtr(v *geom.Vec3) *[3]float64 {
	if v == nil {
		return nil
	}
	a := measXYZ(*v)
	return &a
}

// seg3 is s as two [x, y, z] arrays.
func seg3(s geom.Segment3) [2][3]float64 { return [2][3]float64{measXYZ(s.A), measXYZ(s.B)} }

// MarshalJSON encodes the blocker with its point as [x, y, z].
func (b Blocker) MarshalJSON() ([]byte, error) {
	type plain Blocker
	return json.Marshal(struct {
		plain
		At [3]float64 `json:"at"`
	}{plain(b), measXYZ(b.At)})
}

// MarshalJSON encodes the contact with its point as [x, y, z].
func (g Graze) MarshalJSON() ([]byte, error) {
	type plain Graze
	return json.Marshal(struct {
		plain
		At [3]float64 `json:"at"`
	}{plain(g), measXYZ(g.At)})
}

// MarshalJSON encodes the result with its end points as [x, y, z].
func (r SegmentResult) MarshalJSON() ([]byte, error) {
	type plain SegmentResult
	return json.Marshal(struct {
		plain
		From [3]float64 `json:"from"`
		To   [3]float64 `json:"to"`
	}{plain(r), measXYZ(r.From), measXYZ(r.To)})
}

// MarshalJSON encodes the result with its points as [x, y, z] and its
// sightlines as [[x, y, z], [x, y, z]].
func (r SightResult) MarshalJSON() ([]byte, error) {
	type plain SightResult
	var witness *[2][3]float64
	if r.Witness != nil {
		w := seg3(*r.Witness)
		witness = &w
	}
	return json.Marshal(struct {
		plain
		Eye     [3]float64     `json:"eye"`
		Witness *[2][3]float64 `json:"witness,omitempty"`
		Centre  [2][3]float64  `json:"center"`
	}{plain(r), measXYZ(r.Eye), witness, seg3(r.Centre)})
}

// MarshalJSON encodes the result with its points as arrays.
func (r FractionResult) MarshalJSON() ([]byte, error) {
	type plain FractionResult
	sil := make([][2]float64, len(r.Silhouette))
	for i, p := range r.Silhouette {
		sil[i] = measXY(p)
	}
	return json.Marshal(struct {
		plain
		Eye        [3]float64   `json:"eye"`
		Centre     [3]float64   `json:"center"`
		Silhouette [][2]float64 `json:"silhouette,omitempty"`
		Witness    *[3]float64  `json:"witness,omitempty"`
	}{plain(r), measXYZ(r.Eye), measXYZ(r.Centre), sil, xyzPtr(r.Witness)})
}
