import Foundation

extension SessionCacheTests {
    /// Field values a careless key could trip over: empty strings, case, accents, emoji,
    /// separators, negative and extreme revisions.
    static let sampleKeys: [KeyFields] = [
        KeyFields("anna", "balance", 3),
        KeyFields("ben", "inbox/unread", 0),
        KeyFields("", "", 0),
        KeyFields("Zoë", "résumé.pdf", -1),
        KeyFields("a|b", "c|d", 12),
        KeyFields("🙂", "feed 🗞", Int.max),
        KeyFields(String(repeating: "x", count: 300), "long", Int.min),
    ]

    static func equalKeysAreEqual(_ subjectType: any SessionCacheSubject.Type) throws {
        for fields in sampleKeys {
            let first = fields.make(subjectType)
            let second = fields.make(subjectType)
            try require(first !== second, "makeKey returned the same object twice; SessionKey(account:resource:revision:) should build a new key each time")
            try require(first.isEqual(first), "a SessionKey is not isEqual to itself: \(fields)")
            try require(
                first.isEqual(second) && second.isEqual(first),
                "two SessionKeys built separately as \(fields) are not isEqual(_:); NSCache finds an entry only through an equal key, so a key built afresh for the lookup misses. Override isEqual(_:) to compare account, resource and revision"
            )
            try require(
                first.hash == second.hash,
                "two equal SessionKeys built as \(fields) have different hash values (\(first.hash) and \(second.hash)); NSCache looks only among keys with the key's hash, so it never gets to call isEqual(_:). Override hash and compute it from the same three fields"
            )
        }
        // The same text in two Unicode forms: Swift's == calls them equal, bytes differ.
        // Either answer of isEqual(_:) is the learner's to give; equal keys must hash alike.
        let forms: [(KeyFields, KeyFields)] = [
            (KeyFields("Am\u{E9}lie", "r\u{E9}sum\u{E9}", 1), KeyFields("Ame\u{301}lie", "re\u{301}sume\u{301}", 1)),
            (KeyFields("\u{C5}sa", "\u{FB01}le", 2), KeyFields("A\u{30A}sa", "\u{FB01}le", 2)),
        ]
        for (composed, decomposed) in forms {
            let first = composed.make(subjectType)
            let second = decomposed.make(subjectType)
            if first.isEqual(second) || second.isEqual(first) {
                try require(
                    first.isEqual(second) && second.isEqual(first) && first.hash == second.hash,
                    "SessionKeys with an accented letter written as one character and as a letter plus a combining accent are isEqual(_:) (Swift's == calls such strings equal), but \(first.isEqual(second) && second.isEqual(first) ? "their hash values differ" : "only one way round"); compute hash from the fields the way isEqual(_:) compares them (Hasher.combine of each String hashes what == compares; its UTF-8 bytes do not)"
                )
            }
        }
    }

    static func everyFieldCounts(_ subjectType: any SessionCacheSubject.Type) throws {
        let base = KeyFields("anna", "balance", 3)
        let variants: [(KeyFields, String)] = [
            (KeyFields("ben", "balance", 3), "account"),
            (KeyFields("Anna", "balance", 3), "account"),
            (KeyFields("anna ", "balance", 3), "account"),
            (KeyFields("", "balance", 3), "account"),
            (KeyFields("anna", "inbox", 3), "resource"),
            (KeyFields("anna", "Balance", 3), "resource"),
            (KeyFields("anna", "balance2", 3), "resource"),
            (KeyFields("anna", "", 3), "resource"),
            (KeyFields("anna", " balance", 3), "resource"),
            (KeyFields("anna", "balance\n", 3), "resource"),
            (KeyFields("\tanna", "balance", 3), "account"),
            (KeyFields("\u{E1}nna", "balance", 3), "account"),
            (KeyFields("\u{FF41}nna", "balance", 3), "account"),
            (KeyFields("anna", "b\u{E4}lance", 3), "resource"),
            (KeyFields("anna", "balance", 4), "revision"),
            (KeyFields("anna", "balance", 2), "revision"),
            (KeyFields("anna", "balance", 0), "revision"),
            (KeyFields("anna", "balance", -3), "revision"),
        ]
        // Fields swapped, and keys whose account and resource are the same text: a key that
        // compares a combination of the fields (a sum, an XOR of their hashes) meets here.
        let combined: [(KeyFields, KeyFields, String)] = [
            (KeyFields("anna", "balance", 3), KeyFields("balance", "anna", 3), "account and resource, swapped"),
            (KeyFields("anna", "anna", 1), KeyFields("ben", "ben", 1), "account and resource, each the same text"),
        ]
        for (left, right, fields) in combined {
            try require(!left.make(subjectType).isEqual(right.make(subjectType)) && !right.make(subjectType).isEqual(left.make(subjectType)),
                        "\(left) and \(right) differ in their \(fields), yet isEqual(_:) says they are equal: compare each field with its own counterpart, not a combination of them (equal hashes do not make equal keys)")
        }
        for (variant, field) in variants {
            let left = base.make(subjectType)
            let right = variant.make(subjectType)
            try require(
                !left.isEqual(right) && !right.isEqual(left),
                "\(base) and \(variant) differ in their \(field), yet isEqual(_:) says they are equal; compare all three fields, exactly (no lowercasing, trimming or folding of accents and widths)"
            )
        }
    }

