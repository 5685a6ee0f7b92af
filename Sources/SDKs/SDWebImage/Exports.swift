// SDWebImage's headers import UIKit: a file importing only SDWebImage sees UIImage, as on iOS.
@_exported import UIKit
