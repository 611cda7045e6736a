// A second process appending to a shared-container queue while others do,
// for the test that concurrent writers lose no entry.
//
//   ConcurrentQueueWriter BASE_DIRECTORY APP_GROUP QUEUE COUNT TAG
import Foundation
import SharedContainer

struct Entry: Codable {
    var writer: String
    var index: Int
}

let arguments = CommandLine.arguments
guard arguments.count == 6, let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: ConcurrentQueueWriter BASE_DIRECTORY APP_GROUP QUEUE COUNT TAG\n".utf8))
    exit(64)
}
do {
    let queue = try SharedContainer(appGroup: arguments[2], baseDirectory: arguments[1]).queue(named: arguments[3])
    for index in 0..<count {
        try queue.append(Entry(writer: arguments[5], index: index))
    }
} catch {
    FileHandle.standardError.write(Data("ConcurrentQueueWriter: \(error)\n".utf8))
    exit(1)
}
