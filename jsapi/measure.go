package jsapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/los"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// measureRequest is a Measure request: a query whose ends may be points.
type measureRequest struct {
	ID   string          `json:"id"`
	Kind string          `json:"kind" scenario:"required"`
	From json.RawMessage `json:"from" scenario:"required"`
	To   json.RawMessage `json:"to" scenario:"required"`
	Mode string          `json:"mode"`
	Arc  string          `json:"arc"`
}

// end is one end of a measurement: a model (or piece) id, or a point of
// table space in inches.
type end struct {
	id    string
	point geom.Vec3
}

// Measure answers a query object of kind "range", "sight",
// "visible-fraction" or "arc" whose "from" and "to" are each a model id or
// a point [x, y] or [x, y, z] of table space (in the scenario's units; z
// is the height above the table, 0 when left out). "id" may be left out
// (it is then the kind). Between two ids it is Answer. With a point the
// answer has the same fields, computed from the point:
//
//   - range: from or to a point, or between two points (the point is a
//     zero-size subject, its own edge and stand);
//   - sight: from an eye point to a model (the model's volume, as between
//     models), or from a model's eye point or an eye point to a point (the
//     one sightline; the model itself does not block it);
//   - visible-fraction: from an eye point to a model;
//   - arc: from a model to a point.
//
// The scenario's ruleset options apply as they do to its queries. Error
// paths start at "query".
func (t *Table) Measure(req []byte) ([]byte, error) {
	var q measureRequest
	if err := scenario.DecodeValue(req, "query", t.file.Units, &q); err != nil {
		return nil, err
	}
	if q.ID == "" {
		q.ID = q.Kind
	}
	from, err := t.end(q.From, "query.from")
	if err != nil {
		return nil, err
	}
	to, err := t.end(q.To, "query.to")
	if err != nil {
		return nil, err
	}
	if from.id != "" && to.id != "" {
		option := q.Mode
		if q.Kind == "arc" {
			option = q.Arc
		}
		if q.Mode != "" && q.Kind != "range" || q.Arc != "" && q.Kind != "arc" || q.ID != q.Kind {
			return t.Answer(pairQuery(&q, from.id, to.id))
		}
		return t.Pair(q.Kind, from.id, to.id, option)
	}
	geo, err := t.geometry()
	if err != nil {
		return nil, err
	}
	var r rulesets.Result
	switch q.Kind {
	case "range":
		r, err = t.pointRange(&q, geo, from, to)
	case "sight":
		r, err = t.pointSight(geo, from, to)
	case "visible-fraction":
		r, err = t.pointFraction(geo, from, to)
	case "arc":
		r, err = t.pointArc(&q, geo, from, to)
	default:
		return nil, &terrain.FieldError{Path: "query.kind", Value: strconv.Quote(q.Kind),
			Err: fmt.Errorf("a point is measured by range, sight, visible-fraction and arc, not %q: %w", q.Kind, scenario.ErrValue)}
	}
	if err != nil {
		return nil, err
	}
	return marshalResult(q.ID, q.Kind, t.file.Units, &r)
}

// pairQuery writes the query of q between two ids, as a file holds it.
func pairQuery(q *measureRequest, from, to string) []byte {
	m := map[string]string{"id": q.ID, "kind": q.Kind, "from": from, "to": to}
	if q.Mode != "" {
		m["mode"] = q.Mode
	}
	if q.Arc != "" {
		m["arc"] = q.Arc
	}
	b, _ := json.Marshal(m) // strings only: cannot fail
	return b
}

