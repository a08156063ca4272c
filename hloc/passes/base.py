"""The pass contract (XLA's HloPassInterface, LLVM's PassInfoMixin) and the pass registry.

A pass is one file in hloc/passes/ that defines a subclass of `Pass` and registers it:

    @dataclass
    class DceOptions:
        remove_computations: bool = option(True, "also delete computations nothing calls")

    @register_pass
    class Dce(Pass):
        name = "dce"                                  # kebab-case: -p, dumps, file names, tests
        summary = "remove instructions and computations whose results are never used"
        Options = DceOptions

        def run(self, module: Module) -> bool:        # True iff the module changed
            ...

Passes never print and keep no global state: everything a run needs lives in the instance (built
fresh for every pipeline) and in the module. Option field `max_elements` is spelled `max-elements`
in pipeline text; `option()` attaches the one-line help shown by `hloc opt --print-passes`.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import pkgutil
import typing
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import PassError, did_you_mean
from ..ir.module import Module


def option(default, help: str, **checks):  # noqa: A002 - `help` reads best at the call sites
    """A pass option with its one-line help; `min=` bounds numeric values."""
    return dataclasses.field(default=default, metadata={"help": help, **checks})


@dataclass(frozen=True)
class NoOptions:
    """For passes without options."""


class Pass:
    """Base class of every pass. Subclasses set `name`, `summary`, optionally `Options`, and `run`."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    Options: ClassVar[type] = NoOptions

    def __init__(self, options=None):
        self.options = options if options is not None else self.Options()

    def run(self, module: Module) -> bool:
        raise NotImplementedError

    @property
    def label(self) -> str:
        """The name shown in dumps, banners and timing tables (pipelines override it)."""
        return self.name

    def to_text(self) -> str:
        """This pass in pipeline syntax, options that differ from their defaults included."""
        opts = format_options(self.options)
        return f"{self.name}<{opts}>" if opts else self.name

    def __repr__(self) -> str:
        return f"<pass {self.to_text()}>"


# ------------------------------------------------------------------------------------------- registry

_REGISTRY: dict[str, type[Pass]] = {}
_loaded = False


def register_pass(cls: type[Pass]) -> type[Pass]:
    """Class decorator: make a pass available by name to pipelines."""
    if not cls.name or cls.name != cls.name.lower() or "_" in cls.name or " " in cls.name:
        raise AssertionError(f"pass name {cls.name!r} must be kebab-case")
    if not cls.summary:
        raise AssertionError(f"pass '{cls.name}' needs a one-line summary")
    if not dataclasses.is_dataclass(cls.Options):
        raise AssertionError(f"pass '{cls.name}': Options must be a dataclass")
    other = _REGISTRY.get(cls.name)
    if other is not None and other is not cls and other.__qualname__ != cls.__qualname__:
        raise AssertionError(f"two passes named '{cls.name}': {other.__module__} and {cls.__module__}")
    _REGISTRY[cls.name] = cls
    return cls


def is_registered(cls: type[Pass]) -> bool:
    """True for a pass class pipelines name: one that is deterministic and keeps no state between
    runs (what every registered pass promises), so equal options on an equal module give equal
    results."""
    return _REGISTRY.get(cls.name) is cls


def _load_all() -> None:
    """Import every module of hloc.passes so that each pass file registers itself."""
    global _loaded
    if _loaded:
        return
    package = __name__.rpartition(".")[0]  # (its path, not an import of the package: no import cycle)
    for info in pkgutil.walk_packages([os.path.dirname(__file__)], package + "."):
        importlib.import_module(info.name)
    _loaded = True


def registered_passes() -> dict[str, type[Pass]]:
    """Every registered pass by name, sorted by name."""
    _load_all()
    return dict(sorted(_REGISTRY.items()))


def get_pass_class(name: str) -> type[Pass]:
    """The pass registered as `name`; PassError with a did-you-mean hint otherwise."""
    passes = registered_passes()
    cls = passes.get(name)
    if cls is None:
        raise PassError(f"unknown pass '{name}'{did_you_mean(name, passes)}")
    return cls


