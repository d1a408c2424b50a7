// libFuzzer's entry point: the first byte picks the machine, the rest drives it.

/// Runs one input; a broken guarantee stops the process (libFuzzer keeps the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeRawBufferPointer(start: start, count: count)))
    switch input.next() % 6 {
    case 0:
        var driver = FlowMachineDriver()
        driver.run(&input)
    case 1:
        var driver = AuthMachineDriver()
        driver.run(&input)
    case 2:
        var driver = SessionServicesDriver()
        driver.run(&input)
    case 3:
        var driver = IntentMachineDriver()
        driver.run(&input)
    case 4:
        var driver = ArrivalGateDriver()
        driver.run(&input)
    default:
        var driver = AuthCoreDriver()
        driver.run(&input)
    }
    return 0
}
