import NSESimCore
import Testing

@Suite("Text output of identifiers")
struct PrintableTextTests {
    @Test("control characters are written as escapes; other text, accents and emoji included, stays")
    func escapes() {
        #expect("photo-1".printable == "photo-1")
        #expect("été 📷".printable == "été 📷")
        #expect("a\nb\tc\rd".printable == "a\\nb\\tc\\rd")
        #expect("x\0y".printable == "x\\0y")
        #expect("\u{1B}[2Jclear".printable == "\\u{1B}[2Jclear")
        #expect("\u{85}next line".printable == "\\u{85}next line")
    }
}
