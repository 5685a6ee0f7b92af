// Photos: see the package's summary (Package.swift).
