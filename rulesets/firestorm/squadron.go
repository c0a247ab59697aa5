package firestorm

import (
	"fmt"
	"math"
	"strings"

	"github.com/sightline/sightline/geom"
	"github.com/sightline/sightline/movement"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/terrain"
)

// Link is the shortest stand-to-stand distance between two ships.
type Link struct {
	From     string  `json:"from"`
	To       string  `json:"to"`
	Distance float64 `json:"distance"`
}

// Coherency is a squadron's spacing (FT-12): the groups of ships linked
// by stands at most 6 in apart, and for each group but the largest the
// shortest link joining it to the rest.
type Coherency struct {
	Squad    string     `json:"squad"`
	Coherent bool       `json:"coherent"`
	Groups   [][]string `json:"groups"`
	Broken   []Link     `json:"broken"`
	// Excused reports a squadron broken by losses but judged at its next
	// move (Options.Losses "next-move", Ambiguity 12).
	Excused bool `json:"excused"`
}

// Explain returns one sentence with the numbers.
func (c Coherency) Explain() string {
	if c.Coherent && !c.Excused {
		return fmt.Sprintf("squadron %s is coherent: %d ships linked by stands at most %g in apart", c.Squad, len(c.Groups[0]), coherencyMax)
	}
	var parts []string
	for _, g := range c.Groups {
		parts = append(parts, "{"+strings.Join(g, ", ")+"}")
	}
	var gaps []string
	for _, l := range c.Broken {
		gaps = append(gaps, fmt.Sprintf("%s-%s %.2f in", l.From, l.To, l.Distance))
	}
	s := fmt.Sprintf("squadron %s falls into %s; the shortest gaps are %s (limit %g in)", c.Squad, strings.Join(parts, " and "), strings.Join(gaps, ", "), coherencyMax)
	if c.Excused {
		s += "; broken by losses, it is judged at its next move (losses next-move)"
	}
	return s
}

// squadronCoherency checks squad's spacing (FT-12): the graph with an edge
// for every pair of ships whose nearest stands are at most 6 in apart must
// be connected. poses overrides ships' poses (a squadron mid-move).
func squadronCoherency(bf *terrain.Battlefield, squad string, poses map[string]geom.Pose, opt *Options) (Coherency, error) {
	idx := bf.Squad(squad)
	if len(idx) == 0 {
		return Coherency{}, fmt.Errorf("%q: no ship of this squadron: %w", squad, ErrQuery)
	}
	models := bf.Models()
	ids := make([]string, len(idx))
	pts := make([][]geom.Point, len(idx))
	for k, i := range idx {
		m := &models[i]
		p, ok := poses[m.ID]
		if !ok {
			p = m.Pose()
		}
		ids[k], pts[k] = m.ID, opt.measurePoints(m, p)
	}
	limit := rulesets.Round(opt.book(coherencyMax))
	dist := func(i, j int) float64 { d, _, _ := nearestPair(pts[i], pts[j]); return rulesets.Round(d) }
	groups := movement.Groups(len(ids), func(i, j int) bool { return dist(i, j) <= limit })
	c := Coherency{Squad: squad, Coherent: len(groups) == 1}
	member := make([]int, len(ids))
	for g, gr := range groups {
		names := make([]string, len(gr))
		for k, i := range gr {
			names[k], member[i] = ids[i], g
		}
		c.Groups = append(c.Groups, names)
	}
	for g := 1; g < len(groups); g++ {
		best := Link{Distance: math.Inf(1)}
		for _, i := range groups[g] {
			for j := range ids {
				if member[j] != g {
					if d := dist(i, j); d < best.Distance {
						best = Link{From: ids[min(i, j)], To: ids[max(i, j)], Distance: d}
					}
				}
			}
		}
		c.Broken = append(c.Broken, best)
	}
	if !c.Coherent && opt.Losses == "next-move" && opt.squadron(squad).BrokenByLosses {
		c.Coherent, c.Excused = true, true
	}
	return c, nil
}

