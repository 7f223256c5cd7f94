extension AppState {
    /// Pasted text goes into the open editor as text — the notes keep its line breaks, the
    /// tags take them as commas (a tag a line), another one-line field and the filter get
    /// them as spaces — and never to the key table. In
    /// the list, where no editor is open, it only says so.
    mutating func paste(_ text: String) -> [Effect] {
        switch mode {
        case .editing(.notes):
            return edit(.insertText(PastedText.notes(text)))
        case .editing(.tags):
            return edit(.insertText(PastedText.tags(text)))
        case .editing, .filtering, .namingList:
            return edit(.insertText(PastedText.oneLine(text)))
        case .browsing:
            status = StatusMessage("paste ignored: press a to add, e to edit")
            return []
        case .confirmingQuit, .confirmingClearDone, .editedItemRemoved, .openListRemoved, .help, .pickingList, .confirmingListRemoval:
            return []
        }
    }
}
