import Foundation
import Testing

@Suite("Fixtures")
struct FixtureLocationTests {
    @Test("the fixture executables are built with the tests")
    func fixturesExist() {
        for name in ["FixtureApp", "StudyRecordApp", "ContainerWriter", "exthost"] {
            #expect(FileManager.default.isExecutableFile(atPath: FixtureSystem.executable(name)), "\(name) was not built")
        }
    }
}
