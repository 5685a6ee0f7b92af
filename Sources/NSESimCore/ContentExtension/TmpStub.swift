extension ExtensionFolder { mutating func compileStoryboard() throws(ExtensionError) {} }
