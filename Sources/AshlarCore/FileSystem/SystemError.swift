import Foundation

/// The system's words for an `errno` value, as Ashlar's messages quote them: "no space left on
/// device".
enum SystemError {
    static func message(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
