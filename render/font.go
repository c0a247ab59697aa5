package render

import (
	"fmt"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Font sizes in pixels; they do not scale with PxPerInch so that text stays
// readable on small and large pictures alike.
const (
	sizeTitle = 15
	sizeLabel = 11
	sizeSmall = 10
)

// The embedded Go fonts are parsed once; a *truetype.Font is read-only and
// safe to share. Faces are not (they cache glyphs), so each picture makes
// its own.
var (
	fontOnce              sync.Once
	fontRegular, fontBold *truetype.Font
	fontErr               error
)

func loadFonts() error {
	fontOnce.Do(func() {
		var err error
		if fontRegular, err = truetype.Parse(goregular.TTF); err != nil {
			fontErr = fmt.Errorf("render: parsing embedded goregular: %w", err)
			return
		}
		if fontBold, err = truetype.Parse(gobold.TTF); err != nil {
			fontErr = fmt.Errorf("render: parsing embedded gobold: %w", err)
		}
	})
	return fontErr
}

// faces is the set of font faces one picture uses.
type faces struct {
	title, label, bold, small font.Face
}

func newFaces() (*faces, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	opt := func(size float64) *truetype.Options {
		return &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingFull}
	}
	return &faces{
		title: truetype.NewFace(fontBold, opt(sizeTitle)),
		label: truetype.NewFace(fontRegular, opt(sizeLabel)),
		bold:  truetype.NewFace(fontBold, opt(sizeLabel)),
		small: truetype.NewFace(fontRegular, opt(sizeSmall)),
	}, nil
}
