"""The one description of a module entry's leaves that the runner and the native backend share."""

from hloc.parse import parse_module
from hloc.signature import Signature

MODULE = """HloModule sig
ENTRY main {
  p0 = (f32[2], (s32[3], f32[])) parameter(0)
  p1 = f32[4,3]{0,1} parameter(1)
  f = f32[2] get-tuple-element(p0), index=0
  t = token[] after-all()
  ROOT r = (f32[4,3]{0,1}, token[], f32[2]) tuple(p1, t, f)
}
"""


def test_leaves_flatten_depth_first_and_skip_tokens():
    sig = Signature.of_module(parse_module(MODULE))
    assert [(l.number, l.param, l.path, l.key) for l in sig.params] == [
        (0, 0, "parameter 0 'p0' element {0}", "p0#0"), (1, 0, "parameter 0 'p0' element {1,0}", "p0#1#0"),
        (2, 0, "parameter 0 'p0' element {1,1}", "p0#1#1"), (3, 1, "parameter 1 'p1'", "p1")]
    assert [(l.number, l.path, l.shape.to_str()) for l in sig.results] == [
        (0, "result element {0}", "f32[4,3]{0,1}"), (1, "result element {2}", "f32[2]{0}")]
    assert sig.params[3].byte_size == 48 and sig.params[3].num_elements == 12


def test_a_compiled_signature_round_trips_through_json():
    sig = Signature.of_module(parse_module(MODULE)).compiled("model", 4096)
    assert (sig.entry_name, sig.temp_bytes, sig.temp_align) == ("model", 4096, 64)
    back = Signature.from_json(sig.to_json())
    assert back == sig
    assert back.params[3].shape.minor_to_major == (0, 1)
