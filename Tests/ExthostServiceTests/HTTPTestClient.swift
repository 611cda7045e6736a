import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Real HTTP requests to a running `exthost serve --http`, each response
/// checked against `docs/openapi.json` (a mismatch is a test issue).
struct HTTPTestClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        /// The body as JSON (an object), or nil when it is not one.
        var json: [String: Any]?
        var text: String

        /// The error body's `problem`.
        var problem: String? { json?["problem"] as? String }
        /// The conversation's `--json` object (`report`).
        var report: [String: Any] { json?["report"] as? [String: Any] ?? [:] }
    }

    let base: URL
    var token: String?
    private let session = URLSession(configuration: .ephemeral)

    init(base: URL, token: String? = nil) {
        self.base = base
        self.token = token
    }

    /// Sends one request and waits for its response.
    ///
    /// - Parameters:
    ///   - path: The path, with its query if any.
    ///   - json: A body written as JSON text (sent as it is, malformed or not).
    ///   - body: A body of bytes, instead.
    @discardableResult
    func send(_ method: String, _ path: String, json: String? = nil, body: Data? = nil, headers: [String: String] = [:],
              sourceLocation: SourceLocation = #_sourceLocation) throws -> Response {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        request.timeoutInterval = 30
        if let data = body ?? json.map({ Data($0.utf8) }) {
            request.httpBody = data
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        final class Outcome: @unchecked Sendable {
            var data: Data?
            var response: URLResponse?
            var error: (any Error)?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            (outcome.data, outcome.response, outcome.error) = (data, response, error)
            done.signal()
        }.resume()
        done.wait()
        if let error = outcome.error { throw error }
        guard let http = outcome.response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        let data = outcome.data ?? Data()
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
        let parsed = try? JSONSerialization.jsonObject(with: data)
        let response = Response(status: http.statusCode, headers: headers, json: parsed as? [String: Any],
                                text: String(decoding: data, as: UTF8.self))
        let plainPath = String(path.prefix { $0 != "?" })
        for problem in OpenAPIDocument.api.problems(method: method, path: plainPath, status: http.statusCode, body: parsed) {
            Issue.record("the response does not conform to docs/openapi.json: \(problem)", sourceLocation: sourceLocation)
        }
        return response
    }
}

extension RunningService {
    /// The HTTP API's address, from the line the service logs once it
    /// listens there (`--http 127.0.0.1:0`: the port the system chose).
    func httpBase() throws -> URL {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && process.isRunning {
            for line in output.split(separator: "\n") where line.contains("listening on HTTP") {
                if let base = Self.value("http", in: line) { return URL(string: base)! }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "exthost serve did not listen on HTTP: \(output)"])
    }
}
