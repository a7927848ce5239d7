# Every code block of README.md runs as shown (issue 20 §1): tools/readme_check.py runs the
# ```python blocks (NumPy arrays on the CPU backend where CuPy is missing) and the ```sh
# blocks (in a scratch folder, `pykc` being build/pykc), and a line's `# prints: TEXT` must
# be a line of the block's output; a block it cannot run is marked
# `<!-- not run: WHY -->` with the test that covers it. Needs the extension built in place
# (make python), as make test builds it.
exec "${PYTHON:-/usr/bin/python3}" tools/readme_check.py README.md
