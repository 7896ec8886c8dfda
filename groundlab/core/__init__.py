"""Core: the strict input boundary, trusted context, the contract and its baselines; standard library only, imports nothing else from groundlab."""
