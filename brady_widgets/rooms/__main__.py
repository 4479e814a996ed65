import sys

from .cli import main

sys.exit(main(["rooms", *sys.argv[1:]]))
