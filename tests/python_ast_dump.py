"""CPython's `ast` trees in the S-expression form of
engine/python_subset/dump.h.

dump(module) gives one line per statement, exactly as gqleval's dump() writes
its own tree, so the two parsers can be compared with ==. in_subset(module)
says whether a program uses only the statements and expressions gqleval's
Python reader accepts (engine/python_subset/parser.h); outside it, gqleval
must refuse the program.
"""
import ast
import json

BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
          ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitOr: "|",
          ast.BitXor: "^", ast.BitAnd: "&", ast.MatMult: "@"}
UNARY = {ast.Not: "not", ast.USub: "-", ast.UAdd: "+", ast.Invert: "~"}
COMPARE = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
           ast.GtE: ">=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}

STATEMENTS = (ast.Assign, ast.AugAssign, ast.Expr, ast.For, ast.If, ast.Import, ast.ImportFrom,
              ast.Pass, ast.Break, ast.Continue)
EXPRESSIONS = (ast.Name, ast.Constant, ast.JoinedStr, ast.FormattedValue, ast.Attribute,
               ast.Subscript, ast.Slice, ast.Call, ast.keyword, ast.Starred, ast.List, ast.Tuple,
               ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
               ast.comprehension, ast.Compare, ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.IfExp,
               ast.Load, ast.Store, ast.alias, ast.Module, ast.boolop, ast.operator,
               ast.unaryop, ast.cmpop)


def in_subset(module):
    for node in ast.walk(module):
        if isinstance(node, ast.stmt):
            if not isinstance(node, STATEMENTS):
                return False
        elif not isinstance(node, EXPRESSIONS):
            return False
        if isinstance(node, ast.comprehension) and node.is_async:
            return False
    return True


def s(text):
    return json.dumps(text, ensure_ascii=False)


def expr(e):
    if e is None:
        return "_"
    t = type(e)
    if t is ast.Name:
        return "(Name %s)" % e.id
    if t is ast.Constant:
        v = e.value
        if v is True:
            return "(True)"
        if v is False:
            return "(False)"
        if v is None:
            return "(None)"
        if v is Ellipsis:
            return "(Ellipsis)"
        if isinstance(v, str):
            return "(Str %s)" % s(v)
        if isinstance(v, bytes):
            return "(Bytes %s)" % s(v.decode("latin-1"))
        if isinstance(v, int):
            return "(Int %s)" % ("big" if v >= 2 ** 127 else str(v))
        if isinstance(v, float):
            return "(Float %r)" % v
        if isinstance(v, complex):
            return "(Imag %r)" % v.imag
        raise ValueError(repr(v))
    if t is ast.JoinedStr:
        return "(JoinedStr%s)" % "".join(" " + expr(v) for v in e.values)
    if t is ast.FormattedValue:
        conv = "_" if e.conversion == -1 else chr(e.conversion)
        return "(FormattedValue %s %s %s)" % (expr(e.value), conv, expr(e.format_spec))
    if t is ast.Attribute:
        return "(Attribute %s %s)" % (expr(e.value), e.attr)
    if t is ast.Subscript:
        return "(Subscript %s %s)" % (expr(e.value), expr(e.slice))
    if t is ast.Slice:
        return "(Slice %s %s %s)" % (expr(e.lower), expr(e.upper), expr(e.step))
    if t is ast.Call:
        args = " ".join(expr(a) for a in e.args)
        kws = " ".join("(kw %s %s)" % (k.arg or "_", expr(k.value)) for k in e.keywords)
        return "(Call %s (%s) (%s))" % (expr(e.func), args, kws)
    if t is ast.Starred:
        return "(Starred %s)" % expr(e.value)
    if t in (ast.List, ast.Tuple, ast.Set):
        return "(%s%s)" % (t.__name__, "".join(" " + expr(x) for x in e.elts))
    if t is ast.Dict:
        return "(Dict%s)" % "".join(" (%s %s)" % (expr(k), expr(v))
                                    for k, v in zip(e.keys, e.values))
    if t in (ast.ListComp, ast.SetComp, ast.GeneratorExp):
        return "(%s %s%s)" % (t.__name__, expr(e.elt), "".join(" " + comp(g) for g in e.generators))
    if t is ast.DictComp:
        return "(DictComp %s %s%s)" % (expr(e.key), expr(e.value),
                                       "".join(" " + comp(g) for g in e.generators))
    if t is ast.Compare:
        return "(Compare %s%s)" % (expr(e.left), "".join(
            " (%s %s)" % (COMPARE[type(o)], expr(c)) for o, c in zip(e.ops, e.comparators)))
    if t is ast.BoolOp:
        op = "and" if isinstance(e.op, ast.And) else "or"
        return "(BoolOp %s%s)" % (op, "".join(" " + expr(v) for v in e.values))
    if t is ast.BinOp:
        return "(BinOp %s %s %s)" % (BINOPS[type(e.op)], expr(e.left), expr(e.right))
    if t is ast.UnaryOp:
        return "(UnaryOp %s %s)" % (UNARY[type(e.op)], expr(e.operand))
    if t is ast.IfExp:
        return "(IfExp %s %s %s)" % (expr(e.test), expr(e.body), expr(e.orelse))
    raise ValueError(t.__name__)


def comp(g):
    return "(comp %s %s (%s))" % (expr(g.target), expr(g.iter), " ".join(expr(i) for i in g.ifs))


def block(body):
    return " (%s)" % " ".join(stmt(x) for x in body)


def stmt(x):
    t = type(x)
    if t is ast.Assign:
        return "(Assign (%s) %s)" % (" ".join(expr(e) for e in x.targets), expr(x.value))
    if t is ast.AugAssign:
        return "(AugAssign %s %s %s)" % (expr(x.target), BINOPS[type(x.op)], expr(x.value))
    if t is ast.Expr:
        return "(Expr %s)" % expr(x.value)
    if t is ast.For:
        return "(For %s %s%s%s)" % (expr(x.target), expr(x.iter), block(x.body), block(x.orelse))
    if t is ast.If:
        return "(If %s%s%s)" % (expr(x.test), block(x.body), block(x.orelse))
    if t in (ast.Import, ast.ImportFrom):
        return "(Import)"
    return "(%s)" % t.__name__


def dump(module):
    return "".join(stmt(x) + "\n" for x in module.body)
