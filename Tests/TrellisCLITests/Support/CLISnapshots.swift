import Foundation
import TrellisTestSupport

/// The CLI's text snapshots (`Snapshot.assertMatches(…, in: cliSnapshots)`), kept beside these tests.
let cliSnapshots = FixturePaths.url("Tests/TrellisCLITests/Snapshots")
