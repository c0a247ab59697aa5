package terminator

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// Band is one of the four range bands of TS-01, nearest first, or
// BandBeyond past long range.
type Band int

// The range bands ("Angriffswürfe").
const (
	BandMelee Band = iota
	BandPointBlank
	BandShort
	BandLong
	BandBeyond
)

// bandNames and bandGerman name the bands in answers; hitOn is the number
// needed to hit in each (TS-01: 3+, 4+, 5+, 6+); all read-only.
var (
	bandNames  = [...]string{"melee", "point-blank", "short", "long", "beyond long"}
	bandGerman = [...]string{"Nahkampfreichweite", "Kernschussreichweite", "Kurze Reichweite", "Lange Reichweite", "jenseits Langer Reichweite"}
	hitOn      = [...]int{3, 4, 5, 6, 0}
)

// String returns the band's English name.
func (b Band) String() string {
	if b < BandMelee || b > BandBeyond {
		return "invalid band"
	}
	return bandNames[b]
}

// hasta is the hit number against a staggering model in melee range
// ("Hasta la vista, Baby!": "trifft der Angriff bereits bei 2+").
const hasta = 2

// edgeTolerance absorbs the rounding of a unit conversion (15.24 cm is 6
// in up to the last bit): a distance within it of an edge is on the edge.
const edgeTolerance = 1e-9

// bandEdge is one band's outer edge: the option it comes from and its
// value in inches; set is false when the scenario does not give it.
type bandEdge struct {
	name string
	v    float64
	set  bool
}

// bandEdges returns the outer edges of the melee, point-blank, short and
// long bands as configured, the point-blank edge defaulting to the walk
// template (TS-02).
func (o *Options) bandEdges() [4]bandEdge {
	get := func(name string, l *scenario.Length) bandEdge {
		if l == nil {
			return bandEdge{name: name}
		}
		return bandEdge{name: name, v: float64(*l), set: true}
	}
	e := [4]bandEdge{{name: "templates.melee.length"}, get("pointBlank", o.PointBlank), get("shortRange", o.ShortRange), get("longRange", o.LongRange)}
	if m := o.Templates.Melee; m != nil && m.Length != nil {
		e[0] = get("templates.melee.length", m.Length)
	}
	if !e[1].set {
		if w := o.Templates.Walk; w != nil && w.Length != nil {
			e[1] = get("templates.walk.length", w.Length)
		}
	}
	return e
}

// why says what each band edge is, for the missing-length error.
var bandWhy = [4]string{
	"melee range (Nahkampfreichweite) is the melee template's length",
	"point-blank range (Kernschussreichweite) is neither given as options.pointBlank nor taken from the walk template (options.templates.walk.length)",
	"the short band's outer edge (Kurze Reichweite) is not given",
	"the long band's outer edge (Lange Reichweite) is not given",
}

// Bands are the configured range bands of one file: their outer edges in
// inches, the options they come from, and the boundary readings.
type Bands struct {
	// Edges are the outer edges of melee, point-blank, short and long.
	Edges [4]float64
	// From names the option of each edge ("templates.melee.length", ...).
	From [4]string
	// Nearer: an edge belongs to the nearer band (option bandEdges).
	Nearer bool
	// Unlimited: long range has no outer edge (option beyondLong "long").
	Unlimited bool
	bands     los.Bands
}

// Bands returns the file's range bands, or an error naming the first
// missing length ("options.shortRange: ...", wrapping ErrMissingLength
// and scenario.ErrMissing).
func (o *Options) Bands() (Bands, error) {
	b := Bands{Nearer: o.BandEdges != "farther", Unlimited: o.BeyondLong == "long"}
	for i, e := range o.bandEdges() {
		if !e.set {
			name := e.name
			if i == 1 {
				name = "pointBlank"
			}
			return Bands{}, missingOption(name, bandWhy[i])
		}
		b.Edges[i], b.From[i] = e.v, e.name
	}
	b.bands = los.Bands{Edges: b.Edges[:], Tolerance: edgeTolerance}
	if b.Nearer {
		b.bands.Inclusive = []bool{true, true, true, true}
	}
	if err := b.bands.Validate(); err != nil {
		return Bands{}, badOption(b.From[3], b.Edges, err.Error())
	}
	return b, nil
}

