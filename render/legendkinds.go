package render

// Overlay kinds listed in the legend, in this order. They live in a file of
// their own, apart from the drawing code, because the overlay data
// (overlay.go) marks them and the WebAssembly build keeps that data but
// leaves the drawing files out.
const (
	lgClear = iota
	lgBlocked
	lgVisible
	lgHidden
	lgPath
	lgViolation
	lgLinkOK
	lgLinkBroken
	lgLinkArc
	lgLinkSeen
	lgLinkMeasure
	lgArc
	lgRing
	lgTemplate
	lgCount
)
