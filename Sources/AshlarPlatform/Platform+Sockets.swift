#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension Platform {

    /// `SOCK_STREAM` as `socket` and `addrinfo` take it.
    #if canImport(Darwin)
        package static let streamSocket: Int32 = SOCK_STREAM
    #else
        package static let streamSocket: Int32 = Int32(SOCK_STREAM.rawValue)
    #endif

    /// `socket(2)` for a socket closed on `exec` (`SOCK_CLOEXEC` on Linux; `FD_CLOEXEC` set just
    /// after on Darwin, which has no such flag).
    package static func socket(family: Int32, type: Int32, protocol: Int32) -> Int32 {
        #if canImport(Darwin)
            let descriptor = Darwin.socket(family, type, `protocol`)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            return descriptor
        #else
            return Glibc.socket(family, type | Int32(SOCK_CLOEXEC.rawValue), `protocol`)
        #endif
    }

    /// `bind(2)`.
    package static func bind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        systemBind(descriptor, address, length)
    }

    /// `send(2)` that never raises `SIGPIPE` when the peer has gone. Linux says so per call
    /// (`MSG_NOSIGNAL`); Darwin has no such flag, and relies on `HTTPServer.run` ignoring
    /// `SIGPIPE` for the whole process.
    package static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, flags: Int32 = 0) -> Int {
        #if canImport(Darwin)
            return systemSend(descriptor, bytes, count, flags)
        #else
            return systemSend(descriptor, bytes, count, flags | Int32(MSG_NOSIGNAL))
        #endif
    }

    /// The `poll` event for a peer that closed its end (`POLLRDHUP`, which Glibc's module leaves
    /// out behind `_GNU_SOURCE`: 0x2000). Darwin has none: 0, and there only `POLLHUP` says so.
    #if canImport(Darwin)
        package static let pollPeerClosed: Int16 = 0
    #else
        package static let pollPeerClosed: Int16 = 0x2000
    #endif

    /// Sends up to `count` bytes of `file` from `offset` over `socket`, advancing `offset`: the
    /// bytes sent, 0 when the file ends, -1 with `errno` set. `sendfile(2)`, whose arguments and
    /// result differ between Linux and Darwin.
    package static func sendFile(to socket: Int32, from file: Int32, offset: inout off_t, count: Int) -> Int {
        #if canImport(Darwin)
            var length = off_t(count)
            let result = Darwin.sendfile(file, socket, offset, &length, nil, 0)
            offset += length
            // Darwin reports what went out before an EAGAIN or EINTR in `length`.
            return length > 0 ? Int(length) : (result == 0 ? 0 : -1)
        #else
            return Glibc.sendfile(socket, file, &offset, count)
        #endif
    }
}

// At file scope these names are the C functions, not `Platform`'s own.
private func systemBind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(descriptor, address, length)
}
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
