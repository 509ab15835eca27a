"""Entry point: python -m engine legal|trick|referee|deal [--jsonl]."""

import sys

from engine.cli import main

sys.exit(main())
