package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sightline/sightline/budget"
	"github.com/sightline/sightline/render"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/rulesets/generic"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
	"github.com/sightline/sightline/threat"
)

const threatAbout = `
Map, for every cell of a grid over the table of FILE (side --res inches,
default 0.25, at least 0.05; at most 1,000,000 cells), what the observers
can do to the model --model standing at the cell's centre: whether it can
stand there, how many observers see any part of it and its centre, the
largest visible fraction, how many have it within --range and, with --shot
(the fields of the file's ruleset's shot query other than shooter and
target, as JSON), how many could legally shoot it. --observers names a
side, or squads and model ids separated by commas. Writes a heat picture
(-o OUT.png, layer --layer), or the cells as JSON (--json) or CSV (--csv)
on standard output. Maps taking over a second show a progress bar on a
terminal's standard error; --timeout stops a map (no partial map) with
"work budget exceeded".`

// runThreat is "sightline threat FILE --model ID --observers SIDE ...".
func runThreat(args []string, stdout, stderr io.Writer) int {
	c := lookup("threat")
	fs := flag.NewFlagSet("threat", flag.ContinueOnError)
	model := fs.String("model", "", "the id of the model mapped (required)")
	observers := fs.String("observers", "", "a side, or squads and model ids separated by commas (required)")
	res := fs.Float64("res", threat.DefaultResolution, "the cell side, in the file's units")
	rng := fs.Float64("range", 0, "the weapon range counted in inRange, in the file's units (0: none)")
	shot := fs.String("shot", "", `the ruleset's shot fields as JSON, e.g. {"weapon": {"range": 24}}`)
	layer := fs.String("layer", string(threat.LayerSeen), "the layer drawn: seen, centre, maxFraction, inRange or legal")
	out := fs.String("o", "", "the PNG file to write")
	asJSON := fs.Bool("json", false, "print the map as JSON")
	asCSV := fs.Bool("csv", false, "print one CSV line per cell")
	timeout := timeoutFlag(fs)
	pos, code, ok := c.parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 || *model == "" || *observers == "" {
		fmt.Fprintf(stderr, "sightline threat: want one FILE, --model and --observers\nusage: sightline %s\n", c.synopsis)
		return exitInvalid
	}
	if *out == "" && !*asJSON && !*asCSV {
		fmt.Fprintf(stderr, "sightline threat: give -o OUT.png, --json or --csv\n")
		return exitInvalid
	}
	if c := (threat.Cell{}); math.IsNaN(c.Value(threat.Layer(*layer))) {
		fmt.Fprintf(stderr, "sightline threat: --layer %q: want seen, centre, maxFraction, inRange or legal\n", *layer)
		return exitInvalid
	}
	f, code := load(pos[0], stderr)
	if f == nil {
		return code
	}
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if *timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, *timeout)
	}
	defer cancel()
	m, err := threatMap(budget.New(ctx, 0), f, *model, *observers, *res, *rng, *shot, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "sightline threat: %v\n", err)
		return exitInvalid
	}
	return writeThreat(f, m, threat.Layer(*layer), *out, *asJSON, *asCSV, stdout, stderr)
}

// threatMap computes the map the flags ask for, its work (the map's and
// the game's shots') charged to b.
func threatMap(b *budget.Budget, f *scenario.File, model, observers string, res, rng float64, shot string, stderr io.Writer) (*threat.Map, error) {
	bf := f.Battlefield()
	m, ok := bf.Model(model)
	if !ok {
		return nil, fmt.Errorf("--model: no model %q: %w", model, terrain.ErrUnknownID)
	}
	ids, squads, side := splitObservers(bf, observers)
	obs, err := generic.ThreatObservers(bf, model, ids, squads, side)
	if err != nil {
		return nil, fmt.Errorf("--observers %q: %w", observers, err)
	}
	g, err := rulesets.Lookup(f.Ruleset)
	if err != nil {
		return nil, err
	}
	gopt, err := g.ParseOptions(f)
	if err != nil {
		return nil, err
	}
	inch := unitInches(f.Units)
	opt := threat.Options{Resolution: res * inch, Range: rng * inch, Sight: gopt.Geometry().Sight, RangeMode: gopt.Geometry().Range, Work: b}
	if shot != "" {
		env := &rulesets.Env{Battlefield: bf, Options: gopt, Units: f.Units, Kind: "threat", Path: "--shot", Game: g, Budget: b}
		if opt.Shot, err = generic.ThreatShot(env, json.RawMessage(shot), model, obs); err != nil {
			return nil, err
		}
	}
	stop := progress(stderr, &opt)
	defer stop()
	return threat.Compute(context.Background(), bf, *m, obs, opt)
}

