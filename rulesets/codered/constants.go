package codered

// Rule-derived constants. Each names its clause (the digest's CR number and
// the rulebook section) and the German words it comes from. Lengths are
// inches.
const (
	// CR-02: 1 in, "mit einem Maximalabstand von 1“ voneinander" (2.3).
	FigureSpacing = 1.0
	// CR-03: 2 in, "in Kontakt … wenn sie maximal 2“ davon entfernt sind" (2.6).
	Contact = 2.0
	// CR-04: 10 in, "Nahbereich … in von 10“ Umkreis um die Mitte der Einheit" (2.6).
	CloseRange = 10.0
	// CR-04: 15 in, event card 37 "15“ Entfernung als Nahbereich (statt 10“)" (App. A 37).
	CloseRangeCard37 = 15.0
	// CR-05: 12 in, "Befehlsreichweite von 12“" (2.8, 5.3).
	CommandRange = 12.0

	// CR-09: 3 in, "Das Wechseln eines Stockwerkes kostet 3 … Bewegungsreichweite" (4.1.2).
	FloorChangeCost = 3.0
	// CR-09: 4 x 3 in, blocks "nicht kleiner als 4x3 Zoll sein sollten" (4.1.2).
	MinBlockLength, MinBlockWidth = 4.0, 3.0
	// CR-09: up to 2 edges, "deklarieren bis zu zwei Kanten des Blocks" (4.1.2).
	MaxViewEdges = 2

	// CR-11: 4 in, "innerhalb eines Geländestückes 4“ weit sehen" (4.2).
	SightWithin = 4.0
	// CR-12: 2 in, "hinaussehen, wenn sie maximal 2“ von dessen Rand entfernt sind" (4.2).
	SeeOut = 2.0
	// CR-13: 2 in, "bis zu 2“ in sichtbehinderndes Gelände hineinsehen" (4.2).
	SeeIn = 2.0
	// CR-14: 2 in, "Ist das Geländestück genau 2“ breit, sind direkt im Kontakt
	// befindliche Einheiten noch sichtbar" (4.2).
	StripWidth = 2.0
	// CR-20: 2 in, "innerhalb 2" zur Geländekante" (4.2.1).
	LevelEdge = 2.0
	// CR-20: 2 in per level, "eine um 2" erweiterte Sichtlinie" and CR-21
	// "vervielfacht sich der Effekt" (4.2.1).
	LevelReachPerLevel = 2.0
	// CR-20: 2 in, "ignorieren ein anderes, maximal 2" breites Geländestück" (4.2.1).
	LevelIgnoreWidth = 2.0
	// CR-24: +1 level, "gilt ein Fahrzeug immer als ein Höhenlevel über dem
	// aktuellen Niveau" (9).
	VehicleLevelBonus = 1

	// CR-25: 3 in, "Eine Nebelwand ist … 3“ groß" (7.1).
	SmokeSize = 3.0
	// CR-25: smoke "bleibt immer bis zum Ende der nächsten Runde" (7.1): rounds it stays after the round laid.
	SmokeRounds = 1

	// CR-26: 90°, "ein 90°-Winkel … die Basen der jeweils äußersten Figur" (4.3.3).
	FrontWedgeDegrees = 90.0
	// CR-29: 45° zone rays at the hull corners (9.8, "~45°").
	HitZoneDegrees = 45.0

	// CR-30: cover values, "Bunkeranlagen: +3 Befestigte Deckung: +2 Harte
	// Deckung: +1 In Deckung gegangen: +1"; "Beschuss im Nahbereich: -1
	// Exponiert: -2" (6.3.6).
	CoverBunker, CoverFortified, CoverHard = 3, 2, 1
	GoneToGround                           = 1
	CloseRangeModifier                     = -1
	ExposedModifier                        = -2
	// CR-27/7.3: flank, "-2 Modifikator auf Reaktionstests", "-50% Feuerkraft".
	FlankReaction  = -2
	FlankFirepower = -50
	// CR-29: hull-down, "Fahrzeug in teilgedeckter Stellung -1" (8.3, 9.4).
	HullDownModifier = -1

	// CR-31: 2 in, "alle Einheiten innerhalb von 2“ entlang Schusslinie" (6.3.1).
	HazardWidth = 2.0

	// CR-32: 6 in, "taktische Bewegung (6“ Bewegung)" (5.3, 6.2).
	TacticalMove = 6.0
	// CR-32: 12 in, "Sprung (12“ Bewegung)" (6.2).
	JumpMove = 12.0
	// CR-32: 2 in, "nur bis zu 2“ aus einem Geländeteil heraus und in ein
	// Geländeteil hinein" (6.2).
	JumpTerrainDepth = 2.0
	// CR-32: event card 10, "+1“ … für eine taktische Bewegung oder +2“ für einen Sprung" (App. A 10).
	Card10Tactical, Card10Jump = 1.0, 2.0

	// CR-33: 12 in, "in 12“ Umkreis um ihren Austrittspunkt" (6.3.8).
	ReentryRadius = 12.0

	// CR-34: 2 in, "mindestens 2“ weit von ihrer Ursprungseinheit" (5.4).
	SplitDistance = 2.0
	// CR-34: 1 in, "in Kontakt (1“ Entfernung) mit der Zieleinheit" (5.4).
	MergeContact = 1.0

	// CR-35: -1 per 3 in, "-1 je 3“ Entfernung für den Angreifer" (6.5.1).
	ChargePenaltyStep = 3.0

	// CR-36: 10 in wheeled, 8 in tracked, "Radfahrzeug 10", "Kettenfahrzeug 8" (9.3).
	WheeledMove, TrackedMove = 10.0, 8.0
	// CR-37: 2 in per turn of up to 90°, "Für jede Drehung bis zu 90° werden 2“ Bewegung verbraucht" (9.3).
	TurnCost    = 2.0
	TurnDegrees = 90.0

	// CR-41: 1 in, "im Zentrum des Einschlages (= 1“ um den Zielpunkt)" (8.4).
	DirectHitRadius = 1.0
	// CR-41: 2 in, "Beinahetreffer (max 2“ Abweichung zum Ziel)" (8.4).
	NearMiss = 2.0
	// CR-41: -1 per 2 AP, "Modifikator von -1 pro 2 AP" (8.4).
	SavePerAP = 2

	// CR-42: 24 in, "IEDs und Dummies dürfen in 24“ Umkreis zu einem Sammelpunkt" (8.3.2).
	TrapRadius = 24.0
	// CR-42: 4 in, "sobald sich eine Einheit in 4“ Umkreis bewegt" (8.3.2);
	// Example 2 says 2 in.
	IEDTrigger        = 4.0
	IEDTriggerExample = 2.0

	// CR-43: 6 in, "um bis zu 6“ bewegt werden" (7.4.2).
	RallyMove = 6.0
	// CR-43: 12 in, option "Ausmanövriert": "um bis zu 12“" (10.2).
	OutmanoeuvredMove = 12.0

	// CR-45: 6 in edge zones, "Aufstellungszone 6“ tief"; 12 in corner legs,
	// "von der Ecke jeweils 12“ entlang des Randes" (10.4.2).
	EdgeZoneDepth = 6.0
	CornerZoneLeg = 12.0
	// CR-45: 10 in, "Aufklärung": "Verschiebe zwei Geländestücke jeweils bis zu 10“" (10.2).
	ReconMove = 10.0

	// CR-46: 4 in, "maximal 4“ von einem Geländestück entfernt"; 12 in,
	// "mindestens 12“ Abstand zueinander"; 6 in, "in 6“ Umkreis" (10.4.3, 10.5.1).
	ObjectiveTerrain = 4.0
	ObjectiveSpacing = 12.0
	ObjectiveControl = 6.0
)

// precisionClass is one row of the table in 8.2.3 (CR-39):
// "Präzisionsklasse / Zielwert / Max. Abweichung".
type precisionClass struct {
	Target       int     // target value of the 2W10 (class 0: full damage at 9+)
	MaxDeviation float64 // inches
}

// precisionClasses is the 8.2.3 table, indexed by class 0..4 (CR-39). Class 0:
// "7-8 = 50% Schaden 9+ = 100% Schaden", no deviation.
var precisionClasses = [...]precisionClass{
	{Target: 9, MaxDeviation: 0},
	{Target: 10, MaxDeviation: 4},
	{Target: 14, MaxDeviation: 8},
	{Target: 18, MaxDeviation: 10},
	{Target: 22, MaxDeviation: 15},
}

// class0HalfDamage is the lowest class-0 result that still does half damage
// (CR-39: "7-8 = 50% Schaden", 8.2.3).
const class0HalfDamage = 7
