package dropzone

import (
	"encoding/json"
	"strings"

	"github.com/sightline/sightline/rulesets"
)

type (
	rulesets_Reason  = rulesets.Reason
	rulesets_Measure = rulesets.Measure
)

func raw(m map[string]string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range m {
		out[k] = json.RawMessage(v)
	}
	return out
}

func containsStr(s, sub string) bool { return strings.Contains(s, sub) }
