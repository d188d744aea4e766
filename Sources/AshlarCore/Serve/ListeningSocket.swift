import AshlarPlatform
import Foundation

/// A TCP socket bound and listening on one address.
package struct ListeningSocket: Sendable {
    package let descriptor: Int32
    /// The host as given (`127.0.0.1`, `::1`, `localhost`) and the port actually bound (the
    /// kernel picks one for port 0).
    package let host: String
    package let port: Int

    /// Binds `host:port` (a name or a numeric address) and listens.
    package static func bind(host: String, port: Int, backlog: Int32 = 1024) throws(ServeError) -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamSocket
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServeError(
                .cannotListen, "cannot listen on \(host):\(port): \(String(cString: gai_strerror(status)).lowercased())"
            )
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            defer { entry = address.pointee.ai_next }
            let descriptor = Platform.socket(
                family: address.pointee.ai_family, type: address.pointee.ai_socktype,
                protocol: address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard let bound = address.pointee.ai_addr,
                Platform.bind(descriptor, bound, address.pointee.ai_addrlen) == 0,
                listen(descriptor, backlog) == 0
            else {
                lastError = errno
                Platform.close(descriptor)
                continue
            }
            return ListeningSocket(descriptor: descriptor, host: host, port: boundPort(descriptor) ?? port)
        }
        if lastError == EADDRINUSE {
            throw ServeError(.portInUse, "port \(port) on \(host) is already in use")
        }
        throw ServeError(.cannotListen, "cannot listen on \(host):\(port): \(SystemError.message(lastError))")
    }

    /// `http://127.0.0.1:8000/`, with IPv6 addresses in brackets.
    package var url: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)/"
    }

    package func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        Platform.close(descriptor)
    }

    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
        default:
            return nil
        }
    }
}
