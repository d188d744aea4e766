#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension Platform {
    /// One thing the system reported about a watched folder (Linux's inotify).
    package struct FolderEvent: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// An entry named `name` was made, removed, changed or moved; "" is the folder itself.
            case entry(name: String)
            /// The watch ended (its folder was removed); its descriptor may be reused.
            case watchEnded
            /// Events were lost: anything may have changed.
            case overflow
        }

        package var watch: Int32
        package var kind: Kind
    }

    /// A descriptor that reports changes to the folders it watches (inotify, closed on `exec`),
    /// ready for `poll`; nil where the system refuses one, and always on Darwin, which has no
    /// inotify (its watchers poll).
    package static func openFolderEvents() -> Int32? {
        #if canImport(Darwin)
            return nil
        #else
            let descriptor = inotify_init1(Int32(IN_CLOEXEC))
            return descriptor >= 0 ? descriptor : nil
        #endif
    }

    /// Watches `folder` (folders only) for entries made, removed, changed, closed after writing,
    /// moved in or out, and for the folder itself being removed or moved: the watch descriptor,
    /// or -1 with `errno` set (`ENOSPC` when the system's watches run out).
    package static func watchFolder(_ folder: String, events descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            errno = ENOSYS
            return -1
        #else
            let mask =
                IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
            return inotify_add_watch(descriptor, folder, UInt32(mask))
        #endif
    }

    /// Reads the events that have arrived (call when `poll` finds `descriptor` readable); none
    /// when the read fails.
    package static func readFolderEvents(_ descriptor: Int32) -> [FolderEvent] {
        #if canImport(Darwin)
            return []
        #else
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return [] }
            var events: [FolderEvent] = []
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                // `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[]; }`
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + nameLength)].prefix {
                    $0 != 0
                }
                offset += headerSize + nameLength
                if mask & UInt32(IN_IGNORED) != 0 {
                    events.append(FolderEvent(watch: watch, kind: .watchEnded))
                } else if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    events.append(FolderEvent(watch: watch, kind: .overflow))
                } else {
                    events.append(
                        FolderEvent(watch: watch, kind: .entry(name: String(decoding: nameBytes, as: UTF8.self))))
                }
            }
            return events
        #endif
    }
}
