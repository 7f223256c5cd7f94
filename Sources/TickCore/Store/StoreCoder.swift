/// How the store turns a list into bytes and back.
///
/// The store always uses ``keyedArchive``; tests may substitute another coder to exercise
/// the file mechanics on their own.
struct StoreCoder: Sendable {
    var encode: @Sendable (ToDoList) -> [UInt8]
    /// Throws an error whose description says what is wrong with the bytes.
    var decode: @Sendable ([UInt8]) throws -> ToDoList
}
