import ExthostTestSupport
import Foundation
import Testing

@Suite("Fixtures")
struct FixtureLocationTests {
    @Test("the fixture executables are built with the tests")
    func fixturesExist() {
        for name in ["LifecycleProbeApp", "ConcurrentQueueWriter", "exthost"] {
            #expect(FileManager.default.isExecutableFile(atPath: BuiltProducts.executable(name).path), "\(name) was not built")
        }
    }
}
