"""Shared pytest set-up: matplotlib never needs a display, and the workbook tooling in tools/ is importable."""

import os
import sys
from pathlib import Path

os.environ["MPLBACKEND"] = "Agg"
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
