/// How the app words a streak.
public enum StreakFormatter {
    public static func describe(days: Int) -> String {
        days == 1 ? "1 day in a row" : "\(days) days in a row"
    }
}
