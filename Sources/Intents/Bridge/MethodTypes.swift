import CExthost

/// The C signatures of handler methods (exthost.h, "Methods"), per value
/// representation. For generated code: each thunk is one of these, cast to
/// `exthost_method`.
///
/// Every method takes the handler box (what `handler_for_intent` returned),
/// the intent struct (an array of pointers: identifier, then one per
/// parameter), and the completion the host made for this call.

/// `resolve<Param>` of a STRING parameter (String, URL, DateComponents).
public typealias _ResolveStringMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, UnsafePointer<CChar>?, UnsafePointer<exthost_list>?, Int32) -> Void) -> Void
/// `resolve<Param>` of an INTEGER parameter.
public typealias _ResolveIntegerMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, Int64, UnsafePointer<exthost_list>?, Int32) -> Void) -> Void
/// `resolve<Param>` of a DECIMAL parameter (Decimal, Duration in seconds).
public typealias _ResolveDecimalMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, Double, UnsafePointer<exthost_list>?, Int32) -> Void) -> Void
/// `resolve<Param>` of a BOOLEAN parameter.
public typealias _ResolveBooleanMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, Bool, UnsafePointer<exthost_list>?, Int32) -> Void) -> Void
/// `resolve<Param>` of an ENUMERATION parameter.
public typealias _ResolveEnumerationMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, Int32, UnsafePointer<exthost_list>?, Int32) -> Void) -> Void
/// `resolve<Param>` of an OBJECT parameter.
public typealias _ResolveObjectMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, UnsafePointer<exthost_object>?, UnsafePointer<exthost_list>?, Int32) -> Void) -> Void
/// `resolve<Param>` of a parameter with multiple values (any representation).
public typealias _ResolveListMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, UnsafePointer<exthost_list>?, UnsafePointer<exthost_list>?, Int32) -> Void) -> Void
/// `provide<Param>OptionsCollection`: (box, intent, search term or NULL, completion(options, error or NULL)).
public typealias _OptionsMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafePointer<CChar>?, @convention(c) (UnsafePointer<exthost_list>?, UnsafePointer<CChar>?) -> Void) -> Void
/// `confirm` and `handle`: (box, intent, completion(code, response struct)).
public typealias _ResponseMethod = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, @convention(c) (Int32, UnsafeRawPointer?) -> Void) -> Void
