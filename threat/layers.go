package threat

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"
)

// Layer names one measure of a Map's cells.
type Layer string

// The layers of a Map.
const (
	LayerSeen     Layer = "seen"
	LayerCentre   Layer = "centre"
	LayerFraction Layer = "maxFraction"
	LayerInRange  Layer = "inRange"
	LayerLegal    Layer = "legal"
)

// Value returns the cell's value of layer l.
func (c *Cell) Value(l Layer) float64 {
	switch l {
	case LayerSeen:
		return float64(c.Seen)
	case LayerCentre:
		return float64(c.Centre)
	case LayerFraction:
		return c.MaxFraction
	case LayerInRange:
		return float64(c.InRange)
	case LayerLegal:
		return float64(c.Legal)
	}
	return math.NaN()
}

// Layer returns layer l as rows (row j is y from Y0+j·Res), -1 where the
// model cannot stand; fractions rounded to 1e-6.
func (m *Map) Layer(l Layer) [][]float64 {
	rows := make([][]float64, m.NY)
	for j := range rows {
		rows[j] = make([]float64, m.NX)
		for i := range rows[j] {
			c := &m.Cells[j*m.NX+i]
			v := -1.0
			if c.Standable {
				v = math.Round(c.Value(l)*1e6) / 1e6
			}
			rows[j][i] = v
		}
	}
	return rows
}

// Summary counts a map's cells.
type Summary struct {
	// Standable cells; Seen those seen by some observer; Hidden the
	// standable cells no observer sees.
	Standable, Seen, Hidden int
}

// Summary returns the map's counts.
func (m *Map) Summary() Summary {
	var s Summary
	for i := range m.Cells {
		c := &m.Cells[i]
		if !c.Standable {
			continue
		}
		s.Standable++
		if c.Seen > 0 {
			s.Seen++
		} else {
			s.Hidden++
		}
	}
	return s
}

// WriteCSV writes one line per cell: x, y (the centre), standable,
// reason, seen, centre, maxFraction, inRange, legal, after a header.
func (m *Map) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"x", "y", "standable", "reason", "seen", "centre", "maxFraction", "inRange", "legal"}); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for j := range m.NY {
		for i := range m.NX {
			c := &m.Cells[j*m.NX+i]
			p := m.Centre(i, j)
			rec := []string{f(p.X), f(p.Y), strconv.FormatBool(c.Standable), c.Reason,
				strconv.Itoa(c.Seen), strconv.Itoa(c.Centre), f(math.Round(c.MaxFraction*1e6) / 1e6),
				strconv.Itoa(c.InRange), strconv.Itoa(c.Legal)}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
