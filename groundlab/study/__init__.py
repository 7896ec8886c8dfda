"""Study: labelled cases, evidence folders and the independent audit; may import core only."""
