"""The `pykc` command that `pip install .` puts on PATH: the C program (cli/*.c) that the
package's build linked beside the extension, pykc/bin/pykc, run in place of this process."""
import os
import sys


def main():
    exe = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "pykc")
    if not os.access(exe, os.X_OK):
        sys.stderr.write(f"pykc: {exe} is missing: this pykc package was built without its "
                         "command (build it with `pip install .`, or use build/pykc)\n")
        return 2
    os.execv(exe, ["pykc"] + sys.argv[1:])
    return 2                                        # not reached


if __name__ == "__main__":
    sys.exit(main())
