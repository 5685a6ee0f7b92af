import Foundation

/// The TLS identity of the local APNs: a certificate authority nsesim makes once (clients
/// trust `ca.pem`) and a server certificate for 127.0.0.1 and localhost signed by it.
package struct ServerCertificates: Sendable {
    /// The folder holding them.
    package let folder: URL
    /// The CA clients trust.
    package var authority: URL { folder.appendingPathComponent("ca.pem") }
    /// The server's certificate (PEM).
    package var certificate: URL { folder.appendingPathComponent("server.pem") }
    /// The server's private key (PEM).
    package var key: URL { folder.appendingPathComponent("server-key.pem") }

    /// Why the certificates could not be had.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    /// The certificates in `folder` as given (`--cert-dir`): server.pem and server-key.pem must be there.
    package static func given(_ folder: URL) throws(Failure) -> ServerCertificates {
        let certificates = ServerCertificates(folder: folder)
        for file in [certificates.certificate, certificates.key] where !FileManager.default.fileExists(atPath: file.path) {
            throw Failure(
                description:
                    "--cert-dir \(folder.path): no \(file.lastPathComponent) there; the folder needs server.pem (the certificate, for 127.0.0.1) and server-key.pem (its key), plus ca.pem for clients"
            )
        }
        return certificates
    }

    /// The certificates in `folder`, made with `openssl` the first time.
    package static func generated(in folder: URL) throws(Failure) -> ServerCertificates {
        let certificates = ServerCertificates(folder: folder)
        let all = [certificates.authority, certificates.certificate, certificates.key]
        if all.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) { return certificates }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "\(folder.path): cannot make the certificates folder (\(error))")
        }
        let extensions = folder.appendingPathComponent("server.ext")
        try? "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n".write(
            to: extensions, atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ca-key.pem"],
            [
                "req", "-x509", "-new", "-key", "ca-key.pem", "-sha256", "-days", "3650", "-subj", "/CN=nsesim local APNs CA", "-out",
                "ca.pem",
            ],
            ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "server-key.pem"],
            ["req", "-new", "-key", "server-key.pem", "-subj", "/CN=127.0.0.1", "-out", "server.csr"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem", "-CAcreateserial", "-days", "825",
                "-sha256", "-extfile", "server.ext", "-out", "server.pem",
            ],
        ]
        for arguments in steps {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["openssl"] + arguments
            process.currentDirectoryURL = folder
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            do { try process.run() } catch {
                throw Failure(
                    description: "cannot run openssl to make the server's certificate (\(error)); install openssl or give --cert-dir")
            }
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                all.forEach { try? FileManager.default.removeItem(at: $0) }
                throw Failure(description: "openssl \(arguments.joined(separator: " ")) failed in \(folder.path): \(message)")
            }
        }
        return certificates
    }
}