// CheckCoherency checks squadron squad's spacing after movement (FT-12).
func CheckCoherency(bf *terrain.Battlefield, squad string, opt Options) (*rulesets.Verdict, Coherency, error) {
	c, err := squadronCoherency(bf, squad, nil, &opt)
	if err != nil {
		return nil, Coherency{}, err
	}
	v := rulesets.NewVerdict()
	if c.Coherent {
		v.Allow(ftOverlap, "%s", c.Explain())
	} else {
		v.Forbid(ftOverlap, "%s; it may not combine attacks until it closes up", c.Explain())
	}
	for _, l := range c.Broken {
		v.Measure(l.From+"-"+l.To, l.Distance, "in")
	}
	return v, c, nil
}

// Sector is one table sector (FT-15): its column and row (from the
// lower-left corner), its rectangle, the sides with ships in it and the
// side controlling it ("" for none).
type Sector struct {
	Col, Row   int        `json:"-"`
	Index      [2]int     `json:"index"`
	Min, Max   [2]float64 `json:"-"`
	Sides      []string   `json:"sides"`
	Ships      []string   `json:"ships"`
	Controller string     `json:"controller"`
}

// sectorEdges returns the sector boundaries along a table side of length
// l: every SectorSize, the remainder a sector of its own or merged into the
// last (Ambiguity 11).
func (o *Options) sectorEdges(l float64) []float64 {
	s := float64(o.SectorSize)
	edges := []float64{0}
	for x := s; x < l-1e-9; x += s {
		edges = append(edges, x)
	}
	if o.SectorRemainder == "merge" && len(edges) > 1 && l-edges[len(edges)-1] < s-1e-9 {
		edges = edges[:len(edges)-1]
	}
	return append(edges, l)
}

// cells returns the indices of the cells of edges holding x: one, or two
// when x lies on an inner line and SectorLine is "both".
func (o *Options) cells(edges []float64, x float64) []int {
	n := len(edges) - 1
	for i := 1; i < n; i++ {
		switch {
		case x < edges[i]:
			return []int{i - 1}
		case x == edges[i] && o.SectorLine == "both":
			return []int{i - 1, i}
		case x == edges[i]:
			return []int{i}
		}
	}
	return []int{n - 1}
}

// Sectors divides the table into sectors (FT-15) and says which side
// controls each: the one side with ships in it. A ship is placed by its
// stands (or base centre, SectorBy) and ships off the table are ignored.
func Sectors(bf *terrain.Battlefield, opt Options) []Sector {
	t := bf.Table()
	xs, ys := opt.sectorEdges(t.Width), opt.sectorEdges(t.Depth)
	out := make([]Sector, 0, (len(xs)-1)*(len(ys)-1))
	for r := 0; r+1 < len(ys); r++ {
		for c := 0; c+1 < len(xs); c++ {
			out = append(out, Sector{Col: c, Row: r, Index: [2]int{c, r}, Min: [2]float64{xs[c], ys[r]}, Max: [2]float64{xs[c+1], ys[r+1]}, Sides: []string{}, Ships: []string{}})
		}
	}
	models := bf.Models()
	for i := range models {
		m := &models[i]
		pts := standsAt(m, m.Pose(), opt.ship(m.ID))
		if opt.SectorBy == "center" {
			pts = []geom.Point{m.Position}
		}
		seen := map[int]bool{}
		for _, p := range pts {
			if p.X < 0 || p.Y < 0 || p.X > t.Width || p.Y > t.Depth {
				continue
			}
			for _, r := range opt.cells(ys, p.Y) {
				for _, c := range opt.cells(xs, p.X) {
					seen[r*(len(xs)-1)+c] = true
				}
			}
		}
		for k := range out {
			if seen[k] {
				out[k].Ships = append(out[k].Ships, m.ID)
				if !contains(out[k].Sides, m.Side) {
					out[k].Sides = append(out[k].Sides, m.Side)
				}
			}
		}
	}
	for k := range out {
		if len(out[k].Sides) == 1 {
			out[k].Controller = out[k].Sides[0]
		}
	}
	return out
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
