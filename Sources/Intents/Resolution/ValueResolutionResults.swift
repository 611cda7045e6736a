import Foundation

/// The result of resolving a String parameter.
open class INStringResolutionResult: TypedResolutionResult<String>, @unchecked Sendable {}

/// The result of resolving an Integer parameter (`success(with: Int)`).
open class INIntegerResolutionResult: TypedResolutionResult<Int>, @unchecked Sendable {}

/// The result of resolving a Decimal parameter (`success(with: Double)`).
open class INDoubleResolutionResult: TypedResolutionResult<Double>, @unchecked Sendable {}

/// The result of resolving a Boolean parameter (`success(with: Bool)`).
open class INBooleanResolutionResult: TypedResolutionResult<Bool>, @unchecked Sendable {}

/// The result of resolving a DateComponents parameter.
open class INDateComponentsResolutionResult: TypedResolutionResult<DateComponents>, @unchecked Sendable {}

/// The result of resolving a Duration parameter, in seconds.
open class INTimeIntervalResolutionResult: TypedResolutionResult<TimeInterval>, @unchecked Sendable {}

/// The result of resolving a URL parameter.
open class INURLResolutionResult: TypedResolutionResult<URL>, @unchecked Sendable {}

/// The result of resolving an object parameter: a plain Object, or (through
/// the generated `<Type>ResolutionResult`) a custom type.
open class INObjectResolutionResult: TypedResolutionResult<INObject>, @unchecked Sendable {}

/// The result of resolving an enum parameter, by raw value: the base of the
/// generated `<Enum>ResolutionResult`, whose `success(with:)` takes the enum.
open class INEnumResolutionResult: TypedResolutionResult<Int>, @unchecked Sendable {}
