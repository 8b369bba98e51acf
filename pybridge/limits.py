"""Limits a process puts on itself, so that no document or search can hold the machine: an
address-space cap of MEMORY_SHARE of the machine's memory (``rulings rule`` and every
analysis child take it; a search over wide bounds or a pathological document then fails
with MemoryError, reported as such, instead of taking the machine down)."""

import os
import resource

MEMORY_SHARE = 0.75         # the most of the machine's memory one process may take


def cap_memory(share=MEMORY_SHARE):
    """Limit this process's address space to ``share`` of the machine's memory (a lower limit
    already set is kept)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        cap = int(total * share)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        if soft == resource.RLIM_INFINITY or soft > cap:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ValueError, OSError, AttributeError):    # not available here: no cap
        pass


def memory_cap_text():
    """This process's address-space cap, as a message says it."""
    try:
        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    except (ValueError, OSError, AttributeError):
        soft = resource.RLIM_INFINITY
    if soft == resource.RLIM_INFINITY:
        return "no cap is set"
    return f"the process may take {soft // 2**20:,} MiB"


def out_of_memory(error):
    """Is ``error`` how Python or clingo says that memory ran out?"""
    return isinstance(error, MemoryError) or \
        (isinstance(error, RuntimeError) and "bad_alloc" in str(error))
