/// The number of exclamation marks the app puts after a greeting.
static inline int greeting_emphasis(void) { return 2; }
