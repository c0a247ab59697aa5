package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
)

// WritePNG encodes img as PNG with fixed settings (default compression, no
// metadata, no timestamps), so the same image always gives the same bytes.
func WritePNG(w io.Writer, img image.Image) error {
	if img == nil {
		return fmt.Errorf("%w: nil image", ErrInput)
	}
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("render: encoding PNG: %w", err)
	}
	return nil
}
