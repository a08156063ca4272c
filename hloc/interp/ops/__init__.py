"""Interpreter handlers, one module per opcode family; each registers with @handler."""
