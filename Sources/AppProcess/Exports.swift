// An app imports AppProcess and gets the wire types (user activities,
// in-app intents, states) with it.
@_exported import AppWire
