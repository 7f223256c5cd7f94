/// How the store turns a list into bytes and back.
///
/// The store always uses ``keyedArchive``; tests may substitute another coder to exercise
/// the file mechanics on their own.
struct StoreCoder: Sendable {
    var encode: @Sendable (ToDoList) -> [UInt8]
    /// Throws an error whose description says what is wrong with the bytes.
    var decode: @Sendable ([UInt8]) throws -> ToDoList
    /// Writes the list's bytes straight into an open, empty file, as they are made: true
    /// when written, false when writing failed (errno says why), nil when this list needs
    /// ``encode`` instead (nothing was written). Nil when the coder cannot stream.
    var stream: (@Sendable (ToDoList, Int32) -> Bool?)? = nil
}
