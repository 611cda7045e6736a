/// Generated code and plugins see the ABI's C types (`exthost_list`,
/// `exthost_object`, `exthost_method`, …) through the SDK alone.
@_exported import CExthost
