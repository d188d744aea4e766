/// Reads typed fields out of a positioned JSON document, collecting one diagnostic per invalid
/// value at the value's line and column. Shared by the Ashlar and exiftool sidecar readers,
/// which differ in how severe an invalid value is.
struct JSONFieldReader {
    let document: JSONDocument
    let path: String
    /// The severity of invalid values.
    let severity: Diagnostic.Severity
    private(set) var diagnostics: [Diagnostic] = []

    init(document: JSONDocument, path: String, severity: Diagnostic.Severity) {
        self.document = document
        self.path = path
        self.severity = severity
    }

    mutating func report(
        _ message: String, at offset: Int, key: String?, severity: Diagnostic.Severity? = nil
    ) {
        diagnostics.append(
            Diagnostic(
                severity ?? self.severity, path: path, at: document.location(of: offset), key: key,
                message: message))
    }

    mutating func reject(_ value: JSONValue, key: String, expected: String) {
        report("'\(key)' must be \(expected), found \(value.foundDescription)", at: value.offset, key: key)
    }

    mutating func string(_ value: JSONValue, key: String) -> String? {
        guard let text = value.stringValue else {
            reject(value, key: key, expected: "a string")
            return nil
        }
        return text
    }

    /// A whole number from 1 to `maximum`.
    mutating func positiveInteger(_ value: JSONValue, key: String, maximum: Int = Int(Int32.max)) -> Int? {
        guard let number = value.numberValue, number == number.rounded(), number >= 1 else {
            reject(value, key: key, expected: "a positive whole number")
            return nil
        }
        guard number <= Double(maximum) else {
            report("'\(key)' must be at most \(maximum), found \(number.messageText)", at: value.offset, key: key)
            return nil
        }
        return Int(number)
    }

    mutating func integer(_ value: JSONValue, key: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = value.numberValue, number == number.rounded(),
            number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
            reject(value, key: key, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return Int(number)
    }

    mutating func positiveNumber(_ value: JSONValue, key: String) -> Double? {
        guard let number = value.numberValue, number > 0 else {
            reject(value, key: key, expected: "a positive number")
            return nil
        }
        return number
    }
}
