// The Drafts folder is excluded from the target as a whole.
this is not Swift
