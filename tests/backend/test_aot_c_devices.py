"""A multi-device object from C: `hloc compile --emit obj,header` on a module for 2 replicas, a C
program that supplies hloc_collective as the header describes (two pthreads meeting at a barrier)
and runs both devices; their outputs equal XLA:CPU's with 2 host devices (testdata/devices)."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import TESTDATA

from hloc.cli import main

CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")

MAIN_C = r"""
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "loop_psum.h"

#define DEVICES 2
static pthread_barrier_t barrier;
static _Thread_local int device;  /* which device this thread is: what hloc_collective needs to know */
static const float *posted[DEVICES];

/* The module's one collective (the header lists it): all-reduce, add, f32[6], everyone. */
void hloc_collective(const char *op, void *const *operands, void *const *results) {
    if (strncmp(op, "{\"op\":\"all-reduce\"", 18) || !strstr(op, "\"reducer\":\"add\"") ||
        !strstr(op, "\"operands\":[[\"f32\",[6],[0]]]") || !strstr(op, "\"groups\":[[0,1]]")) {
        fprintf(stderr, "unexpected collective %s\n", op);
        exit(3);
    }
    float sum[6];
    posted[device] = operands[0];
    pthread_barrier_wait(&barrier);
    for (int i = 0; i < 6; i++) {
        sum[i] = 0;
        for (int d = 0; d < DEVICES; d++) sum[i] += posted[d][i];
    }
    pthread_barrier_wait(&barrier);  /* everyone has read the operands before any result is written */
    memcpy(results[0], sum, sizeof sum);
}

static char **paths;

static void *run_device(void *arg) {
    device = (int)(long)arg;
    float x[6], out[6];
    FILE *f = fopen(paths[device], "rb");
    if (!f || fread(x, 1, sizeof x, f) != sizeof x) exit(4);
    fclose(f);
    void *temp = LOOP_PSUM_TEMP_BYTES ? aligned_alloc(LOOP_PSUM_TEMP_ALIGN, LOOP_PSUM_TEMP_BYTES) : NULL;
    loop_psum_run(x, out, temp, 1);
    f = fopen(paths[DEVICES + device], "wb");
    if (!f || fwrite(out, 1, sizeof out, f) != sizeof out) exit(5);
    fclose(f);
    free(temp);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 1 + 2 * DEVICES) return 2;
    paths = argv + 1;
    pthread_t threads[DEVICES];
    pthread_barrier_init(&barrier, NULL, DEVICES);
    for (long d = 0; d < DEVICES; d++) pthread_create(&threads[d], NULL, run_device, (void *)d);
    for (int d = 0; d < DEVICES; d++) pthread_join(threads[d], NULL);
    loop_psum_shutdown();
    return 0;
}
"""


def test_a_c_program_supplies_the_collectives(tmp_path):
    hlo = TESTDATA / "devices" / "loop_psum.hlo"
    res = CliRunner().invoke(main, ["compile", str(hlo), "-o", str(tmp_path / "loop_psum.o"), "--emit", "obj,header",
                                    "--cpu", "x86-64-v3"])
    assert res.exit_code == 0, res.output
    header = (tmp_path / "loop_psum.h").read_text()
    assert "void hloc_collective(const char *op, void *const *operands, void *const *results);" in header
    assert '{"op":"all-reduce","devices":[2,1]' in header and "The object's calls (1):" in header
    (tmp_path / "main.c").write_text(MAIN_C)
    subprocess.run([CC, "-O1", "-o", str(tmp_path / "main"), str(tmp_path / "main.c"), str(tmp_path / "loop_psum.o"),
                    "-lm", "-lpthread"], check=True, cwd=tmp_path)
    with np.load(TESTDATA / "devices" / "loop_psum.npz") as z:
        args, want = z["arg0"], z["out0"]
    ins = [tmp_path / f"in{d}.bin" for d in range(2)]
    outs = [tmp_path / f"out{d}.bin" for d in range(2)]
    for d, path in enumerate(ins):
        path.write_bytes(args[d].astype(np.float32).tobytes())
    subprocess.run([str(tmp_path / "main"), *map(str, ins), *map(str, outs)], check=True, timeout=60)
    got = np.stack([np.frombuffer(p.read_bytes(), np.float32) for p in outs])
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7)


def test_a_one_device_header_has_no_collectives_section(tmp_path):
    (tmp_path / "one.hlo").write_text("HloModule one\n\nENTRY e {\n  ROOT r = u32[] replica-id()\n}\n")
    res = CliRunner().invoke(main, ["compile", str(tmp_path / "one.hlo"), "-o", str(tmp_path / "one.o"),
                                    "--emit", "obj,header"])
    assert res.exit_code == 0, res.output
    assert "hloc_collective" not in (tmp_path / "one.h").read_text()
