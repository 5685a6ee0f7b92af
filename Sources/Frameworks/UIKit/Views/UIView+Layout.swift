import Foundation

extension UIView {
    /// Solves the tree under this root and runs `layoutSubviews()` top down.
    func layOutTree() {
        if isLayingOut { return }
        isLayingOut = true
        defer { isLayingOut = false }
        var views: [UIView] = []
        func collect(_ view: UIView) {
            views.append(view)
            view.subviews.forEach(collect)
        }
        collect(self)
        // As on iOS, nothing is done when nothing changed since the last layout.
        guard views.contains(where: \.needsLayout) else { return }
        for view in views.reversed() { view.updateConstraints() }

        // Items: the views in tree order, then their layout guides.
        var index: [ObjectIdentifier: Int] = [:]
        for (offset, view) in views.enumerated() { index[ObjectIdentifier(view)] = offset }
        var guides: [UILayoutGuide] = []
        for view in views {
            for guide in [view.storedSafeArea, view.storedMarginsGuide].compactMap({ $0 }) + view.layoutGuides {
                index[ObjectIdentifier(guide)] = views.count + guides.count
                guides.append(guide)
            }
        }
        let indexOf = { (view: UIView) in index[ObjectIdentifier(view)] }
        var items: [LayoutSolver.Item] = views.map { view in
            let placement: LayoutSolver.Placement
            if view === self {
                placement = .root(size: view.bounds.size)
            } else if view.translatesAutoresizingMaskIntoConstraints
                && !(view.superview is UIStackView && (view.superview as! UIStackView).arrangedSubviews.contains { $0 === view })
            {
                placement = .frame(view.frame, parentSize: view.superview?.bounds.size ?? .zero, mask: view.autoresizingMask.rawValue)
            } else {
                placement = .constraints(view.frame)
            }
            var item = LayoutSolver.Item(parent: view.superview.flatMap(indexOf), placement: placement)
            item.margins = view.layoutMargins
            item.intrinsic = view.layoutIntrinsic
            item.hidden = view.isHidden
            item.firstBaseline = view.layoutFirstBaseline
            item.lastBaselineFromBottom = view.layoutLastBaselineFromBottom
            item.hugging = (view.contentHuggingPriority(for: .horizontal).rawValue, view.contentHuggingPriority(for: .vertical).rawValue)
            item.stack = view.layoutStack(indexOf: indexOf)
            return item
        }
        for guide in guides {
            let placement: LayoutSolver.Placement =
                switch guide.kind {
                case .safeArea: .safeArea
                case .margins: .margins
                case .custom: .constraints(guide.layoutFrame)
                }
            items.append(LayoutSolver.Item(parent: guide.owningView.flatMap(indexOf), placement: placement))
        }
        var constraints: [LayoutSolver.Constraint] = []
        for view in views {
            for constraint in view.constraints {
                guard let firstItem = constraint.firstItem, let first = index[ObjectIdentifier(firstItem)] else { continue }
                var second: Int?
                if let secondItem = constraint.secondItem {
                    guard let found = index[ObjectIdentifier(secondItem)] else { continue }
                    second = found
                }
                constraints.append(
                    LayoutSolver.Constraint(
                        first: first, firstAttribute: constraint.firstAttribute, relation: constraint.relation, second: second,
                        secondAttribute: constraint.secondAttribute, multiplier: Double(constraint.multiplier),
                        constant: Double(constraint.constant), priority: constraint.priority.rawValue))
            }
        }
        var solver = LayoutSolver(items: items, constraints: constraints)
        let frames = solver.solve()
        for (offset, view) in views.enumerated() where view !== self { view.solvedFrame = frames[offset] }
        for (offset, guide) in guides.enumerated() { guide.layoutFrame = frames[views.count + offset] }
        runLayoutSubviews()
    }

    private func runLayoutSubviews() {
        owningViewController?.viewWillLayoutSubviews()
        layoutSubviews()
        needsLayout = false
        owningViewController?.viewDidLayoutSubviews()
        for subview in subviews { subview.runLayoutSubviews() }
    }
}
