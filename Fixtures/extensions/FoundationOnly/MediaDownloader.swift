import Foundation

/// Downloads a medium and keeps it under the name the server suggests, as Iterable's
/// extension helper does (`response.suggestedFilename`, into a local of the same name).
enum MediaDownloader {
    static func download(_ url: URL, completion: @escaping (URL?) -> Void) {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        URLSession.shared.downloadTask(with: request) { location, response, _ in
            guard let location = location, let response = response as? HTTPURLResponse, response.statusCode == 200 else {
                completion(nil)
                return
            }
            let suggestedFilename = response.suggestedFilename
            guard let name = suggestedFilename else {
                completion(nil)
                return
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: file)
            completion((try? FileManager.default.moveItem(at: location, to: file)) != nil ? file : nil)
        }.resume()
    }
}
