// Accelerate: see the package's summary (Package.swift).
