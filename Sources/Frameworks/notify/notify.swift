import Dispatch
import Foundation
import Glibc

// notify.h's functions (Darwin notifications), between the processes of this machine: each
// post, registration, delivery and cancel is in the report (`notify`).

/// The name as a Swift string, or the status for a NULL or empty one.
private func text(_ name: UnsafePointer<CChar>?) -> String? {
    guard let name, name.pointee != 0 else { return nil }
    return String(cString: name)
}

private func status(_ value: Int32) -> UInt32 { UInt32(bitPattern: value) }

/// Posts `name` to every process registered for it on this machine.
@discardableResult
public func notify_post(_ name: UnsafePointer<CChar>!) -> UInt32 {
    guard let name = text(name) else { return NotifyRecord.refused("notify_post", NOTIFY_STATUS_INVALID_NAME, "the name is NULL or empty") }
    do {
        let generation = try NotifyCenter.shared.post(name)
        NotifyRecord.send(api: "notify_post", name: name, summary: "posted (post number \(generation) of the name on this machine)")
        return status(NOTIFY_STATUS_OK)
    } catch {
        return NotifyRecord.refused("notify_post", NOTIFY_STATUS_FAILED, error.reason, name: name)
    }
}

private func register(
    _ api: String, _ name: UnsafePointer<CChar>?, _ outToken: UnsafeMutablePointer<Int32>?, _ delivery: NotifyRegistry.Delivery,
    handler: (DispatchQueue, notify_handler_t)? = nil
) -> UInt32 {
    guard let name = text(name) else { return NotifyRecord.refused(api, NOTIFY_STATUS_INVALID_NAME, "the name is NULL or empty") }
    guard let outToken else { return NotifyRecord.refused(api, NOTIFY_STATUS_NULL_INPUT, "out_token is NULL", name: name) }
    do {
        let token = try NotifyCenter.shared.register(name, delivery, handler: handler)
        outToken.pointee = token
        NotifyRecord.send(api: api, name: name, token: token, summary: "registered as token \(token)")
        return status(NOTIFY_STATUS_OK)
    } catch {
        return NotifyRecord.refused(api, NOTIFY_STATUS_FAILED, error.reason, name: name)
    }
}

/// Registers `handler` to run on `queue` (with the token) at each post of `name`.
@discardableResult
public func notify_register_dispatch(
    _ name: UnsafePointer<CChar>!, _ out_token: UnsafeMutablePointer<Int32>!, _ queue: DispatchQueue!,
    _ handler: @escaping notify_handler_t
) -> UInt32 {
    register("notify_register_dispatch", name, out_token, .dispatch, handler: (queue ?? .main, handler))
}

/// Registers for `name` without a handler: `notify_check` says whether it was posted.
@discardableResult
public func notify_register_check(_ name: UnsafePointer<CChar>!, _ out_token: UnsafeMutablePointer<Int32>!) -> UInt32 {
    register("notify_register_check", name, out_token, .check)
}

/// Registers for `name`: the signal `sig` is raised in this process at each post.
@discardableResult
public func notify_register_signal(_ name: UnsafePointer<CChar>!, _ sig: Int32, _ out_token: UnsafeMutablePointer<Int32>!) -> UInt32 {
    guard sig > 0, sig < 65 else { return NotifyRecord.refused("notify_register_signal", NOTIFY_STATUS_INVALID_SIGNAL, "signal \(sig)") }
    return register("notify_register_signal", name, out_token, .signal(sig))
}

/// Registers for `name`: the token (4 bytes, network order) is written to a descriptor at each
/// post; `notify_fd` gets a new pipe's read end (or, with `NOTIFY_REUSE`, gives the descriptor).
@discardableResult
public func notify_register_file_descriptor(
    _ name: UnsafePointer<CChar>!, _ notify_fd: UnsafeMutablePointer<Int32>!, _ flags: Int32, _ out_token: UnsafeMutablePointer<Int32>!
) -> UInt32 {
    guard let notify_fd else {
        return NotifyRecord.refused("notify_register_file_descriptor", NOTIFY_STATUS_NULL_INPUT, "notify_fd is NULL")
    }
    var writeEnd: Int32
    if flags & NOTIFY_REUSE != 0 {
        guard fcntl(notify_fd.pointee, F_GETFD) >= 0 else {
            return NotifyRecord.refused("notify_register_file_descriptor", NOTIFY_STATUS_INVALID_FILE, "descriptor \(notify_fd.pointee)")
        }
        writeEnd = notify_fd.pointee
    } else {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            return NotifyRecord.refused("notify_register_file_descriptor", NOTIFY_STATUS_FAILED, String(cString: strerror(errno)))
        }
        notify_fd.pointee = ends[0]
        writeEnd = ends[1]
    }
    return register("notify_register_file_descriptor", name, out_token, .fileDescriptor(writeEnd))
}

