// In an explicit folder: copied as it is, never compiled.
not Swift at all
