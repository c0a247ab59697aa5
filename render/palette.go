package render

import (
	"image/color"
	"math"

	"github.com/sightline/sightline/terrain"
)

// Fixed colours of the pictures. They are documented, with their meaning, in
// docs/render.md and in the legend panel; tests look pixels up against them.
var (
	ColorBackground  = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF} // around the table
	ColorTable       = color.NRGBA{0xF3, 0xEF, 0xE2, 0xFF} // table surface
	ColorGridMinor   = color.NRGBA{0xE2, 0xDB, 0xC6, 0xFF} // 1 in grid
	ColorGridMajor   = color.NRGBA{0xC2, 0xB8, 0x94, 0xFF} // 6 in grid
	ColorInk         = color.NRGBA{0x22, 0x22, 0x22, 0xFF} // text, axes, scale bar
	ColorWall        = color.NRGBA{0x4A, 0x2A, 0x1C, 0xFF} // building walls
	ColorWindow      = color.NRGBA{0x8F, 0xD3, 0xF4, 0xFF} // windows (small squares)
	ColorClear       = color.NRGBA{0x1A, 0x9E, 0x3A, 0xFF} // clear sightline, coherency link kept
	ColorBlocked     = color.NRGBA{0xD6, 0x27, 0x28, 0xFF} // blocked sightline, broken link, violation
	ColorBlockMark   = color.NRGBA{0x00, 0x00, 0x00, 0xFF} // the cross at a blocking point
	ColorBlocker     = color.NRGBA{0xFF, 0x8C, 0x00, 0xFF} // outline of the piece or model that blocks
	ColorVisible     = color.NRGBA{0x00, 0xB5, 0xD8, 0xFF} // visible part of a target
	ColorPath        = color.NRGBA{0x1F, 0x5F, 0xBF, 0xFF} // movement paths
	ColorArc         = color.NRGBA{0xE0, 0xA8, 0x00, 0xFF} // fire arcs
	ColorRing        = color.NRGBA{0x7A, 0x3F, 0xBF, 0xFF} // range rings
	ColorTemplate    = color.NRGBA{0xE8, 0x58, 0x1E, 0xFF} // templates and scatter
	ColorHighlight   = color.NRGBA{0x00, 0x00, 0x00, 0xFF} // highlighted model outline
	ColorEye         = color.NRGBA{0x1F, 0x5F, 0xBF, 0xFF} // eye point in the profile
	ColorTargetPoint = color.NRGBA{0xD6, 0x27, 0x28, 0xFF} // target point in the profile
	ColorGround      = color.NRGBA{0x8B, 0x7B, 0x5A, 0xFF} // ground line in the profile
	ColorSky         = color.NRGBA{0xF5, 0xF8, 0xFB, 0xFF} // air in the profile
)

// kindStyle is how a terrain kind is filled: a base colour, an opacity and
// whether its outline is dashed.
type kindStyle struct {
	c      color.NRGBA
	alpha  uint8
	dashed bool
	name   string
}

// kindStyles is indexed by kindOrder; the legend lists kinds in this order.
var kindOrder = []terrain.Kind{
	terrain.Building, terrain.Solid, terrain.Area, openArea, terrain.Smoke, terrain.Water,
	terrain.Debris, terrain.Gas, terrain.Minefield, terrain.Occupied,
}

var kindStyles = map[terrain.Kind]kindStyle{
	terrain.Building:  {color.NRGBA{0xC0, 0x74, 0x52, 0xFF}, 0xFF, false, "building"},
	terrain.Solid:     {color.NRGBA{0x9A, 0x94, 0x7C, 0xFF}, 0xFF, false, "solid (hill, rock, wall)"},
	terrain.Area:      {color.NRGBA{0x5E, 0x9E, 0x4A, 0xFF}, 0x8C, false, "area (woods, ruins)"},
	openArea:          {color.NRGBA{0xD8, 0xC8, 0x96, 0xFF}, 0xB3, false, "open area (roads, fields)"},
	terrain.Smoke:     {color.NRGBA{0x80, 0x80, 0x90, 0xFF}, 0x70, true, "smoke"},
	terrain.Water:     {color.NRGBA{0x4C, 0x8F, 0xD6, 0xFF}, 0xA6, false, "water"},
	terrain.Debris:    {color.NRGBA{0x9C, 0x84, 0x66, 0xFF}, 0xB3, false, "debris"},
	terrain.Gas:       {color.NRGBA{0xA7, 0x7B, 0xD0, 0xFF}, 0x66, true, "gas"},
	terrain.Minefield: {color.NRGBA{0xD4, 0x57, 0x4E, 0xFF}, 0x4D, true, "minefield"},
	terrain.Occupied:  {color.NRGBA{0x5B, 0x5B, 0x7A, 0xFF}, 0xD9, false, "occupied"},
}

