extension RichDataError {
    /// The case's name, for the report: `noRichDataFound`.
    var caseName: String {
        switch self {
        case .noRichDataFound: "noRichDataFound"
        case .invalidRichDataPayload: "invalidRichDataPayload"
        case .downloadError: "downloadError"
        case .unknownDownloadError: "unknownDownloadError"
        case .unknownError: "unknownError"
        }
    }
}
