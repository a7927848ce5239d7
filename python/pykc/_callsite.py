"""Where the arguments of a user's constructor call are in the user's file, so that the
compiler's diagnostics of a kernel form's arguments quote the user's line with a caret at
the offending characters (as `pykc check` does on the same file).

CallSite(frame) finds the call the frame is executing (Python 3.11's co_positions of the
frame's instruction), parses its text with ast and keeps the argument expressions: where
each starts and ends, and for a string literal (plain, raw, triple-quoted, escapes,
implicit concatenation) where each character of its value is. Anything it cannot read
(no source, Python 3.10, a call through * or **) leaves it empty: callers fall back to
the statement's line.
"""
import ast
import io
import linecache
import tokenize

_SIMPLE_ESCAPES = "abfnrtv\\'\""


class Arg:
    """One argument expression: its span (line, column; 1-based lines, 0-based character
    columns) and, for a string literal, chars[k] = (line, column) of its value's k-th
    character."""

    def __init__(self, start, end, chars):
        self.start, self.end, self.chars = start, end, chars


class CallSite:
    def __init__(self, frame):
        self.file = frame.f_code.co_filename
        self.line = frame.f_lineno
        self.positional, self.keyword = [], {}
        try:
            self._read(frame)
        except Exception:           # best effort (a RecursionError from ast too): no places
            self.positional, self.keyword = [], {}

    def arg(self, index, name):
        """The argument NAME, passed at position INDEX or by keyword; None if not seen."""
        if name in self.keyword:
            return self.keyword[name]
        return self.positional[index] if index < len(self.positional) else None

    def source(self, line):
        return linecache.getline(self.file, line).rstrip("\n")

    def _read(self, frame):
        code = frame.f_code
        if not hasattr(code, "co_positions") or frame.f_lasti < 0:
            return
        first, last, col, end_col = list(code.co_positions())[frame.f_lasti // 2]
        if None in (first, last, col, end_col):
            return
        raw = [linecache.getline(self.file, n).encode() for n in range(first, last + 1)]
        if not all(raw):
            return
        raw[-1] = raw[-1][:end_col]
        raw[0] = raw[0][col:]
        text = b"".join(raw).decode()
        call = ast.parse(text, mode="eval").body
        if not isinstance(call, ast.Call):
            return
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
                k.arg is None for k in call.keywords):
            return
        lines = text.split("\n")

        def at(lineno, byte_col):
            """(file line, character column) of a position of TEXT (line from 1, byte)."""
            if lineno == 1:
                return first, self._col0(first, col + byte_col)
            return first + lineno - 1, len(lines[lineno - 1].encode()[:byte_col].decode())

        self._at = at
        self.positional = [self._arg(text, a) for a in call.args]
        self.keyword = {k.arg: self._arg(text, k.value) for k in call.keywords}

    def _col0(self, line, byte_col):
        """The character column of byte BYTE_COL of LINE."""
        return len(linecache.getline(self.file, line).encode()[:byte_col].decode())

    def _arg(self, text, node):
        start = self._at(node.lineno, node.col_offset)
        end = self._at(node.end_lineno, node.end_col_offset)
        chars = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            chars = self._chars(ast.get_source_segment(text, node), node.value,
                                node.lineno, node.col_offset)
        return Arg(start, end, chars)

    def _chars(self, seg, value, lineno, byte_col):
        """chars of a string literal whose source SEG starts at (LINENO, BYTE_COL) of the
        call's text; None when its tokens do not spell VALUE."""
        out = []
        for tok in tokenize.generate_tokens(io.StringIO(seg).readline):
            if tok.type != tokenize.STRING:
                continue
            s = tok.string
            q = min((i for i in (s.find("'"), s.find('"')) if i >= 0))
            prefix = s[:q].lower()
            if "f" in prefix or "b" in prefix:
                return None
            quote = s[q:q + 3] if s[q:q + 3] in ("'''", '"""') else s[q]
            body_line, body_col = tok.start[0], tok.start[1] + q + len(quote)
            body = s[q + len(quote):len(s) - len(quote)]
            out += self._body_chars(body, "r" in prefix, body_line, body_col, lineno, byte_col)
        return out if len(out) == len(value) else None

    def _body_chars(self, body, raw, tline, tcol, lineno, byte_col):
        """(line, column) of each value character of a literal's BODY, which starts at
        line TLINE, character column TCOL of the segment."""
        res, i, line, col = [], 0, tline, tcol
        while i < len(body):
            c = body[i]
            n = 1
            if c == "\\" and not raw and i + 1 < len(body):
                e = body[i + 1]
                if e == "\n":
                    n, emit = 2, False
                elif e in _SIMPLE_ESCAPES:
                    n, emit = 2, True
                elif e in "xuU":
                    n, emit = 2 + {"x": 2, "u": 4, "U": 8}[e], True
                elif e == "N":
                    n, emit = body.index("}", i) + 1 - i, True
                elif e in "01234567":
                    n = 2
                    while n < 4 and i + n < len(body) and body[i + n] in "01234567":
                        n += 1
                    emit = True
                else:
                    n, emit = 1, True               # an unknown escape keeps the backslash
            else:
                emit = True
            if emit:
                res.append(self._seg_pos(line, col, lineno, byte_col))
            for ch in body[i:i + n]:
                if ch == "\n":
                    line, col = line + 1, 0
                else:
                    col += 1
            i += n
        return res

    def _seg_pos(self, line, col, lineno, byte_col):
        """A position of a literal's segment (its line LINE from 1, character column COL)
        in the file: the segment starts at (LINENO, BYTE_COL) of the call's text."""
        if line == 1:
            l0, c0 = self._at(lineno, byte_col)
            return l0, c0 + col
        l0, _ = self._at(lineno, 0)
        return l0 + line - 1, col
