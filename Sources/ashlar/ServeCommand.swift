import AshlarCore
import AshlarPlatform
import Dispatch
import Foundation
import Synchronization

/// What Ctrl-C does: a clean exit before the server runs; once it runs, stopping it, after which
/// the main thread says so and exits (one exit, so "Stopped." is never cut off).
final class Shutdown: Sendable {
    private let stopServer = Mutex<(@Sendable () -> Void)?>(nil)

    func set(_ action: @escaping @Sendable () -> Void) {
        stopServer.withLock { $0 = action }
    }

    func run() {
        if let stop = stopServer.withLock({ $0 }) {
            stop()
            return
        }
        Output.print("Stopped.")
        exit(0)
    }
}

/// `ashlar serve`: builds, serves the site locally, and rebuilds and reloads on every change.
struct ServeCommand: Command, Equatable {
    static let defaultPort = 8000
    static let defaultHost = "127.0.0.1"

    var source = "."
    /// Nil means the default port, or the next free one when it is taken.
    var port: Int?
    var host = defaultHost
    var open = false
    var site = SiteOptions()

    static let name = "serve"
    static let abstract = "Build the site, serve it locally, and rebuild and reload on every change."
    static let arguments: [ArgumentDeclaration<Self>] = [.source(\.source)]
    static let options: [OptionDeclaration<Self>] =
        [
            .integer(
                \.port, in: 0...65535, long: "port", short: "p", placeholder: "PORT",
                help: "The port; if the default is taken, the next free one. 0 picks any free port.",
                default: String(defaultPort)),
            .string(
                \.host, long: "host", placeholder: "HOST",
                help: "The address to listen on; 0.0.0.0 or :: for every interface.", default: defaultHost),
            .flag(\.open, long: "open", help: "Open the site in the default browser."),
        ] + SiteOptions.options(in: \.site)

    func run() -> Int32 {
        let shutdown = Shutdown()
        Self.stopOnSignals { shutdown.run() }
        let builder = site.builder(source: source)
        let preview = PreviewServer(builder: builder, allowedHosts: PreviewServer.allowedHosts(listeningOn: host))
        let outputDisplay = site.output ?? builder.paths.display("_site")

        // The port first: a taken one is said at once, not after a whole build.
        let socket: ListeningSocket
        do {
            socket = try Self.listen(host: host, port: port ?? Self.defaultPort, explicit: port != nil)
        } catch {
            Output.error("ashlar: error: \(error.message)")
            return 1
        }

        // The first build: a problem with the folders themselves ends the command; content
        // errors are shown in the browser until fixed.
        let started = Date()
        // Renditions not in the cache yet are made right after, while the site is served: the
        // first page is there in seconds, and reloads when they are, first for the photos it
        // shows first, then for all.
        let first = preview.rebuild(clean: site.clean, renditions: PreviewRounds.first)
        // Each round's warnings once: the rounds of a cold start find the same ones.
        let echo = DiagnosticEcho()
        if case .failed(let error) = first, error.kind == .usage {
            socket.close()
            Output.error(error.description)
            return 64
        }
        Self.report(first, output: outputDisplay, started: started, echo: echo)

        let server = HTTPServer(socket: socket) { request in preview.respond(to: request) }
        shutdown.set {
            server.stop()
            preview.liveReload.stop()
            socket.close()
        }

        let configFolder = site.config.map {
            URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path
        }
        let tree = WatchedTree(
            source: builder.paths.source.path, output: builder.paths.output.path,
            extraFolders: configFolder.map { [$0] } ?? [])
        let watcher = SourceWatchers.make(tree)
        let deferred: Int
        if case .built(let result) = first { deferred = result.renditionsDeferred } else { deferred = 0 }
        Thread.detachNewThread {
            if deferred > 0 {
                Output.error(
                    "Making the renditions of \(Count.format(deferred, "photo")), the home page's first; the pages reload when they are ready"
                )
            }
            preview.makeDeferredRenditions(after: first) { outcome in
                Self.report(outcome, output: outputDisplay, started: nil, echo: echo)
            }
            preview.watch(with: watcher) { outcome in
                Self.report(outcome, output: outputDisplay, started: nil, echo: echo)
            }
        }

        Output.print(
            "Serving \(builder.paths.display("")) at \(socket.url) (watching with \(watcher.summary); Ctrl-C to stop)")
        if host == "0.0.0.0" || host == "::" {
            Output.error(
                "ashlar: warning: listening on every network interface; anyone on your network can see the site")
        }
        if open { Self.openBrowser(socket.url) }
        server.run()
        Output.print("Stopped.")
        return 0
    }

    /// Binds the port asked for; when the default port is taken, the next free one, saying so.
    private static func listen(host: String, port: Int, explicit: Bool) throws(ServeError) -> ListeningSocket {
        do {
            return try ListeningSocket.bind(host: host, port: port)
        } catch  where error.kind == .portInUse && !explicit && port != 0 {
            for next in (port + 1)...(port + 20) {
                if let socket = try? ListeningSocket.bind(host: host, port: next) {
                    Output.error("ashlar: note: port \(port) is in use; using \(next) instead")
                    return socket
                }
            }
            throw error
        } catch  where error.kind == .portInUse {
            throw ServeError(.portInUse, error.message + "; choose another with --port (0 picks any free port)")
        }
    }

    /// Prints a round's outcome: the diagnostics the round before did not have (`echo`), and
    /// the summary line, which counts them all.
    private static func report(
        _ outcome: PreviewServer.BuildOutcome, output: String, started: Date?, echo: DiagnosticEcho
    ) {
        switch outcome {
        case .built(let result):
            let fresh = echo.fresh(result.diagnostics)
            for diagnostic in fresh { Output.error(diagnostic.description) }
            let seconds = Date().timeIntervalSince(started ?? Date())
            var line = BuildCommand.summary(
                result, output: output, seconds: started == nil ? result.stages.reduce(0) { $0 + $1.seconds } : seconds)
            let repeated = result.diagnostics.count - fresh.count
            if repeated > 0 { line += " (\(Count.format(repeated, "finding")) as before, not repeated)" }
            Output.print(result.errorCount > 0 ? line + " — the browser shows the errors until they are fixed" : line)
        case .failed(let error):
            Output.error(error.description)
        }
    }

    /// Blocks SIGINT and SIGTERM in this thread and every thread started after it, and runs
    /// `action` on a thread of its own when either arrives (Ctrl-C, `kill`). Call before
    /// starting any thread.
    private static func stopOnSignals(_ action: @escaping @Sendable () -> Void) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let blocked = signals
        Thread.detachNewThread {
            var signals = blocked
            var received: Int32 = 0
            while sigwait(&signals, &received) != 0 {}
            action()
        }
    }

    private static func openBrowser(_ url: String) {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard
            let opener = folders.map({ "\($0)/\(Platform.browserOpener)" }).first(
                where: FileManager.default.isExecutableFile(atPath:))
        else {
            Output.error("ashlar: warning: cannot open a browser (no \(Platform.browserOpener)); open \(url) yourself")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Output.error("ashlar: warning: cannot open a browser (\(error.localizedDescription)); open \(url) yourself")
        }
    }
}
