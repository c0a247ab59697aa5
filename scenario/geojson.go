//go:build !(js && wasm)

// ImportGeoJSON and ExportGeoJSON are left out of the WebAssembly build:
// their GeoJSON library brings in a BSON codec that would add about 0.5 MB
// (gzip) to the wasm a browser downloads.

package scenario

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/terrain"
)

// ImportOptions controls ImportGeoJSON. The zero value reads coordinates in
// inches and requires every feature to give kind, sight, cover and
// movement.
type ImportOptions struct {
	// Units of the coordinates, heights and other lengths: "in" (default),
	// "cm" or "mm". The GeoJSON coordinates are table coordinates, not
	// longitude and latitude.
	Units string
	// Defaults for features whose properties lack them ("" means none).
	Kind     terrain.Kind
	Sight    terrain.Sight
	Cover    terrain.Cover
	Movement terrain.Movement
}

// ImportGeoJSON reads a GeoJSON (RFC 7946) FeatureCollection of Polygon and
// MultiPolygon features and returns one terrain piece per polygon, in
// feature order, with lengths in inches. Feature properties id, name,
// kind, height, sight, cover, movement, level, building and circle map onto
// the piece fields with the scenario file's meaning; other properties are
// ignored. A feature without an id gets "feature-N" (N its index in
// features); the parts of a MultiPolygon get the id suffixed "-1", "-2", ….
// Closing vertices are dropped, holes kept. The pieces are not validated as
// a battlefield: pass them to terrain.New (or a File) for that. Errors are
// *Error with paths such as "features[3].geometry.coordinates[0][2]".
func ImportGeoJSON(r io.Reader, opt ImportOptions) ([]terrain.Piece, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, &Error{Err: fmt.Errorf("reading GeoJSON: %w", err)}
	}
	if len(b) > MaxFileSize {
		return nil, newError(ErrTooLarge, "", "", "input larger than %d bytes", MaxFileSize)
	}
	units := opt.Units
	if units == "" {
		units = "in"
	}
	if !contains(unitNames, units) {
		return nil, newError(ErrValue, "", units, "unknown units %q", units)
	}
	root, err := parseTree(b, "")
	if err != nil {
		return nil, err
	}
	d := &dec{div: unitsPerInch(units)}
	if err := d.object(root, "", "type", "features", "bbox", "crs", "name"); err != nil {
		return nil, err
	}
	if t := root.get("type"); t == nil || t.kind != nString || t.text != "FeatureCollection" {
		return nil, geoTypeErr(t, "type", "FeatureCollection")
	}
	feats := root.get("features")
	if feats == nil {
		return nil, missing("features")
	}
	if err := d.array(feats, "features", 0); err != nil {
		return nil, err
	}
	var pieces []terrain.Piece
	for i, fn := range feats.elems {
		ps, err := d.feature(fn, index("features", i), i, opt)
		if err != nil {
			return nil, err
		}
		pieces = append(pieces, ps...)
		if len(pieces) > MaxItems {
			return nil, newError(ErrTooLarge, "features", "", "more than %d pieces", MaxItems)
		}
	}
	return pieces, nil
}

func geoTypeErr(n *node, path, want string) error {
	if n == nil {
		return missing(path)
	}
	return newError(ErrValue, path, n.short(), "want %q, got %s", want, n.describe())
}

// feature decodes GeoJSON feature i at path into pieces: one per polygon
// of its geometry, each with the feature's properties.
func (d *dec) feature(n *node, path string, i int, opt ImportOptions) ([]terrain.Piece, error) {
	if err := d.object(n, path, "type", "id", "geometry", "properties", "bbox"); err != nil {
		return nil, err
	}
	if t := n.get("type"); t == nil || t.kind != nString || t.text != "Feature" {
		return nil, geoTypeErr(t, joinKey(path, "type"), "Feature")
	}
	proto, err := d.featureProps(n, path, i, opt)
	if err != nil {
		return nil, err
	}
	polys, err := d.featureGeometry(n, joinKey(path, "geometry"))
	if err != nil {
		return nil, err
	}
	out := make([]terrain.Piece, 0, len(polys))
	for k, poly := range polys {
		p := proto
		if len(polys) > 1 {
			p.ID = proto.ID + "-" + strconv.Itoa(k+1)
		}
		if p.Circle != nil {
			c := *p.Circle
			p.Circle = &c
		}
		p.Footprint = geom.Polygon{Outer: d.ring(poly[0])}
		for _, h := range poly[1:] {
			p.Footprint.Holes = append(p.Footprint.Holes, d.ring(h))
		}
		out = append(out, p)
	}
	return out, nil
}

// featureProps decodes feature i's properties into the piece every polygon
// of it becomes: opt's defaults filled in, the id from the properties, the
// feature's id or "feature-<i>", and an optional circle.
func (d *dec) featureProps(n *node, path string, i int, opt ImportOptions) (terrain.Piece, error) {
	var proto terrain.Piece
	props := n.get("properties")
	pp := joinKey(path, "properties")
	if props == nil || props.kind == nNull {
		props = obj()
	}
	if props.kind != nObject {
		return proto, typeErr(props, pp, "an object")
	}
	// Fill defaults into a copy of the properties.
	withDefaults := &node{kind: nObject, keys: append([]string(nil), props.keys...), elems: append([]*node(nil), props.elems...)}
	for _, dv := range []struct{ k, v string }{{"kind", string(opt.Kind)}, {"sight", string(opt.Sight)}, {"cover", string(opt.Cover)}, {"movement", string(opt.Movement)}} {
		if dv.v != "" && withDefaults.get(dv.k) == nil {
			withDefaults.set(dv.k, str(dv.v))
		}
	}
	if err := d.pieceProps(withDefaults, pp, &proto, true); err != nil {
		return proto, err
	}
	if proto.ID == "" {
		if id := n.get("id"); id != nil && id.kind == nString && id.text != "" {
			proto.ID = id.text
		} else {
			proto.ID = "feature-" + strconv.Itoa(i)
		}
	}
	if c := props.get("circle"); c != nil {
		circ, err := d.circle(c, joinKey(pp, "circle"))
		if err != nil {
			return proto, err
		}
		proto.Circle = &circ
	}
	return proto, nil
}

