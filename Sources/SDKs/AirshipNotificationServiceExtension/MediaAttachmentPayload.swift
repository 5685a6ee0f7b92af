import Foundation

/// `com.urbanairship.media_attachment`, read as Airship reads it: `url` (a string or a list
/// of strings), or `urls` (a list of `{url, url_id}`); `options` (`crop` {x, y, width,
/// height}, `time`, `hidden`); `content` ({title, subtitle, body}) replacing the text;
/// `thumbnail_id`, the one medium whose thumbnail shows.
struct MediaAttachmentPayload: Sendable {
    /// One medium: its URL and identifier (`url_id`, else "").
    struct Media: Sendable {
        let url: URL
        let identifier: String
    }

    /// The thumbnail options every medium gets.
    struct Options: Sendable {
        var crop: (x: Double, y: Double, width: Double, height: Double)?
        var time: Double?
        var hidden: Bool?
    }

    let media: [Media]
    let options: Options
    let title: String?
    let subtitle: String?
    let body: String?
    let thumbnailID: String?

    /// Nil when the dictionary is not a media attachment Airship can read (no URL).
    init?(_ dictionary: [AnyHashable: Any]) {
        var media: [Media] = []
        if let url = dictionary["url"] as? String {
            media = [URL(string: url)].compactMap { $0 }.map { Media(url: $0, identifier: "") }
        } else if let urls = dictionary["url"] as? [String] {
            media = urls.compactMap(URL.init(string:)).map { Media(url: $0, identifier: "") }
        } else if let urls = dictionary["urls"] as? [[AnyHashable: Any]] {
            media = urls.compactMap { item in
                (item["url"] as? String).flatMap(URL.init(string:)).map { Media(url: $0, identifier: item["url_id"] as? String ?? "") }
            }
        }
        guard !media.isEmpty else { return nil }
        self.media = media
        var options = Options()
        let raw = dictionary["options"] as? [AnyHashable: Any] ?? [:]
        if let crop = raw["crop"] as? [AnyHashable: Any] {
            let value = { (key: String) in (crop[key] as? NSNumber)?.doubleValue ?? 0 }
            options.crop = (value("x"), value("y"), value("width"), value("height"))
        }
        options.time = (raw["time"] as? NSNumber)?.doubleValue
        options.hidden = (raw["hidden"] as? NSNumber)?.boolValue
        self.options = options
        let content = dictionary["content"] as? [AnyHashable: Any]
        title = content?["title"] as? String
        subtitle = content?["subtitle"] as? String
        body = content?["body"] as? String
        thumbnailID = dictionary["thumbnail_id"] as? String
    }
}
