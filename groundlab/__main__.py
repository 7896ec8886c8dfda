"""``python -m groundlab``: the same command line as the ``groundlab`` script."""

import sys

from groundlab.cli import main

sys.exit(main())
