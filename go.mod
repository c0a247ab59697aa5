module github.com/sightline/sightline

go 1.26.0

require (
	github.com/fogleman/gg v1.3.0
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0
	github.com/golang/geo v0.0.0-20260818125358-b200a1149890
	github.com/paulmach/orb v0.11.1
	github.com/peterstace/simplefeatures v0.59.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/image v0.47.0
)

require (
	go.mongodb.org/mongo-driver v1.11.4 // indirect
	golang.org/x/text v0.43.0 // indirect
)
