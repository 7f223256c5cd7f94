extension String {
    /// Calls `body` with the string's UTF-8: in place for a native string (without the
    /// check for a unique reference, and the copy of the string value, that the mutating
    /// `withUTF8` needs), else from a contiguous copy. (Inlinable: the other modules' writers
    /// call it for every string they write.)
    @inlinable @inline(__always)
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
