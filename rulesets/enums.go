package rulesets

// Enums lists the allowed values of a game's string options, one entry
// per option. A slice literal of these is laid out by the linker, where a
// map literal is built by code run at start-up (about 1.5 KB of
// WebAssembly per game).
type Enums []struct {
	Name   string
	Values []string
}

// Of returns the allowed values of option name, nil if name has none.
func (e Enums) Of(name string) []string {
	for _, o := range e {
		if o.Name == name {
			return o.Values
		}
	}
	return nil
}
