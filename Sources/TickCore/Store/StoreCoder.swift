/// How the store turns a list into the bytes of a file (reading always decodes the keyed
/// archive, through a mapping: see ``ToDoStore``).
///
/// The store always uses ``keyedArchive``; tests may substitute another coder to exercise
/// the file mechanics on their own.
struct StoreCoder: Sendable {
    var encode: @Sendable (ToDoList) -> [UInt8]
    /// Writes the list's bytes straight into an open, empty file, as they are made: true
    /// when written, false when writing failed (errno says why), nil when this list needs
    /// ``encode`` instead (nothing was written). Nil when the coder cannot stream.
    var stream: (@Sendable (ToDoList, Int32) -> Bool?)? = nil
}