// unitInches is the length of one file unit in inches.
func unitInches(units string) float64 {
	switch units {
	case "cm":
		return 1 / 2.54
	case "mm":
		return 1 / 25.4
	}
	return 1
}

// splitObservers sorts the comma-separated names into a side (when one
// name is a side), squads and ids.
func splitObservers(bf *terrain.Battlefield, s string) (ids, squads []string, side string) {
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		switch {
		case len(bf.Squad(name)) > 0:
			squads = append(squads, name)
		case isSide(bf, name) && side == "":
			side = name
		default:
			ids = append(ids, name)
		}
	}
	return ids, squads, side
}

func isSide(bf *terrain.Battlefield, name string) bool {
	for _, m := range bf.Models() {
		if m.Side == name {
			return true
		}
	}
	return false
}

// progress sets opt.Progress to draw a bar on stderr when it is a
// terminal and the map runs for more than a second; stop clears it.
func progress(stderr io.Writer, opt *threat.Options) (stop func()) {
	f, ok := stderr.(*os.File)
	if !ok {
		return func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return func() {}
	}
	var done, total atomic.Int64
	opt.Progress = func(d, t int) { done.Store(int64(d)); total.Store(int64(t)) }
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		start := time.Now()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		drawn := false
		for {
			select {
			case <-quit:
				if drawn {
					fmt.Fprint(f, "\r\033[K")
				}
				return
			case <-tick.C:
				if time.Since(start) < time.Second || total.Load() == 0 {
					continue
				}
				p := float64(done.Load()) / float64(total.Load())
				n := int(math.Round(30 * p))
				fmt.Fprintf(f, "\r[%s%s] %3.0f%% of %d cells", strings.Repeat("#", n), strings.Repeat(" ", 30-n), 100*p, total.Load())
				drawn = true
			}
		}
	}()
	return func() { close(quit); <-finished }
}

// writeThreat writes the map in the asked forms.
func writeThreat(f *scenario.File, m *threat.Map, layer threat.Layer, out string, asJSON, asCSV bool, stdout, stderr io.Writer) int {
	if out != "" {
		h := render.Heat{X0: m.X0, Y0: m.Y0, Res: m.Res, NX: m.NX, NY: m.NY, Values: make([]float64, len(m.Cells)),
			Max: float64(len(m.Observers)), Title: fmt.Sprintf("%s: %s of %d observers", m.Model, layer, len(m.Observers)), Marks: m.Observers}
		if layer == threat.LayerFraction {
			h.Max = 1
		}
		for k := range m.Cells {
			h.Values[k] = math.NaN()
			if v := m.Cells[k].Value(layer); m.Cells[k].Standable {
				h.Values[k] = v
			}
		}
		img, err := render.HeatMap(f.Battlefield(), h, render.Options{})
		if err != nil {
			fmt.Fprintf(stderr, "sightline threat: %v\n", err)
			return exitInvalid
		}
		if err := writePNG(out, img); err != nil {
			fmt.Fprintf(stderr, "sightline threat: %v\n", err)
			return exitFailure
		}
		fmt.Fprintf(stderr, "wrote %s\n", out)
	}
	switch {
	case asCSV:
		if err := m.WriteCSV(stdout); err != nil {
			return exitFailure
		}
	case asJSON:
		r := generic.ThreatResult(m)
		obj := map[string]any{}
		for _, fl := range r.Fields {
			obj[fl.Name] = fl.Value
		}
		obj["explanation"] = r.Explanation
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(obj); err != nil {
			return exitFailure
		}
	}
	return exitOK
}
