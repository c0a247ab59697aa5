package movement

import (
	"testing"

	"github.com/sightline/sightline/terrain"
)

// TestProfileFor: ProfileFor gives each built-in class as DefaultProfiles
// lists it (written out here), an unknown class a difficult factor of 2,
// and allocates nothing; DefaultProfiles is a fresh map each call.
func TestProfileFor(t *testing.T) {
	tests := []struct {
		class terrain.Class
		want  ClassProfile
	}{
		{"infantry", ClassProfile{Name: "infantry", TerrainClass: terrain.Infantry, DifficultFactor: 2, Roofs: true}},
		{"figure", ClassProfile{Name: "figure", TerrainClass: terrain.Figure, DifficultFactor: 2, Roofs: true}},
		{"vehicle", ClassProfile{Name: "vehicle", TerrainClass: terrain.Vehicle, DifficultFactor: 2}},
		{"tracked", ClassProfile{Name: "tracked", TerrainClass: terrain.Vehicle, DifficultFactor: 2}},
		{"wheeled", ClassProfile{Name: "wheeled", TerrainClass: terrain.Vehicle, DifficultFactor: 2}},
		{"walker", ClassProfile{Name: "walker", TerrainClass: terrain.Walker, DifficultFactor: 1}},
		{"skimmer", ClassProfile{Name: "skimmer", TerrainClass: terrain.Skimmer, DifficultFactor: 1, FloatHeight: 0.25}},
		{"aircraft", ClassProfile{Name: "aircraft", TerrainClass: terrain.Aircraft, DifficultFactor: 1, Airborne: true, TallThreshold: 6, TallPenalty: 1}},
		{"ship", ClassProfile{Name: "ship", TerrainClass: terrain.Ship, DifficultFactor: 1, DifficultBudgetFactor: 0.5}},
		{"hovercraft", ClassProfile{Name: "hovercraft", TerrainClass: "hovercraft", DifficultFactor: 2}},
		{"", ClassProfile{DifficultFactor: 2}},
	}
	all := DefaultProfiles()
	for _, tt := range tests {
		if got := ProfileFor(tt.class); got != tt.want {
			t.Errorf("ProfileFor(%q) = %+v, want %+v", tt.class, got, tt.want)
		}
		if p, ok := all[string(tt.class)]; ok && p != tt.want {
			t.Errorf("DefaultProfiles()[%q] = %+v, want %+v", tt.class, p, tt.want)
		}
	}
	if len(all) != 9 {
		t.Errorf("DefaultProfiles() has %d classes, want 9", len(all))
	}
	delete(all, "infantry")
	if _, ok := DefaultProfiles()["infantry"]; !ok {
		t.Error("DefaultProfiles() shares its map between calls")
	}
	if a := testing.AllocsPerRun(10, func() { _ = ProfileFor(terrain.Vehicle) }); a != 0 {
		t.Errorf("ProfileFor allocates %v times, want 0", a)
	}
}
