import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// The build copy's error casts, as iOS gives them.
@Suite("Error bridging")
struct ErrorBridgingTests {
    @Test("catch let NAME as NSError binds every error, on the same line")
    func catchClause() {
        let (text, changes) = ErrorBridging.rewrite("do { try f() } catch let error as NSError {\n    print(error.code)\n}")
        #expect(text == "do { try f() } catch let __nsesimCaught { let error = __nsesimCaught as NSError;\n    print(error.code)\n}")
        #expect(changes.map(\.line) == [1])
    }

    @Test("as? NSError, as! NSError and is NSError become the bridging operators")
    func casts() {
        let (text, changes) = ErrorBridging.rewrite("let a = error as? NSError\nlet b = error as! NSError\nif error is NSError {}")
        #expect(text == "let a = error ~~? NSError.self\nlet b = error ~~! NSError.self\nif error ~~& NSError.self {}")
        #expect(changes.count == 3)
    }

    @Test("Strings, comments, other types and unconditional casts are left alone; interpolations are code")
    func leftAlone() {
        let source = """
            let s = "x as? NSError" // catch let e as NSError {
            let n = error as NSError
            let m = error as? NSErrorPointer
            catch let e as NSError where e.code == 1 {}
            """
        #expect(ErrorBridging.rewrite(source).changes.isEmpty)
        #expect(ErrorBridging.rewrite(#"let s = "\(error is NSError)""#).text == #"let s = "\(error ~~& NSError.self)""#)
    }

    @Test("catch let NAME as URLError (CocoaError, UNError) catches what bridges to it, with a where clause")
    func typedCatch() {
        let (text, _) = ErrorBridging.rewrite("} catch let error as URLError {")
        #expect(
            text == "} catch let __nsesimCaught where (__nsesimCaught ~~? URLError.self) != nil { "
                + "let error = (__nsesimCaught ~~? URLError.self)!;")
        #expect(ErrorBridging.rewrite("if let e = error as? CocoaError {}").text == "if let e = error ~~? CocoaError.self {}")
    }
}
