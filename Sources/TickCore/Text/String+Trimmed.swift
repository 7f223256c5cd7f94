extension StringProtocol {
    /// The text without leading and trailing white space and line breaks.
    public func trimmed() -> String {
        String(self).trimmingWhitespace
    }
}