// featureGeometry checks the geometry of feature n strictly (every
// position with its path), then lets orb parse it into its polygons.
func (d *dec) featureGeometry(n *node, gp string) ([]orb.Polygon, error) {
	gn := n.get("geometry")
	if gn == nil {
		return nil, missing(gp)
	}
	if gn.kind != nObject {
		return nil, typeErr(gn, gp, "a geometry object")
	}
	if err := d.object(gn, gp, "type", "coordinates", "bbox"); err != nil {
		return nil, err
	}
	tn := gn.get("type")
	if tn == nil {
		return nil, missing(joinKey(gp, "type"))
	}
	cp := joinKey(gp, "coordinates")
	cn := gn.get("coordinates")
	if cn == nil {
		return nil, missing(cp)
	}
	switch {
	case tn.kind == nString && tn.text == "Polygon":
		if err := d.geoPolygon(cn, cp); err != nil {
			return nil, err
		}
	case tn.kind == nString && tn.text == "MultiPolygon":
		if err := d.array(cn, cp, 1); err != nil {
			return nil, err
		}
		for k, e := range cn.elems {
			if err := d.geoPolygon(e, index(cp, k)); err != nil {
				return nil, err
			}
		}
	default:
		return nil, newError(ErrValue, joinKey(gp, "type"), tn.short(), "want \"Polygon\" or \"MultiPolygon\", got %s", tn.describe())
	}
	g, err := geojson.UnmarshalGeometry(gn.raw())
	if err != nil {
		return nil, newError(ErrValue, gp, gn.short(), "orb/geojson: %v", err)
	}
	switch og := g.Geometry().(type) {
	case orb.Polygon:
		return []orb.Polygon{og}, nil
	case orb.MultiPolygon:
		return og, nil
	}
	return nil, newError(ErrValue, gp, gn.short(), "orb/geojson read a %s, want a Polygon or MultiPolygon", g.Type)
}

// geoPolygon checks the coordinates of a GeoJSON Polygon: at least one
// ring of at least four positions [x, y] or [x, y, z] (z ignored and not
// checked), x and y lengths within MaxCoordinate, the last position
// repeating the first in x and y.
func (d *dec) geoPolygon(n *node, path string) error {
	if err := d.array(n, path, 1); err != nil {
		return err
	}
	for j, rn := range n.elems {
		rp := index(path, j)
		if err := d.array(rn, rp, 4); err != nil {
			return err
		}
		var first, last geom.Point
		for i, pn := range rn.elems {
			pp := index(rp, i)
			if pn.kind != nArray || len(pn.elems) < 2 || len(pn.elems) > 3 {
				return typeErr(pn, pp, "a position [x, y]")
			}
			var c [2]float64
			for k, e := range pn.elems[:2] {
				v, err := d.length(e, index(pp, k))
				if err != nil {
					return err
				}
				c[k] = v
			}
			last = geom.Pt(c[0], c[1])
			if i == 0 {
				first = last
			}
		}
		if first != last {
			return newError(ErrValue, rp, rn.short(), "ring is not closed: the last position must repeat the first")
		}
	}
	return nil
}

// ring converts a closed orb ring in file units, checked by geoPolygon,
// into an open ring in inches.
func (d *dec) ring(r orb.Ring) geom.Ring {
	out := make(geom.Ring, len(r)-1)
	for i := range out {
		out[i] = geom.Pt(r[i][0]/d.div, r[i][1]/d.div)
	}
	return out
}

// ExportGeoJSON writes pieces as a GeoJSON FeatureCollection of Polygon
// features in inches, with the piece fields (except geometry) as
// properties and a circle piece's exact circle in the "circle" property,
// so that ImportGeoJSON reads back the same pieces.
func ExportGeoJSON(w io.Writer, pieces []terrain.Piece) error {
	fc := geojson.NewFeatureCollection()
	for i := range pieces {
		p := &pieces[i]
		poly := orb.Polygon{closedRing(p.Footprint.Outer)}
		for _, h := range p.Footprint.Holes {
			poly = append(poly, closedRing(h))
		}
		f := geojson.NewFeature(poly)
		props := pieceNode(p, false)
		if p.Circle != nil {
			props.set("circle", obj().set("center", pointNode(p.Circle.Center)).set("radius", num(p.Circle.Radius)))
		}
		for k, key := range props.keys {
			f.Properties[key] = props.elems[k].raw()
		}
		fc.Append(f)
	}
	b, err := json.Marshal(fc)
	if err != nil {
		return fmt.Errorf("scenario: marshalling GeoJSON: %w", err)
	}
	// Lay orb's compact output out as Encode does, short values on one line.
	root, err := parseTree(b, "")
	if err != nil {
		return fmt.Errorf("scenario: re-reading marshalled GeoJSON: %w", err)
	}
	var sb strings.Builder
	writeIndented(&sb, root, "")
	sb.WriteByte('\n')
	_, err = io.WriteString(w, sb.String())
	return err
}

// closedRing returns r as an orb ring closed by repeating its first vertex.
func closedRing(r geom.Ring) orb.Ring {
	out := make(orb.Ring, 0, len(r)+1)
	for _, v := range r {
		out = append(out, orb.Point{v.X, v.Y})
	}
	if len(r) > 0 {
		out = append(out, out[0])
	}
	return out
}
