// The host sees the wire types (activities, interactions, in-app stages)
// through AppHandoff.
@_exported import AppWire
