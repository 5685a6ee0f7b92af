import Foundation

/// Downloads a notification's image into the temporary folder, named as the server suggests
/// (as Iterable's extension helper names its attachments).
final class AttachmentDownloader {
    func download(_ url: URL, completion: @escaping (URL?) -> Void) {
        let task = URLSession.shared.downloadTask(with: URLRequest(url: url)) { location, response, error in
            guard let location = location, error == nil,
                  let http = response as? HTTPURLResponse, http.statusCode == 200 else {
                completion(nil)
                return
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            let file = folder.appendingPathComponent(http.suggestedFilename ?? url.lastPathComponent)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: location, to: file)
                completion(file)
            } catch {
                completion(nil)
            }
        }
        task.resume()
    }
}
