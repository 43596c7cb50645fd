#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How text should look on one output stream: whether to colour it and how wide to wrap.
///
/// Colour is on only when the stream is a terminal that is not `TERM=dumb` (which cannot
/// draw escape codes) and `NO_COLOR` is unset (or empty), as <https://no-color.org> asks.
/// `CACHETUTOR_COLOR=always` forces it on (for tests that check the escape codes) and
/// `never` off, but a set `NO_COLOR` wins over both. Every command styles its output
/// through this one type.
///
///     let style = TerminalStyle.detect(fileDescriptor: 1)
///     print(style.paint("PASS", .green, .bold))   // green and bold on a terminal, plain in a pipe
public struct TerminalStyle: Sendable, Equatable {
    /// A text attribute, rendered as an SGR escape sequence.
    public enum Attribute: String, Sendable {
        case bold = "1", dim = "2", italic = "3", underline = "4"
        case red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36", gray = "90"
    }

    /// Whether escape sequences are written at all.
    public var colorEnabled: Bool
    /// The column count text wraps to.
    public var width: Int
    /// Whether the stream is an interactive terminal (prompts, progress bars and paging need one).
    public var isTerminal: Bool

    /// A style with explicit settings; tests use this to render at a given width.
    public init(colorEnabled: Bool, width: Int, isTerminal: Bool = false) {
        self.colorEnabled = colorEnabled
        self.width = max(20, width)
        self.isTerminal = isTerminal
    }

    /// Plain text at 80 columns: what a pipe or a file gets.
    public static let plain = TerminalStyle(colorEnabled: false, width: 80)

    /// Reads the terminal state of `fileDescriptor` and the environment.
    ///
    /// Width comes from the terminal itself, else `COLUMNS`, else 80.
    public static func detect(
        fileDescriptor: Int32 = 1,
        environment: [String: String] = ProcessEnvironment.current
    ) -> TerminalStyle {
        let tty = isatty(fileDescriptor) == 1
        var color = tty && environment["TERM"] != "dumb"
        switch environment["CACHETUTOR_COLOR"] {
        case "always": color = true
        case "never": color = false
        default: break
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { color = false }
        return TerminalStyle(
            colorEnabled: color,
            width: terminalWidth(fileDescriptor: fileDescriptor, environment: environment, isTerminal: tty),
            isTerminal: tty
        )
    }

    /// `text` wrapped in the escape codes for `attributes`, or `text` unchanged without colour.
    public func paint(_ text: String, _ attributes: Attribute...) -> String {
        paint(text, attributes)
    }

    /// `text` wrapped in the escape codes for `attributes`, or `text` unchanged without colour.
    public func paint(_ text: String, _ attributes: [Attribute]) -> String {
        guard colorEnabled, !attributes.isEmpty, !text.isEmpty else { return text }
        let codes = attributes.map(\.rawValue).joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }

    private static func terminalWidth(fileDescriptor: Int32, environment: [String: String], isTerminal: Bool) -> Int {
        if isTerminal {
            var size = winsize()
            if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }
}
