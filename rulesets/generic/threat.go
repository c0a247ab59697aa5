package generic

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/golang/geo/s1"
	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
	"github.com/sightline/sightline/threat"
)

// ThreatRequest is a "threat" query: the threat map of Model (a model of
// the file, or Prototype when the model is hypothetical) from the
// observers named by Observers (ids), Squads and Side together.
//
// Shot, when given, holds the fields of the game's "shot" query other than
// "shooter" and "target" (for the generic rules {"weapon": {"range": 24}});
// each observer is then the shooter and the model the target, and a cell
// counts the observers whose shot answers legal. Range is the weapon range
// counted in inRange (0: not counted).
type ThreatRequest struct {
	Model      string          `json:"model" scenario:"required"`
	Prototype  *Prototype      `json:"prototype"`
	Observers  []string        `json:"observers"`
	Squads     []string        `json:"squads"`
	Side       string          `json:"side"`
	Resolution scenario.Length `json:"resolution"`
	Range      scenario.Length `json:"range"`
	Shot       json.RawMessage `json:"shot"`
}

// Prototype is a hypothetical model of a threat query: its class, base,
// hull, level, altitude and facing (degrees).
type Prototype struct {
	Side     string          `json:"side"`
	Class    string          `json:"class" scenario:"required"`
	Base     ProtoBase       `json:"base"`
	Hull     ProtoHull       `json:"hull"`
	Level    int             `json:"level"`
	Altitude scenario.Length `json:"altitude"`
	Facing   float64         `json:"facing"`
}

// ProtoBase is a prototype's base (see terrain.Base).
type ProtoBase struct {
	Shape    string          `json:"shape"`
	Diameter scenario.Length `json:"diameter"`
	Length   scenario.Length `json:"length"`
	Width    scenario.Length `json:"width"`
}

// ProtoHull is a prototype's hull (see terrain.Hull).
type ProtoHull struct {
	Length scenario.Length `json:"length"`
	Width  scenario.Length `json:"width"`
	Height scenario.Length `json:"height"`
}

