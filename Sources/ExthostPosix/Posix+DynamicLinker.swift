#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Posix {
    /// A dynamic-linker error message, as `dlerror` gave it.
    package struct DynamicLinkerError: Error, Sendable {
        package var message: String
    }

    /// `dlopen(path, RTLD_NOW | RTLD_LOCAL)`: the handle, or dlerror's text.
    package static func dlopenNowLocal(_ path: String) -> Result<UnsafeMutableRawPointer, DynamicLinkerError> {
        _ = dlerror()
        if let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) {
            return .success(handle)
        }
        return .failure(DynamicLinkerError(message: lastDynamicLinkerError()))
    }

    /// `dlsym(handle, name)`.
    package static func dlsym(_ handle: UnsafeMutableRawPointer, _ name: String) -> UnsafeMutableRawPointer? {
        _ = dlerror()
        return Glibc.dlsym(handle, name)
    }

    /// The text of the last dynamic-linker error.
    package static func lastDynamicLinkerError() -> String {
        guard let text = dlerror() else { return "unknown dynamic linker error" }
        return String(cString: text)
    }
}