# -------------------------------------------------------------------------------------------- options


def option_name(field_name: str) -> str:
    return field_name.replace("_", "-")


def option_fields(options_cls: type) -> list[dataclasses.Field]:
    return list(dataclasses.fields(options_cls))


def _field_type(options_cls: type, f: dataclasses.Field):
    hints = typing.get_type_hints(options_cls)
    return hints.get(f.name, type(f.default))


def type_name(tp) -> str:
    if typing.get_origin(tp) is typing.Literal:
        return "|".join(str(a) for a in typing.get_args(tp))
    return {bool: "bool", int: "int", float: "float", str: "string"}.get(tp, getattr(tp, "__name__", str(tp)))


_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


def convert_option(pass_name: str, options_cls: type, key: str, text: str | None) -> tuple[str, Any]:
    """Check one `key=value` (or bare `key` / `no-key` for booleans) against the options dataclass.

    Returns (field name, typed value); raises PassError naming the pass, the option and what was
    expected.
    """
    fields = {option_name(f.name): f for f in option_fields(options_cls)}
    f = fields.get(key)
    if f is None and text is None and key.startswith("no-") and key[3:] in fields:
        f = fields[key[3:]]
        if _field_type(options_cls, f) is bool:
            return f.name, False
    if f is None:
        if not fields:
            raise PassError(f"pass '{pass_name}' takes no options (got '{key}')")
        raise PassError(f"pass '{pass_name}' has no option '{key}'{did_you_mean(key, fields)} "
                        f"(options: {', '.join(fields)})")
    tp = _field_type(options_cls, f)
    where = f"option '{key}' of pass '{pass_name}'"
    if tp is bool:
        if text is None or text.lower() in _TRUE:
            return f.name, True
        if text.lower() in _FALSE:
            return f.name, False
        raise PassError(f"{where} expects true or false, got '{text}'")
    if text is None:
        raise PassError(f"{where} needs a value: {key}=<{type_name(tp)}>")
    value: object
    if tp is int:
        try:
            value = int(text.replace("_", ""), 0)
        except ValueError:
            raise PassError(f"{where} expects an integer, got '{text}'") from None
    elif tp is float:
        try:
            value = float(text)
        except ValueError:
            raise PassError(f"{where} expects a number, got '{text}'") from None
    elif typing.get_origin(tp) is typing.Literal:
        choices = [str(a) for a in typing.get_args(tp)]
        if text not in choices:
            raise PassError(f"{where} expects one of {', '.join(choices)}, got '{text}'"
                            f"{did_you_mean(text, choices)}")
        value = text
    elif tp is str:
        value = text
    else:  # pragma: no cover - a pass declared an option type this parser does not know
        raise AssertionError(f"{where}: unsupported option type {tp!r}")
    lo = f.metadata.get("min")
    if lo is not None and value < lo:
        raise PassError(f"{where} must be at least {lo}, got {value}")
    return f.name, value


def make_options(pass_name: str, options_cls: type, items: list[tuple[str, str | None]]):
    """Build an options instance from parsed `key[=value]` items (later items win)."""
    values = {}
    for key, text in items:
        fname, value = convert_option(pass_name, options_cls, key, text)
        values[fname] = value
    return options_cls(**values)


def _format_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def format_options(options) -> str:
    """`key=value,...` for the options that differ from their defaults (pipeline syntax)."""
    parts = []
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        if v != f.default:
            parts.append(f"{option_name(f.name)}={_format_value(v)}")
    return ",".join(parts)


def describe_options(options_cls: type) -> list[tuple[str, str]]:
    """(`name=default`, help) for each option, for --print-passes."""
    out = []
    for f in option_fields(options_cls):
        tp = _field_type(options_cls, f)
        out.append((f"{option_name(f.name)}={_format_value(f.default)}",
                     f"{f.metadata.get('help', '')} [{type_name(tp)}]"))
    return out
