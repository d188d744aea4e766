import AshlarTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal W3C WebDriver client: one `chromedriver` child process driving one headless Chromium
/// session. Tests use it through `WebDriver.withSuiteSession` (or `Chromium.measure`): one browser
/// per suite (`BrowserSession`), ended when the test process exits. Every request and every wait
/// has a time limit, so a stuck browser fails a test instead of hanging the run.
///
/// It speaks HTTP/1.1 over a plain socket: FoundationNetworking on Linux cannot read
/// chromedriver's responses (its header lines have no space after the colon, `Content-Length:249`,
/// and URLSession fails with "Failed writing header").
final class WebDriver {
    /// `chromedriver` from `CHROMEDRIVER`, else the usual Debian places.
    static let chromedriver: URL? = {
        let candidates = [
            ProcessInfo.processInfo.environment["CHROMEDRIVER"], "/usr/bin/chromedriver",
            "/usr/lib/chromium/chromedriver",
        ]
        for case let path? in candidates where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        return nil
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// chromedriver exited before it said which port it listens on.
        var exitedEarly = false
    }

    private let process: Process
    /// Signalled when chromedriver exits.
    private let exited: DispatchSemaphore
    private let log: URL
    private let port: UInt16
    private var sessionID: String?

    /// Tests that drive a browser (but need no axe) run when Chromium and chromedriver are there;
    /// in CI their absence is a failure, not a skip.
    static var isAvailable: Bool {
        RequiredTool.runs(whenInstalled: Chromium.executable != nil && chromedriver != nil)
    }

    /// Runs `body` in the calling suite's shared browser (`BrowserSession`), with its window at
    /// the given size and what an earlier case emulated (device metrics, media type, colour
    /// scheme) cleared, as a new session would have it. The cases of a suite take it in turn.
    static func withSuiteSession<T>(
        width: Int, height: Int = 900, suite: String = #fileID, _ body: (WebDriver) throws -> T
    ) throws -> T {
        guard Chromium.executable != nil, chromedriver != nil else { throw Chromium.Unavailable() }
        return try BrowserSession.named(suite).withDriver { driver in
            try driver.devTools("Emulation.clearDeviceMetricsOverride")
            try driver.devTools("Emulation.setEmulatedMedia", ["media": "", "features": [[String: Any]]()])
            try driver.setWindowSize(width: width, height: height)
            return try body(driver)
        }
    }

    /// Starts chromedriver and opens a session at the given window size; the caller must `quit()` it.
    static func open(width: Int, height: Int = 900) throws -> WebDriver {
        // chromedriver has been seen to exit at once, before it named its port, on a machine
        // loaded by parallel browser tests; that, and only that, is tried again, at most twice.
        var attempt = 1
        var started: Result<WebDriver, Error>
        repeat {
            do {
                started = .success(try start())
            } catch let failure as Failure where failure.exitedEarly && attempt < 3 {
                started = .failure(failure)
                attempt += 1
                usleep(500_000)
                continue
            }
            break
        } while true
        let driver = try started.get()
        do {
            try driver.startSession(width: width, height: height)
        } catch {
            driver.quit()
            throw error
        }
        return driver
    }

    private init(process: Process, exited: DispatchSemaphore, log: URL, port: UInt16) {
        self.process = process
        self.exited = exited
        self.log = log
        self.port = port
    }

    /// Starts chromedriver and waits, at most 20 s, until it is ready for a session.
    private static func start() throws -> WebDriver {
        guard let chromedriver else {
            throw Failure(description: "chromedriver is not installed (run .ci/install-browser-tools)")
        }
        guard Chromium.executable != nil else { throw Chromium.Unavailable() }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ashlar-chromedriver-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = chromedriver
        // Port 0: chromedriver picks a free port and says which, so parallel runs never race for one.
        process.arguments = ["--port=0"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: log)
            throw error
        }

