/// The limits Linux's control groups (cgroup v2) put on this process: what a CI container's
/// `--memory` and `--cpus` set. Every file is read as untrusted text: these parse strictly, and
/// anything they do not understand counts as no limit (``Limits/ignored`` says which files).
package enum ControlGroup {
    /// One limit file's value.
    package enum Value: Sendable, Equatable {
        /// `max`: no limit here.
        case unlimited
        /// A limit: bytes for `memory.max` and `memory.high`, cores for `cpu.max`.
        case limit(Int)
        /// Not what the kernel writes: ignored.
        case unreadable
    }

    /// The process's folder in the unified hierarchy, from `/proc/self/cgroup`: the path of its
    /// `0::PATH` line (`/` at the root, or in a container with a cgroup namespace of its own);
    /// nil when there is no such line (cgroup v1 only) or it is not an absolute path.
    package static func unifiedPath(cgroupFile text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("0::") {
            let path = line.dropFirst(3)
            guard path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
            return String(path)
        }
        return nil
    }

    /// Where the unified hierarchy is mounted, from `/proc/self/mountinfo`: the mount point of
    /// the first `cgroup2` file system and the folder of the hierarchy it shows (`/` unless a
    /// container mounted a part of it); nil when none is mounted.
    package static func unifiedMount(mountInfo text: String) -> (root: String, mountPoint: String)? {
        for line in text.split(separator: "\n") {
            // `36 35 98:0 /ROOT /MOUNT-POINT options [optional fields] - TYPE SOURCE options`
            let fields = line.split(separator: " ")
            guard let separator = fields.firstIndex(of: "-"), separator >= 6, separator + 1 < fields.count,
                fields[separator + 1] == "cgroup2"
            else { continue }
            let root = unescaped(fields[3])
            let mountPoint = unescaped(fields[4])
            guard root.hasPrefix("/"), mountPoint.hasPrefix("/") else { continue }
            return (root, mountPoint)
        }
        return nil
    }

    /// The folders whose limits apply to the process at `path` under `mount`, innermost first:
    /// its own and each parent's up to the mount point; none when `path` is outside what the
    /// mount shows.
    package static func folders(path: String, mount: (root: String, mountPoint: String)) -> [String] {
        let rootParts = mount.root.split(separator: "/")
        var parts = path.split(separator: "/")
        guard parts.starts(with: rootParts) else { return [] }
        parts.removeFirst(rootParts.count)
        let base = mount.mountPoint.hasSuffix("/") ? String(mount.mountPoint.dropLast()) : mount.mountPoint
        var folders: [String] = []
        while true {
            folders.append(([base] + parts.map(String.init)).joined(separator: "/"))
            guard !parts.isEmpty else { return folders }
            parts.removeLast()
        }
    }

    /// `memory.max` or `memory.high`: `max`, or a number of bytes, on one line.
    package static func memoryLimit(_ text: String) -> Value {
        let value = line(text)
        if value == "max" { return .unlimited }
        guard let bytes = wholeNumber(value) else { return .unreadable }
        return .limit(bytes)
    }

    /// `cpu.max`: `QUOTA PERIOD` in microseconds, or `max PERIOD`; the cores the quota buys,
    /// rounded up (`150000 100000` is 2), at least 1.
    package static func coreLimit(_ text: String) -> Value {
        let fields = line(text).split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 2, let period = wholeNumber(fields[1]), period > 0 else { return .unreadable }
        if fields[0] == "max" { return .unlimited }
        guard let quota = wholeNumber(fields[0]), quota > 0 else { return .unreadable }
        return .limit(max(1, quota / period + (quota % period == 0 ? 0 : 1)))
    }

    /// The text of a one-line file, without its line ending; "" for any other.
    private static func line(_ text: String) -> Substring {
        let trimmed = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        return trimmed.contains("\n") ? "" : trimmed
    }

    /// Decimal digits only (no sign, no spaces), at most 19 of them, that fit in an `Int`.
    private static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 19, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// A mountinfo field, whose spaces, tabs, newlines and backslashes the kernel writes as
    /// `\040`, `\011`, `\012` and `\134`.
    private static func unescaped(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(field.utf8)[...]
        while let byte = utf8.popFirst() {
            let digits = utf8.prefix(3)
            if byte == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ (48...55).contains($0) }) {
                bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - 48) })
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
