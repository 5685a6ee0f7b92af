import ArgumentParser
import NSESimCommandLine

/// `nsesim`: the command line lives in NSESimCommandLine, which `nsesim-apns` shares.
@main
enum NSESimMain {
    static func main() async {
        await NSESimCommand.main()
    }
}