// ThreatObservers returns the ids named by ids, squads and side (every
// model of that side), in the order of bf's models, without model itself.
// Unknown ids and squads give errors naming the field and value.
func ThreatObservers(bf *terrain.Battlefield, model string, ids, squads []string, side string) ([]string, error) {
	want := map[string]bool{}
	for k, id := range ids {
		if _, ok := bf.Model(id); !ok {
			return nil, fmt.Errorf("observers[%d]: no model %q: %w", k, id, terrain.ErrUnknownID)
		}
		want[id] = true
	}
	for k, sq := range squads {
		idx := bf.Squad(sq)
		if len(idx) == 0 {
			return nil, fmt.Errorf("squads[%d]: no squad %q: %w", k, sq, terrain.ErrUnknownID)
		}
		for _, i := range idx {
			want[bf.Models()[i].ID] = true
		}
	}
	sideFound := side == ""
	for _, m := range bf.Models() {
		if side != "" && m.Side == side {
			want[m.ID], sideFound = true, true
		}
	}
	if !sideFound {
		return nil, fmt.Errorf("side: no model of side %q: %w", side, terrain.ErrUnknownID)
	}
	var out []string
	for _, m := range bf.Models() {
		if want[m.ID] && m.ID != model {
			out = append(out, m.ID)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("observers: no observer named (observers, squads and side are all empty): %w", scenario.ErrValue)
	}
	return out, nil
}

// threatModel returns the model a threat query maps.
func threatModel(env *rulesets.Env, q *ThreatRequest) (terrain.Model, error) {
	if q.Prototype == nil {
		m, ok := env.Battlefield.Model(q.Model)
		if !ok {
			return terrain.Model{}, env.Errorf("model", terrain.ErrUnknownID, "no model %q (give a prototype for a hypothetical one)", q.Model)
		}
		return *m, nil
	}
	p := q.Prototype
	return terrain.Model{ID: q.Model, Side: p.Side, Class: terrain.Class(p.Class), Level: p.Level,
		Altitude: float64(p.Altitude), Facing: s1.Angle(p.Facing) * s1.Degree,
		Base: terrain.Base{Shape: terrain.BaseShape(p.Base.Shape), Diameter: float64(p.Base.Diameter),
			Length: float64(p.Base.Length), Width: float64(p.Base.Width)},
		Hull: terrain.Hull{Length: float64(p.Hull.Length), Width: float64(p.Hull.Width), Height: float64(p.Hull.Height)}}, nil
}

// ThreatShot returns the shot rule of a threat query: the game's "shot"
// kind asked with the fields of shot for each observer.
func ThreatShot(env *rulesets.Env, shot json.RawMessage, target string, observers []string) (threat.ShotFunc, error) {
	if shot == nil {
		return nil, nil
	}
	if env.Game == nil {
		return nil, env.Errorf("shot", scenario.ErrValue, "no game to answer the shot")
	}
	k, ok := env.Game.Kind("shot")
	if !ok {
		return nil, env.Errorf("shot", rulesets.ErrUnknownKind, "game %q answers no shot", env.Game.Name)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(shot, &fields); err != nil || fields == nil {
		return nil, env.Errorf("shot", scenario.ErrValue, "want an object of shot fields, got %s", shot)
	}
	runs := map[string]func(*terrain.Battlefield) (rulesets.Result, error){}
	for _, o := range observers {
		fields["shooter"], _ = json.Marshal(o)
		fields["target"], _ = json.Marshal(target)
		raw, _ := json.Marshal(fields)
		run, err := k.Prepare(env, raw, env.FieldPath("shot"))
		if err != nil {
			return nil, err
		}
		runs[o] = run
	}
	return func(bf *terrain.Battlefield, o, _ string) (bool, error) {
		r, err := runs[o](bf)
		if err != nil {
			return false, err
		}
		v, _ := r.Get("legal")
		legal, _ := v.(bool)
		return legal, nil
	}, nil
}

// Threat answers a threat query: the map's size and counts (cells where
// the model can stand, seen by any observer, in the open to every
// observer) and the map itself as rows of each measure.
func Threat(env *rulesets.Env, q *ThreatRequest) (rulesets.Result, error) {
	bf := env.Battlefield
	model, err := threatModel(env, q)
	if err != nil {
		return rulesets.Result{}, err
	}
	obs, err := ThreatObservers(bf, model.ID, q.Observers, q.Squads, q.Side)
	if err != nil {
		return rulesets.Result{}, env.At("", err)
	}
	shot, err := ThreatShot(env, q.Shot, model.ID, obs)
	if err != nil {
		return rulesets.Result{}, err
	}
	g := env.Options.Geometry()
	m, err := threat.ComputeWithin(bf, model, obs, threat.Options{
		Resolution: float64(q.Resolution), Sight: g.Sight, Range: float64(q.Range), RangeMode: g.Range, Shot: shot, Work: env.Budget})
	if err != nil {
		field := ""
		if errors.Is(err, threat.ErrInput) && q.Resolution != 0 {
			field = "resolution"
		}
		return rulesets.Result{}, env.At(field, err)
	}
	return ThreatResult(m), nil
}

// ThreatResult turns a map into answer fields: size, summary counts and
// the rows of each measure (-1 where the model cannot stand).
func ThreatResult(m *threat.Map) rulesets.Result {
	var a rulesets.Result
	a.Set("model", m.Model)
	a.Set("observers", slices.Clone(m.Observers))
	a.Set("nx", m.NX)
	a.Set("ny", m.NY)
	a.SetLength("resolution", m.Res)
	s := m.Summary()
	a.Set("standable", s.Standable)
	a.Set("seenByAny", s.Seen)
	a.Set("hidden", s.Hidden)
	a.Set("seen", m.Layer(threat.LayerSeen))
	a.Set("centre", m.Layer(threat.LayerCentre))
	a.Set("maxFraction", m.Layer(threat.LayerFraction))
	if m.Range > 0 {
		a.Set("inRange", m.Layer(threat.LayerInRange))
	}
	if m.HasShot {
		a.Set("legal", m.Layer(threat.LayerLegal))
	}
	a.Explanation = fmt.Sprintf("%d x %d cells of %g in: %d where %s can stand, %d of them seen by some of the %d observers, %d hidden from all",
		m.NX, m.NY, m.Res, s.Standable, m.Model, s.Seen, len(m.Observers), s.Hidden)
	var seen []geom.Point
	for j := 0; j < m.NY; j++ {
		for i := 0; i < m.NX; i++ {
			if c := m.Cells[j*m.NX+i]; c.Standable && c.Seen > 0 {
				seen = append(seen, m.Centre(i, j))
			}
		}
	}
	if rulesets.Pictures {
		a.Draw(slices.Clone(m.Observers))
	}
	if len(seen) <= maxThreatCells {
		if rulesets.Pictures {
			a.Draw(nil, render.Region{Cells: seen, Size: m.Res, Label: m.Model + " seen here"})
		}
	}
	return a
}

// maxThreatCells is the most cells a threat answer's picture shades (the
// renderer's limit on one overlay's points); a finer map is drawn with its
// observers only (the threat command draws any map as a heat map).
const maxThreatCells = 100000