// end decodes one end: a JSON string (an id) or a point of 2 or 3
// coordinates in the file's units.
func (t *Table) end(raw json.RawMessage, path string) (end, error) {
	switch {
	case len(raw) > 0 && raw[0] == '"':
		var id string
		if err := json.Unmarshal(raw, &id); err != nil {
			return end{}, &terrain.FieldError{Path: path, Value: string(raw), Err: fmt.Errorf("%v: %w", err, scenario.ErrValue)}
		}
		return end{id: id}, nil
	case len(raw) > 0 && raw[0] == '[':
		var xyz []scenario.Length
		if err := scenario.DecodeValue(raw, path, t.file.Units, &xyz); err != nil {
			return end{}, err
		}
		if len(xyz) != 2 && len(xyz) != 3 {
			return end{}, &terrain.FieldError{Path: path, Value: string(raw),
				Err: fmt.Errorf("want a point [x, y] or [x, y, z], got %d numbers: %w", len(xyz), scenario.ErrValue)}
		}
		p := geom.V3(float64(xyz[0]), float64(xyz[1]), 0)
		if len(xyz) == 3 {
			p.Z = float64(xyz[2])
		}
		return end{point: p}, nil
	}
	return end{}, &terrain.FieldError{Path: path, Value: string(raw),
		Err: fmt.Errorf("want a model id or a point [x, y] or [x, y, z]: %w", scenario.ErrType)}
}

func (t *Table) pointRange(q *measureRequest, geo rulesets.Geometry, from, to end) (rulesets.Result, error) {
	mode := geo.Range
	if q.Mode != "" {
		m, err := los.ParseRangeMode(q.Mode)
		if err != nil {
			return rulesets.Result{}, terrain.AtPath("query.mode", err)
		}
		mode = m
	}
	bf := t.file.Battlefield()
	var r los.RangeResult
	var err error
	switch {
	case from.id == "" && to.id == "":
		r, err = los.RangeBetweenPoints(from.point, to.point)
	case from.id == "":
		r, err = los.RangeFromPoint(bf, from.point, to.id, mode)
	default: // a model to a point: measured from the point, then turned round
		r, err = los.RangeFromPoint(bf, to.point, from.id, mode)
		r.From, r.To, r.FromPoint, r.ToPoint = r.To, r.From, r.ToPoint, r.FromPoint
	}
	if err != nil {
		return rulesets.Result{}, t.idError(err, from, to)
	}
	var a rulesets.Result
	a.SetLength("distance", r.Distance)
	a.Set("fromPoint", rulesets.Point3(r.FromPoint))
	a.Set("toPoint", rulesets.Point3(r.ToPoint))
	a.Set("mode", string(r.Mode))
	a.SetLength("horizontal", r.Horizontal)
	a.SetLength("vertical", r.Vertical)
	a.SetLength("distance3d", r.Distance3D)
	a.Explanation = r.Explain()
	return a, nil
}

func (t *Table) pointSight(geo rulesets.Geometry, from, to end) (rulesets.Result, error) {
	bf := t.file.Battlefield()
	var a rulesets.Result
	if to.id != "" { // an eye point to a model
		r, err := los.SightFrom(bf, from.point, to.id, geo.Sight)
		if err != nil {
			return a, t.idError(err, from, to)
		}
		var block *los.Blocker
		if !r.Visible {
			block = r.BlockedBy
		}
		setSight(&a, r.Visible, block, r.Witness, r.Grazing)
		a.Explanation = r.Explain()
		return a, nil
	}
	eye := from.point
	var ignore []string
	if from.id != "" {
		m, ok := bf.Model(from.id)
		if !ok {
			return a, t.idError(fmt.Errorf("unknown model %q: %w", from.id, terrain.ErrUnknownID), from, to)
		}
		eye, ignore = m.EyePoint(), []string{m.ID}
	}
	r := los.SightSegment(bf, eye, to.point, geo.Sight, ignore...)
	var block *los.Blocker
	var witness *geom.Segment3
	if r.Clear {
		witness = &geom.Segment3{A: r.From, B: r.To}
	} else {
		block = &r.Blocker
	}
	setSight(&a, r.Clear, block, witness, r.Grazing)
	a.Explanation = r.Explain()
	return a, nil
}

// setSight sets the fields of a sight answer, as the generic rules do.
func setSight(a *rulesets.Result, visible bool, block *los.Blocker, witness *geom.Segment3, grazing []los.Graze) {
	a.Set("visible", visible)
	if block != nil {
		a.Set("blockedBy", block.ID)
		a.Set("blockPoint", rulesets.Point3(block.At))
	} else {
		a.Set("blockedBy", nil)
		a.Set("blockPoint", nil)
	}
	if witness != nil {
		a.Set("witness", [][]float64{rulesets.Point3(witness.A), rulesets.Point3(witness.B)})
	}
	if len(grazing) > 0 {
		ids := make([]string, len(grazing))
		for i, g := range grazing {
			ids[i] = g.ID
		}
		a.Set("grazing", ids)
	}
}

