import Foundation

/// A file: the value of a File parameter.
///
/// On Linux it is an ``INObject`` (it crosses the plugin ABI as an
/// `exthost_object` whose display string is the file name and whose
/// properties are `fileURL`, `typeIdentifier`, and `data` in base64 for a
/// file held in memory).
open class INFile: INObject, @unchecked Sendable {
    /// The file's location, for a file on disk.
    public private(set) var fileURL: URL?
    /// The file's contents, for a file in memory (or read from `fileURL`).
    public var data: Data {
        if let storedData { return storedData }
        return fileURL.flatMap { try? Data(contentsOf: $0) } ?? Data()
    }
    /// The file's name.
    public var filename: String { displayString }
    /// The file's uniform type identifier, e.g. `"public.plain-text"`.
    public private(set) var typeIdentifier: String?

    private var storedData: Data?

    /// A file on disk.
    ///
    /// - Parameters:
    ///   - fileURL: Its location.
    ///   - filename: Its name.
    ///   - typeIdentifier: Its uniform type identifier.
    public init(fileURL: URL?, filename: String, typeIdentifier: String?) {
        super.init(identifier: fileURL?.absoluteString, display: filename, pronunciationHint: nil)
        self.fileURL = fileURL
        self.typeIdentifier = typeIdentifier
    }

    /// A file in memory.
    ///
    /// - Parameters:
    ///   - data: Its contents.
    ///   - filename: Its name.
    ///   - typeIdentifier: Its uniform type identifier.
    public init(data: Data, filename: String, typeIdentifier: String?) {
        super.init(identifier: nil, display: filename, pronunciationHint: nil)
        self.storedData = data
        self.typeIdentifier = typeIdentifier
    }

    /// A file known only by its name.
    public required init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        super.init(identifier: identifier, display: displayString, pronunciationHint: pronunciationHint)
    }

    /// The location, type and in-memory contents as JSON values.
    open override func _exthostProperties() -> [String: Any] {
        var properties: [String: Any] = [:]
        if let fileURL { properties["fileURL"] = fileURL.absoluteString }
        if let typeIdentifier { properties["typeIdentifier"] = typeIdentifier }
        if let storedData { properties["data"] = storedData.base64EncodedString() }
        return properties
    }

    /// Sets the location, type and contents from their JSON values.
    open override func _exthostApplyProperties(_ properties: [String: Any]) {
        fileURL = (properties["fileURL"] as? String).flatMap(URL.init(string:))
        typeIdentifier = properties["typeIdentifier"] as? String
        storedData = (properties["data"] as? String).flatMap { Data(base64Encoded: $0) }
    }
}
