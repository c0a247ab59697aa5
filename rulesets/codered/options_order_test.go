package codered

import (
	"strings"
	"testing"
)

// Validate checks the options in name order, so that the first error is
// always the same: the tables must be sorted, each name once.
func TestOptionTablesInNameOrder(t *testing.T) {
	for i := 1; i < len(enumOptions); i++ {
		if a, b := enumOptions[i-1].name, enumOptions[i].name; a >= b {
			t.Errorf("enumOptions: %q before %q", a, b)
		}
	}
	for i := 1; i < len(numberRanges); i++ {
		if a, b := numberRanges[i-1].name, numberRanges[i].name; a >= b {
			t.Errorf("numberRanges: %q before %q", a, b)
		}
	}
	// every default value is allowed, and a value off each list is reported under its own name
	d := DefaultOptions()
	if err := d.Validate(); err != nil {
		t.Fatalf("DefaultOptions().Validate() = %v", err)
	}
	for _, e := range enumOptions {
		bad := DefaultOptions()
		setEnum(t, &bad, e.name, "no-such-value")
		err := bad.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), "options."+e.name+": ") {
			t.Errorf("Validate with %s = %q: error %v, want one at options.%s", e.name, "no-such-value", err, e.name)
		}
	}
}

// setEnum sets the string option name of o to v (the field the map below
// names, written out by hand as the old Validate listed them).
func setEnum(t *testing.T, o *Options, name, v string) {
	t.Helper()
	ptrs := map[string]*string{
		"center": &o.Center, "contactMeasure": &o.ContactMeasure, "stripWidth": &o.StripWidth,
		"depthReading": &o.DepthReading, "elevatedIgnore": &o.ElevatedIgnore, "lowerIgnored": &o.LowerIgnored,
		"viewEdges": &o.ViewEdges, "arcPoint": &o.ArcPoint, "wedgeArm": &o.WedgeArm,
		"turretlessApex": &o.TurretlessApex, "zoneTie": &o.ZoneTie, "jumpCrossing": &o.JumpCrossing,
		"jumpDepth": &o.JumpDepth, "turnRounding": &o.TurnRounding, "retreatCheck": &o.RetreatCheck,
		"retreatLoS": &o.RetreatLoS, "chargeDistance": &o.ChargeDistance, "blastRounding": &o.BlastRounding,
		"blastMeasure": &o.BlastMeasure, "nearMissBy": &o.NearMissBy, "deployment": &o.Deployment,
		"hazardZone": &o.HazardZone, "spacing": &o.Spacing, "spacingMeasure": &o.SpacingMeasure,
		"ambushHalf": &o.AmbushHalf, "hullDown": &o.HullDown, "pointTarget": &o.PointTarget,
	}
	p, ok := ptrs[name]
	if !ok {
		t.Fatalf("no string option %q", name)
	}
	*p = v
}
