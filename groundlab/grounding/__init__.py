"""Grounding, "No Quote, No Claim": the quote rule, draft models, chat adapters and the prompt; may import core only."""
