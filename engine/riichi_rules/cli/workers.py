"""``--jobs N`` and ``--cluster local|tcp://HOST:PORT`` for the commands that read many files
(``riichi replay``, ``riichi compare --corpus``): the files shared out among processes or the
workers of a Dask cluster (riichi_rules.parallel), the output the same as in one process.
Like the command modules, it imports only the standard library until it runs."""

from __future__ import annotations

import argparse
import sys

from riichi_rules.cli import numbers


def add_worker_options(p: argparse.ArgumentParser, what: str) -> None:
    """``--jobs`` and ``--cluster`` (``what``: the work, for the help)."""
    p.add_argument("--jobs", type=numbers.positive, default=1, metavar="N",
                   help=f"{what} in N processes (with --cluster local: the local cluster's "
                   "workers, default one a processor)")
    p.add_argument("--cluster", metavar="local|ADDRESS",
                   help=f"{what} on a Dask cluster: 'local' starts one on this machine for the "
                   "run; tcp://HOST:PORT uses a running dask.distributed scheduler (its "
                   "workers need riichi-rules installed). Needs the cluster extra: "
                   "pip install 'riichi-rules[cluster]'")


def worker_error(args: argparse.Namespace, command: str) -> int | None:
    """Prints what is wrong with ``--jobs``/``--cluster`` and returns the exit status 2;
    None when they can be used."""
    from riichi_rules.parallel import ClusterError, check_cluster

    if args.cluster is not None:
        try:
            check_cluster(args.cluster)
        except ClusterError as error:
            print(f"riichi {command}: error: {error}", file=sys.stderr)
            return 2
    return None
