/// The app's framework target (type: framework in project.yml).
public enum GenKit {
    public static func badge(_ title: String) -> String { "[GenKit] " + title }
}
