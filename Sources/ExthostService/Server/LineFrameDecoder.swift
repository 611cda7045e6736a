import NIOCore
import RequestWire

/// Splits a connection's bytes into lines (without the newline): the
/// protocol's frames. A line longer than ``ServiceProtocol/maximumLineLength``
/// is an error that closes the connection.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// A line past the limit.
    struct LineTooLong: Error {}

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > ServiceProtocol.maximumLineLength { throw LineTooLong() }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        if length > ServiceProtocol.maximumLineLength { throw LineTooLong() }
        let line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}
