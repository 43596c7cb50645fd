#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where a command's output goes: standard output for results, standard error for
/// diagnostics, each styled for its own stream.
///
/// Commands write through a `Console` rather than `print`, so tests can capture output
/// with ``Console/capture(width:)`` and every stream honours `NO_COLOR` and its own TTY state.
public final class Console: @unchecked Sendable {
    /// Styling for standard output.
    public let style: TerminalStyle
    /// Styling for standard error.
    public let errorStyle: TerminalStyle
    /// Whether ``line(_:)`` wraps a line wider than `style.width` (on a terminal, which would
    /// otherwise cut it anywhere); a pipe gets its lines whole, one per line, for programs.
    public let wrapsLongLines: Bool
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void

    /// A console over arbitrary sinks; see ``standard`` and ``capture(width:)`` for the usual ones.
    public init(
        style: TerminalStyle,
        errorStyle: TerminalStyle,
        wrapsLongLines: Bool = false,
        out: @escaping @Sendable (String) -> Void,
        err: @escaping @Sendable (String) -> Void
    ) {
        self.style = style
        self.errorStyle = errorStyle
        self.wrapsLongLines = wrapsLongLines
        self.writeOut = out
        self.writeErr = err
    }

    /// The process's standard output and standard error.
    public static func standard(environment: [String: String] = ProcessEnvironment.current) -> Console {
        let style = TerminalStyle.detect(fileDescriptor: 1, environment: environment)
        return Console(
            style: style,
            errorStyle: .detect(fileDescriptor: 2, environment: environment),
            wrapsLongLines: style.isTerminal,
            out: { writeAll($0, to: 1) },
            err: { writeAll($0, to: 2) }
        )
    }

    /// A console that records what it is given, for tests; with `wrapsLongLines`, it
    /// wraps as a terminal's does.
    public static func capture(width: Int = 80, color: Bool = false, wrapsLongLines: Bool = false) -> (Console, CapturedOutput) {
        let captured = CapturedOutput()
        let style = TerminalStyle(colorEnabled: color, width: width)
        let console = Console(
            style: style,
            errorStyle: style,
            wrapsLongLines: wrapsLongLines,
            out: { captured.append($0, toError: false) },
            err: { captured.append($0, toError: true) }
        )
        return (console, captured)
    }

    /// Writes `text` and a newline to standard output. On a terminal (``wrapsLongLines``), a
    /// line wider than it is wrapped at word boundaries under its own indentation (see
    /// ``TextWrapper/fit(_:width:extra:)``), so the terminal never cuts a word in two;
    /// ``write(_:)`` writes as is.
    public func line(_ text: String = "") {
        guard wrapsLongLines, text.contains("\n") || TextWrapper.visibleWidth(text) > style.width else {
            writeOut(text + "\n")
            return
        }
        writeOut(TextWrapper.fit(text, width: style.width).joined(separator: "\n") + "\n")
    }

    /// Writes `text` as is to standard output.
    public func write(_ text: String) { writeOut(text) }

    /// Writes `text` word-wrapped to the terminal width.
    public func wrapped(_ text: String, indent: String = "") {
        for wrappedLine in TextWrapper.wrap(text, width: style.width, indent: indent) { line(wrappedLine) }
    }

    /// Writes a one-line diagnostic to standard error, prefixed with `cachetutor: `. A
    /// diagnostic quotes what it was given (an option's value, a file's name, a line of a
    /// file), so its control characters are spelt out here, once for every message
    /// (``MessageText/escaped(_:)``): none can repaint the terminal or break the line.
    public func error(_ message: String) {
        writeErr(errorStyle.paint("cachetutor:", .red, .bold) + " " + MessageText.escaped(message) + "\n")
    }

    /// Writes a one-line warning to standard error, its control characters spelt out as
    /// ``error(_:)`` does.
    public func warning(_ message: String) {
        writeErr(errorStyle.paint("cachetutor: warning:", .yellow, .bold) + " " + MessageText.escaped(message) + "\n")
    }

    /// Writes `text` as is to standard error.
    public func writeError(_ text: String) { writeErr(text) }

    private static func writeAll(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// Output recorded by a ``Console/capture(width:color:)`` console.
public final class CapturedOutput: Sendable {
    private let text = Mutex((out: "", err: ""))

    /// Everything written to standard output so far.
    public var out: String { text.withLock { $0.out } }
    /// Everything written to standard error so far.
    public var err: String { text.withLock { $0.err } }

    fileprivate func append(_ chunk: String, toError: Bool) {
        text.withLock {
            if toError { $0.err += chunk } else { $0.out += chunk }
        }
    }
}
