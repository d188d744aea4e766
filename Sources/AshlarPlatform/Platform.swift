#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Every system call whose name, type or meaning differs between Linux (Glibc) and Darwin, in
/// one place (as swift-nio's `NIOPosix/System.swift`): the rest of Ashlar imports Foundation and
/// this, and writes plain POSIX. Built and tested on Linux; the Darwin branches compile by design
/// and are untested (listed in Development.md), so they are kept few and small.
package enum Platform {
    /// A file's modification time in nanoseconds since 1970 (`st_mtim` on Linux, `st_mtimespec`
    /// on Darwin).
    package static func modificationTime(_ info: stat) -> Int64 {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// What `fdopendir` returns and `readdir` takes: an opaque pointer on Linux, where Glibc
    /// declares `DIR` without its fields, a typed one on Darwin.
    #if canImport(Darwin)
        package typealias FolderListing = UnsafeMutablePointer<DIR>
    #else
        package typealias FolderListing = OpaquePointer
    #endif

    /// The `open` flag for a folder opened only to walk from with `openat`: Linux's `O_PATH`
    /// (no read permission needed; Glibc's Swift module leaves it out, as it needs `_GNU_SOURCE`,
    /// so this is its value on x86-64, ARM and most other Linux architectures). Darwin has no
    /// `O_PATH`: there the folder is opened for reading (`O_RDONLY`, 0), which the output's and
    /// the cache's own folders allow.
    #if canImport(Darwin)
        package static let folderHandle: Int32 = O_RDONLY
    #else
        package static let folderHandle: Int32 = 0o10000000
    #endif

    // The plain POSIX calls below differ only in spelling: a type with a method of the same name
    // (`close()`, `read(…)`, `send(…)`, `bind(…)`) must name the C function by its module,
    // `Glibc.close` or `Darwin.close`. These names work on both.

    /// `close(2)`.
    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        systemClose(descriptor)
    }

    /// `read(2)`.
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        systemRead(descriptor, buffer, count)
    }

    /// `write(2)`.
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        systemWrite(descriptor, buffer, count)
    }
}

// At file scope these names are the C functions, not `Platform`'s own.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
