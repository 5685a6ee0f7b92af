// Not part of the pod's module: never compiled by nsesim.
import XCTest
