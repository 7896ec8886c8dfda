"""Lab: labelled catalogues, the normalisation ladder and verifier scores, lenses on the checkers; may import core, grounding (rule, prompt) and study (rapidfuzz loads lazily)."""
