import AshlarCore
