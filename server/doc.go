// Package server serves Sightline over HTTP: a JSON API (check, render,
// plan, look, scenario, schema, health) and an interactive table page, all
// from one stateless net/http handler built on the standard library.
//
// Every request carries its whole scenario, so the handler keeps no
// per-user state: any number of replicas behind any load balancer serve
// the same answers. Request bodies are bounded (413 beyond Config.MaxBody),
// every request has a time limit (503 beyond Config.Timeout), a panic in a
// handler is recovered, logged and answered 500, and a scenario that does
// not decode is answered 400 with the same JSON-path message as
// "sightline check". docs/serving.md lists the endpoints, limits and flags.
package server
