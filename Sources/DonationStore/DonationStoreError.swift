import ExthostABI

/// What the donation store refuses or fails with: the system's one error
/// type, numbered as iOS numbers `INIntentErrorCode` (1901–1904) where iOS
/// has a number, exthost's own 1910–1912 otherwise.
public typealias DonationStoreError = IntentsError