// heightShadeMax is the height, in inches, at which terrain reaches its
// darkest shade; heightShadeDepth is how much darker (towards black) it is
// there. Shading is linear in between.
const (
	heightShadeMax   = 8.0
	heightShadeDepth = 0.45
)

// TerrainColor returns the fill colour of a terrain piece in the top-down
// view: its kind's colour darkened linearly with its height (0 in: the kind
// colour, 8 in or more: 45% towards black), with the kind's opacity.
// Unknown kinds are drawn as solid terrain.
func TerrainColor(p *terrain.Piece) color.NRGBA {
	st := styleOf(p)
	return shade(st.c, st.alpha, p.Height)
}

// openArea is the legend entry of area terrain that neither hides nor
// slows anyone (roads, open fields): drawn sand-coloured so it is not
// mistaken for a wood.
const openArea terrain.Kind = "area-open"

// styleKey returns the entry of kindStyles that draws p.
func styleKey(p *terrain.Piece) terrain.Kind {
	if p.Kind == terrain.Area && p.Sight == terrain.SightClear && p.Movement.Default != terrain.Difficult &&
		p.Movement.Default != terrain.Dangerous && p.Movement.Default != terrain.Impassable && len(p.Movement.ByClass) == 0 {
		return openArea
	}
	if _, ok := kindStyles[p.Kind]; !ok {
		return terrain.Solid
	}
	return p.Kind
}

// styleOf returns the style that draws p.
func styleOf(p *terrain.Piece) kindStyle { return kindStyles[styleKey(p)] }

// shade darkens c according to height h and sets its alpha.
func shade(c color.NRGBA, alpha uint8, h float64) color.NRGBA {
	f := 0.0
	if h > 0 && !math.IsInf(h, 0) {
		f = math.Min(h/heightShadeMax, 1) * heightShadeDepth
	}
	k := 1 - f
	return color.NRGBA{
		R: uint8(math.Round(float64(c.R) * k)),
		G: uint8(math.Round(float64(c.G) * k)),
		B: uint8(math.Round(float64(c.B) * k)),
		A: alpha,
	}
}

// squadPalette holds well-separated colours for squads (Tableau-like).
var squadPalette = []color.NRGBA{
	{0x4E, 0x79, 0xA7, 0xFF}, // blue
	{0xF2, 0x8E, 0x2B, 0xFF}, // orange
	{0x76, 0xB7, 0xB2, 0xFF}, // teal
	{0xED, 0xC9, 0x48, 0xFF}, // yellow
	{0xB0, 0x7A, 0xA1, 0xFF}, // purple
	{0xFF, 0x9D, 0xA7, 0xFF}, // pink
	{0x9C, 0x75, 0x5F, 0xFF}, // brown
	{0x59, 0xA1, 0x4F, 0xFF}, // green
	{0x11, 0x70, 0xAA, 0xFF}, // dark blue
	{0xBA, 0xB0, 0xAC, 0xFF}, // grey
	{0xE1, 0x57, 0x59, 0xFF}, // red
	{0x6B, 0x4C, 0x9A, 0xFF}, // indigo
	{0x2C, 0xA0, 0x8C, 0xFF}, // sea green
	{0xC4, 0x9A, 0x00, 0xFF}, // ochre
	{0x8C, 0x56, 0x4B, 0xFF}, // chestnut
	{0xA6, 0xCE, 0xE3, 0xFF}, // light blue
	{0xD6, 0x61, 0x9E, 0xFF}, // magenta
	{0x7F, 0x7F, 0x7F, 0xFF}, // mid grey
	{0xB1, 0xDF, 0x8A, 0xFF}, // light green
	{0xFD, 0xBF, 0x6F, 0xFF}, // light orange
}

// ColorNoSquad fills models that belong to no squad.
var ColorNoSquad = color.NRGBA{0xDD, 0xDD, 0xDD, 0xFF}

// SquadColor returns the colour of the named squad on bf: the squads are
// taken in sorted order (Battlefield.Squads) and coloured round the
// 20-colour palette, so colours are deterministic and distinct for up to 20
// squads. A model without a squad, or an unknown squad, gets ColorNoSquad.
func SquadColor(bf *terrain.Battlefield, squad string) color.NRGBA {
	if squad == "" {
		return ColorNoSquad
	}
	for i, s := range bf.Squads() {
		if s == squad {
			return squadPalette[i%len(squadPalette)]
		}
	}
	return ColorNoSquad
}

// withAlpha returns c with alpha a.
func withAlpha(c color.NRGBA, a uint8) color.NRGBA { c.A = a; return c }

// darker returns c moved fraction f towards black.
func darker(c color.NRGBA, f float64) color.NRGBA {
	k := 1 - f
	return color.NRGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), c.A}
}
