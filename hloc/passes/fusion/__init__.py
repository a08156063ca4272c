"""Fusion: the passes that group instructions into `fusion` kernels, and their shared pieces.

    instruction_fusion.py   `fusion`: producer-consumer loop fusion (XLA's CpuInstructionFusion)
    multi_output.py         `multi-output-fusion`: siblings reading the same inputs share one kernel
    policy.py               opcode facts: elementwise, loop-fusible, expensive, element reuse
    indexing.py             code-duplication bound inside a fusion
    surgery.py              creating fusions, fusing producers, merging siblings
"""
