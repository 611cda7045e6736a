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

/// The result of resolving a Person parameter.
open class INPersonResolutionResult: INObjectResolutionResult, @unchecked Sendable {
    /// The parameter is resolved to a person.
    public class func success(with resolvedPerson: INPerson) -> Self { success(with: resolvedPerson as INObject) }
    /// The user picks one of several people.
    public class func disambiguation(with peopleToDisambiguate: [INPerson]) -> Self { disambiguation(with: peopleToDisambiguate as [INObject]) }
    /// The user confirms a person.
    public class func confirmationRequired(with personToConfirm: INPerson?) -> Self { confirmationRequired(with: personToConfirm as INObject?) }
}

/// The result of resolving a CurrencyAmount parameter.
open class INCurrencyAmountResolutionResult: INObjectResolutionResult, @unchecked Sendable {
    /// The parameter is resolved to an amount.
    public class func success(with resolvedCurrencyAmount: INCurrencyAmount) -> Self { success(with: resolvedCurrencyAmount as INObject) }
    /// The user picks one of several amounts.
    public class func disambiguation(with currencyAmountsToDisambiguate: [INCurrencyAmount]) -> Self { disambiguation(with: currencyAmountsToDisambiguate as [INObject]) }
    /// The user confirms an amount.
    public class func confirmationRequired(with currencyAmountToConfirm: INCurrencyAmount?) -> Self { confirmationRequired(with: currencyAmountToConfirm as INObject?) }
}

/// The result of resolving a File parameter.
open class INFileResolutionResult: INObjectResolutionResult, @unchecked Sendable {
    /// The parameter is resolved to a file.
    public class func success(with resolvedFile: INFile) -> Self { success(with: resolvedFile as INObject) }
    /// The user picks one of several files.
    public class func disambiguation(with filesToDisambiguate: [INFile]) -> Self { disambiguation(with: filesToDisambiguate as [INObject]) }
    /// The user confirms a file.
    public class func confirmationRequired(with fileToConfirm: INFile?) -> Self { confirmationRequired(with: fileToConfirm as INObject?) }
}

/// The result of resolving a Placemark parameter.
open class INPlacemarkResolutionResult: INObjectResolutionResult, @unchecked Sendable {
    /// The parameter is resolved to a place.
    public class func success(with resolvedPlacemark: CLPlacemark) -> Self { success(with: resolvedPlacemark as INObject) }
    /// The user picks one of several places.
    public class func disambiguation(with placemarksToDisambiguate: [CLPlacemark]) -> Self { disambiguation(with: placemarksToDisambiguate as [INObject]) }
    /// The user confirms a place.
    public class func confirmationRequired(with placemarkToConfirm: CLPlacemark?) -> Self { confirmationRequired(with: placemarkToConfirm as INObject?) }
}
