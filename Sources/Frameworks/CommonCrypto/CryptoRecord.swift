import Foundation
import NSESimRuntime

/// What is reported of each CommonCrypto call (source `CommonCrypto.operation`, the report's
/// `crypto`): the call, the algorithm, the operation, the sizes and the status; never a key,
/// an IV or data.
enum CryptoRecord {
    static func cipher(
        _ api: String, cryptor: Cryptor, status: Int, inputLength: Int? = nil, outputLength: Int? = nil
    ) {
        var record: [String: JSONValue] = [
            "algorithm": .string(cryptor.spec.algorithmName), "mode": .string(cryptor.spec.modeName),
            "operation": .string(cryptor.encrypting ? "encrypt" : "decrypt"), "keyLength": .integer(Int64(cryptor.keyLength)),
            "padding": .bool(cryptor.spec.padding),
        ]
        if let inputLength { record["inputLength"] = .integer(Int64(inputLength)) }
        if let outputLength { record["outputLength"] = .integer(Int64(outputLength)) }
        if api == "CCCryptorFinal" {
            record["inputLength"] = .integer(Int64(cryptor.bytesIn))
            record["outputLength"] = .integer(Int64(cryptor.bytesOut))
        }
        let what =
            "\(cryptor.spec.algorithmName)-\(cryptor.keyLength * 8) \(cryptor.spec.modeName) \(cryptor.encrypting ? "encrypt" : "decrypt")"
        let sizes = record["inputLength"]?.integerValue.map { " \($0) → \(record["outputLength"]?.integerValue ?? 0) bytes" } ?? ""
        send(api, status: status, record, summary: "\(what)\(sizes) → \(CCStatusName.name(status))")
    }

    static func refusal(
        _ api: String, operation: CCOperation, algorithm: CCAlgorithm, keyLength: Int, _ refusal: CipherRefusal, inputLength: Int? = nil
    ) {
        var record: [String: JSONValue] = [
            "algorithmCode": .integer(Int64(algorithm)), "keyLength": .integer(Int64(keyLength)),
            "operation": .string(
                operation == UInt32(kCCEncrypt) ? "encrypt" : operation == UInt32(kCCDecrypt) ? "decrypt" : "\(operation)"),
            "reason": .string(refusal.reason),
        ]
        if let inputLength { record["inputLength"] = .integer(Int64(inputLength)) }
        send(api, status: refusal.status, record, summary: "\(CCStatusName.name(refusal.status)) (\(refusal.status)): \(refusal.reason)")
    }

    static func digest(_ api: String, algorithm: String, inputLength: Int, keyLength: Int? = nil) {
        var record: [String: JSONValue] = ["algorithm": .string(algorithm), "inputLength": .integer(Int64(inputLength))]
        if let keyLength { record["keyLength"] = .integer(Int64(keyLength)) }
        send(
            api, status: kCCSuccess, record,
            summary: "\(algorithm) of \(inputLength) bytes" + (keyLength.map { ", a \($0)-byte key" } ?? ""))
    }

    static func send(_ api: String, status: Int, _ fields: [String: JSONValue], summary: String) {
        var record = fields
        record["api"] = .string(api)
        record["status"] = .integer(Int64(status))
        record["statusName"] = .string(CCStatusName.name(status))
        record["summary"] = .string(summary)
        NSESimReport.send(source: .crypto, .object(record))
    }
}
