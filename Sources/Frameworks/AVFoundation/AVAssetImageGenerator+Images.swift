import CoreGraphics
import CoreMedia
import Foundation

extension AVAssetImageGenerator {
    /// The images at `times`, in order, as an asynchronous sequence (iOS 16): each made when the
    /// sequence is asked for it, on the generator's queue, as `copyCGImage(at:actualTime:)` makes it.
    public func images(for times: [CMTime]) -> Images {
        Images(generator: self, times: times)
    }

    /// The images of `images(for:)`, as Apple's `AVAssetImageGenerator.Images`.
    public struct Images: AsyncSequence, Sendable {
        /// One request's outcome, as Apple's `AVAssetImageGenerator.Images.Element`.
        @frozen public enum Element: Sendable {
            /// The image was made.
            case success(requestedTime: CMTime, image: CGImage, actualTime: CMTime)
            /// It could not be.
            case failure(requestedTime: CMTime, error: any Error)

            /// The time asked for.
            public var requestedTime: CMTime {
                switch self {
                case .success(let time, _, _), .failure(let time, _): time
                }
            }

            /// The image, or the error that prevented it.
            public var image: CGImage {
                get throws {
                    switch self {
                    case .success(_, let image, _): return image
                    case .failure(_, let error): throw error
                    }
                }
            }

            /// The time of the frame the image shows, or the error that prevented it.
            public var actualTime: CMTime {
                get throws {
                    switch self {
                    case .success(_, _, let time): return time
                    case .failure(_, let error): throw error
                    }
                }
            }
        }

        let generator: AVAssetImageGenerator
        let times: [CMTime]

        /// An iterator over the images.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(generator: generator, times: times)
        }

        /// Makes the images one at a time.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let generator: AVAssetImageGenerator
            let times: [CMTime]
            var index = 0

            /// The next image, or nil after the last time.
            public mutating func next() async -> Element? {
                guard index < times.count else { return nil }
                let time = times[index]
                index += 1
                let generator = generator
                return await withCheckedContinuation { continuation in
                    generator.queue.async {
                        do {
                            let (image, actual) = try generator.makeImage(at: time, api: "AVAssetImageGenerator.images(for:)")
                            continuation.resume(returning: .success(requestedTime: time, image: image, actualTime: actual))
                        } catch {
                            continuation.resume(returning: .failure(requestedTime: time, error: error))
                        }
                    }
                }
            }
        }
    }
}