        let deadline = Date().addingTimeInterval(20)
        var port: UInt16?
        while port == nil, process.isRunning, Date() < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "started successfully on port ") {
                port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                usleep(50_000)
            }
        }
        let driver = WebDriver(process: process, exited: exited, log: log, port: port ?? 0)
        guard port != nil else {
            let failure = Failure(
                description: "chromedriver did not start: \(driver.logTail)", exitedEarly: !process.isRunning)
            driver.quit()
            throw failure
        }
        var problem = ""
        while true {
            do {
                let status = try driver.request("GET", "/status", timeout: 2)
                if let value = status as? [String: Any], value["ready"] as? Bool == true { return driver }
                problem = "status \(String(describing: status))"
            } catch {
                problem = "\(error)"
            }
            if Date() > deadline || !process.isRunning {
                let failure = Failure(
                    description:
                        "chromedriver on port \(driver.port) never became ready (\(problem)): \(driver.logTail)")
                driver.quit()
                throw failure
            }
            usleep(100_000)
        }
    }

    private func startSession(width: Int, height: Int) throws {
        let args = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--no-first-run", "--window-size=\(width),\(height)",
        ]
        var options: [String: Any] = ["args": args]
        if let binary = Chromium.executable { options["binary"] = binary.path }
        let capabilities: [String: Any] = [
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "timeouts": ["script": 30_000, "pageLoad": 30_000, "implicit": 0],
            "goog:chromeOptions": options,
        ]
        let value = try request("POST", "/session", ["capabilities": ["alwaysMatch": capabilities]], timeout: 60)
        guard let id = (value as? [String: Any])?["sessionId"] as? String else {
            throw Failure(description: "new session gave no id: \(String(describing: value))")
        }
        sessionID = id
    }

    /// Opens `url` and waits for its load event (at most 30 s).
    func navigate(to url: URL) throws {
        try request("POST", try sessionPath("/url"), ["url": url.absoluteString], timeout: 45)
    }

    /// Sets the browser window's outer size; in new headless mode that is the viewport.
    func setWindowSize(width: Int, height: Int) throws {
        try request("POST", try sessionPath("/window/rect"), ["width": width, "height": height], timeout: 15)
    }

    /// Makes the page see `prefers-color-scheme: light` or `dark` (Chromium's DevTools
    /// `Emulation.setEmulatedMedia`, through chromedriver); it holds across navigations.
    func emulateColorScheme(_ scheme: String) throws {
        let features: [[String: Any]] = [["name": "prefers-color-scheme", "value": scheme]]
        try request(
            "POST", try sessionPath("/goog/cdp/execute"),
            ["cmd": "Emulation.setEmulatedMedia", "params": ["features": features]], timeout: 15)
    }

    /// Makes the page lay itself out for `print` (or `screen`), as `Emulation.setEmulatedMedia` does.
    func emulateMediaType(_ type: String) throws {
        try request(
            "POST", try sessionPath("/goog/cdp/execute"),
            ["cmd": "Emulation.setEmulatedMedia", "params": ["media": type]], timeout: 15)
    }

    /// The URL of the page the browser shows.
    func currentURL() throws -> String {
        try request("GET", try sessionPath("/url"), timeout: 15) as? String ?? ""
    }

    /// Performs W3C WebDriver actions (`{"type": "key" | "pointer", "id", "actions": […]}`
    /// sources), then releases every key and button they left pressed.
    func perform(_ sources: [[String: Any]]) throws {
        try request("POST", try sessionPath("/actions"), ["actions": sources], timeout: 30)
        try request("DELETE", try sessionPath("/actions"), timeout: 15)
    }

    /// Presses and releases one key (a WebDriver key code such as "\u{E012}" for ←) on the
    /// focused element.
    func press(_ key: String) throws {
        try perform([
            [
                "type": "key", "id": "keyboard",
                "actions": [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]],
            ]
        ])
    }

    /// A one-finger touch from one point of the viewport to another, over `milliseconds`.
    func swipe(from start: (x: Int, y: Int), to end: (x: Int, y: Int), milliseconds: Int = 150) throws {
        let moves: [[String: Any]] = [
            ["type": "pointerMove", "duration": 0, "x": start.x, "y": start.y, "origin": "viewport"],
            ["type": "pointerDown", "button": 0],
            ["type": "pointerMove", "duration": milliseconds, "x": end.x, "y": end.y, "origin": "viewport"],
            ["type": "pointerUp", "button": 0],
        ]
        try perform([["type": "pointer", "id": "finger", "parameters": ["pointerType": "touch"], "actions": moves]])
    }

    /// A mouse click at a point of the viewport.
    func click(x: Int, y: Int) throws {
        let moves: [[String: Any]] = [
            ["type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"],
            ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
        ]
        try perform([["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": moves]])
    }

    /// Runs one Chrome DevTools Protocol command through chromedriver.
    @discardableResult
    func devTools(_ command: String, _ parameters: [String: Any] = [:]) throws -> Any? {
        try request(
            "POST", try sessionPath("/goog/cdp/execute"), ["cmd": command, "params": parameters], timeout: 15)
    }

    /// Runs `script` as a function body and returns what it returns (decoded JSON).
    @discardableResult
    func execute(_ script: String, arguments: [Any] = []) throws -> Any? {
        try request("POST", try sessionPath("/execute/sync"), ["script": script, "args": arguments], timeout: 45)
    }

    /// Runs `script` as a function body whose last argument is the callback to call with the
    /// result; the session's script timeout (30 s) bounds it.
    func executeAsync(_ script: String, arguments: [Any] = []) throws -> Any? {
        try request("POST", try sessionPath("/execute/async"), ["script": script, "args": arguments], timeout: 45)
    }

    /// Deletes the session (which closes Chromium) and stops chromedriver; never throws, never hangs.
    /// chromedriver is asked to leave through its `/shutdown` command, then killed: a child of the
    /// test process inherits its blocked signals, so SIGTERM would not reach it.
    func quit() {
        if let sessionID {
            _ = try? request("DELETE", "/session/\(sessionID)", timeout: 15)
            self.sessionID = nil
        }
        if port != 0 { _ = try? request("GET", "/shutdown", timeout: 5) }
        if exited.wait(timeout: .now() + 5) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
        }
        try? FileManager.default.removeItem(at: log)
    }

    private func sessionPath(_ suffix: String) throws -> String {
        guard let sessionID else { throw Failure(description: "no WebDriver session") }
        return "/session/\(sessionID)\(suffix)"
    }

    private var logTail: String {
        String(((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(2000))
    }

    /// Sends one command and returns its `value`; a WebDriver error becomes a `Failure` naming it.
    @discardableResult
    private func request(_ method: String, _ path: String, _ body: [String: Any]? = nil, timeout: TimeInterval) throws
        -> Any?
    {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let (status, data) = try exchange(method, path, payload, timeout: timeout)
        let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let value = (object as? [String: Any])?["value"]
        guard status == 200 else {
            let details = value as? [String: Any]
            let error = details?["error"] as? String ?? "HTTP \(status)"
            let message = details?["message"] as? String ?? String(decoding: data.prefix(2000), as: UTF8.self)
            throw Failure(description: "\(method) \(path): \(error): \(message.prefix(2000))")
        }
        return value is NSNull ? nil : value
    }

    /// One HTTP/1.1 request on a fresh connection to chromedriver, closed after the response.
    private func exchange(_ method: String, _ path: String, _ body: Data?, timeout: TimeInterval) throws -> (Int, Data)
    {
        let deadline = Date().addingTimeInterval(timeout)
        func failure(_ what: String) -> Failure {
            Failure(description: "\(method) \(path): \(what) (errno \(errno): \(String(cString: strerror(errno))))")
        }
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw failure("socket") }
        defer { close(fd) }
        // Each blocking send, receive and connect gives up after a second; the loops below check the deadline.
        var tick = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tick, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tick, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw failure("cannot connect to chromedriver on port \(port)") }

        var head =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nAccept: application/json\r\n"
        if let body { head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n" }
        var outgoing = [UInt8](Data(head.utf8) + Data("\r\n".utf8) + (body ?? Data()))
        var sent = 0
        while sent < outgoing.count {
            let count = outgoing.withUnsafeMutableBytes {
                send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EAGAIN || errno == EINTR, Date() < deadline {
                continue
            } else {
                throw failure("send")
            }
        }
        outgoing = []

        var incoming = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if count > 0 {
                incoming.append(contentsOf: buffer[0..<count])
                if let response = Self.parse(incoming) { return response }
            } else if count == 0 {
                break
            } else if errno == EAGAIN || errno == EINTR {
                if Date() > deadline {
                    throw Failure(
                        description: "\(method) \(path): no complete answer from chromedriver within \(Int(timeout)) s")
                }
            } else {
                throw failure("recv")
            }
        }
        guard let response = Self.parse(incoming, complete: true) else {
            throw Failure(
                description:
                    "\(method) \(path): chromedriver closed the connection mid-answer: \(String(decoding: incoming.prefix(500), as: UTF8.self))"
            )
        }
        return response
    }

    /// The status and body of an HTTP response, once `data` holds all of it (by `Content-Length`,
    /// chunked encoding, or the connection's end when `complete`).
    private static func parse(_ data: Data, complete: Bool = false) -> (Int, Data)? {
        let bytes = [UInt8](data)
        guard
            let end = bytes.indices.dropLast(3).first(where: {
                bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
            })
        else {
            return nil
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[
                line.index(after: colon)...
            ].trimmingCharacters(in: .whitespaces)
        }
        let body = Array(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init) {
            return body.count >= length ? (status, Data(body[0..<length])) : nil
        }
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            var decoded = Data()
            var index = 0
            while true {
                guard
                    let lineEnd = body[index...].indices.dropLast().first(where: {
                        body[$0] == 13 && body[$0 + 1] == 10
                    }),
                    let size = Int(
                        String(decoding: body[index..<lineEnd], as: UTF8.self).prefix { $0 != ";" }, radix: 16)
                else { return nil }
                if size == 0 { return (status, decoded) }
                let start = lineEnd + 2
                guard body.count >= start + size + 2 else { return nil }
                decoded.append(contentsOf: body[start..<(start + size)])
                index = start + size + 2
            }
        }
        return complete ? (status, Data(body)) : nil
    }
}
