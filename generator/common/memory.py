"""Freed memory kept for reuse by a process that draws.

Drawing a game allocates and frees pictures of megabytes one after the other (each tile
and card drawn at twice its size, the palette mosaic, each post).
glibc's malloc hands an allocation that large to the kernel (mmap) and gives it back when
it is freed, or trims the heap's free top, so the next one is faulted in again page by
page; a fresh page costs a 2-core virtual machine 2-5 µs of system CPU. Kept in the heap
instead, freed memory is reused. With the RGB pictures let go once mapped
(games/galaxy_trucker/images_layout.py), a cold Galaxy Trucker game touches 27,000 fresh
pages instead of 66,000, and takes 0.12-0.16 s less CPU (paired runs, switched on and off).

Memory only: what a process computes is the same either way. SHEETGEN_REUSE_MEMORY=off
leaves malloc as the system sets it and keeps every RGB picture (a test checks every output
file of five packs is the same)."""

from __future__ import annotations

from generator.common.switches import switched_off

SWITCH = "SHEETGEN_REUSE_MEMORY"

# glibc's mallopt parameters (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
# Above the largest block a drawing frees and allocates again (a pack's palette mosaic,
# 20-35 MB, and Pillow's buffers quantizing it when asked to); anything larger still gets
# its own mapping.
_MMAP_THRESHOLD = 64 * 1024 * 1024
# Free memory at the heap's top is given back only beyond this: a drawing process's peak
# (about 120 MB for a game) stays for the next picture rather than being faulted in again.
_TRIM_THRESHOLD = 512 * 1024 * 1024

_done: list[bool] = []


def reuse_memory_switched_off() -> bool:
    return switched_off(SWITCH)


def keep_freed_memory() -> None:
    """Ask malloc to keep freed blocks for reuse (glibc; elsewhere nothing changes). Once per
    process; a worker forked after this inherits it."""
    if _done or reuse_memory_switched_off():
        return
    _done.append(True)
    import ctypes  # here: a command that draws nothing never loads it

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):  # no C library to ask, or no mallopt in it
        return
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD)
    mallopt(_M_TRIM_THRESHOLD, _TRIM_THRESHOLD)
