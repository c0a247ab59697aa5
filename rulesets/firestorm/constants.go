package firestorm

// Rule numbers, each with its clause (FT-xx of the digest) and the German
// words of the original. Lengths are inches.
const (
	// cmPerInchText is the book's tape factor, FT-01: "1 Zoll = 2,5
	// Zentimeter" (the exact factor is 2.54; Ambiguity 19).
	cmPerInchText = 2.5
	// coreMax is the end of core range, FT-04: "Kernschuss Reichweite (0“
	// bis 8“)"; the effective band starts here too ("8“ bis 24“").
	coreMax = 8.0
	// effectiveMax is the end of effective range, FT-04: "Effektive
	// Reichweite (8“ bis 24“)"; long range is "grösser 24“".
	effectiveMax = 24.0
	// boardingMax is the boarding range, FT-05: "innerhalb des Nahbereichs
	// des Mutterschiffes (0 – 8 Zoll Entfernung)".
	boardingMax = 8.0
	// maxTurn is the largest single turn, FT-09: "Das Modell darf sich
	// maximal 45° drehen".
	maxTurn = 45.0
	// coherencyMax is the squadron spacing, FT-12: "höchstens 6 Zoll
	// Abstand zwischen den Flugständern".
	coherencyMax = 6.0
	// sectorSide is a table sector's side, FT-15: "Sektoren zu „2 Fuß x 2
	// Fuß“".
	sectorSide = 24.0
	// sectorVP is the bonus per controlled sector per round, FT-15: "einen
	// Bonus in Höhe von einem Siegpunkt für die Kontrolle eines Sektors".
	sectorVP = 1
	// pieceMax is the rule-of-thumb size of a terrain piece, FT-14:
	// "keines größer als 8 Zoll x 8 Zoll".
	pieceMax = 8.0
	// minefieldMax is a minefield's size, FT-17: "nicht größer als 4 Zoll x
	// 4 Zoll".
	minefieldMax = 4.0
	// mineDice, mineRoll and mineDetonations, FT-17: "Bei einem Ergebnis
	// von 4+ detonieren die Minen, ein Angriffswurf von zehn Würfeln";
	// "entfernt, wenn es dreimal detoniert ist".
	mineDice        = 10
	mineRoll        = 4
	mineDetonations = 3
	// nuclearRadius, FT-22: "für jedes Modell im Umkreis von vier Zoll um
	// ein durch Beschuss mit dieser Waffe zerstörtes Modell".
	nuclearRadius = 4.0
	// debrisSpacing, FT-24: "mindestens 12“ von dem ersten Trümmerfeld
	// entfernt".
	debrisSpacing = 12.0
	// salvageRadius and salvageVP, FT-24: "Jedes zusammenhängende
	// Geschwader in 8 Zoll um ein Trümerfeld"; "5, 6 Ziel geborgen: +5 SP".
	salvageRadius = 8.0
	salvageVP     = 5
	// stationRadius and its VP, FT-25 (Erobere die Station): "innerhalb von
	// 6“ um die Station ... +1 SP"; attacker "+3 SP".
	stationRadius   = 6.0
	stationDefVP    = 1
	stationAttackVP = 3
	// planetRadius and its VP, FT-25 (Planetarer Hinterhalt): "innerhalb
	// von 8“ um den Planeten ... +1 SP"; attacker "+5 SP".
	planetRadius   = 8.0
	planetDefVP    = 1
	planetAttackVP = 5
	// secretRadius and secretVP, FT-25 (Geheime Befehle, order 5): a
	// coherent squadron within 6" of the secret base, +5 VP.
	secretRadius = 6.0
	secretVP     = 5
	// reserveThreshold, FT-23 (Eskalierendes Gefecht): "Wenn das Ergebnis
	// 8 oder höher ist" (Ambiguity 15: Planetarer Hinterhalt says "erst bei
	// einem Wert von 8 (und nicht bei 7)").
	reserveThreshold = 8
	// halfScale, FT-23: "die Maße halbieren, so dass 12“ zu 6“ werden".
	halfScale = 0.5
)

// Clause ids, as verdicts cite them.
const (
	ftUnits       = "FT-01"
	ftMeasure     = "FT-02"
	ftBaseStand   = "FT-03"
	ftBands       = "FT-04"
	ftBoarding    = "FT-05"
	ftArcs        = "FT-06"
	ftSight       = "FT-07"
	ftCombine     = "FT-08"
	ftTurns       = "FT-09"
	ftStraight    = "FT-10"
	ftZeroMove    = "FT-11"
	ftOverlap     = "FT-12"
	ftLeave       = "FT-13"
	ftTerrainSize = "FT-14"
	ftSectors     = "FT-15"
	ftDebris      = "FT-16"
	ftMinefield   = "FT-17"
	ftGas         = "FT-18"
	ftStack       = "FT-19"
	ftOccupied    = "FT-20"
	ftCarriers    = "FT-21"
	ftRadius      = "FT-22"
	ftSetup       = "FT-23"
	ftSalvage     = "FT-24"
	ftObjectives  = "FT-25"
)
