// StudyRecordBackend: the Study record app's backend, a small HTTP server on
// 127.0.0.1 that the extension and the app talk to.
//
//   StudyRecordBackend [--port N] [--data DIR] [--logged-out]
//
// --port (else $STUDYRECORD_BACKEND_PORT, else 8734; 0 picks a free port),
// --data: the folder support edits (bookshelf.json, banned-words.txt,
// account.json; else $STUDYRECORD_BACKEND_DATA, else
// Examples/StudyRecord/Backend/Data under the working directory, else
// built-in defaults). Prints "listening on 127.0.0.1:PORT" once it accepts.
import Foundation
import StudyRecordKit

// A parent may have spawned us with its signals blocked (a test runner's
// thread does): unblock them, so SIGTERM and SIGINT stop the server.
var noSignals = sigset_t()
sigemptyset(&noSignals)
sigprocmask(SIG_SETMASK, &noSignals, nil)

func usage(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("StudyRecordBackend: \(problem)\nusage: StudyRecordBackend [--port N] [--data DIR] [--logged-out]\n".utf8))
    exit(2)
}

var port = ProcessInfo.processInfo.environment[StudyRecordIdentity.backendPortVariable].flatMap(UInt16.init)
    ?? StudyRecordIdentity.defaultBackendPort
var dataDirectory = ProcessInfo.processInfo.environment["STUDYRECORD_BACKEND_DATA"]
var loggedIn: Bool?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port":
        guard let value = arguments.popFirst(), let number = UInt16(value) else { usage("--port takes a port number") }
        port = number
    case "--data":
        guard let value = arguments.popFirst() else { usage("--data takes a folder") }
        dataDirectory = value
    case "--logged-out":
        loggedIn = false
    case "--help", "-h":
        usage("the Study record app's backend")
    default:
        usage("unknown argument \(argument)")
    }
}
if dataDirectory == nil {
    let beside = FileManager.default.currentDirectoryPath + "/Examples/StudyRecord/Backend/Data"
    if FileManager.default.fileExists(atPath: beside) { dataDirectory = beside }
}

let service = StudyBackendService(data: BackendData(directory: dataDirectory), loggedIn: loggedIn)
let server: HTTPServer
do {
    server = try HTTPServer(port: port)
} catch {
    usage("cannot listen: \(error)")
}
server.log("listening on 127.0.0.1:\(server.port) (data: \(dataDirectory ?? "built-in defaults"))")
server.serve(service.handle)
