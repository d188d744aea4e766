extension Double {
    /// `-4` rather than `-4.0`; other values as Swift prints them.
    var messageText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
