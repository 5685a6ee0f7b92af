// The bare-spawn baseline: the smallest Swift executable that answers one line, without
// Foundation. Spawn-to-answer of this is what process-per-notification costs at least.
if let line = readLine() { print(line) }
