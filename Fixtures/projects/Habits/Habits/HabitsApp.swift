import SwiftUI
import HabitsKit

@main
struct HabitsApp: App {
    var body: some Scene {
        WindowGroup { Text(Habit(name: "Water", days: 1).name) }
    }
}
