package scenario

import (
	"encoding/json"
	"strconv"

	"github.com/sightline/sightline/geom"
)

// queryFields lists the core query fields; queryKinds gives, per core kind,
// the fields it accepts and which of them are required.
var (
	queryFields = []string{"id", "kind", "from", "to", "mode", "arc", "model", "squad", "shooter", "target", "path", "point", "turns", "weapon"}
	queryKinds  = []queryKind{
		{"range", []string{"from", "to", "mode"}, []string{"from", "to"}},
		{"sight", []string{"from", "to"}, []string{"from", "to"}},
		{"visible-fraction", []string{"from", "to"}, []string{"from", "to"}},
		{"arc", []string{"from", "to", "arc"}, []string{"from", "to"}},
		{"shot", []string{"shooter", "target", "weapon"}, []string{"shooter", "target"}},
		{"move", []string{"model", "path", "turns"}, []string{"model", "path"}},
		{"path", []string{"model", "to"}, []string{"model", "to"}},
		{"coherency", []string{"squad"}, []string{"squad"}},
		{"sight-along-path", []string{"from", "model", "path"}, []string{"from", "model", "path"}},
	}
)

// queryKind is one core query kind: the fields it accepts and which of
// them are required. queryKinds is a slice, not a map literal built at
// start-up (code size of the WebAssembly module).
type queryKind struct {
	kind              string
	allowed, required []string
}

// findQueryKind returns the entry of queryKinds for kind; ok is false when
// kind is not a core kind.
func findQueryKind(kind string) (queryKind, bool) {
	for _, k := range queryKinds {
		if k.kind == kind {
			return k, true
		}
	}
	return queryKind{}, false
}

// query decodes the query object n at path into q. It stays one function
// past 80 lines: it is the format's table of query fields, one case per
// core field, in the order docs/scenario-format.md lists them.
func (d *dec) query(n *node, path string, q *Query) error {
	if n.kind != nObject {
		return typeErr(n, path, "an object")
	}
	q.JSONPath = path
	q.Raw = n.raw()
	var err error
	for _, k := range []string{"id", "kind"} {
		if n.get(k) == nil {
			return missing(joinKey(path, k))
		}
	}
	if q.ID, err = d.id(n.get("id"), joinKey(path, "id")); err != nil {
		return err
	}
	if q.Kind, err = d.id(n.get("kind"), joinKey(path, "kind")); err != nil {
		return err
	}
	spec, core := findQueryKind(q.Kind)
	// A game's shot and move queries carry the game's own fields (how far
	// the shooter moved, which weapon mount, ...): they go to Extra and the
	// ruleset rejects those it does not know. Everywhere else core kinds are
	// strict here.
	rulesetFields := core && d.ruleset != "" && d.ruleset != "generic" && (q.Kind == "shot" || q.Kind == "move")
	if core {
		for i, k := range n.keys {
			if k != "id" && k != "kind" && !contains(spec.allowed, k) && !rulesetFields {
				return newError(ErrUnknownField, joinKey(path, k), n.elems[i].short(), "unknown field for kind %q", q.Kind)
			}
		}
		for _, k := range spec.required {
			if n.get(k) == nil {
				return missing(joinKey(path, k))
			}
		}
	}
	for i, k := range n.keys {
		v, kp := n.elems[i], joinKey(path, k)
		switch k {
		case "id", "kind":
		case "from":
			q.From, err = d.id(v, kp)
		case "to":
			if q.Kind == "path" || !core && v.kind == nArray {
				var p geom.Point
				p, err = d.point(v, kp)
				q.ToPoint = &p
			} else if core {
				q.To, err = d.id(v, kp)
			} else {
				q.To, err = d.str(v, kp)
			}
		case "mode":
			if core {
				q.Mode, err = d.enum(v, kp, rangeModes)
			} else {
				q.Mode, err = d.str(v, kp)
			}
		case "arc":
			q.Arc, err = d.id(v, kp)
		case "model":
			q.Model, err = d.id(v, kp)
		case "squad":
			q.Squad, err = d.id(v, kp)
		case "shooter":
			q.Shooter, err = d.id(v, kp)
		case "target":
			q.Target, err = d.id(v, kp)
		case "path":
			min := 0
			if core {
				min = 2
			}
			q.Path, err = d.points(v, kp, min)
		case "point":
			var p geom.Point
			p, err = d.point(v, kp)
			q.Point = &p
		case "turns":
			if v.kind != nArray {
				err = typeErr(v, kp, "an array")
			}
			q.Turns = v.raw()
		case "weapon":
			if v.kind != nObject && v.kind != nString {
				err = typeErr(v, kp, "a weapon object or name")
			}
			q.Weapon = v.raw()
		default:
			if q.Extra == nil {
				q.Extra = map[string]json.RawMessage{}
			}
			q.Extra[k] = v.raw()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkQueries checks query ids are unique, and records in Query.Err a
// core kind that refers to a model or squad that does not exist: that query
// cannot be answered, the others can.
func checkQueries(f *File, arr *node) error {
	models := make(map[string]bool, len(f.Models))
	squads := map[string]bool{}
	for i := range f.Models {
		models[f.Models[i].ID] = true
		if f.Models[i].Squad != "" {
			squads[f.Models[i].Squad] = true
		}
	}
	seen := make(map[string]int, len(f.Queries))
	for i := range f.Queries {
		q := &f.Queries[i]
		if j, dup := seen[q.ID]; dup {
			return newError(ErrValue, q.JSONPath+".id", strconv.Quote(q.ID), "duplicate query id %q (also queries[%d])", q.ID, j)
		}
		seen[q.ID] = i
		if !IsCore(q.Kind) {
			continue
		}
		refs := []struct{ key, val string }{{"from", q.From}, {"to", q.To}, {"model", q.Model}, {"shooter", q.Shooter}, {"target", q.Target}}
		for _, r := range refs {
			if r.val != "" && !models[r.val] && q.Err == nil {
				q.Err = newError(ErrValue, q.JSONPath+"."+r.key, strconv.Quote(r.val), "unknown model %q", r.val)
			}
		}
		if q.Squad != "" && !squads[q.Squad] && q.Err == nil {
			q.Err = newError(ErrValue, q.JSONPath+".squad", strconv.Quote(q.Squad), "unknown squad %q (no model has it)", q.Squad)
		}
	}
	return nil
}
