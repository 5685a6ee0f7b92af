import UIKit

// A content extension's view controller as apps write it: the interface built in code with
// Auto Layout anchors, a stack view and a button. (Linux has no `#selector`: the button runs a
// `UIAction`, as iOS 14 code does.)
class SampleViewsViewController: UIViewController {
    let imageView = UIImageView()
    let titleLabel = UILabel()
    let bodyLabel = UILabel()
    let playButton = UIButton(type: .system)
    let shareButton = UIButton(configuration: .filled())
    private(set) var taps = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.layer.cornerRadius = 8
        imageView.backgroundColor = .secondarySystemBackground
        imageView.translatesAutoresizingMaskIntoConstraints = false

        titleLabel.font = .preferredFont(forTextStyle: .headline)
        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.textColor = .secondaryLabel
        bodyLabel.numberOfLines = 0

        playButton.setTitle("Play", for: .normal)
        playButton.addAction(UIAction { [weak self] _ in self?.tapped() }, for: .touchUpInside)
        // What nsesim's copy of `#selector(playTapped(_:))` reads: recorded, not called.
        playButton.addTarget(self, action: Selector(("playTapped:")), for: .touchUpInside)

        var share = UIButton.Configuration.filled()
        share.title = "Share"
        share.image = UIImage(systemName: "square.and.arrow.up")
        share.imagePadding = 6
        share.cornerStyle = .capsule
        shareButton.configuration = share

        let stack = UIStackView(arrangedSubviews: [titleLabel, bodyLabel, playButton, shareButton])
        stack.axis = .vertical
        stack.spacing = 8
        stack.alignment = .leading
        stack.translatesAutoresizingMaskIntoConstraints = false

        view.addSubview(imageView)
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            imageView.topAnchor.constraint(equalTo: view.topAnchor),
            imageView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            imageView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor, multiplier: 9.0 / 16.0),
            stack.topAnchor.constraint(equalTo: imageView.bottomAnchor, constant: 12),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -12),
        ])
    }

    func configure(title: String, body: String) {
        titleLabel.text = title
        bodyLabel.text = body
        view.setNeedsLayout()
    }

    func tapped() {
        taps += 1
        playButton.setTitle(taps.isMultiple(of: 2) ? "Play" : "Pause", for: .normal)
    }
}

// A custom view as apps write them, usable from code and from a storyboard.
class BadgeView: UIView {
    let countLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .systemRed
        layer.cornerRadius = 10
        layer.masksToBounds = true
        countLabel.textColor = .white
        countLabel.font = .boldSystemFont(ofSize: 13)
        countLabel.textAlignment = .center
        countLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(countLabel)
        addConstraint(
            NSLayoutConstraint(
                item: countLabel, attribute: .centerX, relatedBy: .equal,
                toItem: self, attribute: .centerX, multiplier: 1, constant: 0))
        addConstraint(
            NSLayoutConstraint(
                item: countLabel, attribute: .centerY, relatedBy: .equal,
                toItem: self, attribute: .centerY, multiplier: 1, constant: 0))
    }

    override var intrinsicContentSize: CGSize {
        CGSize(width: max(20, countLabel.intrinsicContentSize.width + 12), height: 20)
    }

    func show(count: Int) {
        countLabel.text = "\(count)"
        invalidateIntrinsicContentSize()
        UIView.animate(withDuration: 0.25) {
            self.alpha = count == 0 ? 0 : 1
        }
        UIView.animate(
            withDuration: 0.25, delay: 0, options: [.curveEaseOut],
            animations: {
                self.transform = count > 9 ? CGAffineTransform(scaleX: 1.2, y: 1.2) : .identity
            },
            completion: { finished in
                if finished { self.setNeedsLayout() }
            })
    }
}

// A view controller with its own designated initializer, as apps write when they build one in code.
class BadgeViewController: UIViewController {
    let badge = BadgeView()
    let count: Int

    init(count: Int) {
        self.count = count
        super.init(nibName: nil, bundle: nil)
    }

    init() {
        count = 0
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 60))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        badge.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            badge.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
        badge.show(count: count)
    }
}
