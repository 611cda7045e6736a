// The host sees the wire types (activities, interactions, in-app stages)
// through AppHandoff.
@_exported import AppWire
// And the manifests and catalog its API speaks of.
@_exported import AppManifests
