#!/usr/bin/python3
"""Runs a command where user namespaces are refused, as on hosts that forbid them to
unprivileged users (Debian's kernel.unprivileged_userns_clone=0, Ubuntu's AppArmor rule,
Docker's default seccomp profile).

    /usr/bin/python3 no-user-namespaces.py cachetutor check FILE

A seccomp filter, inherited by every descendant and kept across exec, makes unshare(2)
and clone(2) fail with EPERM when asked for CLONE_NEWUSER, and clone3(2) fail with ENOSYS
(its flags sit in memory a filter cannot read), so glibc and bubblewrap fall back to clone.
Needs Debian's python3-seccomp (import seccomp).
"""
import errno
import os
import sys

import seccomp

CLONE_NEWUSER = 0x10000000


def main() -> None:
    if len(sys.argv) < 2:
        sys.stderr.write("usage: no-user-namespaces.py PROGRAM [ARGUMENT]...\n")
        sys.exit(64)
    rules = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    for call in ("unshare", "clone"):
        rules.add_rule(seccomp.ERRNO(errno.EPERM), call, seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER))
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    rules.load()
    os.execvp(sys.argv[1], sys.argv[1:])


if __name__ == "__main__":
    main()