    static func delimitersCannotCollide(_ subjectType: any SessionCacheSubject.Type) throws {
        // Every ASCII character that is not a letter or a digit, a few Unicode separators
        // and some longer glue: whatever a joined string uses, a field may contain it.
        let ascii = (UInt8(0)..<128).map(Unicode.Scalar.init).filter { !CharacterSet.alphanumerics.contains($0) }.map { String(Character($0)) }
        let separators = [""] + ascii + ["\u{A0}", "\u{B7}", "\u{2028}", "\u{241E}", "\u{FEFF}", "\u{E000}", "\u{FFFF}", "\u{10FFFF}", "||", "::", ", ", " - ", "\u{1}\u{1}", "/:"]
        var pairs: [(KeyFields, KeyFields, String)] = []
        for separator in separators {
            pairs.append((KeyFields("x\(separator)y", "z", 1), KeyFields("x", "y\(separator)z", 1), separator))
            pairs.append((KeyFields("x\(separator)y\(separator)z", "w", 7), KeyFields("x", "y\(separator)z\(separator)w", 7), separator))
        }
        // Without a separator the revision's digits can move into the resource too.
        pairs.append((KeyFields("x", "y1", 2), KeyFields("x", "y", 12), ""))
        pairs.append((KeyFields("x", "y-", 1), KeyFields("x", "y", -1), ""))
        for (left, right, separator) in pairs {
            let first = left.make(subjectType)
            let second = right.make(subjectType)
            if first.isEqual(second) || second.isEqual(first) {
                let glue = separator.isEmpty ? "nothing" : quoted(separator)
                throw TestFailure("\(left) and \(right) are different keys, but isEqual(_:) says they are equal: fields glued together with \(glue) between them read the same, because a field may itself contain the separator. Compare the fields one by one instead of as one joined string")
            }
        }
    }

    static func otherObjectsAreNotEqual(_ subjectType: any SessionCacheSubject.Type) throws {
        let key = KeyFields("anna", "balance", 3).make(subjectType)
        let others: [(Any?, String)] = [
            (nil, "nil"),
            (NSString(string: "anna"), "the NSString \"anna\""),
            (NSString(string: "anna|balance|3"), "the NSString \"anna|balance|3\""),
            (NSString(string: "anna/balance/3"), "the NSString \"anna/balance/3\""),
            (NSString(string: "anna:balance:3"), "the NSString \"anna:balance:3\""),
            ("anna/balance/3", "the Swift String \"anna/balance/3\""),
            ("anna-balance-3", "the Swift String \"anna-balance-3\""),
            ("anna.balance.3", "the Swift String \"anna.balance.3\""),
            (NSNumber(value: 3), "the NSNumber 3"),
            (NSObject(), "a plain NSObject"),
            ("anna", "the Swift String \"anna\""),
        ]
        for (other, label) in others {
            try require(!key.isEqual(other), "SessionKey(account: \"anna\", resource: \"balance\", revision: 3).isEqual(\(label)) returned true; only another SessionKey with the same three fields is equal")
        }
    }
}
