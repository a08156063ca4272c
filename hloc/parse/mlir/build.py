"""The lowering's records -> ir.Module, through the HLO reader's builder (parse/builder.py): the same
attribute decoders, shape inference and checks as HLO text, without writing the text and lexing it
again. Every instruction carries the offset of the MLIR op it came from, so errors quote the .mlir
file."""

from __future__ import annotations

from ...errors import ParseError
from ...ir.module import Instruction, Module, Source
from ..builder import HloBuilder
from ..lexer import split_attrs
from .lower import ModuleLowering

_ATTRS: dict[str, list] = {}  # attribute text -> its split, offsets relative to the text


def build_module(lowering: ModuleLowering, module_name: str, src: Source) -> Module:
    b = HloBuilder(src)
    b.header(None, (module_name, 0), None)
    constants = lowering.constants
    for cb, entry in lowering.finished:
        head = b.comp_head(entry, (cb.name, entry or 0), None)
        root_name = cb.root
        scope = b.scope
        for name, shape, opcode, operands, attrs, offset in cb.head + cb.lines:
            root = True if name == root_name else None
            if opcode == "parameter":
                b.build(root, (name, offset), shape, ("parameter", offset), [b.int_operand((operands, offset))], None)
            elif opcode == "constant":
                instr = Instruction("constant", shape)
                instr.literal = constants[name]
                b.finish_instruction(instr, root, (name, offset), offset)
            else:
                ops = [scope[o] for o in operands]  # (the lowering defines every value before its use)
                b.build(root, (name, offset), shape, (opcode, offset), ops, _attrs(b, attrs, offset) if attrs else None)
        b.computation(head, None, None)
    return b.module(True, None, None)


def _attrs(b: HloBuilder, text: str, offset: int) -> list:
    split = _ATTRS.get(text)
    if split is None:
        try:
            split = _ATTRS[text] = split_attrs(text)
        except ParseError as e:  # the op's attributes made no HLO attribute text: an error at the op
            raise b.error(offset, f"malformed attributes ({e.message}): {text[:200]}") from None
        if len(_ATTRS) > 4096:
            _ATTRS.clear()
    # the offsets are those of the op: an error in a value points at the op that wrote it
    return [(name, value, offset, offset) for name, value, _, _ in split]

