//go:build js && wasm

// Command sightline-wasm is Sightline built for WebAssembly
// (GOOS=js GOARCH=wasm): it registers the JavaScript API that the package
// in js/ wraps, then waits for calls. Its first argument (go.argv[1]) is
// the name of the global property to put the API on; the loader takes it
// from there and deletes it, so two copies never meet.
//
// The API object holds plain functions: open(doc?) returns a table handle,
// call(handle, method, ...args) runs a jsapi.Table method with string
// (JSON text or an id) and number arguments (see argSpec) and returns JSON
// text (or undefined), close(handle) drops a table. A failure is returned, not thrown, as a JavaScript Error whose
// message is the CLI's path-naming message and whose "path" property is
// that path; the loader throws it. A panic is recovered and returned the
// same way, so Go never takes the page down.
//
// The generic rules are always linked. Every game is linked too, unless
// the build tag sightline_games is given: then only the games whose tags
// are given (sightline_dropzone, sightline_codered, sightline_firestorm,
// sightline_grimdark, sightline_terminator: one file games_*.go
// each) are, so that a client for one game downloads one game's rules.
package main

import (
	"errors"
	"fmt"
	"os"
	"syscall/js"

	"github.com/sightline/sightline/jsapi"
	"github.com/sightline/sightline/rulesets"
	"github.com/sightline/sightline/scenario"
	"github.com/sightline/sightline/terrain"
)

// version is the API's version, reported as the API object's "version".
const version = "0.1.0"

func main() {
	name := "sightline"
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	s := &server{tables: map[int]*jsapi.Table{}}
	api := js.Global().Get("Object").New()
	api.Set("version", version)
	api.Set("open", guard(s.open))
	api.Set("close", guard(s.close))
	api.Set("call", guard(s.call))
	api.Set("defaultScenario", guard(func([]js.Value) (any, error) { return string(scenario.DefaultJSON()), nil }))
	api.Set("rulesets", guard(func([]js.Value) (any, error) { return stringArray(rulesets.Names()), nil }))
	js.Global().Set(name, api)
	select {} // serve calls until the page goes away
}

// server holds the open tables by handle.
type server struct {
	tables map[int]*jsapi.Table
	next   int
}

// guard wraps f as a JavaScript function that returns f's value, or a
// JavaScript Error for f's error or panic.
func guard(f func(args []js.Value) (any, error)) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				result = jsError(fmt.Errorf("sightline: internal error: %v", r))
			}
		}()
		v, err := f(args)
		if err != nil {
			return jsError(err)
		}
		return v
	})
}

// jsError returns err as a JavaScript Error; when err names a JSON path
// the Error's "path" property holds it.
func jsError(err error) js.Value {
	e := js.Global().Get("Error").New(err.Error())
	var fe *terrain.FieldError
	if errors.As(err, &fe) {
		e.Set("path", fe.Path)
	}
	return e
}

// open opens args[0], a scenario document as JSON text, or the default
// scenario when it is absent, and returns its handle.
func (s *server) open(args []js.Value) (any, error) {
	var t *jsapi.Table
	if len(args) == 0 || args[0].IsUndefined() || args[0].IsNull() {
		t = jsapi.OpenDefault()
	} else {
		if args[0].Type() != js.TypeString {
			return nil, errors.New("open: want a scenario document as JSON text")
		}
		var err error
		if t, err = jsapi.Open([]byte(args[0].String())); err != nil {
			return nil, err
		}
	}
	s.next++
	s.tables[s.next] = t
	return s.next, nil
}

func (s *server) close(args []js.Value) (any, error) {
	if len(args) > 0 && args[0].Type() == js.TypeNumber {
		delete(s.tables, args[0].Int())
	}
	return nil, nil
}

// argSpec gives a method's arguments after the handle and the name: 's'
// a string (JSON text or an id), 'n' a number, 'a' an array of strings
// (ids); ok is false for an unknown method. (A switch, not a map: a map
// literal is initialised by code the module would carry.)
func argSpec(method string) (spec string, ok bool) {
	switch method {
	case "results", "document":
		return "", true
	case "answer", "measure", "add", "remove":
		return "s", true
	case "place":
		return "ss", true
	case "pair":
		return "ssss", true
	case "move":
		return "snn", true
	case "rotate":
		return "sn", true
	case "look":
		return "sas", true
	}
	return "", false
}

// call runs method args[1] of table args[0] with the arguments that
// follow, checked against argSpec.
func (s *server) call(args []js.Value) (any, error) {
	if len(args) < 2 || args[0].Type() != js.TypeNumber || args[1].Type() != js.TypeString {
		return nil, errors.New("call: want a table handle and a method name")
	}
	t, ok := s.tables[args[0].Int()]
	if !ok {
		return nil, errors.New("call: the table is closed")
	}
	method := args[1].String()
	spec, ok := argSpec(method)
	if !ok {
		return nil, fmt.Errorf("call: unknown method %q", method)
	}
	a := args[2:]
	if len(a) != len(spec) {
		return nil, fmt.Errorf("%s: want %d arguments, got %d", method, len(spec), len(a))
	}
	str := make([]string, len(a))
	num := make([]float64, len(a))
	var list []string
	for i, v := range a {
		switch {
		case spec[i] == 's' && v.Type() == js.TypeString:
			str[i] = v.String()
		case spec[i] == 'n' && v.Type() == js.TypeNumber:
			num[i] = v.Float()
		case spec[i] == 'a' && isArray(v):
			list = make([]string, v.Length())
			for k := range list {
				e := v.Index(k)
				if e.Type() != js.TypeString {
					return nil, fmt.Errorf("%s: argument %d: element %d: want a string, got %s", method, i+1, k, e.Type())
				}
				list[k] = e.String()
			}
		default:
			want := "string"
			switch spec[i] {
			case 'n':
				want = "number"
			case 'a':
				want = "array of strings"
			}
			return nil, fmt.Errorf("%s: argument %d: want a %s, got %s", method, i+1, want, v.Type())
		}
	}
	return dispatch(t, method, str, num, list)
}

// isArray reports whether v is a JavaScript array.
func isArray(v js.Value) bool {
	return v.Type() == js.TypeObject && v.InstanceOf(js.Global().Get("Array"))
}

// dispatch runs one method with its checked arguments: s and n by
// position, list the one array argument.
func dispatch(t *jsapi.Table, method string, s []string, n []float64, list []string) (any, error) {
	var b []byte
	var err error
	switch method {
	case "results":
		b, err = t.Results()
	case "document":
		b, err = t.Document()
	case "answer":
		b, err = t.Answer([]byte(s[0]))
	case "measure":
		b, err = t.Measure([]byte(s[0]))
	case "pair":
		b, err = t.Pair(s[0], s[1], s[2], s[3])
	case "look":
		b, err = t.Look(s[0], list, s[2])
	case "add":
		return nil, t.AddModel([]byte(s[0]))
	case "remove":
		return nil, t.RemoveModel(s[0])
	case "place":
		return nil, t.PlaceModel(s[0], []byte(s[1]))
	case "move":
		return nil, t.MoveModel(s[0], n[1], n[2])
	case "rotate":
		return nil, t.RotateModel(s[0], n[1])
	}
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// stringArray returns ss as a JavaScript array.
func stringArray(ss []string) js.Value {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return js.ValueOf(out)
}
