"""Shared pytest set-up: matplotlib never needs a display in tests."""

import os

os.environ["MPLBACKEND"] = "Agg"
