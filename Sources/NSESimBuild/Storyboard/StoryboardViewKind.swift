/// What a storyboard view element becomes in the interface description: the classes nsesim
/// draws keep theirs, the others become a plain `UIView` (or, for a text view, a label).
enum StoryboardViewKind: Equatable {
    /// Drawn as the class: `UIView`, `UILabel`, `UIImageView`, `UIButton`, `UIStackView`.
    case drawn(String)
    /// A `<textView>`: drawn as a multi-line `UILabel` showing its text.
    case textAsLabel
    /// An element nsesim does not draw (its UIKit class, for the warning): a `UIView`.
    case plain(String)

    /// The kind of the element `name` (a child of `<subviews>` or a `key="view"` element).
    init(element name: String) {
        switch name {
        case "view": self = .drawn("UIView")
        case "label": self = .drawn("UILabel")
        case "imageView": self = .drawn("UIImageView")
        case "button": self = .drawn("UIButton")
        case "stackView": self = .drawn("UIStackView")
        case "textView": self = .textAsLabel
        default: self = .plain(Self.uiKitClass[name] ?? "UI" + name.prefix(1).uppercased() + name.dropFirst())
        }
    }

    /// The UIKit class of the view elements nsesim does not draw.
    static let uiKitClass: [String: String] = [
        "tableView": "UITableView", "collectionView": "UICollectionView", "scrollView": "UIScrollView",
        "webView": "UIWebView", "wkWebView": "WKWebView", "mapView": "MKMapView", "textField": "UITextField",
        "switch": "UISwitch", "slider": "UISlider", "segmentedControl": "UISegmentedControl",
        "activityIndicatorView": "UIActivityIndicatorView", "progressView": "UIProgressView",
        "visualEffectView": "UIVisualEffectView", "pickerView": "UIPickerView", "datePicker": "UIDatePicker",
        "pageControl": "UIPageControl", "stepper": "UIStepper", "searchBar": "UISearchBar",
        "navigationBar": "UINavigationBar", "toolbar": "UIToolbar", "tabBar": "UITabBar",
        "containerView": "UIView (container)", "tableViewCell": "UITableViewCell",
        "collectionViewCell": "UICollectionViewCell", "collectionReusableView": "UICollectionReusableView",
        "glkView": "GLKView", "sceneKitView": "SCNView", "arscnView": "ARSCNView", "arskView": "ARSKView",
        "mtkView": "MTKView", "skView": "SKView", "imageButton": "UIButton", "colorWell": "UIColorWell",
    ]
}
