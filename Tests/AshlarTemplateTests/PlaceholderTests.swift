import Testing
@testable import AshlarTemplate
