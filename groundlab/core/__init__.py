"""Core: the strict input boundary, trusted context, the check table, the contract and its baselines; standard library only, imports nothing else from groundlab."""
