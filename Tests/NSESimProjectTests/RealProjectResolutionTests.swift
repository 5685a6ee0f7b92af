import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@testable import NSESimProject

/// What real iOS projects do that nsesim used to refuse: Xcode's implicit
/// dependencies, local packages dragged in as folders, remote products nsesim stands in for,
/// SWIFT_VERSION as Xcode maps it, missing configuration files and undefined Info.plist
/// variables as warnings, other targets that cannot be resolved.
@Suite("Real projects: resolution as Xcode does it")
struct RealProjectResolutionTests {
    private let habits = projectFixture("Habits")

    @Test("SWIFT_VERSION 5.5 or 6.2 is the language mode swiftc takes (5, 6), as Xcode maps it")
    func swiftVersionMapped() throws {
        #expect(SwiftLanguageMode.swiftcVersion(for: "5.5") == "5")
        #expect(SwiftLanguageMode.swiftcVersion(for: "5.9") == "5")
        #expect(SwiftLanguageMode.swiftcVersion(for: "6.2") == "6")
        #expect(SwiftLanguageMode.swiftcVersion(for: "5.0") == "5")
        #expect(SwiftLanguageMode.swiftcVersion(for: "6") == "6")
        #expect(SwiftLanguageMode.swiftcVersion(for: "4.2") == "4.2")
        #expect(SwiftLanguageMode.swiftcVersion(for: "4.0") == "4")
        #expect(try resolveTarget(habits).swiftVersion == "5", "Config/NotificationService.xcconfig says SWIFT_VERSION = 5.5")
    }

    @Test("A remote package whose product nsesim stands in for (FirebaseMessaging from firebase-ios-sdk) is its stand-in")
    func remoteStandIn() throws {
        let target = try resolveTarget(habits)
        #expect(target.name == "HabitsNotificationService")
        #expect(target.standIns == [.init(product: "FirebaseMessaging", package: "https://github.com/firebase/firebase-ios-sdk")])
        #expect(target.explanation.contains("FirebaseMessaging from https://github.com/firebase/firebase-ios-sdk"))
        #expect(ProjectOrigin(target).jsonValue["standIns"] == .array([.string("FirebaseMessaging")]))
        // Another remote product is built with SwiftPM: without a Package.resolved, at the project's rule.
        try withProjectCopy("Habits") { copy in
            try edit(
                "Habits.xcodeproj/project.pbxproj", in: copy, replacing: "productName = FirebaseMessaging;",
                with: "productName = FirebaseAnalytics;")
            #expect(try resolveTarget(copy.path).remotePackages.map(\.requirement) == [.from("11.0.0")])
        }
    }

    @Test("A framework target linked in the Frameworks phase without a target dependency is built (implicit dependency)")
    func implicitFrameworkDependency() throws {
        let target = try resolveTarget(habits)
        #expect(target.frameworks.map(\.moduleName) == ["HabitsKit"])
        #expect(target.frameworks.first?.sources.map(target.relativePath) == ["HabitsKit/Habit.swift"])
    }

    @Test("A local package added as a folder (a product dependency without a package reference) is found; else an error")
    func folderPackage() throws {
        let target = try resolveTarget(habits)
        #expect(target.packages.map(target.relativePath) == ["Packages/StreakFormatting"])
        try withProjectCopy("Habits") { copy in
            try FileManager.default.removeItem(at: copy.appendingPathComponent("Packages/StreakFormatting"))
            let error = try #require(resolveError(copy.path))
            #expect(
                error
                    == .unlocatedPackageProduct(
                        project: copy.appendingPathComponent("Habits.xcodeproj").path,
                        target: "HabitsNotificationService", product: "StreakFormatting"))
            #expect(error.description.contains("links the package product StreakFormatting, but the project has no package reference"))
            #expect(error.description.contains("--package PATH"))
            #expect(error.exitStatus == .badInput)
        }
    }

    @Test("targets, and --project without --target: another target that cannot be resolved is listed with its problem")
    func otherTargetUnresolvable() throws {
        try withProjectCopy("Habits") { copy in
            // The share extension's CocoaPods xcconfig is there, but damaged.
            let pods = copy.appendingPathComponent("Pods/Target Support Files/Pods-ShareExtension")
            try FileManager.default.createDirectory(at: pods, withIntermediateDirectories: true)
            try "OTHER_LDFLAGS = -ObjC\nthis is not a setting\n"
                .write(to: pods.appendingPathComponent("Pods-ShareExtension.debug.xcconfig"), atomically: true, encoding: .utf8)
            let resolver = ProjectTargetResolver(project: try XcodeProject(path: copy.path), context: projectResolver())
            let targets = try resolver.extensionTargets()
            #expect(targets.map(\.name) == ["HabitsNotificationService", "ShareExtension"])
            #expect(targets[0].kind == "service" && targets[0].problem == nil && targets[0].sourceCount == 3)
            #expect(targets[1].kind == "?")
            #expect(targets[1].problem?.description.contains("Pods-ShareExtension.debug.xcconfig:2: error: expected NAME = VALUE") == true)
            #expect(try resolveTarget(copy.path).name == "HabitsNotificationService")
        }
    }

    @Test("A missing #include'd or base xcconfig is a warning (its settings left out), as in Xcode")
    func missingConfigurationFilesWarn() throws {
        let target = try resolveTarget(habits)
        #expect(
            target.warnings == [
                "Config/NotificationService.xcconfig:3: #include: Config/Secrets.xcconfig does not exist: "
                    + "its settings are left out, as Xcode leaves them out with a warning; a setting the build needs from it can be "
                    + "given with --setting NAME=VALUE"
            ])
        let share = try resolveTarget(habits, target: "ShareExtension")
        #expect(share.warnings.count == 1)
        #expect(
            share.warnings[0].contains(
                "the base configuration of target \"ShareExtension\" (Debug): "
                    + "Pods/Target Support Files/Pods-ShareExtension/Pods-ShareExtension.debug.xcconfig does not exist"))
        #expect(share.warnings[0].contains("run pod install"))
    }
}
