import ExthostTestSupport
import Foundation
import RequestWire
import Testing

/// An intent file carried in the service's `run` message (what `exthost run
/// --service` sends) reads back as the same request: nothing of the file is
/// lost or changed on the way. The fuzz target `intent-file` checks the same
/// on generated files; this keeps it checked on every CI run.
@Suite("The run message carries an intent file whole")
struct ServiceRunMessageTests {
    /// The examples' intent files, and one with every key.
    static let files: [(name: String, data: Data)] = {
        let root = TestPaths.packageRoot
        let found = (FileManager.default.enumerator(atPath: root.appendingPathComponent("Examples").path)?.allObjects as? [String] ?? [])
            .filter { $0.contains("/Requests/") && $0.hasSuffix(".json") }.sorted()
        var files = found.compactMap { path in
            (try? Data(contentsOf: root.appendingPathComponent("Examples/\(path)"))).map { (name: path, data: $0) }
        }
        files.append((name: "every key", data: Data(#"""
            {"intent": "OrderSoup", "app": "com.example.soupchef", "extension": "com.example.soupchef.intents",
             "identifier": "order-1", "locale": "ja_JP", "concise": true,
             "parameters": {"soup": {"identifier": "tomato", "displayString": "Tomato"}, "quantity": 2, "options": ["Croutons"], "note": null},
             "answers": {"confirm": "yes", "quantity": [1, 2.5, true]}}
            """#.utf8)))
        return files
    }()

    @Test("each intent file, sent in a run message and read back, is the same request")
    func roundTrip() throws {
        #expect(Self.files.count > 5, "the examples' intent files were not found")
        for file in Self.files {
            let request = try IntentRequest.parse(file.data, source: file.name)
            let line = ClientMessage.run(request, deadline: 2.5).line
            guard case .run(let again, let deadline, _) = try ClientMessage.parse(line.dropLast()) else {
                Issue.record("\(file.name): not read back as a run message: \(String(decoding: line, as: UTF8.self))")
                continue
            }
            #expect(deadline == 2.5)
            #expect(again.source == file.name)
            #expect(again.intent == request.intent && again.app == request.app && again.extensionIdentifier == request.extensionIdentifier,
                    "\(file.name)")
            #expect(again.identifier == request.identifier && again.locale == request.locale && again.concise == request.concise, "\(file.name)")
            #expect(again.answers == request.answers, "\(file.name)")
            #expect(Set(again.parameterJSON.keys) == Set(request.parameterJSON.keys), "\(file.name)")
            for (name, text) in request.parameterJSON {
                let sent = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSArray
                let received = try again.parameterJSON[name].map { try JSONSerialization.jsonObject(with: Data($0.utf8)) } as? NSArray
                #expect(sent != nil && sent == received, "\(file.name): parameter \(name): \(text) became \(again.parameterJSON[name] ?? "nothing")")
            }
        }
    }
}
