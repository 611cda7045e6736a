/// The signature of one completion: what its arguments are.
public enum CompletionShape: Hashable, Sendable {
    /// `(exthost_resolution, T, const exthost_list *, int32_t)`.
    case resolve(ValueShape)
    /// `(const exthost_list *, const char *)`.
    case options(ValueShape)
    /// `(const exthost_list *sections, const char *)`: each item an
    /// `exthost_section` (a title and its items).
    case optionSections(ValueShape)
    /// `(int32_t code, const <Name>IntentResponse *)`, with the response's
    /// parameters.
    case response([ValueShape])
}
