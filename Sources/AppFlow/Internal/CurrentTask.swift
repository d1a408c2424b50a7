/// The identity of the task running this code, to recognise calls made from inside the
/// container's own running transition.
func currentTaskHash() -> Int? {
    withUnsafeCurrentTask { $0?.hashValue }
}
