// On iOS, `import Foundation` brings URLSession, URLRequest, HTTPURLResponse and the rest;
// on Linux they live in FoundationNetworking. nsesim's extension builds import this module
// implicitly into every source that names a networking type (`-import-module`), so a file
// that imports only Foundation (or UIKit) builds unchanged, with iOS's rule for
// `suggestedFilename` at hand (`URLResponse+SuggestedFilename`).
// The module does not use FoundationNetworking itself (its autolinking is off in
// Package.swift): only extensions that use URLSession load it and libcurl's dependencies.
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