// Of returns the band of distance d (inches). With Unlimited, a distance
// beyond long range is in the long band.
func (b Bands) Of(d float64) Band {
	i := b.bands.Band(d)
	if i < 0 {
		return BandBeyond
	}
	if Band(i) == BandBeyond && b.Unlimited {
		return BandLong
	}
	return Band(i)
}

// Describe returns the values used, e.g. "melee ≤ 1 in, point-blank ≤ 6
// in (templates.walk.length), ...".
func (b Bands) Describe() string {
	parts := make([]string, 4)
	op := "≤"
	if !b.Nearer {
		op = "<"
	}
	for i := range parts {
		parts[i] = fmt.Sprintf("%s %s %g in (%s)", bandNames[i], op, round6(b.Edges[i]), b.From[i])
	}
	s := strings.Join(parts, ", ")
	if b.Unlimited {
		s += ", long without outer limit"
	}
	return s
}

// Values returns the band lengths used, by option name, for an answer.
func (b Bands) Values() map[string]float64 {
	return map[string]float64{"meleeRange": round6(b.Edges[0]), "pointBlank": round6(b.Edges[1]),
		"shortRange": round6(b.Edges[2]), "longRange": round6(b.Edges[3])}
}

// meleeRange returns melee range (the melee template's length), or an
// error naming options.templates.melee.length.
func (o *Options) meleeRange() (float64, error) {
	e := o.bandEdges()[0]
	if !e.set {
		return 0, missingOption(e.name, bandWhy[0])
	}
	return e.v, nil
}

// inMelee reports whether distance d is within melee range m under the
// file's edge reading.
func (o *Options) inMelee(d, m float64) bool {
	if o.BandEdges == "farther" {
		return d < m-edgeTolerance
	}
	return d <= m+edgeTolerance
}

// distance measures between two models as the file says (option
// measure): base edge to base edge, or centre to centre; on the table
// plane.
func distance(bf *terrain.Battlefield, a, b string, o *Options) (float64, error) {
	mode := los.RangeEdge
	if o.Measure == "center" {
		mode = los.RangeCenter
	}
	r, err := los.Range(bf, a, b, mode)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", err, ErrQuery)
	}
	return r.Distance, nil
}

// template returns the configured template name ("melee", "medium",
// "walk", "crawl") as a movement.SweptTemplate, or an error naming the
// missing option.
func (o *Options) template(name string) (movement.SweptTemplate, error) {
	var t *Template
	switch name {
	case "melee":
		t = o.Templates.Melee
	case "medium":
		t = o.Templates.Medium
	case "walk":
		t = o.Templates.Walk
	case "crawl":
		t = o.Templates.Crawl
	}
	if t == nil || t.Length == nil {
		return movement.SweptTemplate{}, missingOption("templates."+name, fmt.Sprintf("the %s template is not defined (%s)", name, templateWhy(name)))
	}
	shape := movement.TemplateShape(t.Shape)
	if shape == "" {
		shape = movement.StickTemplate
	}
	return movement.SweptTemplate{Shape: shape, Length: float64(*t.Length), Width: float64(t.Width)}, nil
}

// templateWhy says what each template is in the reference sheet ("" for
// another name). A switch, not a map literal built at start-up.
func templateWhy(name string) string {
	switch name {
	case "melee":
		return "Nahkampfreichweite-Schablone: give its shape, length and width"
	case "medium":
		return "Mittlere Fläche appears on a weapon but is never defined: give its shape, length and width"
	case "walk":
		return "Gehen-Schablone: give its length"
	case "crawl":
		return "Kriechen-Schablone: give its length"
	}
	return ""
}

// round6 keeps reported numbers readable (and -0 out of answers).
func round6(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e12 {
		return x
	}
	if r := math.Round(x*1e6) / 1e6; r != 0 {
		return r
	}
	return 0
}
