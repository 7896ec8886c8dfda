"""``python -m groundlab``: the same command line as the ``groundlab`` script."""

import sys

from .cli import main

sys.exit(main())
