// Package threat answers, for every cell of a grid over the table, what a
// set of observers can do to one model standing there: whether the model
// can stand there at all, how many observers see it (any part, and the
// centre line), the largest visible fraction any of them has, how many
// have it in range of a weapon and, given a rule for it, how many could
// legally shoot it. Every cell's values are those of the single queries
// (package los) with the model standing at the cell's centre, on a
// Battlefield edited with terrain.Battlefield.ReplaceModel.
package threat