/// Sets `check` to 1 when the token's name was posted since the last call (the first call
/// after registering always answers 1), else 0.
@discardableResult
public func notify_check(_ token: Int32, _ check: UnsafeMutablePointer<Int32>!) -> UInt32 {
    guard let check else { return NotifyRecord.refused("notify_check", NOTIFY_STATUS_NULL_INPUT, "check is NULL") }
    guard let name = NotifyCenter.shared.withRegistry({ $0[token]?.name }) else {
        return NotifyRecord.refused("notify_check", NOTIFY_STATUS_INVALID_TOKEN, "token \(token) is not registered")
    }
    do {
        let generation = try NotifyCenter.shared.generation(of: name)
        let posted = NotifyCenter.shared.withRegistry { $0.check(token, generation: generation) } ?? false
        check.pointee = posted ? 1 : 0
        NotifyRecord.send(
            api: "notify_check", name: name, token: token,
            summary: posted ? "posted since the last check" : "not posted since the last check")
        return status(NOTIFY_STATUS_OK)
    } catch {
        return NotifyRecord.refused("notify_check", NOTIFY_STATUS_FAILED, error.reason, name: name)
    }
}

/// Ends the registration `token`.
@discardableResult
public func notify_cancel(_ token: Int32) -> UInt32 {
    guard let name = NotifyCenter.shared.cancel(token) else {
        return NotifyRecord.refused("notify_cancel", NOTIFY_STATUS_INVALID_TOKEN, "token \(token) is not registered")
    }
    NotifyRecord.send(api: "notify_cancel", name: name, token: token, summary: "token \(token) cancelled")
    return status(NOTIFY_STATUS_OK)
}

/// Holds the token's deliveries until `notify_resume`.
@discardableResult
public func notify_suspend(_ token: Int32) -> UInt32 {
    guard NotifyCenter.shared.withRegistry({ $0.suspend(token) }) else {
        return NotifyRecord.refused("notify_suspend", NOTIFY_STATUS_INVALID_TOKEN, "token \(token) is not registered")
    }
    return status(NOTIFY_STATUS_OK)
}

/// Resumes the token's deliveries (one, for the posts that came meanwhile).
@discardableResult
public func notify_resume(_ token: Int32) -> UInt32 {
    guard let pending = NotifyCenter.shared.withRegistry({ $0.resume(token) }) else {
        return NotifyRecord.refused("notify_resume", NOTIFY_STATUS_INVALID_TOKEN, "token \(token) is not registered")
    }
    if pending { NotifyCenter.shared.deliverNow(token) }
    return status(NOTIFY_STATUS_OK)
}

/// Whether `val_token` is a live registration of this process.
public func notify_is_valid_token(_ val_token: Int32) -> Bool {
    NotifyCenter.shared.withRegistry { $0.isValid(val_token) }
}

/// Sets the 64-bit state of the token's name (machine-wide; no post).
@discardableResult
public func notify_set_state(_ token: Int32, _ state64: UInt64) -> UInt32 {
    guard let name = NotifyCenter.shared.withRegistry({ $0[token]?.name }) else {
        return NotifyRecord.refused("notify_set_state", NOTIFY_STATUS_INVALID_TOKEN, "token \(token) is not registered")
    }
    do {
        try NotifyCenter.shared.setState(state64, of: name)
        NotifyRecord.send(api: "notify_set_state", name: name, token: token, summary: "state set to \(state64)")
        return status(NOTIFY_STATUS_OK)
    } catch {
        return NotifyRecord.refused("notify_set_state", NOTIFY_STATUS_FAILED, error.reason, name: name)
    }
}

/// Gets the 64-bit state of the token's name.
@discardableResult
public func notify_get_state(_ token: Int32, _ state64: UnsafeMutablePointer<UInt64>!) -> UInt32 {
    guard let state64 else { return NotifyRecord.refused("notify_get_state", NOTIFY_STATUS_NULL_INPUT, "state64 is NULL") }
    guard let name = NotifyCenter.shared.withRegistry({ $0[token]?.name }) else {
        return NotifyRecord.refused("notify_get_state", NOTIFY_STATUS_INVALID_TOKEN, "token \(token) is not registered")
    }
    do {
        state64.pointee = try NotifyCenter.shared.state(of: name)
        NotifyRecord.send(api: "notify_get_state", name: name, token: token, summary: "state is \(state64.pointee)")
        return status(NOTIFY_STATUS_OK)
    } catch {
        return NotifyRecord.refused("notify_get_state", NOTIFY_STATUS_FAILED, error.reason, name: name)
    }
}
