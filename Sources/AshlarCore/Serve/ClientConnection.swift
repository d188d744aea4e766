import AshlarPlatform
import Foundation

/// One accepted connection: reads with deadlines, writes everything or gives up after a stall.
struct ClientConnection {
    let descriptor: Int32
    /// Bytes received but not yet consumed (the start of a pipelined request).
    var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    enum ReadOutcome {
        case data
        case closed
        case timedOut
    }

    /// Waits until `deadline` (monotonic seconds) for more bytes and appends them to `buffer`.
    mutating func receive(until deadline: Double) -> ReadOutcome {
        while true {
            let remaining = deadline - Self.now()
            guard remaining > 0 else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 3600) * 1000) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return .closed }
            buffer.append(contentsOf: chunk[0..<count])
            return .data
        }
    }

    /// Sends all of `bytes`; false when the peer went away or made no progress for `stall` seconds.
    func send(_ bytes: [UInt8], stall: Double) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard waitWritable(stall: stall) else { return false }
                guard let base = raw.baseAddress else { return false }
                let sent = Platform.send(descriptor, base + offset, raw.count - offset)
                if sent < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    /// Sends `length` bytes of an open file with `sendfile`.
    func sendFile(_ file: Int32, length: Int, stall: Double) -> Bool {
        var offset: off_t = 0
        while offset < length {
            guard waitWritable(stall: stall) else { return false }
            let sent = Platform.sendFile(to: descriptor, from: file, offset: &offset, count: length - Int(offset))
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            // The file shrank while being sent: the promised length cannot be kept.
            if sent == 0 { return false }
        }
        return true
    }

    private func waitWritable(stall: Double) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&poller, 1, Int32(stall * 1000))
            if ready < 0, errno == EINTR { continue }
            return ready > 0 && poller.revents & Int16(POLLOUT) != 0
        }
    }

    /// Closes after the response: stops sending, then reads (and drops) what the client still
    /// sends for a moment, so that unread request bytes do not turn the close into a reset that
    /// could destroy the response in flight.
    func close() {
        shutdown(descriptor, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 4096)
        let deadline = Self.now() + 0.5
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while Self.now() < deadline, poll(&poller, 1, 100) > 0 {
            let count = scratch.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count <= 0 { break }
        }
        Platform.close(descriptor)
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
