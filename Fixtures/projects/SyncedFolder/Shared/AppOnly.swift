// The app's alone: not a member of the extension (it would not compile there).
import SwiftUI
let appOnlyView = Text("app")
