// Excluded from the target by a membership exception: it does not compile.
let unfinished: Int = "not a number"
