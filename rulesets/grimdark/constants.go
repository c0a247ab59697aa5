package grimdark

// Rule constants, each beside the clause and the German words it comes
// from. Lengths are inches.
const (
	// GF-01: "mindestens 24" voneinander entfernt aufgestellt" (Das
	// Schlachtfeld): the smallest gap between the deployment zones.
	deploymentGap = 24.0

	// GF-02: "innerhalb seiner Aufstellungszone von 12" von der
	// Tischkante" (Aufstellung).
	zoneDepth = 12.0

	// GF-03: markers "mindestens 9" entfernt voneinander" (Mission).
	markerSpacing = 9.0

	// GF-04: "im Umkreis von 3" eines Zielmarkers" (Mission).
	objectiveReach = 3.0

	// GF-05: Position halten 0", Vorrücken 6", Eilen 12", Sturmangriff
	// 12" (AKTIVIERUNGEN).
	moveHold    = 0.0
	moveAdvance = 6.0
	moveRush    = 12.0
	moveCharge  = 12.0
	// GF-05: Fast "+2" ... Vorrücken, +4" ... Eilen/ Sturmangriff"; Slow
	// "-2" bei Vorrücken und -4" bei Eilen/Sturmangriff".
	fastAdvance = 2.0
	fastRush    = 4.0

	// GF-06: "innerhalb von mindestens 1" um ein weiteres Modell ... sowie
	// innerhalb von 9" um alle weiteren Modelle" (BEWEGUNG).
	coherencyLink = 1.0
	coherencyAll  = 9.0

	// GF-07: "dürfen sich anderen Einheiten nur bis auf 1" nähern, wenn
	// sie Sturmangriff anwenden" (BEWEGUNG).
	exclusion = 1.0

	// GF-08: defenders "wobei sie sich bis zu 3" bewegen können"
	// (NAHKAMPF).
	defenderMove = 3.0

	// GF-09: "innerhalb von 2" horizontal und 4" vertikal" (NAHKAMPF).
	meleeHorizontal = 2.0
	meleeVertical   = 4.0

	// GF-10: the winner "darf sich ... um bis zu 3" bewegen", else the
	// attacker "muss sich ... um 1" zurückbewegen (falls möglich)".
	consolidate = 3.0
	fallBack    = 1.0

	// GF-11: "nicht mehr als 6" auf einmal bewegen" (Schwieriges Gelände).
	difficultCap = 6.0

	// GF-14: Aircraft "30" zu seiner Gesamtbewegung hinzufügen" and
	// "Einheiten, die sie anvisieren, erhalten -12" Reichweite".
	aircraftExtra   = 30.0
	aircraftPenalty = 12.0

	// GF-15: Ambush "mit mindestens 9" Abstand zu gegnerischen Einheit".
	ambushGap = 9.0

	// GF-16: Scout "vollständig innerhalb von 12" um ihre Aufstellungszone".
	scoutReach = 12.0

	// GF-20: Artillery, Relentless, Stealth: "in mehr als 9" Entfernung".
	farThreshold = 9.0

	// GF-21: Caster "im Umkreis von 18" einer Zauberer-Einheit".
	casterReach = 18.0

	// GF-22: Transport(X): "Helden mit bis zu Zähigkeit(6) und
	// Nicht-Helden mit bis zu Zähigkeit(3) ..., die jeweils 3 Plätze
	// einnehmen".
	heroToughMax    = 6
	nonHeroToughMax = 3
	bigSpaces       = 3

	// GF-23: "beim Verlassen im Umkreis von 6" verbleiben"; destroyed
	// transport: "im Umkreis von 6" vom Transporter aufgestellt".
	disembarkReach = 6.0

	// eps absorbs float noise in comparisons of measured lengths; far
	// below anything a tape measure resolves.
	eps = 1e-9
)
