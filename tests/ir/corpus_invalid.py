"""Corpus modules that XLA's own verifier rejects (they are parser or importer test inputs, which
XLA reads with ParseAndReturnUnverifiedModule). hloc's verifier must reject them too, each for the
XLA rule named here; every other corpus module must verify.

file name -> (what the error message says, the XLA rule that rejects the module)
"""

KNOWN_INVALID = {
    "tools__tests__data__invalid_concat.hlo": (
        "concatenate operands f32[2,1] and f32[3,1] differ in dimension 0",
        "InferConcatOpShape; XLA's StableHLO import rejects it too ('shapes of operand (0) and (1) are not "
        "compatible at non-concat index 0'), checked with xla_run.py",
    ),
    "hlo__transforms__tests__rng_expander__c00.hlo": (
        "rng takes 2 operands, got 3",
        "ShapeVerifier::HandleRng: CheckOperandCount(instruction, 2)",
    ),
    "hlo__transforms__tests__operand_upcaster.hlo": (
        "'result' has shape s32[8], but dot of s8[8], s16[8] gives s32[8,8]",
        "InferDotOpShape: a dot without contracting dimensions is an outer product",
    ),
    "hlo__tools__tests__generate_hlo_test_checks_test_input__c04.hlo": (
        "parameter 0 is f32[], but operand 0 is f32[4]",
        "ShapeVerifier::HandleCall: CheckOperandAndParameter",
    ),
    "hlo__translate__hlo_to_mhlo__tests__import.hlo": (
        "convolution window size 3 does not match the kernel's spatial size 2",
        "InferFpropConvolveShape: 'Window dimensions do not match RHS shape' (the file also has map, sort and "
        "select computations returning 1-tuples, rejected by InferMapShape and HandleSort)",
    ),
    "hlo__translate__hlo_to_mhlo__tests__import_async__c01.hlo": (
        "all-gather-start returns (operands, gathered results), got f32[128,128]",
        "CheckCommonAllGatherInvariants: all-gather-start's shape is a 2-tuple",
    ),
    "hlo__translate__hlo_to_mhlo__tests__import_async__c10.hlo": (
        "'ar-start' has shape (f32[128,32], f32[128,32]), but all-reduce-start of f32[128,32] gives f32[128,32]",
        "InferAllReduceStartShape returns the operand shape (the tuple form is an older XLA's)",
    ),
    "hlo__translate__hlo_to_mhlo__tests__layouts_and_names__c01.hlo": (
        "entry_computation_layout gives parameter 0 the shape f32[524,524,524], but it is f16[524,524,524]",
        "ShapeVerifier::VerifyEntryComputationLayout",
    ),
    "tools__print_indexing_test.hlo": (
        "parameter 1 is s32[], but operand 1 is s32[1024]",
        "ShapeVerifier::HandleFusion: 'Shape mismatch between parameter number 1 and its operand'",
    ),
}
