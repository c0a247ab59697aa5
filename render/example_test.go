package render_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/terrain"
)

// A 24 x 18 in table drawn at the default 20 px per inch, without the
// legend: 44 + 480 + 16 by 34 + 360 + 64 pixels.
func ExampleTopDownLayout() {
	l, err := render.TopDownLayout(terrain.Table{Width: 24, Depth: 18}, render.Options{NoLegend: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("image:", l.Size)
	fmt.Println("table:", l.TableRect)
	fmt.Println("(12, 9) in at pixel", l.PixelAt(geom.Pt(12, 9)))
	fmt.Println("scale bar:", l.ScaleInches, "in =", l.ScaleBar.Dx(), "px")
	// Output:
	// image: (540,458)
	// table: (44,34)-(524,394)
	// (12, 9) in at pixel (284,214)
	// scale bar: 6 in = 120 px
}

// A scene with a blocked sightline, written as PNG.
func ExampleScene() {
	house := terrain.Piece{
		ID: "house", Kind: terrain.Building, Height: 3, Level: 1,
		Footprint: geom.PolygonFromPoints(geom.Pt(4, 2), geom.Pt(8, 2), geom.Pt(8, 6), geom.Pt(4, 6)),
		Sight:     terrain.SightBlocking, Cover: terrain.CoverHard,
	}
	bf, err := terrain.New(terrain.Table{Width: 12, Depth: 8}, []terrain.Piece{house}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := render.NewScene(bf, render.Options{PxPerInch: 10, NoLegend: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	bp := geom.V3(4, 4, 1)
	err = s.Add(render.Sightline{From: geom.V3(1, 4, 1), To: geom.V3(11, 4, 1), BlockPoint: &bp, BlockerID: "house"})
	if err != nil {
		fmt.Println(err)
		return
	}
	img, err := s.Render()
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := render.WritePNG(&buf, img); err != nil {
		fmt.Println(err)
		return
	}
	dec, err := png.Decode(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(dec.Bounds().Size())
	// Output:
	// (180,178)
}

// An overlay with a non-finite coordinate is refused, naming the field.
func ExampleScene_Add() {
	bf, _ := terrain.New(terrain.Table{Width: 12, Depth: 8}, nil, nil)
	s, _ := render.NewScene(bf, render.Options{})
	inf := geom.V3(1, 1, 1)
	inf.Z = inf.Z / 0 // +Inf
	fmt.Println(s.Add(render.Sightline{From: geom.V3(0, 0, 1), To: inf}))
	// Output:
	// render: invalid input: Sightline.To = (1, 1, +Inf)
}
