/// The framed protocol between a supervisor and an extension process, as
/// `docs/extension-process-protocol.md` describes it: the version, the frame
/// limits and the message types.
///
/// Every frame is a 4-byte little-endian length, then that many bytes: one
/// message-type byte and the message's fields (``FrameWriter`` and
/// ``FrameReader`` hold the encoding of each field type).
package enum ExtensionProcessProtocol {
    /// The protocol's version, sent in ``MessageType/ready``. A supervisor
    /// that speaks another version ends the process. Version 2 added the
    /// spare: ``MessageType/waiting`` and ``MessageType/load``. Version 3
    /// carries the request's duplicate completions in every
    /// ``MessageType/outcome``, retiring `duplicateCompletions` (0x04) and
    /// `duplicates` (0x86): a conversation's last round trip. Version 4
    /// sends the definition in ``MessageType/ready`` as the plugin's
    /// definition tables when it has them (``DefinitionForm``), so the
    /// supervisor reads them in place instead of parsing the JSON text.
    /// Version 5 adds ``MessageType/resolve``: a run of resolve calls in
    /// one frame, answered by an `outcome` per call made.
    /// Version 6 carries the request's values in ``MessageType/open``, for
    /// the plugin's `handler(for:)` (ABI 3's `handler_for_intent_values`).
    /// Version 7 writes ``OutputMark``s on the process's standard output
    /// and standard error, so its printed lines name their request.
    /// Version 8 sends ``MessageType/open`` in the write of the request's
    /// first stage: a `call` or `resolve` that comes after a failed `open`
    /// is answered ``MessageType/failed`` (not opened) and runs nothing.
    /// Version 9 lets a ``MessageType/resolve`` run go on through `confirm`
    /// and `handle`, adds ``MessageType/stop`` and an `outcome` that says
    /// the call was not made: a request that asks nothing is one round trip.
    package static let version: UInt32 = 9

    /// How ``MessageType/ready`` carries the definition (version 4): a
    /// byte, then the text (a string) or the tables (bytes).
    package enum DefinitionForm: UInt8, Sendable {
        /// The plugin's JSON text, for a plugin without current tables
        /// (ABI 1, tables of an older version, none).
        case text = 0
        /// The plugin's definition tables (`DefinitionTables`), verbatim.
        case tables = 1
    }

    /// The largest frame either side accepts (16 MiB): a longer length is a
    /// broken peer, not a message to allocate for.
    package static let maximumFrameLength = 16 << 20

    /// The descriptor an extension process finds its end of the socket pair on.
    package static let channelDescriptor: Int32 = 3

    /// The first byte of each frame.
    package enum MessageType: UInt8, Sendable {
        // Supervisor → extension process.
        /// Start a request: request identifier, intent name, then the
        /// values (a count, then one optional value per parameter, in
        /// definition order). Answered by ``opened`` or ``failed``; since
        /// version 8 sent in one write with the first stage's frame.
        case open = 0x01
        /// A parameter's value: index, optional value. Not answered.
        case setValue = 0x02
        /// Call a method: selector, search term, completion shape, deadline.
        /// Answered by ``outcome``.
        case call = 0x03
        // 0x04 was `duplicateCompletions` (version 2); not reused.
        /// End the request: the handler is released. Not answered.
        case close = 0x05
        /// Load a plugin into a spare: path, shared container, memory
        /// limit. Answered by ``ready`` or ``loadFailed``.
        case load = 0x06
        /// Call resolve methods in order (version 5): each later call's
        /// stage length, the first's deadline, then each call's parameter
        /// index, selector and value shape. Answered by one ``outcome``
        /// per call made, until the first the engine would not go on from.
        /// Version 9: then what follows the resolve calls (nothing,
        /// `confirm`, or `confirm` and `handle`), the response's shapes
        /// and the codes `confirm` goes on to `handle` from.
        case resolve = 0x07
        /// The conversation was stopped (version 9): a run in the process's
        /// hands calls neither `confirm` nor `handle` after it. No fields;
        /// not answered; sent from any thread.
        case stop = 0x08

        // Extension process → supervisor.
        /// The plugin loaded: version, manifest, definition, timings, memory.
        case ready = 0x81
        /// The plugin did not load: error code, message. The process then exits.
        case loadFailed = 0x82
        /// The handler is ready: the first `handler(for:)` time.
        case opened = 0x83
        /// The request could not start: error code, message. Also the
        /// answer to a `call` or `resolve` with no request open (after a
        /// failed `open`): 5001, "not opened".
        case failed = 0x84
        /// What a call gave: not implemented, a completion, or timed out;
        /// then the request's completions called more than once so far.
        case outcome = 0x85
        // 0x86 was `duplicates` (version 2); not reused.
        /// A line the plugin logged (`exthost_host_api.log`): level, message.
        /// Sent at any time, from any thread; never a reply.
        case log = 0x87
        /// A spare has started and waits for ``load``: version.
        case waiting = 0x88
    }
}
