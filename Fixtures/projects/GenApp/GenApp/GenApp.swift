// The app target: not built by nsesim.
