import ExthostTestSupport
import Foundation
import Testing

/// `exthost serve --http`: the HTTP API as a client uses it, a real service
/// on a port the system chose, every response checked against
/// `docs/openapi.json`.
@Suite("The HTTP API")
struct HTTPAPITests {
    private static let lights = #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 150}}"#

    private func start(_ plugins: [String] = ["LightsExtension"], arguments: [String] = []) throws -> (RunningService, HTTPTestClient) {
        let service = try RunningService(try ExampleSystem(plugins: plugins), arguments: ["--http", "127.0.0.1:0"] + arguments)
        return (service, HTTPTestClient(base: try service.httpBase()))
    }

    /// The report without what differs between two runs (times, the session).
    private static func comparable(_ report: [String: Any]) -> NSDictionary {
        var report = report
        report["timings"] = nil
        report["transcript"] = (report["transcript"] as? [[String: Any]])?.map { $0.filter { $0.key != "milliseconds" } }
        return report as NSDictionary
    }

    @Test("a conversation answered over HTTP ends with the --json object exthost run prints for the same answers")
    func conversationSameAsRun() throws {
        let (service, client) = try start()
        let started = try client.send("POST", "/v1/conversations", json: Self.lights)
        // The session left open is a resource the request created.
        #expect(started.status == 201, "\(started.text)")
        #expect(started.json?["open"] as? Bool == true)
        #expect(started.json?["exitStatus"] as? Int == 3)
        #expect(started.json?["said"] as? [String] == ["Brightness goes up to 100%."])
        #expect((started.report["question"] as? [String: Any])?["answerKey"] as? String == "brightness")
        // Left open, it is what `exthost run --json` prints without the answer.
        let unanswered = try service.runInProcess(Self.lights)
        #expect(Self.comparable(started.report) == (try unanswered.jsonWithoutTimings()))
        let session = try #require(started.json?["session"] as? String)
        #expect(started.headers["location"] == "/v1/conversations/\(session)")
        let listed = try client.send("GET", "/v1/conversations")
        #expect((listed.json?["sessions"] as? [[String: Any]])?.map { $0["session"] as? String } == [session])
        let one = try client.send("GET", "/v1/conversations/\(session)")
        #expect(one.json?["question"] as? String == "How bright, in percent?")

        let answered = try client.send("POST", "/v1/conversations/\(session)/answer", json: #"{"answer": "60"}"#)
        #expect(answered.status == 200, "\(answered.text)")
        #expect(answered.json?["open"] as? Bool == false)
        #expect(answered.json?["exitStatus"] as? Int == 0)
        #expect(answered.report["message"] as? String == "The kitchen lights are at 60%.")
        let local = try service.runInProcess(Self.lights, answers: ["brightness=60"])
        #expect(Self.comparable(answered.report) == (try local.jsonWithoutTimings()))
        // The session is over: nothing left open, and a late answer is told so.
        #expect((try client.send("GET", "/v1/conversations").json?["sessions"] as? [Any])?.isEmpty == true)
        let late = try client.send("POST", "/v1/conversations/\(session)/answer", json: #"{"answer": "70"}"#)
        #expect(late.status == 404)
        #expect(late.problem == "unknownSession")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a long choice over HTTP: “more” answers with the next page, sections and page as the schema says, then a number picks")
    func pagedChoice() throws {
        let system = try ExampleSystem(fixtures: [try FixturePlugins.build("route-sections", defines: ["FIXTURE_ROUTE_SECTIONS"])])
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())
        let request = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#
        let started = try client.send("POST", "/v1/conversations", json: request)
        #expect(started.status == 201, "\(started.text)")
        let session = try #require(started.json?["session"] as? String)
        #expect(((started.report["question"] as? [String: Any])?["page"] as? [String: Any])?["number"] as? Int == 1)

        let more = try client.send("POST", "/v1/conversations/\(session)/answer", json: #"{"answer": "more"}"#)
        #expect(more.status == 200, "\(more.text)")
        let question = try #require(more.report["question"] as? [String: Any])
        let choices = question["choices"] as? [[String: Any]] ?? []
        #expect(choices.compactMap { $0["number"] as? Int } == [6, 7, 8, 9, 10], "\(question)")
        #expect(choices.compactMap { $0["section"] as? String } == Array(repeating: "Saved", count: 5))

        _ = try client.send("POST", "/v1/conversations/\(session)/answer", json: #"{"answer": "8"}"#)
        let confirmed = try client.send("POST", "/v1/conversations/\(session)/answer", json: #"{"answer": "yes"}"#)
        #expect(confirmed.json?["exitStatus"] as? Int == 0, "\(confirmed.text)")
        #expect(confirmed.report["message"] as? String == "Logged 30 min run on Castle Loop: 300 kcal.")
        let local = try service.runInProcess(request, answers: ["route=more", "route=8", "confirm=yes"])
        #expect(Self.comparable(confirmed.report) == (try local.jsonWithoutTimings()))
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("answers in the request are used first, as exthost run --answer: one request, a finished conversation")
    func answersInRequest() throws {
        let (service, client) = try start(["SoupChefExtension"])
        let soup = #"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "orderType": "pickup"}, "answers": {"soup": "2", "confirm": "yes"}}"#
        let response = try client.send("POST", "/v1/conversations?deadline=5&source=soup.json", json: soup)
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json?["open"] as? Bool == false)
        let local = try service.runInProcess(#"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "orderType": "pickup"}}"#,
                                             answers: ["soup=2", "confirm=yes"])
        #expect(Self.comparable(response.report) == (try local.jsonWithoutTimings()))
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("cancel ends an open session: a later answer is told it was cancelled, and no session is left")
    func cancel() throws {
        let (service, client) = try start()
        let started = try client.send("POST", "/v1/conversations", json: Self.lights)
        let session = try #require(started.json?["session"] as? String)
        let cancelled = try client.send("DELETE", "/v1/conversations/\(session)")
        #expect(cancelled.status == 200, "\(cancelled.text)")
        #expect(cancelled.json?["cancelled"] as? Bool == true)
        let answer = try client.send("POST", "/v1/conversations/\(session)/answer", json: #"{"answer": "60"}"#)
        #expect(answer.status == 410)
        #expect(answer.problem == "sessionCancelled")
        let again = try client.send("DELETE", "/v1/conversations/\(session)")
        #expect(again.status == 410)
        // Gone at once for clients, even while its thread finishes.
        let shown = try client.send("GET", "/v1/conversations/\(session)")
        #expect(shown.status == 410 && shown.problem == "sessionCancelled", "\(shown.text)")
        var open: [Any]? = nil
        for _ in 0..<100 {
            open = try client.send("GET", "/v1/conversations").json?["sessions"] as? [Any]
            if open?.isEmpty == true { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(open?.isEmpty == true, "the cancelled session was left open: \(open ?? [])")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("bad requests get a 4xx with the CLI's message, and the service carries on")
    func badRequests() throws {
        let (service, client) = try start()
        let cases: [(String, String, String?, Data?, Int, String, String)] = [
            ("POST", "/v1/conversations", #"{"intent": "#, nil, 400, "badMessage", "the body is not JSON"),
            ("POST", "/v1/conversations", #"["SetLights"]"#, nil, 400, "badMessage", "must be a JSON object"),
            ("POST", "/v1/conversations", nil, nil, 400, "badMessage", "has no body"),
            ("POST", "/v1/conversations", #"{"intent": 7}"#, nil, 422, "badRequest", "\"intent\" is missing or not text"),
            ("POST", "/v1/conversations", #"{"intent": "SetLights", "parameters": "kitchen"}"#, nil, 422, "badRequest", "\"parameters\" must be an object"),
            ("POST", "/v1/conversations", #"{"intent": "SetLights", "parameters": {"rooom": "kitchen"}}"#, nil, 422, "badRequest", "SetLights has no parameter \"rooom\""),
            ("POST", "/v1/conversations", #"{"intent": "SetLights", "colour": "red"}"#, nil, 422, "badRequest", "unknown key \"colour\""),
            ("POST", "/v1/conversations", #"{"intent": "OrderPizza"}"#, nil, 404, "systemError", "no extension handles OrderPizza"),
            ("POST", "/v1/conversations?deadline=-1", Self.lights, nil, 400, "badMessage", "deadline takes seconds from 1 to 86400"),
            // Shorter would let a client get a healthy extension killed, and disabled for all.
            ("POST", "/v1/conversations?deadline=0.001", Self.lights, nil, 400, "badMessage", "deadline takes seconds from 1 to 86400"),
            ("POST", "/v1/conversations?deadline=1e400", Self.lights, nil, 400, "badMessage", "deadline takes seconds from 1 to 86400"),
            ("POST", "/v1/conversations", nil, Data(repeating: 0x20, count: (1 << 20) + 1), 413, "bodyTooLarge", "larger than 1048576 bytes"),
            ("POST", "/v1/conversations/nope/answer", #"{"answer": 60}"#, nil, 400, "badMessage", #"the body is {"answer": TEXT}"#),
            ("POST", "/v1/conversations/nope/answer", #"{"answer": "60"}"#, nil, 404, "unknownSession", "no session nope"),
            ("DELETE", "/v1/conversations/nope", nil, nil, 404, "unknownSession", "no session nope"),
            ("PUT", "/v1/device", #"{"locked": "yes"}"#, nil, 400, "badMessage", #"{"locked": true}"#),
            ("GET", "/v1/extensions?notableMilliseconds=x", nil, nil, 400, "badMessage", "notableMilliseconds takes a number more than 0"),
        ]
        for (method, path, json, body, status, problem, message) in cases {
            let response = try client.send(method, path, json: json, body: body)
            #expect(response.status == status, "\(method) \(path) \(json ?? ""): \(response.text)")
            #expect(response.problem == problem, "\(method) \(path): \(response.text)")
            #expect((response.json?["message"] as? String)?.contains(message) == true, "\(method) \(path): \(response.text)")
            #expect(response.json?["lines"] as? [String] == [response.json?["message"] as? String ?? ""])
        }
        // An unknown intent carries its iOS number, as `exthost run --json`.
        let unknown = try client.send("POST", "/v1/conversations", json: #"{"intent": "OrderPizza"}"#)
        #expect((unknown.report["error"] as? [String: Any])?["code"] as? Int == 2004)
        #expect(unknown.json?["exitStatus"] as? Int == 4)
        // Routes HTTP does not have.
        let nowhere = try client.send("GET", "/v2/conversations")
        #expect(nowhere.status == 404 && nowhere.problem == "notFound", "\(nowhere.text)")
        let method = try client.send("PATCH", "/v1/conversations")
        #expect(method.status == 405 && method.problem == "methodNotAllowed", "\(method.text)")
        #expect(method.headers["allow"] == "GET, POST")
        // Nothing was left open, and the service still answers.
        #expect((try client.send("GET", "/v1/conversations").json?["sessions"] as? [Any])?.isEmpty == true)
        #expect(try client.send("GET", "/healthz").status == 200)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a system intent for an app the person denied Siri gets 403 with error 1913 and what to do")
    func siriDenied() throws {
        let (service, client) = try start(["MessagingExtension"])
        #expect(try service.exthost(["siri", "deny", "com.example.messaging"]).status == 0)
        let refused = try client.send("POST", "/v1/conversations",
                                      json: #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"], "content": "Hi"}}"#)
        #expect(refused.status == 403, "\(refused.text)")
        #expect(refused.problem == "systemError", "\(refused.text)")
        #expect((refused.report["error"] as? [String: Any])?["code"] as? Int == 1913, "\(refused.text)")
        #expect((refused.json?["message"] as? String)?.contains("exthost siri authorize com.example.messaging") == true, "\(refused.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("past --max-sessions a new conversation gets 429 and readiness says not ready; cancelling one frees it")
    func tooManySessions() throws {
        let (service, client) = try start(arguments: ["--max-sessions", "1"])
        #expect(try client.send("GET", "/readyz").status == 200)
        let first = try client.send("POST", "/v1/conversations", json: Self.lights)
        let session = try #require(first.json?["session"] as? String)
        let second = try client.send("POST", "/v1/conversations", json: Self.lights)
        #expect(second.status == 429, "\(second.text)")
        #expect(second.problem == "tooManySessions")
        #expect((second.json?["message"] as? String)?.contains("--max-sessions") == true)
        let ready = try client.send("GET", "/readyz")
        #expect(ready.status == 429 && ready.problem == "tooManySessions", "\(ready.text)")
        #expect(try client.send("DELETE", "/v1/conversations/\(session)").status == 200)
        var again = try client.send("POST", "/v1/conversations", json: Self.lights)
        for _ in 0..<100 where again.status == 429 {
            Thread.sleep(forTimeInterval: 0.02)
            again = try client.send("POST", "/v1/conversations", json: Self.lights)
        }
        #expect(again.status == 201, "\(again.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("extensions are listed with their intents as exthost list --json lists them; the device lock is the socket's")
    func extensionsAndDevice() throws {
        let (service, client) = try start()
        let listed = try client.send("GET", "/v1/extensions")
        #expect(listed.status == 200, "\(listed.text)")
        let records = listed.report["extensions"] as? [[String: Any]] ?? []
        let intents = records.compactMap { ($0["manifest"] as? [String: Any])?["intentsSupported"] as? [String] }.flatMap { $0 }
        #expect(intents.contains("SetLights"), "\(listed.text)")
        #expect((listed.json?["lines"] as? [String])?.first?.hasPrefix("✓ com.example.lights") == true)
        #expect(try client.send("PUT", "/v1/device", json: #"{"locked": true}"#).json?["locked"] as? Bool == true)
        // The socket's clients see the same lock state.
        let sessions = try service.exthost(["unlock", "--socket", service.socket])
        #expect(sessions.status == 0, "\(sessions.both)")
        #expect(try client.send("GET", "/v1/device").json?["locked"] as? Bool == false)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("donations and phrases are listed from the store the service's requests donate to, as the CLI lists them")
    func donationsAndPhrases() throws {
        let (service, client) = try start()
        let none = try client.send("GET", "/v1/donations?app=com.example.lights")
        #expect(none.status == 200, "\(none.text)")
        #expect((none.json?["donations"] as? [Any])?.isEmpty == true)
        let finished = try client.send("POST", "/v1/conversations",
                                       json: #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60}}"#)
        #expect(finished.status == 200 && finished.json?["open"] as? Bool == false, "\(finished.text)")
        let recorded = try client.send("GET", "/v1/donations?app=com.example.lights")
        let donations = recorded.json?["donations"] as? [[String: Any]] ?? []
        #expect(donations.count == 1, "\(recorded.text)")
        #expect(donations.first?["source"] as? String == "system")
        // The CLI reads the same store and prints the same objects.
        let cli = try service.exthost(["donations", "list", "--json", "--app", "com.example.lights"])
        let printed = try cli.json()["donations"] as? [[String: Any]] ?? []
        #expect(printed.map { $0["identifier"] as? String } == donations.map { $0["identifier"] as? String })

        #expect((try client.send("GET", "/v1/phrases").json?["voiceShortcuts"] as? [Any])?.isEmpty == true)
        let add = try service.exthost(["shortcuts", "add", "Kitchen lights", "--app", "com.example.lights", "--intent", "SetLights",
                                       "--parameters", #"{"room": "kitchen"}"#, "--plugins", service.system.plugins.path])
        #expect(add.status == 0, "\(add.both)")
        let phrases = try client.send("GET", "/v1/phrases?app=com.example.lights").json?["voiceShortcuts"] as? [[String: Any]] ?? []
        #expect(phrases.map { $0["invocationPhrase"] as? String } == ["Kitchen lights"])
        #expect((try client.send("GET", "/v1/phrases?app=com.example.other").json?["voiceShortcuts"] as? [Any])?.isEmpty == true)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("donations are added and deleted over HTTP as `exthost donations add|delete --json` do: the same store, messages and iOS numbers")
    func donationWrites() throws {
        let (service, client) = try start()
        let kitchen = #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "kitchen"}, "identifier": "kitchen-1", "groupIdentifier": "rooms"}"#
        let added = try client.send("POST", "/v1/donations", json: kitchen)
        #expect(added.status == 201, "\(added.text)")
        #expect(added.json?["donated"] as? [String] == ["kitchen-1"])
        let copies = try client.send("POST", "/v1/donations?count=3", json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "hall"}}"#)
        #expect((copies.json?["donated"] as? [String]).map { Set($0).count } == 3, "\(copies.text)")
        // The CLI reads what HTTP wrote.
        let cli = try service.exthost(["donations", "list", "--json", "--app", "com.example.lights"])
        #expect((try cli.json()["donations"] as? [[String: Any]])?.count == 4, "\(cli.both)")

        // Refusals: the CLI's message and number, 422.
        let bad = #"{"intent": "SetLights", "parameters": {"room": "kitchen"}}"#
        let file = service.system.root.appendingPathComponent("bad-donation.json")
        try bad.write(to: file, atomically: true, encoding: .utf8)
        let refusedByCLI = try service.exthost(["donations", "add", "--json", file.path])
        let cliError = try refusedByCLI.json()
        let refused = try client.send("POST", "/v1/donations", json: bad)
        #expect(refused.status == 422 && refused.problem == "systemError", "\(refused.text)")
        #expect((refused.report["error"] as? [String: Any])?["code"] as? Int == 1901, "\(refused.text)")
        #expect((cliError["error"] as? [String: Any])?["code"] as? Int == 1901, "\(refusedByCLI.both)")
        // The error itself is the CLI's (its message, name, number); the
        // body's message is the service's form of it, as for a conversation.
        let httpError = refused.report["error"] as? [String: Any] ?? [:], shown = cliError["error"] as? [String: Any] ?? [:]
        #expect(httpError["message"] as? String == shown["message"] as? String && httpError["name"] as? String == shown["name"] as? String,
                "\(refused.text) \(refusedByCLI.standardOutput)")
        #expect((refused.json?["message"] as? String)?.contains(#"the donation request names no "app""#) == true)
        let activity = try client.send("POST", "/v1/donations", json: #"{"app": "com.example.lights", "activityType": "com.example.lights.undeclared", "title": "x"}"#)
        #expect(activity.status == 422, "\(activity.text)")
        for (path, json, message) in [
            ("/v1/donations?count=0", kitchen, "count takes copies, a whole number from 1 to 100000"),
            ("/v1/donations?count=1.5", kitchen, "count takes copies, a whole number from 1 to 100000"),
            ("/v1/donations", "[1]", "must be a JSON object"),
        ] {
            let response = try client.send("POST", path, json: json)
            #expect(response.status == 400 && response.problem == "badMessage", "\(path): \(response.text)")
            #expect((response.json?["message"] as? String)?.contains(message) == true, "\(path): \(response.text)")
        }
        for (path, message) in [
            ("/v1/donations", "give one of identifier, group, persistentIdentifier, all=true"),
            ("/v1/donations?app=com.example.lights&group=rooms&all=true", "give one of identifier, group, persistentIdentifier, all=true"),
            ("/v1/donations?all=true", "group, persistentIdentifier and all=true need app"),
            ("/v1/donations?app=com.example.lights&all=yes", "all takes true"),
            ("/v1/donations?app=com.example.lights&colour=red", "no query parameter colour"),
        ] {
            let response = try client.send("DELETE", path)
            #expect(response.status == 400 && response.problem == "badMessage", "\(path): \(response.text)")
            #expect((response.json?["message"] as? String)?.contains(message) == true, "\(path): \(response.text)")
        }
        // As the app would: by group, then by identifiers of another app (none), then all.
        let byGroup = try client.send("DELETE", "/v1/donations?app=com.example.lights&group=rooms")
        #expect(byGroup.status == 200 && byGroup.json?["deleted"] as? Int == 1, "\(byGroup.text)")
        let theirs = try client.send("DELETE", "/v1/donations?app=com.example.other&identifier=\((copies.json?["donated"] as? [String] ?? []).joined(separator: ","))")
        #expect(theirs.json?["deleted"] as? Int == 0, "\(theirs.text)")
        let all = try client.send("DELETE", "/v1/donations?app=com.example.lights&all=true")
        #expect(all.json?["deleted"] as? Int == 3, "\(all.text)")
        #expect((try client.send("GET", "/v1/donations?app=com.example.lights").json?["donations"] as? [Any])?.isEmpty == true)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("the most copies (100000) are stored at once, and the listing gives its limit's newest with the total, as the CLI does")
    func largeCountAndLimit() throws {
        let (service, client) = try start()
        let copies = try client.send("POST", "/v1/donations?count=100000",
                                     json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "hall"}, "startDate": "2026-11-20T08:00:00Z"}"#)
        #expect(copies.status == 201, "\(copies.text.prefix(300))")
        #expect((copies.json?["donated"] as? [String]).map { Set($0).count } == 100_000)
        let newest = try client.send("POST", "/v1/donations", json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "kitchen"}, "identifier": "newest", "startDate": "2026-11-21T08:00:00Z"}"#)
        #expect(newest.status == 201, "\(newest.text)")

        // Without a limit: the newest 1000, and the total.
        let page = try client.send("GET", "/v1/donations?app=com.example.lights")
        #expect(page.status == 200)
        let listed = page.json?["donations"] as? [[String: Any]] ?? []
        #expect(listed.count == 1000 && page.json?["total"] as? Int == 100_001 && page.json?["truncated"] as? Bool == true)
        #expect(listed.first?["identifier"] as? String == "newest")
        let few = try client.send("GET", "/v1/donations?app=com.example.lights&limit=3")
        #expect((few.json?["donations"] as? [Any])?.count == 3 && few.json?["total"] as? Int == 100_001)
        // The CLI lists the same three, the same way.
        let cli = try service.exthost(["donations", "list", "--json", "--app", "com.example.lights", "--limit", "3"])
        #expect(NSDictionary(dictionary: try cli.json()) == NSDictionary(dictionary: few.json ?? [:]), "\(cli.both)")
        // Another app's: none, all of them listed.
        let other = try client.send("GET", "/v1/donations?app=com.example.other&limit=1")
        #expect(other.json?["total"] as? Int == 0 && other.json?["truncated"] as? Bool == false, "\(other.text)")
        for limit in ["0", "10001", "ten"] {
            let response = try client.send("GET", "/v1/donations?limit=\(limit)")
            #expect(response.status == 400 && response.problem == "badMessage", "\(limit): \(response.text)")
            #expect((response.json?["message"] as? String)?.contains("limit takes donations, a whole number from 1 to 10000") == true, "\(response.text)")
        }
        // Past the most copies: 400, and nothing written.
        let tooMany = try client.send("POST", "/v1/donations?count=100001", json: #"{"app": "com.example.lights", "intent": "SetLights"}"#)
        #expect(tooMany.status == 400 && (tooMany.json?["message"] as? String)?.contains("from 1 to 100000") == true, "\(tooMany.text)")
        // An empty object is the store's refusal (no app), as the CLI's.
        let empty = try client.send("POST", "/v1/donations?count=2", json: "{}")
        #expect(empty.status == 422 && (empty.json?["message"] as? String)?.contains(#"names no "app""#) == true, "\(empty.text)")
        // A refused request with copies writes none of them.
        let refused = try client.send("POST", "/v1/donations?count=5", json: #"{"app": "com.example.lights", "activityType": "com.example.lights.undeclared"}"#)
        #expect(refused.status == 422, "\(refused.text)")
        #expect(try client.send("GET", "/v1/donations?limit=1").json?["total"] as? Int == 100_001)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("suggestions over HTTP are `exthost suggest --json`'s for the same date; bad dates and limits are 400")
    func suggestions() throws {
        let (service, client) = try start()
        for (identifier, date) in [("morning-1", "2026-11-20T08:00:00Z"), ("morning-2", "2026-11-19T08:10:00Z"), ("evening", "2026-11-20T20:00:00Z")] {
            let room = identifier == "evening" ? "hall" : "kitchen"
            let added = try client.send("POST", "/v1/donations", json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "\#(room)"}, "identifier": "\#(identifier)", "startDate": "\#(date)"}"#)
            #expect(added.status == 201, "\(added.text)")
        }
        let at = "2026-11-21T08:00:00Z"
        let response = try client.send("GET", "/v1/suggestions?app=com.example.lights&at=\(at)")
        #expect(response.status == 200, "\(response.text)")
        let suggested = try #require(response.json?["suggestions"] as? [[String: Any]])
        #expect(suggested.count == 2)
        let cli = try service.exthost(["suggest", "--json", "--app", "com.example.lights", "--at", at])
        #expect(NSDictionary(dictionary: response.json ?? [:]) == NSDictionary(dictionary: try cli.json()), "\(response.text)\n\(cli.standardOutput)")
        #expect(((suggested.first?["shortcut"] as? [String: Any])?["parameters"] as? [String: Any])?["room"] as? String == "kitchen", "\(suggested)")
        let one = try client.send("GET", "/v1/suggestions?at=\(at)&limit=1")
        #expect((one.json?["suggestions"] as? [Any])?.count == 1, "\(one.text)")
        // An empty `at`, as a form leaves it, is now (found by scripts/api-check).
        let empty = try client.send("GET", "/v1/suggestions?app=com.example.lights&at=")
        #expect(empty.status == 200 && empty.json?["at"] is String, "\(empty.text)")
        for (query, message) in [("at=yesterday", "at takes an ISO 8601 date"), ("at=5828963-01-01T00:00:00Z", "at takes an ISO 8601 date"),
                                 ("limit=0", "limit takes suggestions"), ("limit=x", "limit takes suggestions")] {
            let bad = try client.send("GET", "/v1/suggestions?\(query)")
            #expect(bad.status == 400 && bad.problem == "badMessage", "\(query): \(bad.text)")
            #expect((bad.json?["message"] as? String)?.contains(message) == true, "\(query): \(bad.text)")
        }
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a phrase is changed and deleted over HTTP as `exthost shortcuts edit|delete --json` do: by identifier or a prefix, 409 for a phrase taken, 404 for none")
    func phraseWrites() throws {
        let (service, client) = try start()
        var identifiers: [String] = []
        for (phrase, room) in [("Kitchen lights", "kitchen"), ("Bedroom lights", "bedroom")] {
            let add = try service.exthost(["shortcuts", "add", phrase, "--json", "--app", "com.example.lights", "--intent", "SetLights",
                                           "--parameters", #"{"room": "\#(room)"}"#, "--plugins", service.system.plugins.path])
            identifiers.append(try #require(try add.json()["identifier"] as? String, "\(add.both)"))
        }
        let prefix = String(identifiers[0].prefix(8))
        let changed = try client.send("PUT", "/v1/phrases/\(prefix)", json: #"{"phrase": "Cooking lights"}"#)
        #expect(changed.status == 200, "\(changed.text)")
        #expect(changed.json?["identifier"] as? String == identifiers[0] && changed.json?["invocationPhrase"] as? String == "Cooking lights")
        let listed = try service.exthost(["shortcuts", "list", "--phrases", "--json"])
        #expect(listed.standardOutput.contains("Cooking lights") && !listed.standardOutput.contains("Kitchen lights"), "\(listed.both)")

        let taken = try client.send("PUT", "/v1/phrases/\(identifiers[1])", json: #"{"phrase": "cooking lights"}"#)
        #expect(taken.status == 409 && (taken.report["error"] as? [String: Any])?["code"] as? Int == 1910, "\(taken.text)")
        let byCLI = try service.exthost(["shortcuts", "edit", identifiers[1], "--phrase", "cooking lights", "--json"])
        #expect(((try byCLI.json()["error"] as? [String: Any])?["message"] as? String) == (taken.report["error"] as? [String: Any])?["message"] as? String,
                "\(byCLI.standardOutput) \(taken.text)")
        #expect(try client.send("PUT", "/v1/phrases/\(prefix)", json: #"{"phrase": 7}"#).status == 400)

        let deleted = try client.send("DELETE", "/v1/phrases/\(identifiers[1])")
        #expect(deleted.status == 200 && deleted.json?["deleted"] as? String == identifiers[1], "\(deleted.text)")
        let again = try client.send("DELETE", "/v1/phrases/\(identifiers[1])")
        #expect(again.status == 404 && (again.report["error"] as? [String: Any])?["code"] as? Int == 1911, "\(again.text)")
        let phrases = try client.send("GET", "/v1/phrases").json?["voiceShortcuts"] as? [[String: Any]] ?? []
        #expect(phrases.map { $0["invocationPhrase"] as? String } == ["Cooking lights"])
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a phrase is added over HTTP as `exthost shortcuts add --json` adds it: values checked by the extension's definition, by reference, 409 for a phrase taken, 404 for no extension")
    func phraseAdded() throws {
        let (service, client) = try start()
        let added = try client.send("POST", "/v1/phrases", json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "kitchen"}, "phrase": "Kitchen lights"}"#)
        #expect(added.status == 201, "\(added.text)")
        let identifier = try #require(added.json?["identifier"] as? String, "\(added.text)")
        #expect(added.json?["warnings"] as? [String] == [])
        let listed = try service.exthost(["shortcuts", "list", "--phrases", "--json"])
        let phrases = try #require(try listed.json()["voiceShortcuts"] as? [[String: Any]], "\(listed.both)")
        let stored = try #require(phrases.first { $0["identifier"] as? String == identifier }, "\(listed.standardOutput)")
        #expect(NSDictionary(dictionary: stored["shortcut"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: added.json?["shortcut"] as? [String: Any] ?? [:]),
                "\(stored) \(added.text)")
        // Titled from the definition, as the command titles it.
        let byCLI = try service.exthost(["shortcuts", "add", "Bedroom lights", "--json", "--app", "com.example.lights", "--intent", "SetLights",
                                         "--parameters", #"{"room": "bedroom"}"#, "--plugins", service.system.plugins.path])
        let cliTitle = try #require((try byCLI.json()["shortcut"] as? [String: Any])?["title"] as? String, "\(byCLI.both)")
        let httpTitle = try #require((added.json?["shortcut"] as? [String: Any])?["title"] as? String)
        #expect(httpTitle == cliTitle.replacingOccurrences(of: "bedroom", with: "kitchen"), "\(httpTitle) / \(cliTitle)")

        // The definition refuses what the command refuses, with its words.
        let refused = try client.send("POST", "/v1/phrases", json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"rooom": "kitchen"}, "phrase": "Rooom"}"#)
        #expect(refused.status == 422 && refused.problem == "badRequest", "\(refused.text)")
        let refusedByCLI = try service.exthost(["shortcuts", "add", "Rooom", "--json", "--app", "com.example.lights", "--intent", "SetLights",
                                                "--parameters", #"{"rooom": "kitchen"}"#, "--plugins", service.system.plugins.path])
        #expect(refusedByCLI.status == 2, "\(refusedByCLI.both)")
        for message in [refused.json?["message"] as? String, try refusedByCLI.json()["message"] as? String] {
            #expect(message?.contains("SetLights has no parameter \"rooom\"") == true, "\(message ?? "none")")
        }

        let taken = try client.send("POST", "/v1/phrases", json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "livingRoom"}, "phrase": "kitchen lights"}"#)
        #expect(taken.status == 409 && (taken.report["error"] as? [String: Any])?["code"] as? Int == 1910, "\(taken.text)")
        let none = try client.send("POST", "/v1/phrases", json: #"{"app": "com.example.lights", "intent": "OrderPizza", "phrase": "Pizza"}"#)
        #expect(none.status == 404 && (none.report["error"] as? [String: Any])?["code"] as? Int == 2004, "\(none.text)")
        // Empty "parameters" are no values, as in an intent file (found by scripts/api-check).
        let noValues = try client.send("POST", "/v1/phrases", json: #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {}, "phrase": "Lights"}"#)
        #expect(noValues.status == 201 && (noValues.json?["shortcut"] as? [String: Any])?["parameters"] == nil, "\(noValues.text)")
        let unnamed = try client.send("POST", "/v1/phrases", json: #"{"phrase": "Anything"}"#)
        #expect(unnamed.status == 422 && unnamed.json?["message"] as? String == #"name the shortcut: "shortcut" (a reference), or "app" with "intent" or "activityType""#,
                "\(unnamed.text)")
        #expect(try client.send("POST", "/v1/phrases", json: #"{"phrase": 7, "app": "com.example.lights"}"#).status == 400)
        #expect(try client.send("POST", "/v1/phrases", json: #"{"app": "com.example.lights", "intent": "SetLights", "values": {}}"#).status == 400)

        // The catalogue: what `exthost shortcuts list --json` prints, and a
        // reference from it names the shortcut.
        let catalogue = try client.send("GET", "/v1/shortcuts?app=com.example.lights")
        #expect(catalogue.status == 200, "\(catalogue.text)")
        let shortcuts = try #require(catalogue.json?["shortcuts"] as? [[String: Any]], "\(catalogue.text)")
        let cliCatalogue = try service.exthost(["shortcuts", "list", "--json", "--app", "com.example.lights", "--plugins", service.system.plugins.path])
        let cliShortcuts = try #require(try cliCatalogue.json()["shortcuts"] as? [[String: Any]], "\(cliCatalogue.both)")
        #expect(NSArray(array: shortcuts) == NSArray(array: cliShortcuts), "\(catalogue.text)\n\(cliCatalogue.standardOutput)")
        #expect((catalogue.json?["voiceShortcuts"] as? [[String: Any]])?.count == 3, "\(catalogue.text)")
        let offered = try #require(shortcuts.first { $0["origin"] as? String == "intent of com.example.lights.intents" && $0["intent"] as? String == "SetLights" },
                                   "\(catalogue.text)")
        let reference = try #require(offered["reference"] as? String)
        let byReference = try client.send("POST", "/v1/phrases", json: #"{"shortcut": "\#(reference)", "phrase": "Lights please"}"#)
        #expect(byReference.status == 201 && (byReference.json?["shortcut"] as? [String: Any])?["reference"] as? String == reference, "\(byReference.text)")
        let unknown = try client.send("POST", "/v1/phrases", json: #"{"shortcut": "zzzzzzzz", "phrase": "Nothing"}"#)
        #expect(unknown.status == 422 && (unknown.json?["message"] as? String)?.hasPrefix("no shortcut zzzzzzzz") == true, "\(unknown.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("GET /metrics counts conversations by intent, outcome and code, stages, open sessions and HTTP requests")
    func metrics() throws {
        let (service, client) = try start()
        #expect(try client.send("POST", "/v1/conversations", json: #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60}}"#).status == 200)
        #expect(try client.send("POST", "/v1/conversations", json: #"{"intent": "OrderPizza"}"#).status == 404)
        #expect(try client.send("POST", "/v1/conversations", json: Self.lights).status == 201)
        // The socket's conversations count too.
        #expect(try service.run(#"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60}}"#).status == 0)
        let response = try client.send("GET", "/metrics")
        #expect(response.status == 200)
        #expect(response.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = Set(response.text.split(separator: "\n").map(String.init))
        for expected in [
            #"exthost_requests_total{intent="SetLights",outcome="success",code="success",channel="session"} 2"#,
            // An unknown intent names no series of its own: anyone can send any name.
            #"exthost_requests_total{intent="-",outcome="systemError",code="2004",channel="session"} 1"#,
            #"exthost_stage_duration_seconds_count{stage="handle"} 2"#,
            #"exthost_open_sessions 1.0"#,
            #"exthost_http_requests_total{route="conversations",status="201"} 1"#,
            #"exthost_http_requests_total{route="conversations",status="404"} 1"#,
        ] {
            #expect(lines.contains(expected), "no line \(expected) in:\n\(response.text)")
        }
        #expect(!response.text.contains("OrderPizza"))
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("every operation of docs/openapi.json has its route in the server")
    func everyOperationRouted() throws {
        let (service, client) = try start()
        for (path, method) in OpenAPIDocument.api.operations {
            let concrete = path.replacingOccurrences(of: "{session}", with: "00000000-0000-0000-0000-000000000000")
            let response = try client.send(method.uppercased(), concrete, json: method == "get" || method == "delete" ? nil : "{}")
            #expect(response.problem != "notFound" && response.problem != "methodNotAllowed", "\(method) \(path): \(response.text)")
        }
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("with a token, requests without it get 401 (health and readiness excepted); a remote address needs the flag and a token")
    func token() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let tokenFile = try system.file("token", "correct-horse-battery-staple\n")
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0", "--http-token-file", tokenFile])
        var client = HTTPTestClient(base: try service.httpBase())
        #expect(try client.send("GET", "/healthz").status == 200)
        let refused = try client.send("GET", "/v1/conversations")
        #expect(refused.status == 401 && refused.problem == "unauthorized", "\(refused.text)")
        #expect(refused.headers["www-authenticate"] == "Bearer")
        client.token = "correct-horse-battery-stapler"
        #expect(try client.send("GET", "/v1/conversations").status == 401)
        client.token = "correct-horse-battery-staple"
        #expect(try client.send("GET", "/v1/conversations").status == 200)
        // Rasa's action_endpoint sends its token in the query, on /webhook only.
        client.token = nil
        #expect(try client.send("POST", "/webhook?token=correct-horse-battery-staple", json: "{}").status == 400)
        #expect(try client.send("POST", "/webhook?token=wrong-horse-battery-staple", json: "{}").status == 401)
        #expect(try client.send("GET", "/v1/conversations?token=correct-horse-battery-staple").status == 401)
        #expect(service.stop() == 0, "\(service.output)")

        let remote = try system.exthost(["serve", "--socket", system.root.appendingPathComponent("r.sock").path, "--http", "0.0.0.0:0"])
        #expect(remote.status != 0)
        #expect(remote.standardError.contains("is not a loopback address"), "\(remote.both)")
        let noToken = try system.exthost(["serve", "--socket", system.root.appendingPathComponent("r.sock").path, "--http", "0.0.0.0:0", "--http-allow-remote"])
        #expect(noToken.status != 0)
        #expect(noToken.standardError.contains("needs a token"), "\(noToken.both)")
    }

    @Test("a conversation waiting over HTTP when the service stops gets shuttingDown, and the service exits 0")
    func shutdown() throws {
        let (service, client) = try start()
        let started = try client.send("POST", "/v1/conversations", json: Self.lights)
        #expect(started.json?["open"] as? Bool == true)
        #expect(service.stop() == 0, "\(service.output)")
        #expect(throws: (any Error).self) { try client.send("GET", "/healthz") }
    }
}