func (t *Table) pointFraction(geo rulesets.Geometry, from, to end) (rulesets.Result, error) {
	if to.id == "" || from.id != "" {
		return rulesets.Result{}, &terrain.FieldError{Path: "query.to",
			Err: fmt.Errorf("a visible fraction is of a model seen from a model or an eye point: %w", scenario.ErrValue)}
	}
	r, err := los.VisibleFractionFrom(t.file.Battlefield(), from.point, to.id, geo.Sight)
	if err != nil {
		return rulesets.Result{}, t.idError(err, from, to)
	}
	a := rulesets.FractionAnswer(r)
	return a, nil
}

func (t *Table) pointArc(q *measureRequest, geo rulesets.Geometry, from, to end) (rulesets.Result, error) {
	if from.id == "" {
		return rulesets.Result{}, &terrain.FieldError{Path: "query.from",
			Err: fmt.Errorf("arcs are a model's: want a model id: %w", scenario.ErrValue)}
	}
	arc := q.Arc
	if arc == "" {
		arc = geo.Arcs
	}
	if arc == "" {
		arc = los.ArcFront + "/" + los.ArcSide + "/" + los.ArcRear
	}
	r, err := los.InArcPoint(t.file.Battlefield(), from.id, geom.Flat(to.point), arc, geo.Arc)
	if err != nil {
		return rulesets.Result{}, terrain.AtPath("query", err)
	}
	var a rulesets.Result
	a.Set("inArc", r.InArc)
	a.Set("arcOf", r.ArcOf)
	a.Set("bearing", rulesets.Round(r.Bearing))
	a.Set("bearingClockwise", rulesets.Round(r.BearingClockwise))
	a.Explanation = r.Explain()
	return a, nil
}

// idError gives an error of the geometry packages about an id the path of
// the end that named it.
func (t *Table) idError(err error, from, to end) error {
	path := "query"
	switch {
	case from.id != "" && !t.known(from.id):
		path = "query.from"
	case to.id != "" && !t.known(to.id):
		path = "query.to"
	}
	return terrain.AtPath(path, err)
}

func (t *Table) known(id string) bool {
	bf := t.file.Battlefield()
	if _, ok := bf.Model(id); ok {
		return true
	}
	_, ok := bf.Piece(id)
	return ok
}

// marshalResult writes r as answer.Answer writes an answer: id, kind, the
// fields in order, the lengths again in the file's units when they are not
// inches, then the explanation.
func marshalResult(id, kind, units string, r *rulesets.Result) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	if err := writeField(&buf, "id", id); err != nil {
		return nil, err
	}
	buf.WriteByte(',')
	if err := writeField(&buf, "kind", kind); err != nil {
		return nil, err
	}
	var converted bytes.Buffer
	// inches per file unit, divided by as answer.Answer does
	var scale float64
	switch units {
	case "cm":
		scale = 1 / 2.54
	case "mm":
		scale = 1 / 25.4
	}
	for _, f := range r.Fields {
		buf.WriteByte(',')
		if err := writeField(&buf, f.Name, f.Value); err != nil {
			return nil, fmt.Errorf("answer %s field %s: %w", id, f.Name, err)
		}
		if f.Length && scale != 0 {
			if converted.Len() > 0 {
				converted.WriteByte(',')
			}
			if err := writeField(&converted, f.Name, rulesets.Round(f.Value.(float64)/scale)); err != nil {
				return nil, err
			}
		}
	}
	if converted.Len() > 0 {
		buf.WriteByte(',')
		if err := writeField(&buf, units, json.RawMessage("{"+converted.String()+"}")); err != nil {
			return nil, err
		}
	}
	buf.WriteByte(',')
	if err := writeField(&buf, "explanation", scenario.UnitTextOf(units).Localize(r.Explanation)); err != nil {
		return nil, err
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// writeField writes "key":value to buf, without escaping <, > and & (as
// answer.Answer writes: explanations say "a -> b").
func writeField(buf *bytes.Buffer, key string, value any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(key); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	buf.WriteByte(':')
	if err := enc.Encode(value); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1)
	return nil
}
