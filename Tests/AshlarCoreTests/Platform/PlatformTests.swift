import AshlarPlatform
import Foundation
import Testing

/// The platform shim on this system (its Linux branches), and the rule that platform code lives
/// nowhere else. (AshlarPlatform has no test target of its own: these few tests sit beside the
/// code that uses it most.)
@Suite struct PlatformTests {
    private static var hasFolderEvents: Bool {
        guard let descriptor = Platform.openFolderEvents() else { return false }
        Platform.close(descriptor)
        return true
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func modificationTimeIsTheFilesTimeInNanoseconds() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("photo.jpg").path
        try Data("jpeg".utf8).write(to: URL(fileURLWithPath: path))
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 250_000_000)]
        times.append(times[0])
        try #require(utimensat(AT_FDCWD, path, times, 0) == 0)
        var info = stat()
        try #require(stat(path, &info) == 0)
        #expect(Platform.modificationTime(info) == 1_000_000_000_250_000_000)
    }

    @Test func sendFileSendsFromTheOffsetAndAdvancesIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("page.html").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        let file = open(path, O_RDONLY)
        try #require(file >= 0)
        defer { Platform.close(file) }
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Platform.streamSocket, 0, &ends) == 0)
        defer {
            Platform.close(ends[0])
            Platform.close(ends[1])
        }

        var offset: off_t = 3
        #expect(Platform.sendFile(to: ends[0], from: file, offset: &offset, count: 5) == 5)
        #expect(offset == 8)
        var received = [UInt8](repeating: 0, count: 16)
        let count = received.withUnsafeMutableBytes { Platform.read(ends[1], $0.baseAddress!, $0.count) }
        #expect(Array(received.prefix(max(0, count))) == Array("34567".utf8))
        offset = 10
        #expect(Platform.sendFile(to: ends[0], from: file, offset: &offset, count: 4) == 0, "the end of the file")
    }

    /// A peer that has gone is an error to the sender (`EPIPE`), not a signal that kills it.
    @Test func sendingToAClosedPeerFailsWithoutASignal() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Platform.streamSocket, 0, &ends) == 0)
        defer { Platform.close(ends[0]) }
        Platform.close(ends[1])
        let bytes = Array("data".utf8)
        let sent = bytes.withUnsafeBytes { Platform.send(ends[0], $0.baseAddress!, $0.count) }
        #expect(sent == -1)
        #expect(errno == EPIPE)
    }

    @Test func socketsAreClosedOnExec() throws {
        let descriptor = Platform.socket(family: AF_INET, type: Platform.streamSocket, protocol: 0)
        try #require(descriptor >= 0)
        defer { Platform.close(descriptor) }
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test(.enabled(if: hasFolderEvents, "this system has no inotify"))
    func folderEventsNameWhatChangedAndEndWithTheFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = try #require(Platform.openFolderEvents())
        defer { Platform.close(events) }
        let watch = Platform.watchFolder(folder.path, events: events)
        try #require(watch >= 0)
        #expect(Platform.watchFolder(folder.path + "/missing", events: events) == -1)
        #expect(errno == ENOENT)

        func arrived() -> [Platform.FolderEvent] {
            var poller = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 2000) > 0 else { return [] }
            return Platform.readFolderEvents(events)
        }
        try Data("jpeg".utf8).write(to: folder.appendingPathComponent("photo.jpg"))
        #expect(arrived().contains { $0.watch == watch && $0.kind == .entry(name: "photo.jpg") })
        try FileManager.default.removeItem(at: folder)
        var ended = false
        for _ in 0..<5 where !ended {
            ended = arrived().contains { $0.watch == watch && $0.kind == .watchEnded }
        }
        #expect(ended, "no end of the watch after its folder went")
    }

    @Test func cpuSecondsGrowWithWork() {
        let before = Platform.cpuSeconds()
        var sum: UInt64 = 0
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < .milliseconds(100) { sum &+= UInt64.random(in: 0...9) }
        #expect(sum > 0)
        #expect(Platform.cpuSeconds() > before)
        #expect(Platform.cpuSeconds(children: true) >= 0)
    }

    /// In bytes on every system (Linux counts `ru_maxrss` in KiB, Darwin in bytes).
    @Test func peakResidentMemoryIsInBytes() {
        let size = 64 << 20
        let touched = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            for index in stride(from: 0, to: size, by: 4096) { buffer[index] = 1 }
            initialized = size
        }
        #expect(touched[4096] == 1)
        #expect(Platform.peakResidentBytes() >= Double(size))
        #expect(Platform.peakResidentBytes() < 1e12)
    }

    /// Nothing outside `Sources/AshlarPlatform/` branches on the system or names a call only one
    /// system has.
    @Test func platformCodeLivesOnlyInTheShim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let pattern = try Regex(
            #"import (Glibc|Darwin|Musl)\b|#(if|elseif) (os|canImport)\(|\b(Glibc|Darwin)\.|\bst_[amc]tim(espec)?\b|\binotify_|\bO_PATH\b|\bMSG_NOSIGNAL\b|\bPOLLRDHUP\b|\bSOCK_[A-Z]+\.rawValue|\bRUSAGE_[A-Z]+\.rawValue|\bsendfile\("#
        )
        var offenders: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        #expect(files.count > 100)
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("AshlarPlatform/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(pattern) {
                offenders.append("Sources/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "platform code outside AshlarPlatform:\n\(offenders.joined(separator: "\n"))")
    }
}
