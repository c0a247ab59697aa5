package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"strings"
	"testing"
)

const threatFile = "../../examples/dropzone-commander/scenario.json"

func TestThreatOutputs(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCLI("threat", threatFile, "--model", "hunter", "--observers", "ucm", "--res", "2", "--range", "24",
		"-o", dir+"/map.png", "--json")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var doc struct {
		NX, NY int
		Seen   [][]float64 `json:"seen"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("--json output %q: %v", out, err)
	}
	if doc.NX != 24 || doc.NY != 24 || len(doc.Seen) != 24 {
		t.Errorf("--json: %d x %d cells, %d rows; want 24 x 24", doc.NX, doc.NY, len(doc.Seen))
	}
	b, err := os.ReadFile(dir + "/map.png")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Errorf("map.png: %v", err)
	}
	code, out, errs = runCLI("threat", threatFile, "--model", "hunter", "--observers", "sabre-1,sabre-2", "--res", "4", "--csv",
		"--shot", `{"weapon": "Avenger Railgun"}`)
	if code != exitOK {
		t.Fatalf("--csv: exit %d, stderr %q", code, errs)
	}
	if lines := strings.Count(out, "\n"); lines != 1+12*12 {
		t.Errorf("--csv: %d lines, want a header and 144 cells", lines)
	}
}

func TestThreatBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--model", "nobody", "--observers", "ucm"}, `"nobody"`},
		{[]string{"--model", "hunter", "--observers", "nobody"}, `"nobody"`},
		{[]string{"--model", "hunter", "--observers", "ucm", "--res", "0.01"}, "resolution 0.01"},
		{[]string{"--model", "hunter", "--observers", "ucm", "--layer", "heat"}, `"heat"`},
		{[]string{"--model", "hunter", "--observers", "ucm", "--shot", `{"weapon": "Nothing"}`}, "Nothing"},
		// a deadline already past when the map starts: the map stops at
		// its first row, no partial map
		{[]string{"--model", "hunter", "--observers", "ucm", "--timeout", "1ns"}, "deadline exceeded"},
	}
	for _, tt := range tests {
		args := append([]string{"threat", threatFile, "--json"}, tt.args...)
		code, _, errs := runCLI(args...)
		if code != exitInvalid || !strings.Contains(errs, tt.want) {
			t.Errorf("sightline %v: exit %d, stderr %q; want %d naming %s", args, code, errs, exitInvalid, tt.want)
		}
	}
}
