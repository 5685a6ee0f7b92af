// Excluded by project.yml (excludes: "Drafts/**"): it would not compile.
let unfinished: Int = "not a number"
