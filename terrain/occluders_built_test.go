package terrain

import "testing"

// TestBuiltOccluders: nil before the first Occluders call (nothing is
// built by asking), the built data after it.
func TestBuiltOccluders(t *testing.T) {
	bf, err := GenerateBattlefield(1, DefaultGenerate())
	if err != nil {
		t.Fatal(err)
	}
	if o := bf.BuiltOccluders(); o != nil {
		t.Fatalf("BuiltOccluders before the build = %p, want nil", o)
	}
	occ := bf.Occluders()
	if occ == nil {
		t.Fatal("Occluders returned nil")
	}
	if o := bf.BuiltOccluders(); o != occ {
		t.Fatalf("BuiltOccluders after the build = %p, want Occluders' %p", o, occ)
	}
}
