package dropzone

// Rule constants, each beside the clause and the German words it comes
// from. Lengths are inches.
const (
	// DZC-01: "1,20m x 1,20m" (Das Spielfeld); 1200 mm = 47.244 in.
	tableMetric = 1200.0 / 25.4

	// DZC-07: a stationary unit that turns on the spot counts as moved
	// "1 Zoll" for shooting (Aktionen: Bewegungen). DZC-29 reuses it for a
	// stationary aircraft switching altitude ("als hätte er sich 1 Zoll
	// bewegt").
	pivotMove = 1.0

	// DZC-08: Standard formation, "nicht weiter als 3 Zoll" (Bewegungen, 2).
	formationStandard = 3.0
	// DZC-08: Weit formation, "nicht weiter als 6 Zoll" (Bewegungen, 3).
	formationWide = 6.0

	// DZC-16/29: aircraft fly at "6 Zoll" (Flieger, 1 "Tiefflug!").
	altitudeNormal = 6.0
	// DZC-16/29: NOE, "Flieger im Tiefflug bewegen sich in 2 Zoll Höhe".
	altitudeNOE = 2.0

	// DZC-18: "10-50% der Hülle sichtbar" -> in cover; "weniger als 10%"
	// -> out of sight (Sichtlinie).
	coverLow  = 0.10
	coverHigh = 0.50
	// DZC-18 (Ambiguity 3): a measured fraction within 1e-9 of 10 % or
	// 50 % counts as on that edge, so a hull laid out to show exactly half
	// is "10-50%" despite the rounding of the fraction.
	bandTolerance = 1e-9

	// DZC-14 (Ambiguity 1): the K corridor starts on the line across the
	// hull centre, where the arc template is laid (inches ahead of it).
	corridorStart = 0.0

	// DZC-18/26/28/36: "+2 auf den Ge-Wert" and "bis hin zu einem Maximum
	// von 6+" (Sichtlinie, Sichtschutz, Antigravfahrzeuge, Reaktionsfeuer).
	accuracyPenalty = 2
	accuracyCap     = 6

	// DZC-25: infantry cover "+1 auf das Wurfergebnis, das benötigt wird,
	// um sie zu verwunden" (Gelände, Deckung).
	infantryCoverBonus = 1
	// DZC-25: "innerhalb von 1 Zoll um das Geländestück" (Deckung).
	coverReach = 1.0
	// DZC-25: "zu mindestens 50% verdeckt" (Deckung).
	coverObscured = 0.50

	// DZC-21: "1 Zoll oberhalb des Rumpfes" (Erhöhte Halterung).
	elevatedRise = 1.0

	// DZC-24: "einzelnen LA-Schuss mit 6 Zoll Reichweite"
	// (Handfeuerwaffen).
	smallArmsAARange = 6.0

	// DZC-28: evasion after a normal move of "6 oder mehr Zoll"
	// (Antigravfahrzeuge).
	evasionMove = 6.0

	// DZC-30: steep terrain "höher sind als 6 Zoll" costs 1 in per inch
	// above it (Flieger, 2).
	aircraftTerrainFree = 6.0

	// DZC-33: landing and taking off each "reduziert ... ihre Bewegung um
	// 2 Zoll" (Flieger, 4 "Landen").
	landingCost = 2.0

	// DZC-34: enemies "innerhalb von 3 Zoll ... zum Rand der
	// Landezonen-Schablone" (Flieger, 5 "Umkämpfte Landezone").
	contestReach = 3.0

	// DZC-37: "1/3 oder mehr der Schablone über dem Gebäude"
	// (Tabelle für zerstörte Flieger).
	crashBuildingShare = 1.0 / 3.0
	// DZC-37/43: survivors "innerhalb von 3 Zoll um das Wrack".
	wreckReach = 3.0

	// DZC-38: at most "zwei Ein- und Auslademanöver pro Zug"
	// (Transporter, 1).
	maxManoeuvres = 2

	// DZC-39: "innerhalb von 3 Zoll um den Transporter" (Transporter, 1).
	transportReach = 3.0

	// DZC-42: transport "innerhalb von 1 Zoll um einen Eingang ... oder
	// diesen berühren" (Transporter, 3).
	transportEntranceReach = 1.0

	// DZC-47: units "in 1 Zoll um das Gebäude" are destroyed on 2+
	// (Zerstörte Gebäude); the rubble is "1 Zoll hohes, solides
	// Geländestück".
	collapseReach = 1.0
	rubbleHeight  = 1.0

	// DZC-48: a base "innerhalb von 1 Zoll um einen Eingang"
	// (Garnisonen, 1); capacity "doppelten Garnisonswert".
	entranceReach    = 1.0
	capacityPerGarri = 2

	// DZC-51: bases placed "innerhalb von 2 Zoll um einen Eingang"
	// (Garnisonen, 5).
	leaveReach = 2.0

	// DZC-52: buildings "weniger als 3 Zoll voneinander entfernt" may be
	// connected (Garnisonen, 6).
	connectedGap = 3.0

	// DZC-53: features "nicht höher sind als ein Viertelzoll"
	// (Antigravfahrzeuge).
	antigravStep = 0.25

	// DZC-54: walkers cross massive fields "mit einem Malus von 50% auf
	// ihren Bw-Wert (aufgerundet)" (Läufer).
	walkerPenaltyShare = 0.5
)

// buildingClass is one row of the DZC-46 table ("Gebäudeprofile").
type buildingClass struct {
	Name      string  // German class name as in the profile table
	MaxFloors int     // "Maximal 3", "Bis zu 5", ... floors
	MaxArea   float64 // "4 Quadratzoll", ... square inches
	LP        int     // Lp column
	G         int     // G column (garrison value)
}

// buildingClasses is the DZC-46 table, smallest first. Mikro has "nur
// einem Stockwerk" and an "extrem kleinen Grundriss" (no number: its area
// limit is Options.MikroMaxArea).
var buildingClasses = []buildingClass{
	{"Mikro", 1, 0, 2, 0},
	{"Winzig", 3, 4, 4, 3},   // DZC-46: "Maximal 3 Stockwerke und 4 Quadratzoll"
	{"Klein", 5, 15, 10, 6},  // DZC-46: "Bis zu 5 Stockwerke ... 15 Quadratzoll"
	{"Mittel", 7, 25, 20, 9}, // DZC-46: "Bis zu 7 Stockwerke ... 25 Quadratzoll" ("Normal" in the table)
	{"Groß", 10, 40, 30, 12}, // DZC-46: "Bis zu 10 Stockwerke ... 40 Quadratzoll"
}

// eps is the slack for comparing measured lengths against rule limits,
// inches: limits are inclusive up to rounding of the measurement.
const eps = 1e-9
