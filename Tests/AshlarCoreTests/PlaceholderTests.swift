import Testing
@testable import AshlarCore
