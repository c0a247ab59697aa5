package server

import (
	"net/http"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/scenario"
)

// planBody is the answer of /v1/plan: what the page draws, from the
// validated battlefield, every length in inches whatever the file's units
// (UnitsPerInch converts back to the file's units).
type planBody struct {
	Name         string      `json:"name"`
	Units        string      `json:"units"`
	UnitsPerInch float64     `json:"unitsPerInch"`
	Ruleset      string      `json:"ruleset"`
	Table        planTable   `json:"table"`
	Pieces       []planPiece `json:"pieces"`
	Models       []planModel `json:"models"`
	Shots        []planShot  `json:"shots"`
}

type planTable struct {
	Width float64 `json:"width"`
	Depth float64 `json:"depth"`
}

type planPiece struct {
	ID     string         `json:"id"`
	Name   string         `json:"name,omitempty"`
	Kind   string         `json:"kind"`
	Sight  string         `json:"sight"`
	Cover  string         `json:"cover"`
	Height float64        `json:"height"`
	Level  int            `json:"level"`
	Outer  [][2]float64   `json:"outer"`
	Holes  [][][2]float64 `json:"holes,omitempty"`
	Walls  []planWall     `json:"walls,omitempty"`
}

type planWall struct {
	ID        string       `json:"id"`
	From      [2]float64   `json:"from"`
	To        [2]float64   `json:"to"`
	Windows   [][3]float64 `json:"windows,omitempty"`
	Entrances [][2]float64 `json:"entrances,omitempty"`
}

type planModel struct {
	ID       string       `json:"id"`
	Side     string       `json:"side,omitempty"`
	Squad    string       `json:"squad,omitempty"`
	Class    string       `json:"class"`
	Position [2]float64   `json:"position"`
	Facing   float64      `json:"facing"` // degrees counter-clockwise from +x
	Base     planBase     `json:"base"`
	Hull     planHull     `json:"hull"`
	Altitude float64      `json:"altitude,omitempty"`
	Figures  [][2]float64 `json:"figures,omitempty"`
	Garrison string       `json:"garrison,omitempty"` // the building's id
}

// planBase is terrain.Base: Diameter for a circle, Length (along the
// facing) and Width for an oval or a rectangle; Shape "" is no base.
type planBase struct {
	Shape    string  `json:"shape,omitempty"`
	Diameter float64 `json:"diameter,omitempty"`
	Length   float64 `json:"length,omitempty"`
	Width    float64 `json:"width,omitempty"`
}

// planHull is terrain.Hull: a box centred on the position, Length along
// the facing; zero Length and Width mean the base extruded to Height.
type planHull struct {
	Length float64 `json:"length,omitempty"`
	Width  float64 `json:"width,omitempty"`
	Height float64 `json:"height"`
}

// planShot is a shot query of the file: the page starts on its pair.
type planShot struct {
	ID      string `json:"id"`
	Shooter string `json:"shooter"`
	Target  string `json:"target"`
}

func (s *Server) plan(w http.ResponseWriter, r *http.Request) {
	f := s.decode(w, r)
	if f == nil {
		return
	}
	writeJSON(w, http.StatusOK, planOf(f))
}

// planOf describes f's battlefield for drawing.
func planOf(f *scenario.File) planBody {
	bf := f.Battlefield()
	t := bf.Table()
	p := planBody{Name: f.Name, Units: f.Units, UnitsPerInch: unitsPerInch(f.Units), Ruleset: f.Ruleset,
		Table: planTable{Width: t.Width, Depth: t.Depth}, Pieces: []planPiece{}, Models: []planModel{}, Shots: []planShot{}}
	if p.Units == "" {
		p.Units = "in"
	}
	for _, pc := range bf.Pieces() {
		pp := planPiece{ID: pc.ID, Name: pc.Name, Kind: string(pc.Kind), Sight: string(pc.Sight), Cover: string(pc.Cover),
			Height: pc.Height, Level: pc.Level, Outer: points(pc.Footprint.Outer)}
		for _, h := range pc.Footprint.Holes {
			pp.Holes = append(pp.Holes, points(h))
		}
		if pc.Building != nil {
			for _, wl := range pc.Building.Walls {
				pw := planWall{ID: wl.ID, From: pt(wl.From), To: pt(wl.To), Entrances: points(wl.Entrances)}
				for _, v := range wl.Windows {
					pw.Windows = append(pw.Windows, [3]float64{v.X, v.Y, v.Z})
				}
				pp.Walls = append(pp.Walls, pw)
			}
		}
		p.Pieces = append(p.Pieces, pp)
	}
	for _, m := range bf.Models() {
		pm := planModel{ID: m.ID, Side: m.Side, Squad: m.Squad, Class: string(m.Class), Position: pt(m.Position),
			Facing: m.Facing.Degrees(),
			Base:   planBase{Shape: string(m.Base.Shape), Diameter: m.Base.Diameter, Length: m.Base.Length, Width: m.Base.Width},
			Hull:   planHull{Length: m.Hull.Length, Width: m.Hull.Width, Height: m.Hull.Height}, Altitude: m.Altitude, Figures: points(m.Figures)}
		if m.Garrison != nil {
			pm.Garrison = m.Garrison.Building
		}
		p.Models = append(p.Models, pm)
	}
	for _, q := range f.Queries {
		if q.Kind == "shot" && q.Shooter != "" && q.Target != "" {
			p.Shots = append(p.Shots, planShot{ID: q.ID, Shooter: q.Shooter, Target: q.Target})
		}
	}
	return p
}

func pt(p geom.Point) [2]float64 { return [2]float64{p.X, p.Y} }

func points(ps []geom.Point) [][2]float64 {
	if len(ps) == 0 {
		return nil
	}
	out := make([][2]float64, len(ps))
	for i, q := range ps {
		out[i] = pt(q)
	}
	return out
}

// unitsPerInch is the file's length unit per inch (1 for inches).
func unitsPerInch(units string) float64 {
	switch units {
	case "cm":
		return 2.54
	case "mm":
		return 25.4
	}
	return 1
}
