import TutorGrading

/// The opening of every report page cachetutor writes: the doctype, the character set, a
/// viewport for phones, the title and the page's inline style sheet, up to `<body>`.
enum HTMLPageHead {
    /// The markup up to and including `<body>` (with `bodyClass` when given); `title` is escaped.
    static func markup(title: String, styleSheet: String, bodyClass: String? = nil) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(XMLText.escape(title))</title>
        <style>\(styleSheet)</style>
        </head>
        <body\(bodyClass.map { " class=\"\($0)\"" } ?? "")>

        """
    }
}
